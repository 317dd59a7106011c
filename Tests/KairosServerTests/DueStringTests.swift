import Foundation
import KairosCore
import Testing

/// `due_string` read by the same grammar as quick add: its typos, Todoist's "every!" and month ends.
@Suite("due_string: the capture grammar under Todoist's conventions")
struct DueStringTests {
    @Test("A due_string forgives the typos quick add forgives: \"tomorow\" is an all-day due tomorrow")
    func typo() async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks", TaskCreateRequest(content: "Call Sam", dueString: "tomorow"))
            let task = try expectOK(reply, as: TaskItem.self)
            #expect(task.due?.date.iso == "2026-03-05")
            #expect(task.due?.time == nil)
            #expect(task.due?.string == "tomorow")
            let wire = try #require(reply.object?["due"] as? [String: Any])
            #expect(wire["date"] as? String == "2026-03-05")
            #expect(wire["datetime"] is NSNull)

            let moved = try await ada.updateTask(task.id) { $0.dueString = .set("day after tomorow at 5pm") }
            #expect(moved.due?.date.iso == "2026-03-06")
            #expect(moved.due?.time?.iso == "17:00:00")
        }
    }

    @Test("\"every! 3 days\" counts the next date from the day the task is completed")
    func everyFromCompletion() async throws {
        try await withAda { ada in
            let reply = try await ada.post(
                "tasks", TaskCreateRequest(content: "Water ferns", dueString: "every! 3 days"))
            let ferns = try expectOK(reply, as: TaskItem.self)
            #expect(ferns.due?.date.iso == "2026-03-04")
            #expect(ferns.due?.recurrence?.rrule == "FREQ=DAILY;INTERVAL=3")
            #expect(ferns.due?.recurrence?.fromCompletion == true)
            let wire = try #require(reply.object?["due"] as? [String: Any])
            #expect(wire["string"] as? String == "every! 3 days")
            #expect(wire["is_recurring"] as? Bool == true)
            let plain = try await ada.createTask("Water cactus", dueString: "every 3 days")

            // Both are done two days late, on Friday the 6th.
            ada.clock.set("2026-03-06T15:00:00Z")
            try await ada.close(ferns.id)
            try await ada.close(plain.id)
            let next = try await ada.task(ferns.id)
            #expect(next.completedAt == nil)
            #expect(next.due?.date.iso == "2026-03-09")
            #expect(next.due?.string == "every! 3 days")
            #expect(next.due?.isRecurring == true)
            #expect(try await ada.task(plain.id).due?.date.iso == "2026-03-07")

            // The flag is kept with the task: done again on Tuesday the 10th, it is due on Friday the 13th.
            ada.clock.set("2026-03-10T15:00:00Z")
            try await ada.close(ferns.id)
            #expect(try await ada.task(ferns.id).due?.date.iso == "2026-03-13")
        }
    }

    @Test("kairos add --due sends a due_string with the commit: read there by the same grammar")
    func commitDueString() async throws {
        try await withAda { ada in
            let reply = try await ada.post(
                "capture/commit",
                CaptureCommitRequest(tasks: [
                    CaptureCommitTask(title: "Water ferns", dueString: "every! 3 days"),
                    CaptureCommitTask(title: "Call Sam", dueString: "tomorow at 5"),
                ]))
            let created = try expectOK(reply, as: CaptureCommitResponse.self).tasks
            #expect(created.map { $0.due?.string } == ["every! 3 days", "tomorow at 5"])
            #expect(created[0].due?.recurrence?.fromCompletion == true)
            #expect(created[1].due?.date.iso == "2026-03-05")
            #expect(created[1].due?.time?.iso == "17:00:00")

            let bad = try await ada.post(
                "capture/commit", CaptureCommitRequest(tasks: [CaptureCommitTask(title: "x", dueString: "every! blah")])
            )
            expectError(bad, .badRequest, code: "invalid_field", mentioning: "due_string")
            #expect(try await ada.tasks().count == 2)
        }
    }

    @Test("Quick add reads \"every!\" with the same grammar and keeps it")
    func quickAddEveryFromCompletion() async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks/quick", QuickAddRequest(text: "Water ferns every! 3 days at 8am"))
            let task = try expectOK(reply, as: TaskItem.self)
            #expect(task.content == "Water ferns")
            #expect(task.due?.recurrence?.rrule == "FREQ=DAILY;INTERVAL=3")
            #expect(task.due?.recurrence?.fromCompletion == true)
            #expect(task.due?.string == "every! 3 days at 08:00")
            ada.clock.set("2026-03-06T15:00:00Z")
            try await ada.close(task.id)
            #expect(try await ada.task(task.id).due?.date.iso == "2026-03-09")
        }
    }

    @Test("\"every! week\" after completion lands a week after the day it was done")
    func everyWeekFromCompletion() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Clean the fridge", dueString: "every! week")
            ada.clock.set("2026-03-05T15:00:00Z")
            try await ada.close(task.id)
            #expect(try await ada.task(task.id).due?.date.iso == "2026-03-12")
        }
    }

    @Test("\"every last day of the month\" is due on each month's last day, however long")
    func lastDayOfTheMonth() async throws {
        try await withAda { ada in
            let rent = try await ada.createTask("Pay rent", dueString: "every last day of the month")
            #expect(rent.due?.date.iso == "2026-03-31")
            #expect(rent.due?.time == nil)
            #expect(rent.due?.recurrence?.rrule == "FREQ=MONTHLY;BYMONTHDAY=-1")
            #expect(rent.due?.recurrence?.fromCompletion == false)
            try await ada.close(rent.id)
            #expect(try await ada.task(rent.id).due?.date.iso == "2026-04-30")
        }
    }

    @Test(
        "A due_string that is not all date is a 400 naming due_string, and nothing changes",
        arguments: ["every! blah", "tomorrow #work", "someday", "in 2 hours every day", "every 0 days"])
    func badDueString(text: String) async throws {
        try await withAda { ada in
            let kept = try await ada.createTask("Kept", dueString: "friday")
            let before = try await ada.tasks()
            let created = try await ada.post("tasks", TaskCreateRequest(content: "New", dueString: text))
            expectError(created, .badRequest, code: "invalid_field", mentioning: "due_string")
            let updated = try await ada.post("tasks/\(kept.id)", json: #"{"due_string": "\#(text)"}"#)
            expectError(updated, .badRequest, code: "invalid_field", mentioning: "due_string")
            #expect(try await ada.tasks() == before)
            #expect(try await ada.task(kept.id) == kept)
        }
    }
}
