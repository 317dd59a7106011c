import Foundation
import KairosCore
import Testing

@Suite("Retried task creation")
struct TaskClientIDTests {
    @Test("Creating again with the same client_id returns the first task; creates without one stay apart")
    func retriedCreate() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let first = try await ada.createTask(TaskCreateRequest(content: "Buy milk", clientID: "c-1"))
            let again = try await ada.createTask(TaskCreateRequest(content: "Buy milk", clientID: "c-1"))
            #expect(again == first)
            // The first try's task is the answer even when the retry's body differs.
            let changed = try await ada.createTask(TaskCreateRequest(content: "Buy oat milk", clientID: "c-1"))
            #expect(changed.id == first.id && changed.content == "Buy milk")

            // Todoist clients send no client_id: each create is a task of its own.
            let plain = try await ada.createTask("Buy milk")
            let plainAgain = try await ada.createTask("Buy milk")
            #expect(Set([first.id, plain.id, plainAgain.id]).count == 3)
            #expect(try await ada.tasks().count == 3)

            // A client id is the creator's own: someone else using it makes their own task.
            let bobs = try await bob.createTask(TaskCreateRequest(content: "Buy bread", clientID: "c-1"))
            #expect(bobs.id != first.id && bobs.content == "Buy bread")
            #expect(try await bob.tasks().map(\.id) == [bobs.id])
            #expect(try await ada.tasks().count == 3)
        }
    }

    @Test("Quick add retried with the same client_id returns the first task and adds its note once")
    func retriedQuickAdd() async throws {
        try await withAda { ada in
            let request = QuickAddRequest(text: "Call the bank tomorrow p1", note: "Ask about fees", clientID: "q-1")
            let first = try expectOK(try await ada.post("tasks/quick", request), as: TaskItem.self)
            let again = try expectOK(try await ada.post("tasks/quick", request), as: TaskItem.self)
            #expect(again == first)
            #expect(try await ada.tasks().map(\.id) == [first.id])
            let notes = try expectOK(try await ada.get("comments", ["task_id": first.id]), as: Page<Comment>.self)
            #expect(notes.results.map(\.content) == ["Ask about fees"])
        }
    }

    @Test("20 concurrent creates with one client_id make one task; with different ones, 20")
    func concurrentCreates() async throws {
        try await withAda { ada in
            let sameIDs = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await ada.createTask(TaskCreateRequest(content: "Once", clientID: "same")).id
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(sameIDs.count == 1)
            let distinctIDs = try await withThrowingTaskGroup(of: String.self) { group in
                for number in 0..<20 {
                    group.addTask {
                        let request = TaskCreateRequest(content: "Task \(number)", clientID: "c\(number)")
                        return try await ada.createTask(request).id
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(distinctIDs.count == 20)
            #expect(try await ada.tasks().count == 21)
        }
    }

    @Test("A client_id that is empty, too long or not text is a 400 naming it, and nothing is created")
    func badClientID() async throws {
        try await withAda { ada in
            for path in ["tasks", "tasks/quick"] {
                let field = path == "tasks" ? "content" : "text"
                for body in [
                    #"{"\#(field)": "Buy milk", "client_id": "   "}"#,
                    #"{"\#(field)": "Buy milk", "client_id": "\#(String(repeating: "x", count: 101))"}"#,
                    #"{"\#(field)": "Buy milk", "client_id": 7}"#,
                ] {
                    let reply = try await ada.post(path, json: body)
                    expectError(reply, .badRequest, code: "invalid_field", mentioning: "client_id")
                }
            }
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("Reusing the client_id of a task in a project one has left is refused, and nothing is created")
    func clientIDOfATaskNoLongerSeen() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            let request = TaskCreateRequest(content: "Draft the invite", projectID: launch.id, clientID: "b-1")
            let drafted = try await bob.createTask(request)
            try expectNoContent(try await ada.delete("projects/\(launch.id)/members/\(bob.me.id)"))

            expectError(try await bob.post("tasks", request), .notFound, code: "not_found")
            expectError(
                try await bob.post("tasks", TaskCreateRequest(content: "Draft the invite", clientID: "b-1")), .conflict,
                code: "conflict", mentioning: "client_id")
            #expect(try await bob.tasks().isEmpty)
            #expect(try await ada.tasks(["project_id": launch.id]).map(\.id) == [drafted.id])
        }
    }
}
