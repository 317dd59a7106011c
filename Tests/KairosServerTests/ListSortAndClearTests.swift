import Foundation
import Hummingbird
import KairosCapture
import KairosCore
import Testing

// Ada's moment (`withAda`'s default): Wednesday 2026-03-04 09:30 in New York.

extension TestAPI {
    /// The contents of every task a list gives in `sort`, following its cursors `limit` at a time.
    func sortedContents(
        _ path: String, _ query: [(String, String)], sort: String?, limit: Int
    ) async throws
        -> [String]
    {
        var seen: [String] = []
        var cursor: String?
        repeat {
            var parameters = query + [("limit", String(limit))]
            if let sort { parameters.append(("sort", sort)) }
            if let cursor { parameters.append(("cursor", cursor)) }
            let page = try expectOK(try await send(.get, path + queryString(parameters)), as: Page<TaskItem>.self)
            #expect(page.results.count <= limit)
            seen += page.results.map(\.content)
            cursor = page.nextCursor
        } while cursor != nil && seen.count <= 50
        return seen
    }

    /// Ada's mixed list: priorities (the API's 4 is p1), days, a time, and ties the user's order settles.
    func createSortableTasks() async throws {
        let tasks: [(String, Int, String?)] = [
            ("A", 1, nil), ("B", 4, "friday"), ("C", 4, "tomorrow"), ("D", 3, nil), ("E", 4, nil),
            ("F", 1, "today"), ("G", 4, "tomorrow"), ("H", 1, "tomorrow at 9am"),
        ]
        for (content, priority, due) in tasks {
            _ = try await createTask(content, priority: priority, dueString: due)
        }
    }
}

@Suite("Task lists sorted by the server: ?sort=manual, priority or due, page by page")
struct ListSortTests {
    static let byPriority = ["C", "G", "B", "E", "D", "F", "H", "A"]
    static let byDue = ["F", "H", "C", "G", "B", "E", "D", "A"]

    @Test("sort=priority puts p1 first, ties by due then the user's order; sort=due puts the soonest first")
    func sortsAPlainList() async throws {
        try await withAda { ada in
            try await ada.createSortableTasks()
            let inbox = [("project_id", try await ada.inbox().id)]
            let manual = ["A", "B", "C", "D", "E", "F", "G", "H"]
            #expect(try await ada.sortedContents("tasks", inbox, sort: nil, limit: 200) == manual)
            #expect(try await ada.sortedContents("tasks", inbox, sort: "manual", limit: 3) == manual)
            for limit in [1, 3, 200] {
                #expect(try await ada.sortedContents("tasks", inbox, sort: "priority", limit: limit) == Self.byPriority)
                #expect(try await ada.sortedContents("tasks", inbox, sort: "due", limit: limit) == Self.byDue)
            }
            // The user's order breaks ties: C and G swap places once G is put first.
            let g = try #require(try await ada.tasks().first { $0.content == "G" })
            _ = try await ada.updateTask(g.id) { $0.childOrder = 1 }
            #expect(try await ada.sortedContents("tasks", inbox, sort: "priority", limit: 2).prefix(2) == ["G", "C"])
        }
    }

