import Foundation
import Hummingbird
import KairosCore
import Testing

/// Everything Ada owns, for Bob to try to reach.
private struct AdaWorld {
    let project: Project
    let archived: Project
    let section: Section
    let label: Label
    let task: TaskItem
    let subtask: TaskItem
    let done: TaskItem
    let taskComment: Comment
    let projectComment: Comment
    let tokenID: String

    static func make(_ ada: TestAPI) async throws -> AdaWorld {
        let project = try await ada.createProject("Secret plans")
        let archived = try await ada.createProject("Old secrets")
        let section = try await ada.createSection("Secret section", in: project.id)
        let label = try await ada.createLabel("secretlabel")
        let task = try await ada.createTask(
            TaskCreateRequest(
                content: "Secret task", description: "classified", sectionID: section.id, labels: ["secretlabel"],
                priority: 4, dueString: "today", assigneeID: ada.me.id))
        let subtask = try await ada.createTask("Secret subtask", parentID: task.id, dueDate: "2026-03-01")
        let done = try await ada.createTask("Secret done", projectID: project.id, dueString: "today")
        try await ada.close(done.id)
        _ = try await ada.createTask("Secret archived task", projectID: archived.id)
        _ = try expectOK(try await ada.post("projects/\(archived.id)/archive"), as: Project.self)
        let taskComment = try expectOK(
            try await ada.post("comments", CommentCreateRequest(content: "secret note", taskID: task.id)),
            as: Comment.self)
        let projectComment = try expectOK(
            try await ada.post("comments", CommentCreateRequest(content: "secret project note", projectID: project.id)),
            as: Comment.self)
        let tokenID = try #require(
            try expectOK(try await ada.get("tokens"), as: Page<APITokenInfo>.self).results.first?.id)
        return AdaWorld(
            project: try expectOK(try await ada.get("projects/\(project.id)"), as: Project.self),
            archived: try expectOK(try await ada.get("projects/\(archived.id)"), as: Project.self), section: section,
            label: label, task: try await ada.task(task.id), subtask: subtask, done: try await ada.task(done.id),
            taskComment: taskComment, projectComment: projectComment, tokenID: tokenID)
    }
}

/// Everything Ada can see through the API, to compare before and after Bob's attempts.
private struct Snapshot: Equatable {
    var projects: [Project]
    var archived: [Project]
    var sections: [Section]
    var labels: [Label]
    var tasks: [TaskItem]
    var completed: [TaskItem]
    var comments: [Comment]
    var projectComments: [Comment]
    var tokens: [APITokenInfo]
    var user: User

    static func take(_ ada: TestAPI, _ world: AdaWorld) async throws -> Snapshot {
        Snapshot(
            projects: try await ada.projects(),
            archived: try expectOK(try await ada.get("projects/archived"), as: Page<Project>.self).results,
            sections: try expectOK(try await ada.get("sections"), as: Page<Section>.self).results,
            labels: try expectOK(try await ada.get("labels"), as: Page<Label>.self).results,
            tasks: try await ada.tasks(),
            completed: try await ada.completed(),
            comments: try expectOK(try await ada.get("comments", ["task_id": world.task.id]), as: Page<Comment>.self)
                .results,
            projectComments: try expectOK(
                try await ada.get("comments", ["project_id": world.project.id]), as: Page<Comment>.self
            ).results,
            tokens: try expectOK(try await ada.get("tokens"), as: Page<APITokenInfo>.self).results,
            user: try expectOK(try await ada.get("user"), as: User.self))
    }
}

/// Runs `body` with Ada's world built, Bob signed up with a little data of his own, and checks afterwards
/// that nothing Ada can see has changed.
private func withAdaAndBob(
    _ body: @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ world: AdaWorld) async throws -> Void
) async throws {
    try await withAPI { api in
        let ada = try await api.signUp("ada@example.com", name: "Ada")
        let bob = try await api.signUp("bob@example.com", name: "Bob")
        let world = try await AdaWorld.make(ada)
        let before = try await Snapshot.take(ada, world)
        try await body(ada, bob, world)
        let after = try await Snapshot.take(ada, world)
        #expect(after == before, "Ada's data changed")
    }
}

