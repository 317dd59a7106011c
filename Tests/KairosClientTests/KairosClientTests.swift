import Foundation
import KairosClient
import Testing

@Suite("KairosClient against a live server")
struct KairosClientTests {
    @Test("Sign up, plan tasks for tomorrow, and find them with filters that need escaping")
    func planAndFilter() async throws {
        try await withSignedInClient { client in
            let me = try await client.currentUser()
            #expect(me.email == "ada@example.com")
            #expect(me.timezone == "UTC")

            let work = try await client.createProject(ProjectCreateRequest(name: "Work"))
            let report = try await client.createTask(
                TaskCreateRequest(
                    content: "Write report", projectID: work.id, labels: ["c++", "focus"], priority: 4,
                    dueString: "tomorrow"))
            let call = try await client.createTask(
                TaskCreateRequest(
                    content: "Call Bob", projectID: work.id, labels: ["phone"], dueString: "tomorrow"))
            let someday = try await client.createTask(
                TaskCreateRequest(content: "Read milk+eggs book", projectID: work.id))
            #expect(report.due?.string == "tomorrow")
            #expect(report.labels == ["c++", "focus"])

            let listed = try await client.tasks(projectID: work.id)
            #expect(Set(listed.results.map(\.id)) == [report.id, call.id, someday.id])
            #expect(listed.nextCursor == nil)

            let byID = try await client.tasks(ids: [report.id, someday.id])
            #expect(Set(byID.results.map(\.id)) == [report.id, someday.id])
            #expect(try await client.tasks(label: "phone").results.map(\.id) == [call.id])

            func ids(_ query: String) async throws -> Set<String> {
                Set(try await client.filterTasks(query: query).results.map(\.id))
            }
            #expect(try await ids("tomorrow") == [report.id, call.id])
            #expect(try await ids("tomorrow | overdue") == [report.id, call.id])
            #expect(try await ids("#Work & p1") == [report.id])
            #expect(try await ids("@c++ & tomorrow") == [report.id])
            #expect(try await ids("(today | no date) & #Work") == [someday.id])

            let found = try await client.searchTasks(query: "milk+eggs")
            #expect(found.results.map(\.id) == [someday.id])
        }
    }

    @Test("allTasks follows next_cursor over 250 tasks and returns each once")
    func pagination() async throws {
        try await withSignedInClient { client in
            let bulk = try await client.createProject(ProjectCreateRequest(name: "Bulk"))
            var created: Set<String> = []
            for batch in stride(from: 0, to: 250, by: 25) {
                try await withThrowingTaskGroup(of: String.self) { group in
                    for number in batch..<(batch + 25) {
                        group.addTask {
                            try await client.createTask(
                                TaskCreateRequest(content: "Task \(number)", projectID: bulk.id)
                            ).id
                        }
                    }
                    for try await id in group { created.insert(id) }
                }
            }
            #expect(created.count == 250)

            let first = try await client.tasks(projectID: bulk.id, limit: 100)
            #expect(first.results.count == 100)
            let cursor = try #require(first.nextCursor)
            let second = try await client.tasks(projectID: bulk.id, cursor: cursor, limit: 100)
            #expect(Set(first.results.map(\.id)).isDisjoint(with: second.results.map(\.id)))

            let all = try await client.allTasks(projectID: bulk.id)
            #expect(all.count == 250)
            #expect(Set(all.map(\.id)) == created)

            let filtered = try await client.allTasks(matching: "#Bulk & no date")
            #expect(filtered.count == 250)
            #expect(Set(filtered.map(\.id)) == created)
        }
    }

    @Test("Clear a due date, close, list completed, reopen, move and delete a task")
    func taskLifecycle() async throws {
        try await withSignedInClient { client in
            let home = try await client.createProject(ProjectCreateRequest(name: "Home"))
            let garden = try await client.createProject(ProjectCreateRequest(name: "Garden"))
            let task = try await client.createTask(
                TaskCreateRequest(
                    content: "Water plants", projectID: home.id, dueString: "tomorrow"))
            #expect(task.due != nil)

            var clearDue = TaskUpdateRequest()
            clearDue.dueString = .clear
            clearDue.content = "Water the plants"
            let cleared = try await client.updateTask(id: task.id, clearDue)
            #expect(cleared.due == nil)
            #expect(cleared.content == "Water the plants")

            var setDue = TaskUpdateRequest()
            setDue.dueString = .set("tomorrow")
            #expect(try await client.updateTask(id: task.id, setDue).due != nil)

            let before = Date().addingTimeInterval(-60)
            try await client.closeTask(id: task.id)
            #expect(try await client.tasks(projectID: home.id).results.isEmpty)
            let done = try await client.completedTasks(
                byCompletionDateSince: before, until: Date().addingTimeInterval(60))
            #expect(done.items.map(\.id) == [task.id])
            #expect(done.items.first?.completedAt != nil)
            let byDue = try await client.completedTasks(
                byDueDateSince: Date(), until: Date().addingTimeInterval(3 * 86_400), projectID: home.id)
            #expect(byDue.items.map(\.id) == [task.id])

            try await client.reopenTask(id: task.id)
            #expect(try await client.tasks(projectID: home.id).results.map(\.id) == [task.id])
            #expect(try await client.task(id: task.id).completedAt == nil)

            try await client.moveTask(id: task.id, TaskMoveRequest(projectID: garden.id))
            #expect(try await client.task(id: task.id).projectID == garden.id)

            try await client.deleteTask(id: task.id)
            await #expect(throws: KairosClientError.self) { try await client.task(id: task.id) }
        }
    }