    @Test("Filter lists sort the same way, page by page")
    func sortsAFilter() async throws {
        try await withAda { ada in
            try await ada.createSortableTasks()
            let everything = [("query", "14 days | no date")]
            #expect(
                try await ada.sortedContents("tasks/filter", everything, sort: nil, limit: 200)
                    == ["F", "C", "G", "H", "B", "A", "D", "E"])
            for limit in [2, 200] {
                #expect(
                    try await ada.sortedContents("tasks/filter", everything, sort: "priority", limit: limit)
                        == Self.byPriority)
                #expect(
                    try await ada.sortedContents("tasks/filter", everything, sort: "due", limit: limit) == Self.byDue)
            }
            let p1 = [("query", "p1")]
            #expect(try await ada.sortedContents("tasks/filter", p1, sort: "due", limit: 1) == ["C", "G", "B", "E"])
        }
    }

    @Test("Unhappy paths: an unknown sort, or a cursor of another sort, is a 400 that says what to send")
    func badSortsAndCursors() async throws {
        try await withAda { ada in
            try await ada.createSortableTasks()
            expectError(
                try await ada.get("tasks", ["sort": "urgent"]), .badRequest, code: "invalid_field",
                mentioning: "sort must be one of manual, priority, due")
            expectError(
                try await ada.get("tasks/filter", ["query": "today", "sort": "Priority"]), .badRequest,
                code: "invalid_field", mentioning: "sort must be one of manual, priority, due")

            let byPriority = try expectOK(
                try await ada.get("tasks", ["sort": "priority", "limit": "2"]), as: Page<TaskItem>.self)
            let priorityCursor = try #require(byPriority.nextCursor)
            let manual = try expectOK(try await ada.get("tasks", ["limit": "2"]), as: Page<TaskItem>.self)
            let manualCursor = try #require(manual.nextCursor)
            let refused: [(KeyValuePairs<String, String>, String)] = [
                (["sort": "due", "cursor": priorityCursor], "sort=priority"),
                (["cursor": priorityCursor], "sort=priority"),
                (["sort": "due", "cursor": manualCursor], "sort=manual"),
                (["sort": "due", "cursor": "garbage"], "next_cursor"),
            ]
            for (query, words) in refused {
                let reply = try await ada.get("tasks", query)
                expectError(reply, .badRequest, code: "invalid_field", mentioning: words)
                expectError(reply, .badRequest, code: "invalid_field", mentioning: "cursor")
            }
            // A plain list's sorted cursor is not a filter's.
            expectError(
                try await ada.get("tasks/filter", ["query": "today", "sort": "priority", "cursor": priorityCursor]),
                .badRequest, code: "invalid_field", mentioning: "cursor")
            // The same cursor with its own sort goes on.
            let next = try expectOK(
                try await ada.get("tasks", ["sort": "priority", "limit": "2", "cursor": priorityCursor]),
                as: Page<TaskItem>.self)
            #expect(next.results.map(\.content) == ["B", "E"])
        }
    }

    @Test("Another user's tasks never show in a sorted list")
    func sortedListsAreScoped() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            try await bob.createSortableTasks()
            _ = try await ada.createTask("Mine", priority: 4)
            #expect(try await ada.sortedContents("tasks", [], sort: "priority", limit: 1) == ["Mine"])
            #expect(
                try await ada.sortedContents("tasks/filter", [("query", "no date | 14 days")], sort: "due", limit: 1)
                    == ["Mine"])
        }
    }
}

@Suite("Clear all: completed tasks deleted in one request, all or none")
struct ClearCompletedTests {
    @Test("The listed completed tasks, with their subtasks, are deleted; open tasks and others stay")
    func clearsCompletedTasks() async throws {
        try await withAda { ada in
            let done = try await ada.createTask("Done")
            let step = try await ada.createTask("Step", parentID: done.id)
            let other = try await ada.createTask("Also done")
            let kept = try await ada.createTask("Kept, done")
            let open = try await ada.createTask("Open")
            for task in [done, other, kept] { try await ada.close(task.id) }

            try expectNoContent(
                try await ada.post(
                    "tasks/completed/delete", CompletedTasksDeleteRequest(ids: [done.id, step.id, other.id])))
            #expect(try await ada.completed().map(\.content) == ["Kept, done"])
            #expect(try await ada.tasks().map(\.id) == [open.id])
            expectError(try await ada.get("tasks/\(step.id)"), .notFound, code: "not_found")
        }
    }

    @Test("Unhappy paths: another's task is a 404, an open task a 400, bad lists a 400; nothing is deleted")
    func allOrNothing() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let mine = try await ada.createTask("Mine")
            let alsoMine = try await ada.createTask("Also mine")
            let open = try await ada.createTask("Still open")
            let bobs = try await bob.createTask("Bob's")
            for task in [mine, alsoMine] { try await ada.close(task.id) }
            try await bob.close(bobs.id)