@Suite("Isolation: one user can never see or touch another's data")
struct IsolationTests {
    @Test("Bob gets 404 for every read, write and delete of Ada's rows")
    func everyRouteIs404() async throws {
        try await withAdaAndBob { _, bob, w in
            let attempts: [(HTTPRequest.Method, String, String?)] = [
                (.get, "tasks/\(w.task.id)", nil),
                (.get, "tasks/\(w.done.id)", nil),
                (.post, "tasks/\(w.task.id)", #"{"content": "pwned"}"#),
                (.post, "tasks/\(w.task.id)", #"{"due_date": null}"#),
                (.post, "tasks/\(w.task.id)/close", nil),
                (.post, "tasks/\(w.done.id)/reopen", nil),
                (.post, "tasks/\(w.task.id)/move", #"{"project_id": "\#(w.project.id)"}"#),
                (.delete, "tasks/\(w.task.id)", nil),
                (.delete, "tasks/\(w.subtask.id)", nil),
                (.get, "projects/\(w.project.id)", nil),
                (.get, "projects/\(w.archived.id)", nil),
                (.post, "projects/\(w.project.id)", #"{"name": "pwned"}"#),
                (.post, "projects/\(w.project.id)/archive", nil),
                (.post, "projects/\(w.archived.id)/unarchive", nil),
                (.get, "projects/\(w.project.id)/collaborators", nil),
                (.delete, "projects/\(w.project.id)", nil),
                (.delete, "projects/\(w.project.id)?tasks=delete", nil),
                (.get, "sections/\(w.section.id)", nil),
                (.post, "sections/\(w.section.id)", #"{"name": "pwned"}"#),
                (.delete, "sections/\(w.section.id)", nil),
                (.get, "sections?project_id=\(w.project.id)", nil),
                (.get, "labels/\(w.label.id)", nil),
                (.post, "labels/\(w.label.id)", #"{"name": "pwned"}"#),
                (.delete, "labels/\(w.label.id)", nil),
                (.get, "comments/\(w.taskComment.id)", nil),
                (.get, "comments/\(w.projectComment.id)", nil),
                (.post, "comments/\(w.taskComment.id)", #"{"content": "pwned"}"#),
                (.delete, "comments/\(w.taskComment.id)", nil),
                (.delete, "comments/\(w.projectComment.id)", nil),
                (.get, "comments?task_id=\(w.task.id)", nil),
                (.get, "comments?project_id=\(w.project.id)", nil),
                (.delete, "tokens/\(w.tokenID)", nil),
            ]
            for (method, path, body) in attempts {
                let reply = try await bob.send(method, path, body: body.map { Data($0.utf8) })
                expectError(reply, .notFound, code: "not_found")
                #expect(
                    !reply.text.contains("Secret") && !reply.text.contains("secret"),
                    "\(method) \(path) leaked: \(reply)")
            }
        }
    }

    @Test("Bob cannot put anything inside Ada's project, section or task, nor move his own there")
    func cannotCreateInside() async throws {
        try await withAdaAndBob { _, bob, w in
            let bobsTask = try await bob.createTask("Bob's own")
            let creates: [(String, String)] = [
                ("tasks", #"{"content": "intruder", "project_id": "\#(w.project.id)"}"#),
                ("tasks", #"{"content": "intruder", "section_id": "\#(w.section.id)"}"#),
                ("tasks", #"{"content": "intruder", "parent_id": "\#(w.task.id)"}"#),
                ("sections", #"{"name": "intruder", "project_id": "\#(w.project.id)"}"#),
                ("projects", #"{"name": "intruder", "parent_id": "\#(w.project.id)"}"#),
                ("comments", #"{"content": "intruder", "task_id": "\#(w.task.id)"}"#),
                ("comments", #"{"content": "intruder", "project_id": "\#(w.project.id)"}"#),
                ("tasks/\(bobsTask.id)/move", #"{"project_id": "\#(w.project.id)"}"#),
                ("tasks/\(bobsTask.id)/move", #"{"section_id": "\#(w.section.id)"}"#),
                ("tasks/\(bobsTask.id)/move", #"{"parent_id": "\#(w.task.id)"}"#),
            ]
            for (path, body) in creates {
                expectError(try await bob.post(path, json: body), .notFound, code: "not_found")
            }
            // Nor assign his task to Ada.
            expectError(
                try await bob.post("tasks/\(bobsTask.id)", json: #"{"assignee_id": "\#(w.task.userID)"}"#),
                .badRequest, code: "invalid_field", mentioning: "assignee_id")
            let after = try await bob.task(bobsTask.id)
            #expect(after == bobsTask)
            #expect(try await bob.tasks().map(\.id) == [bobsTask.id])
            #expect(try await bob.projects().map(\.name) == ["Inbox"])
        }
    }

    @Test("Bob sees none of Ada's rows in any list, filter, search or completed list")
    func listsAreScoped() async throws {
        try await withAdaAndBob { ada, bob, w in
            let bobsTask = try await bob.createTask("Bob's secret errand", labels: ["secretlabel"], dueString: "today")
            let bobsInbox = try await bob.inbox()

            #expect(try await bob.projects().map(\.id) == [bobsInbox.id])
            #expect(try expectOK(try await bob.get("projects/archived"), as: Page<Project>.self).results.isEmpty)
            #expect(try expectOK(try await bob.get("sections"), as: Page<Section>.self).results.isEmpty)
            #expect(try expectOK(try await bob.get("labels"), as: Page<Label>.self).results.isEmpty)
            #expect(try await bob.taskIDs() == [bobsTask.id])
            for query: KeyValuePairs<String, String> in [
                ["project_id": w.project.id], ["section_id": w.section.id], ["parent_id": w.task.id],
                ["ids": "\(w.task.id),\(w.subtask.id),\(w.done.id)"],
            ] {
                #expect(try await bob.taskIDs(query).isEmpty, "\(query)")
            }
            #expect(try await bob.taskIDs(["label": "secretlabel"]) == [bobsTask.id])

            for filter in [
                "today", "overdue", "no date", "7 days", "p1", "p4", "#Secret plans", "#Inbox", "@secretlabel",
                "search: secret", "assigned to: me", "no date | !no date", "recurring", "!(today)",
            ] {
                let ids = try await bob.filter(filter)
                #expect(ids.isSubset(of: [bobsTask.id]), "filter \(filter) leaked \(ids)")
            }
            #expect(try await bob.filter("@secretlabel") == [bobsTask.id])
            #expect(try await bob.search("secret").map(\.id) == [bobsTask.id])
            #expect(try await bob.search("classified").isEmpty)
            #expect(try await bob.completed().isEmpty)
            #expect(try await bob.completed("by_due_date").isEmpty)
            let tokens = try expectOK(try await bob.get("tokens"), as: Page<APITokenInfo>.self).results
            #expect(!tokens.contains { $0.id == w.tokenID })
            #expect(tokens.count == 1)

            // Bob's activity did not leak into Ada's views either.
            #expect(!(try await ada.search("secret").map(\.id)).contains(bobsTask.id))
            #expect(!(try await ada.filter("today")).contains(bobsTask.id))
        }
    }

    @Test("Both users can use the same names without clashing")
    func sameNamesAreIndependent() async throws {
        try await withAdaAndBob { _, bob, w in
            let label = try await bob.createLabel(w.label.name)
            #expect(label.name == "secretlabel")
            let project = try await bob.createProject(w.project.name)
            #expect(project.name == "Secret plans")
            #expect(try await bob.filter("#Secret plans").isEmpty)
            let renamed = try expectOK(
                try await bob.post("labels/\(label.id)", LabelRequest(name: "renamed")), as: Label.self)
            #expect(renamed.name == "renamed")
            // Ada's task still carries her label under its old name (checked by the snapshot too).
        }
    }

    @Test("A user who signs up later cannot guess ids into earlier users' data")
    func sequentialIDs() async throws {
        try await withAdaAndBob { _, bob, w in
            let bobsTask = try await bob.createTask("Mine")
            guard let mine = Int(bobsTask.id), let adas = Int(w.task.id) else { return }
            for id in Set([adas, adas + 1, mine - 1, mine - 2]) where id != mine && id > 0 {
                expectError(try await bob.get("tasks/\(id)"), .notFound, code: "not_found")
            }
        }
    }
}
