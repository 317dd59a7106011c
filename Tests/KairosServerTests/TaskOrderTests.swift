import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// The open tasks of a project as (content, child_order), in list order.
    func orders(in projectID: String) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await tasks(["project_id": projectID]).map { ($0.content, $0.childOrder) })
    }

    /// Every task a filter query finds, in the order the pages give them, `limit` at a time.
    func filtered(_ query: String, limit: Int) async throws -> [String] {
        var seen: [String] = []
        var cursor: String?
        repeat {
            var parameters = [("query", query), ("limit", String(limit))]
            if let cursor { parameters.append(("cursor", cursor)) }
            let page = try expectOK(
                try await send(.get, "tasks/filter" + queryString(parameters)), as: Page<TaskItem>.self)
            seen += page.results.map(\.content)
            cursor = page.nextCursor
        } while cursor != nil && seen.count <= 50
        return seen
    }
}

@Suite("Task order")
struct TaskOrderTests {
    @Test("Setting child_order on update or create places the task and renumbers its siblings 1, 2, 3...")
    func childOrderRenumbersSiblings() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            for content in ["A", "B", "C"] { _ = try await ada.createTask(content) }
            let c = try #require(try await ada.tasks(["project_id": inbox.id]).first { $0.content == "C" })

            #expect(try await ada.updateTask(c.id) { $0.childOrder = 1 }.childOrder == 1)
            #expect(try await ada.tasks(["project_id": inbox.id]).map(\.content) == ["C", "A", "B"])
            #expect(try await ada.orders(in: inbox.id) == ["C": 1, "A": 2, "B": 3])

            let d = try await ada.createTask(TaskCreateRequest(content: "D", order: 2))
            #expect(d.childOrder == 2)
            #expect(try await ada.orders(in: inbox.id) == ["C": 1, "D": 2, "A": 3, "B": 4])

            _ = try await ada.updateTask(c.id) { $0.childOrder = 99 }
            _ = try await ada.updateTask(d.id) { $0.childOrder = -5 }
            #expect(try await ada.tasks(["project_id": inbox.id]).map(\.content) == ["D", "A", "B", "C"])
            #expect(try await ada.orders(in: inbox.id) == ["D": 1, "A": 2, "B": 3, "C": 4])

            // A subtask's siblings are its parent's other subtasks; the top level is left as it was.
            let first = try await ada.createTask("first step", parentID: d.id)
            _ = try await ada.createTask(TaskCreateRequest(content: "second step", parentID: d.id, order: 1))
            #expect(try await ada.task(first.id).childOrder == 2)
            #expect(try await ada.task(d.id).childOrder == 1)
        }
    }

    @Test("A moved task goes last where it lands, and the siblings it left close ranks")
    func moveKeepsOrdersDense() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            let garden = try await ada.createProject("Garden")
            _ = try await ada.createTask("Mow", projectID: garden.id)
            var ids: [String: String] = [:]
            for content in ["A", "B", "C"] { ids[content] = try await ada.createTask(content).id }

            try expectNoContent(try await ada.post("tasks/\(ids["A"]!)/move", TaskMoveRequest(projectID: garden.id)))
            #expect(try await ada.orders(in: garden.id) == ["Mow": 1, "A": 2])
            #expect(try await ada.orders(in: inbox.id) == ["B": 1, "C": 2])
        }
    }

    @Test("Unhappy paths: a child_order that is not a number is a 400 naming it and moves nothing")
    func badChildOrder() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            let a = try await ada.createTask("A")
            _ = try await ada.createTask("B")
            expectError(
                try await ada.post("tasks/\(a.id)", json: #"{"child_order": "first"}"#), .badRequest,
                code: "invalid_field", mentioning: "child_order")
            #expect(try await ada.orders(in: inbox.id) == ["A": 1, "B": 2])
        }
    }

    @Test("Today follows day_order: placed tasks first in their places, then the rest; paging keeps that order")
    func dayOrderOrdersToday() async throws {
        try await withAda { ada in
            var ids: [String: String] = [:]
            for content in ["Water", "Call", "Buy", "Pay"] {
                ids[content] = try await ada.createTask(content, dueString: "today").id
            }
            _ = try await ada.createTask("Yesterday's", dueDate: "2026-03-03")
            for (content, place) in [("Water", 3), ("Call", 1), ("Buy", 2)] {
                #expect(try await ada.updateTask(ids[content]!) { $0.dayOrder = place }.dayOrder == place)
            }
            #expect(try await ada.filtered("today", limit: 200) == ["Call", "Buy", "Water", "Pay"])
            #expect(try await ada.filtered("today", limit: 2) == ["Call", "Buy", "Water", "Pay"])
            // Overdue days come first, each day in its own order.
            #expect(
                try await ada.filtered("today | overdue", limit: 3) == ["Yesterday's", "Call", "Buy", "Water", "Pay"])
        }
    }
}