            let clear = { (ids: [String]) in
                try await ada.post("tasks/completed/delete", CompletedTasksDeleteRequest(ids: ids))
            }
            expectError(try await clear([mine.id, bobs.id]), .notFound, code: "not_found", mentioning: bobs.id)
            expectError(
                try await clear([mine.id, open.id, alsoMine.id]), .badRequest, code: "invalid_field",
                mentioning: "Task \(open.id) (Still open) is not completed")
            expectError(try await clear([]), .badRequest, code: "invalid_field", mentioning: "ids")
            expectError(try await clear([mine.id, mine.id]), .badRequest, code: "invalid_field", mentioning: "twice")
            expectError(
                try await clear(Array(repeating: mine.id, count: 201)), .badRequest, code: "invalid_field",
                mentioning: "1 to 200")
            expectError(
                try await ada.post("tasks/completed/delete", json: #"{"ids": "all"}"#), .badRequest,
                code: "invalid_field", mentioning: "ids")
            expectError(try await clear(["nope"]), .notFound, code: "not_found", mentioning: "nope")

            #expect(Set(try await ada.completed().map(\.id)) == [mine.id, alsoMine.id])
            #expect(try await ada.tasks().map(\.id) == [open.id])
            #expect(try await bob.completed().map(\.id) == [bobs.id])
        }
    }
}

@Suite("Quick add preview: exactly what POST /tasks/quick would save, and the phrases it read")
struct QuickAddPreviewTests {
    @Test("For each text and screen, the preview is the task then saved, and previewing creates nothing")
    func previewIsWhatIsSaved() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let home = try await ada.createProject("Home")
            let planning = try await ada.createSection("Planning", in: work.id)
            let requests = [
                QuickAddRequest(text: "Buy milk tomorrow at 5pm #Home p1 @errands"),
                QuickAddRequest(text: "Draft Q1 plan today p2", projectID: work.id, sectionID: planning.id),
                QuickAddRequest(text: "Fix the tap #Home", projectID: work.id, sectionID: planning.id),
                QuickAddRequest(text: "Water plants", dueDate: "2026-03-10"),
                QuickAddRequest(text: "Stand-up every weekday at 9am", projectID: work.id),
                QuickAddRequest(text: "Call mom friday", sectionID: planning.id, dueDate: "2026-03-10"),
            ]
            for request in requests {
                let preview = try expectOK(
                    try await ada.post("tasks/quick/preview", request), as: QuickAddPreview.self)
                #expect(try await ada.tasks().isEmpty, "previewing \(request.text) created a task")
                let saved = try await ada.quickAdd(request)
                #expect(preview.content == saved.content)
                #expect(preview.description == saved.description)
                #expect(preview.projectID == saved.projectID)
                #expect(preview.sectionID == saved.sectionID)
                #expect(preview.labels == saved.labels)
                #expect(preview.priority == saved.priority)
                #expect(preview.due == saved.due)
                try expectNoContent(try await ada.delete("tasks/\(saved.id)"))
            }
            let first = try expectOK(
                try await ada.post("tasks/quick/preview", requests[0]), as: QuickAddPreview.self)
            #expect(first.projectID == home.id)
            #expect(first.priority == 4)
            let text = Array(requests[0].text.utf16)
            let marked = first.phrases.map { ($0.field.rawValue, String(decoding: text[$0.span], as: UTF16.self)) }
            #expect(marked.contains { $0 == ("due", "tomorrow") })
            #expect(marked.contains { $0 == ("due", "at 5pm") })
            #expect(marked.contains { $0 == ("list", "#Home") })
            #expect(marked.contains { $0 == ("priority", "p1") })
            #expect(marked.contains { $0 == ("label", "@errands") })
            #expect(try await ada.completed().isEmpty)
        }
    }

    @Test("Unhappy paths: the preview refuses what quick add refuses, with the same error")
    func previewRefusesLikeQuickAdd() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let secret = try await bob.createProject("Secret")
            let refused = [
                #"{"text": "   "}"#, #"{"text": "x", "project_id": "\#(secret.id)"}"#,
                #"{"text": "x", "due_date": "friday"}"#, #"{"text": 7}"#,
            ]
            for body in refused {
                let preview = try await ada.post("tasks/quick/preview", json: body)
                let saving = try await ada.post("tasks/quick", json: body)
                #expect(preview.status == saving.status && preview.status.code >= 400, "\(preview) vs \(saving)")
                #expect(preview.error?.message == saving.error?.message)
            }
            #expect(try await ada.tasks().isEmpty)
        }
    }
}
