import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    @discardableResult
    func shareProject(_ projectID: String, with other: TestAPI, as role: String) async throws -> ProjectMember {
        try expectOK(
            try await post("projects/\(projectID)/members", ProjectMemberRequest(userID: other.me.id, role: role)),
            as: ProjectMember.self)
    }

    func members(of projectID: String) async throws -> [ProjectMember] {
        try expectOK(try await get("projects/\(projectID)/members"), as: Page<ProjectMember>.self).results
    }
}

/// Ada's "Launch" project, shared with Bob as editor and Carol as commenter; Dave has no part in it.
func withSharedLaunch(
    _ body: @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ carol: TestAPI, _ dave: TestAPI, _ launch: Project)
        async throws -> Void
) async throws {
    try await withAdaBobAndCarol { ada, bob, carol in
        let dave = try await ada.signUp("dave@example.com", name: "Dave")
        let launch = try await ada.createProject("Launch")
        try await ada.shareProject(launch.id, with: bob, as: "editor")
        try await ada.shareProject(launch.id, with: carol, as: "commenter")
        try await body(ada, bob, carol, dave, launch)
    }
}

@Suite("Shared projects")
struct SharingTests {
    @Test("Members see the project with their role, its tasks in lists, filters and search; a stranger sees nothing")
    func visibility() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask("Write the press release", projectID: launch.id, dueString: "today")
            let section = try await ada.createSection("Copy", in: launch.id)

            let seen = try #require(try await bob.projects().first { $0.id == launch.id })
            #expect(seen.role == .editor && seen.isShared && seen.ownerID == ada.me.id)
            #expect(try await carol.projects().first { $0.id == launch.id }?.role == .commenter)
            #expect(try await ada.projects().first { $0.id == launch.id }?.role == .owner)
            #expect(try await ada.projects().first { $0.id == launch.id }?.isShared == true)

            for member in [bob, carol] {
                #expect(try await member.task(task.id).content == "Write the press release")
                #expect(try await member.taskIDs(["project_id": launch.id]) == [task.id])
                #expect(try await member.filter("today") == [task.id])
                #expect(try await member.filter("#Launch") == [task.id])
                #expect(try await member.search("press").map(\.id) == [task.id])
                #expect(try await member.get("sections/\(section.id)").status == .ok)
            }
            #expect(Set(try await ada.members(of: launch.id).map(\.role)) == [.owner, .editor, .commenter])