    @Test("Comment on a task and on a project, edit and delete a comment")
    func comments() async throws {
        try await withSignedInClient { client in
            let project = try await client.createProject(ProjectCreateRequest(name: "Trip"))
            let task = try await client.createTask(TaskCreateRequest(content: "Book hotel", projectID: project.id))

            let note = try await client.createComment(
                CommentCreateRequest(content: "Near the station", taskID: task.id))
            let plan = try await client.createComment(
                CommentCreateRequest(content: "Budget: 800 €", projectID: project.id))
            #expect(note.taskID == task.id)
            #expect(plan.projectID == project.id)

            #expect(try await client.comments(taskID: task.id).results.map(\.id) == [note.id])
            #expect(try await client.comments(projectID: project.id).results.map(\.content) == ["Budget: 800 €"])
            #expect(try await client.task(id: task.id).noteCount == 1)

            let edited = try await client.updateComment(id: note.id, CommentUpdateRequest(content: "Near the old town"))
            #expect(edited.content == "Near the old town")
            #expect(try await client.comment(id: note.id).content == "Near the old town")

            try await client.deleteComment(id: note.id)
            #expect(try await client.comments(taskID: task.id).results.isEmpty)
        }
    }

    @Test("Projects, sections and labels round-trip")
    func projectsSectionsLabels() async throws {
        try await withSignedInClient { client in
            let project = try await client.createProject(ProjectCreateRequest(name: "Q3 plan", color: "blue"))
            let renamed = try await client.updateProject(id: project.id, ProjectUpdateRequest(name: "Q3 roadmap"))
            #expect(renamed.name == "Q3 roadmap")
            #expect(try await client.project(id: project.id).color == "blue")
            let names = try await client.allProjects().map(\.name)
            #expect(names.contains("Inbox") && names.contains("Q3 roadmap"))
            let me = try await client.currentUser()
            #expect(try await client.collaborators(projectID: project.id).map(\.id) == [me.id])

            let section = try await client.createSection(SectionCreateRequest(name: "Ideas", projectID: project.id))
            _ = try await client.updateSection(id: section.id, SectionUpdateRequest(name: "Backlog"))
            #expect(try await client.section(id: section.id).name == "Backlog")
            #expect(try await client.sections(projectID: project.id).results.map(\.id) == [section.id])
            try await client.deleteSection(id: section.id)
            #expect(try await client.sections(projectID: project.id).results.isEmpty)

            let label = try await client.createLabel(LabelRequest(name: "waiting"))
            _ = try await client.updateLabel(id: label.id, LabelRequest(name: "blocked", isFavorite: true))
            let fetched = try await client.label(id: label.id)
            #expect(fetched.name == "blocked" && fetched.isFavorite)
            #expect(try await client.labels().results.map(\.id) == [label.id])
            try await client.deleteLabel(id: label.id)
            #expect(try await client.labels().results.isEmpty)

            #expect(try await client.archiveProject(id: project.id).isArchived)
            #expect(try await client.archivedProjects().results.map(\.id) == [project.id])
            #expect(try await client.unarchiveProject(id: project.id).isArchived == false)

            let task = try await client.createTask(TaskCreateRequest(content: "Draft", projectID: project.id))
            try await client.deleteProject(id: project.id, tasks: .delete)
            await #expect(throws: KairosClientError.self) { try await client.project(id: project.id) }
            await #expect(throws: KairosClientError.self) { try await client.task(id: task.id) }
        }
    }