@Suite("Saving a list's order")
struct TaskReorderTests {
    @Test("A section's tasks take the order given in the places they held; the project's other tasks stay")
    func reorderSiblings() async throws {
        try await withAda { ada in
            let garden = try await ada.createProject("Garden")
            let beds = try await ada.createSection("Beds", in: garden.id)
            var ids: [String: String] = [:]
            let tasks = [("Mow", nil), ("Weed", beds.id), ("Rake", nil), ("Plant", beds.id), ("Mulch", beds.id)]
            for (content, section) in tasks {
                ids[content] = try await ada.createTask(content, projectID: garden.id, sectionID: section).id
            }
            let order = TaskReorderRequest(ids: [ids["Mulch"]!, ids["Weed"]!, ids["Plant"]!])
            try expectNoContent(try await ada.post("tasks/reorder", order))
            let contents = try await ada.tasks(["project_id": garden.id]).map(\.content)
            #expect(contents == ["Mow", "Mulch", "Rake", "Weed", "Plant"])
            #expect(try await ada.orders(in: garden.id) == ["Mow": 1, "Mulch": 2, "Rake": 3, "Weed": 4, "Plant": 5])
            #expect(try await ada.tasks(["section_id": beds.id]).map(\.content) == ["Mulch", "Weed", "Plant"])
        }
    }

    @Test("A day's order is saved as day_order 0, 1, 2... and Today follows it")
    func reorderDay() async throws {
        try await withAda { ada in
            let garden = try await ada.createProject("Garden")
            let water = try await ada.createTask("Water", dueString: "today")
            let call = try await ada.createTask("Call", projectID: garden.id, dueString: "today")
            let pay = try await ada.createTask("Pay", dueString: "today")
            #expect(try await ada.filtered("today", limit: 200) == ["Water", "Call", "Pay"])
            let order = TaskReorderRequest(ids: [pay.id, call.id, water.id], by: .dayOrder)
            try expectNoContent(try await ada.post("tasks/reorder", order))
            #expect(try await ada.filtered("today", limit: 200) == ["Pay", "Call", "Water"])
            #expect(try await ada.task(call.id).dayOrder == 1)
        }
    }

    @Test("Unhappy paths: bad or foreign ids, repeats, strangers to each other: a clear error and nothing moves")
    func reorderRejects() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let inbox = try await ada.inbox()
            let a = try await ada.createTask("A")
            let b = try await ada.createTask("B")
            let garden = try await ada.createProject("Garden")
            let mow = try await ada.createTask("Mow", projectID: garden.id)
            let bobs = try await bob.createTask("Bob's")
            let done = try await ada.createTask("Done")
            try await ada.close(done.id)

            func rejected(
                _ ids: [String], by: String? = nil, _ status: HTTPResponse.Status, _ words: String
            ) async throws {
                let list = ids.map { "\"\($0)\"" }.joined(separator: ", ")
                let body = by.map { #"{"ids": [\#(list)], "by": "\#($0)"}"# } ?? #"{"ids": [\#(list)]}"#
                let code = status == .notFound ? "not_found" : "invalid_field"
                expectError(try await ada.post("tasks/reorder", json: body), status, code: code, mentioning: words)
            }
            try await rejected([], .badRequest, "ids")
            try await rejected([b.id, b.id], .badRequest, "twice")
            try await rejected([b.id, a.id], by: "priority", .badRequest, "by")
            try await rejected([b.id, mow.id], .badRequest, "one project")
            try await rejected([b.id, done.id], .badRequest, "completed")
            try await rejected([b.id, "999999"], .notFound, "Task")
            try await rejected([b.id, a.id, bobs.id], .notFound, "Task")
            try await rejected([b.id, bobs.id], by: "day_order", .notFound, "Task")
            expectError(
                try await ada.post("tasks/reorder", json: #"{"ids": "A"}"#), .badRequest, code: "invalid_field",
                mentioning: "ids")
            let bobsTry = try await bob.post("tasks/reorder", TaskReorderRequest(ids: [b.id, a.id]))
            expectError(bobsTry, .notFound, code: "not_found")

            #expect(try await ada.tasks(["project_id": inbox.id]).map(\.content) == ["A", "B"])
            #expect(try await ada.task(b.id).dayOrder == -1)
            #expect(try await bob.task(bobs.id).dayOrder == -1)
        }
    }
}