            for path in ["projects/\(launch.id)", "tasks/\(task.id)", "sections/\(section.id)",
                "projects/\(launch.id)/members", "time/projects/\(launch.id)"] {
                expectError(try await dave.get(path), .notFound, code: "not_found")
            }
            #expect(try await dave.filter("#Launch").isEmpty)
            #expect(try await dave.search("press").isEmpty)
            // Bob's own tasks stay his own.
            let private_ = try await bob.createTask("Bob's dentist")
            expectError(try await ada.get("tasks/\(private_.id)"), .notFound, code: "not_found")
            #expect(!(try await ada.filter("search: dentist")).contains(private_.id))
        }
    }

    @Test("An editor adds, edits, completes and sorts work; only the owner deletes, archives or shares the project")
    func editor() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let added = try await bob.createTask("Book the venue", projectID: launch.id)
            #expect(added.userID == ada.me.id && added.addedByUID == bob.me.id)
            #expect(try await ada.task(added.id).content == "Book the venue")
            #expect(try await bob.updateTask(added.id) { $0.content = "Book the big venue" }.content == "Book the big venue")
            let section = try expectOK(
                try await bob.post("sections", SectionCreateRequest(name: "Logistics", projectID: launch.id)),
                as: Section.self)
            try expectNoContent(try await bob.post("tasks/\(added.id)/close"))
            try expectNoContent(try await bob.post("tasks/\(added.id)/reopen"))
            try expectNoContent(try await bob.delete("sections/\(section.id)"))

            expectError(try await bob.delete("projects/\(launch.id)"), .forbidden, code: "forbidden", mentioning: "editor")
            expectError(try await bob.post("projects/\(launch.id)/archive"), .forbidden, code: "forbidden")
            expectError(
                try await bob.post("projects/\(launch.id)/members", ProjectMemberRequest(email: dave.me.email, role: "editor")),
                .forbidden, code: "forbidden")
            expectError(
                try await bob.post("projects/\(launch.id)", ProjectUpdateRequest(commentersCanComplete: true)),
                .forbidden, code: "forbidden")
            #expect(try await ada.members(of: launch.id).count == 3)
            #expect(try await ada.get("projects/\(launch.id)").decode(Project.self).commentersCanComplete == false)
            _ = carol
        }
    }

    @Test("A commenter reads and comments; completes only when the project allows it; nothing else")
    func commenter() async throws {
        try await withSharedLaunch { ada, _, carol, _, launch in
            let task = try await ada.createTask("Review the deck", projectID: launch.id)
            try expectOK(
                try await carol.post("comments", CommentCreateRequest(content: "Slide 3 has a typo", taskID: task.id)),
                as: Comment.self)
            expectError(
                try await carol.post("tasks", TaskCreateRequest(content: "Sneak in", projectID: launch.id)),
                .forbidden, code: "forbidden", mentioning: "commenter")
            expectError(
                try await carol.post("tasks/\(task.id)", json: #"{"content": "Renamed"}"#), .forbidden,
                code: "forbidden")
            expectError(try await carol.post("tasks/\(task.id)/close"), .forbidden, code: "forbidden")
            expectError(try await carol.delete("tasks/\(task.id)"), .forbidden, code: "forbidden")
            expectError(
                try await carol.post("sections", SectionCreateRequest(name: "Mine", projectID: launch.id)),
                .forbidden, code: "forbidden")
            #expect(try await ada.task(task.id).content == "Review the deck")
            expectError(
                try await carol.post(
                    "capture/commit", CaptureCommitRequest(tasks: [CaptureCommitTask(title: "Sneak in", list: "launch")])),
                .badRequest, code: "invalid_field", mentioning: "your role (commenter)")
            #expect(try await ada.tasks(["project_id": launch.id]).count == 1)

            try expectOK(
                try await ada.post("projects/\(launch.id)", ProjectUpdateRequest(commentersCanComplete: true)),
                as: Project.self)
            try expectNoContent(try await carol.post("tasks/\(task.id)/close"))
            #expect(try await ada.completed().map(\.id) == [task.id])
        }
    }

    @Test("Tasks are assigned to people in the project only; assigned to: me finds them")
    func assignees() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let task = try await ada.createTask("Order banners", projectID: launch.id)
            let assigned = try await ada.updateTask(task.id) { $0.assigneeID = .set(bob.me.id) }
            #expect(assigned.responsibleUID == bob.me.id && assigned.assignedByUID == ada.me.id)
            #expect(try await bob.filter("assigned to: me") == [task.id])
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"assignee_id": "\#(dave.me.id)"}"#), .badRequest,
                code: "invalid_field", mentioning: "assignee_id")
            expectError(
                try await ada.post("tasks", TaskCreateRequest(content: "Solo", assigneeID: bob.me.id)), .badRequest,
                code: "invalid_field", mentioning: "assignee_id")
            #expect(try await ada.task(task.id).responsibleUID == bob.me.id)
        }
    }

    @Test("A task can have several assignees; the first is Todoist's responsible_uid; removing a member unassigns them")
    func severalAssignees() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask(
                TaskCreateRequest(content: "Plan the party", projectID: launch.id, assigneeIDs: [bob.me.id, carol.me.id]))
            #expect(task.assigneeIDs == [bob.me.id, carol.me.id] && task.responsibleUID == bob.me.id)
            #expect(try await carol.filter("assigned to: me") == [task.id])
            #expect(try await carol.notifications().map(\.kind) == [.assigned])
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"assignee_id": "\#(bob.me.id)", "assignee_ids": []}"#),
                .badRequest, code: "invalid_field", mentioning: "not both")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"assignee_ids": ["\#(dave.me.id)"]}"#), .badRequest,
                code: "invalid_field", mentioning: "shared")
            let many = (0..<21).map { _ in ada.me.id }.joined(separator: "\", \"")
            #expect(try await ada.post("tasks/\(task.id)", json: #"{"assignee_ids": ["\#(many)"]}"#).status == .ok)
            #expect(try await ada.task(task.id).assigneeIDs == [ada.me.id])

            let both = try await ada.updateTask(task.id) { $0.assigneeIDs = .set([bob.me.id, carol.me.id]) }
            #expect(both.assigneeIDs == [bob.me.id, carol.me.id])
            try expectNoContent(try await ada.delete("projects/\(launch.id)/members/\(bob.me.id)"))
            let left = try await ada.task(task.id)
            #expect(left.assigneeIDs == [carol.me.id] && left.responsibleUID == carol.me.id)
            let cleared = try await ada.updateTask(task.id) { $0.assigneeIDs = .clear }
            #expect(cleared.assigneeIDs.isEmpty && cleared.responsibleUID == nil)
        }
    }

    @Test("Moving a task to a project some assignees are not in takes them off it and its subtasks, and says so")
    func moveDropsOutsiders() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let party = try await ada.createProject("Party")
            try await ada.shareProject(party.id, with: carol, as: "editor")
            let task = try await ada.createTask(
                TaskCreateRequest(content: "Plan the party", projectID: launch.id, assigneeIDs: [bob.me.id, carol.me.id]))
            let step = try await ada.createTask(
                TaskCreateRequest(content: "Book a room", parentID: task.id, assigneeIDs: [bob.me.id]))
            let team = try await ada.group("Crew", with: [bob, carol])
            try expectOK(
                try await ada.post("conversations/\(team.id)/tasks", TaskShareRequest(taskID: task.id)),
                as: Message.self)

            try expectNoContent(try await ada.post("tasks/\(task.id)/move", json: #"{"project_id": "\#(party.id)"}"#))
            let moved = try await ada.task(task.id)
            #expect(moved.projectID == party.id)
            #expect(moved.assigneeIDs == [carol.me.id] && moved.responsibleUID == carol.me.id)
            let movedStep = try await ada.task(step.id)
            #expect(movedStep.assigneeIDs.isEmpty && movedStep.responsibleUID == nil)
            #expect(
                try await carol.history(team.id).first?.text
                    == "Bob is no longer assigned to \u{201C}Plan the party\u{201D}: Ada Lovelace moved it to a project they are not in")
            expectError(try await bob.get("tasks/\(task.id)"), .notFound, code: "not_found")
        }
    }

    @Test("Assigning and unassigning a task shared into a thread posts who was assigned or taken off, once")
    func assigneeChangesArePosted() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let task = try await ada.createTask("Print flyers", projectID: launch.id)
            let team = try await ada.group("Crew", with: [bob, carol])
            try expectOK(
                try await ada.post("conversations/\(team.id)/tasks", TaskShareRequest(taskID: task.id)), as: Message.self)
            _ = try await ada.updateTask(task.id) { $0.assigneeIDs = .set([bob.me.id]) }
            _ = try await ada.updateTask(task.id) { $0.assigneeIDs = .set([bob.me.id]) }  // no change, nothing posted
            _ = try await bob.updateTask(task.id) { $0.assigneeIDs = .set([carol.me.id]) }
            _ = try await ada.updateTask(task.id) { $0.assigneeIDs = .clear }
            let posted = try await carol.history(team.id).filter { $0.kind == .system && $0.task?.id == task.id }
            #expect(posted.map(\.text).reversed() == [
                "Ada Lovelace assigned \u{201C}Print flyers\u{201D} to Bob",
                "Bob assigned \u{201C}Print flyers\u{201D} to Carol and took Bob off it",
                "Ada Lovelace took Carol off \u{201C}Print flyers\u{201D}",
            ])
        }
    }

    @Test("Removing a member ends their access at once and unassigns them; the audit log tells the story")
    func removal() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let task = try await ada.createTask("Print flyers", projectID: launch.id)
            _ = try await ada.updateTask(task.id) { $0.assigneeID = .set(bob.me.id) }
            try expectOK(
                try await ada.post("projects/\(launch.id)/members/\(bob.me.id)", ProjectRoleRequest(role: "commenter")),
                as: ProjectMember.self)
            try expectNoContent(try await ada.delete("projects/\(launch.id)/members/\(bob.me.id)"))

            expectError(try await bob.get("tasks/\(task.id)"), .notFound, code: "not_found")
            expectError(try await bob.get("projects/\(launch.id)"), .notFound, code: "not_found")
            #expect(try await bob.filter("#Launch").isEmpty)
            #expect(try await ada.task(task.id).responsibleUID == nil)

            // Carol leaves on her own; the owner cannot.
            try expectNoContent(try await carol.delete("projects/\(launch.id)/members/\(carol.me.id)"))
            expectError(
                try await ada.delete("projects/\(launch.id)/members/\(ada.me.id)"), .badRequest, code: "invalid_field")
            let log = try expectOK(try await ada.get("projects/\(launch.id)/audit"), as: Page<AuditEntry>.self).results
            #expect(
                log.map(\.kind) == [.memberLeft, .memberRemoved, .roleChanged, .memberAdded, .memberAdded])
            #expect(log[1].subjectID == bob.me.id && log[1].actorID == ada.me.id)
            expectError(try await carol.get("projects/\(launch.id)/audit"), .notFound, code: "not_found")
        }
    }

    @Test("Bad sharing requests are refused with the reason and change nothing")
    func badRequests() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let inbox = try await ada.inbox()
            expectError(
                try await ada.post("projects/\(inbox.id)/members", ProjectMemberRequest(email: bob.me.email, role: "editor")),
                .badRequest, code: "invalid_field", mentioning: "Inbox")
            expectError(
                try await ada.post("projects/\(launch.id)/members", ProjectMemberRequest(email: "nobody@example.com", role: "editor")),
                .notFound, code: "not_found", mentioning: "invite")
            expectError(
                try await ada.post("projects/\(launch.id)/members", ProjectMemberRequest(email: dave.me.email, role: "owner")),
                .badRequest, code: "invalid_field", mentioning: "role")
            expectError(
                try await ada.post("projects/\(launch.id)/members", ProjectMemberRequest(email: ada.me.email, role: "editor")),
                .badRequest, code: "invalid_field")
            expectError(
                try await ada.post("projects/\(launch.id)/members", ProjectMemberRequest(role: "editor")),
                .badRequest, code: "invalid_field", mentioning: "email")
            expectError(
                try await ada.post("projects/\(launch.id)/members/\(dave.me.id)", ProjectRoleRequest(role: "editor")),
                .notFound, code: "not_found")
            #expect(try await ada.members(of: launch.id).count == 3)
            #expect(try await dave.projects().allSatisfy { $0.id != launch.id })
        }
    }

    @Test("Moving a task into a shared project hands it to the project; moving needs a role at both ends")
    func moves() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let mine = try await bob.createTask("Draft the agenda", labels: ["work"])
            try expectNoContent(try await bob.post("tasks/\(mine.id)/move", TaskMoveRequest(projectID: launch.id)))
            let moved = try await ada.task(mine.id)
            #expect(moved.projectID == launch.id && moved.userID == ada.me.id && moved.labels == ["work"])
            #expect(try await ada.filter("@work") == [mine.id])

            let carols = try await carol.createTask("Carol's own")
            expectError(
                try await carol.post("tasks/\(carols.id)/move", TaskMoveRequest(projectID: launch.id)), .forbidden,
                code: "forbidden")
            #expect(try await carol.task(carols.id).projectID == (try await carol.inbox()).id)
        }
    }

    @Test("Everyone in a shared project sees its time per person, and only time on its tasks")
    func projectTimePerPerson() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let task = try await ada.createTask("Rehearse", projectID: launch.id)
            let bobsOwn = try await bob.createTask("Bob's side project")
            #expect(try await ada.addSession(task.id, "2026-03-04T09:00:00Z", "2026-03-04T10:00:00Z").status == .created)
            #expect(try await bob.addSession(task.id, "2026-03-04T10:00:00Z", "2026-03-04T10:30:00Z").status == .created)
            #expect(try await bob.addSession(bobsOwn.id, "2026-03-04T11:00:00Z", "2026-03-04T13:00:00Z").status == .created)
            for viewer in [ada, bob, carol] {
                let time = try expectOK(try await viewer.get("time/projects/\(launch.id)"), as: ProjectTime.self)
                #expect(time.totalSeconds == 5_400)
                #expect(time.people.map(\.userID) == [ada.me.id, bob.me.id])
                #expect(time.people.map(\.seconds) == [3_600, 1_800])
            }
            expectError(try await ada.get("time/projects/\((try await bob.inbox()).id)"), .notFound, code: "not_found")
            #expect(try await ada.sessions().count == 1)
        }
    }
}

@Suite("Mentions and shared tasks")
struct MentionAccessTests {
    @Test("Mentioning someone who cannot open a task shared in the thread tells the sender, so they can share it")
    func mentionWithoutAccess() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask("Write the press release", projectID: launch.id)
            let team = try await ada.group("Press", with: [bob, dave])
            _ = try await ada.share(task.id, into: team.id)
            let posted = try await ada.send("@bob and @dave, thoughts?", to: team.id)
            #expect(posted.mentionsWithoutTaskAccess == [MentionTaskAccess(userID: dave.me.id, taskIDs: [task.id])])
            let reply = try await ada.post(
                "conversations/\(team.id)/messages", MessageSendRequest(text: "just @bob"))
            #expect((reply.object?["mentions_without_task_access"] as? [Any])?.isEmpty == true)
            try await ada.shareProject(launch.id, with: dave, as: "commenter")
            #expect(try await ada.send("@dave now?", to: team.id).mentionsWithoutTaskAccess.isEmpty)
            _ = carol
        }
    }
}