    @Test("Log in, manage API tokens, and change the profile")
    func accounts() async throws {
        try await withServer { url in
            let anonymous = KairosClient(baseURL: url)
            let signedUp = try await anonymous.signUp(email: "grace@example.com", password: "hopper1906", name: "Grace")
            let login = try await anonymous.logIn(email: "grace@example.com", password: "hopper1906")
            #expect(login.user.id == signedUp.user.id)

            let client = KairosClient(baseURL: url, token: login.token)
            let updated = try await client.updateUser(UserUpdateRequest(name: "Grace H.", timezone: "Europe/Paris"))
            #expect(updated.name == "Grace H." && updated.timezone == "Europe/Paris")

            let created = try await client.createToken(name: "laptop")
            #expect(created.info.name == "laptop")
            #expect(try await client.tokens().map(\.name).contains("laptop"))

            let laptop = KairosClient(baseURL: url, token: created.token)
            #expect(try await laptop.currentUser().id == signedUp.user.id)
            try await client.revokeToken(id: created.info.id)
            await #expect(throws: KairosClientError.self) { try await laptop.currentUser() }
        }
    }

    @Test("A create retried with the same clientID gives back the first task, and other creates stay apart")
    func retriedCreate() async throws {
        try await withSignedInClient { client in
            let request = TaskCreateRequest(content: "Book the venue", clientID: UUID().uuidString)
            let first = try await client.createTask(request)
            let retried = try await client.createTask(request)
            #expect(retried.id == first.id)
            let other = try await client.createTask(TaskCreateRequest(content: "Book the venue"))
            #expect(other.id != first.id)
            let quick = QuickAddRequest(text: "Send invitations tomorrow", clientID: UUID().uuidString)
            #expect(try await client.quickAddTask(quick).id == client.quickAddTask(quick).id)
            #expect(try await client.tasks().results.count == 3)
        }
    }

    @Test("Workdays and the daily-brief time come with the user and change through updateUser")
    func preferences() async throws {
        try await withSignedInClient { client in
            let me = try await client.currentUser()
            #expect(me.workdays == [.monday, .tuesday, .wednesday, .thursday, .friday])
            #expect(me.dailyBriefTime.hourMinute == "08:00")
            let changed = try await client.updateUser(UserUpdateRequest(workdays: [6, 1, 2], dailyBriefTime: "07:30"))
            #expect(changed.workdays == [.monday, .tuesday, .saturday])
            #expect(changed.dailyBriefTime.hourMinute == "07:30")
            #expect(try await client.currentUser().workdays == changed.workdays)
            let refused = await #expect(throws: KairosClientError.self) {
                try await client.updateUser(UserUpdateRequest(workdays: []))
            }
            guard case .server(400, "invalid_field", let message) = try #require(refused) else {
                Issue.record("Expected a 400, got \(String(describing: refused))")
                return
            }
            #expect(message.hasPrefix("workdays"))
        }
    }

    @Test("Server errors keep their status, code and message")
    func serverErrors() async throws {
        try await withSignedInClient { client in
            let error = await #expect(throws: KairosClientError.self) { try await client.task(id: "a/b?c#d e") }
            guard case .server(let status, let code, let message) = try #require(error) else {
                Issue.record("Expected a server error, got \(String(describing: error))")
                return
            }
            #expect(status == 404)
            #expect(code == "not_found")
            #expect(message.hasPrefix("Task not found"))
            #expect(error?.description == message)

            let invalid = await #expect(throws: KairosClientError.self) {
                try await client.createTask(TaskCreateRequest(content: "  "))
            }
            #expect(
                invalid
                    == .server(status: 400, code: "invalid_field", message: "content must be 1 to 500 characters long.")
            )

            var stranger = client
            stranger.token = "not-a-real-token"
            let denied = await #expect(throws: KairosClientError.self) { try await stranger.currentUser() }
            guard case .server(401, "unauthorized", _) = try #require(denied) else {
                Issue.record("Expected a 401, got \(String(describing: denied))")
                return
            }
            stranger.token = nil
            let anonymous = await #expect(throws: KairosClientError.self) { try await stranger.projects() }
            guard case .server(401, _, _) = try #require(anonymous) else {
                Issue.record("Expected a 401, got \(String(describing: anonymous))")
                return
            }
        }
    }

    @Test("An unreachable server is a transport error naming its URL")
    func unreachableServer() async throws {
        let url = URL(string: "http://127.0.0.1:\(try freeLoopbackPort())")!
        let client = KairosClient(baseURL: url, token: "anything")
        let error = await #expect(throws: KairosClientError.self) { try await client.currentUser() }
        guard case .transport(let message) = try #require(error) else {
            Issue.record("Expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(message.contains(url.absoluteString))
        #expect(message.contains("kairos serve"))
    }
}
