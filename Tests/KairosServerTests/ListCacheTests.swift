import Foundation
import KairosCore
import Testing

/// Task lists are answered from memory while nothing changes; these check that no change is ever missed.
@Suite("Kept task lists")
struct ListCacheTests {
    @Test("A list read again right after a write shows the write")
    func writesShowAtOnce() async throws {
        try await withAda { ada in
            #expect(try await ada.filter("today").isEmpty)
            let task = try await ada.createTask("Call the plumber", dueString: "today")
            #expect(try await ada.filter("today") == [task.id])
            _ = try await ada.updateTask(task.id) { $0.content = "Call the plumber back" }
            let page = try expectOK(try await ada.get("tasks/filter", ["query": "today", "limit": "200"]),
                                    as: Page<TaskItem>.self)
            #expect(page.results.map(\.content) == ["Call the plumber back"])
            try await ada.close(task.id)
            #expect(try await ada.filter("today").isEmpty)
            #expect(try await ada.taskIDs().isEmpty)
        }
    }

    @Test("A task becomes overdue when its time passes, with no write in between")
    func timePassing() async throws {
        try await withAda { ada in
            // 09:30 in New York; due at 10:00 the same day.
            let task = try await ada.createTask("Send the invoice", dueString: "today at 10:00")
            #expect(try await ada.filter("overdue").isEmpty)
            ada.clock.set("2026-03-04T15:00:30Z")
            #expect(try await ada.filter("overdue") == [task.id])
        }
    }

    @Test("Each caller gets their own list for the same address")
    func perUser() async throws {
        try await withAda { ada in
            let mine = try await ada.createTask("Ada's errand", dueString: "today")
            let bob = try await ada.with(token: nil).signUp("bob@example.com", name: "Bob", timezone: "America/New_York")
            #expect(try await ada.filter("today") == [mine.id])
            #expect(try await bob.filter("today").isEmpty)
            let theirs = try await bob.createTask("Bob's errand", dueString: "today")
            #expect(try await bob.filter("today") == [theirs.id])
            #expect(try await ada.filter("today") == [mine.id])
        }
    }
}
