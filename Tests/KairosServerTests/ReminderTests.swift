import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Testing

extension TestAPI {
    func remind(_ json: String) async throws -> Reply {
        try await post("reminders", json: json)
    }

    @discardableResult
    func remind(_ taskID: String, at datetime: String) async throws -> Reminder {
        try expectOK(
            try await remind(#"{"task_id": "\#(taskID)", "type": "absolute", "due": {"datetime": "\#(datetime)"}}"#),
            .created, as: Reminder.self)
    }

    @discardableResult
    func remind(_ taskID: String, minutesBefore minutes: Int) async throws -> Reminder {
        try expectOK(
            try await remind(#"{"task_id": "\#(taskID)", "type": "relative", "minute_offset": \#(minutes)}"#),
            .created, as: Reminder.self)
    }

    func reminders(on taskID: String) async throws -> [Reminder] {
        try expectOK(try await get("reminders", ["task_id": taskID]), as: Page<Reminder>.self).results
    }

    /// A scheduler pass at the test clock's time, as the running server makes every second.
    @discardableResult
    func fireDueReminders() async throws -> [String] {
        try await ReminderScheduler(store: store, clock: clock.serverClock).fireDue().map(\.taskContent)
    }

    func reminderNotifications() async throws -> [AppNotification] {
        try await notifications().filter { $0.kind == .reminder }
    }
}

@Suite("Reminders")
struct ReminderTests {
    @Test("An absolute reminder goes off once at its time, as a gentle notification pushed over the event feed")
    func absolute() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Call the dentist")
            // 10:00 in New York, half an hour from now.
            let reminder = try await ada.remind(task.id, at: "2026-03-04T10:00:00")
            #expect(reminder.type == .absolute && reminder.userID == ada.me.id && reminder.taskID == task.id)
            #expect(reminder.at == APITimestamp.parse("2026-03-04T15:00:00Z") && reminder.fireAt == reminder.at)
            #expect(reminder.firedAt == nil && reminder.minuteOffset == nil)

            #expect(try await ada.fireDueReminders().isEmpty)
            ada.clock.set("2026-03-04T15:00:00Z")
            #expect(try await ada.fireDueReminders() == ["Call the dentist"])
            let notes = try await ada.reminderNotifications()
            #expect(notes.map(\.text) == ["Whenever you\u{2019}re ready: Call the dentist"])
            #expect(notes.first?.taskID == task.id && notes.first?.quiet == false && notes.first?.actorID == nil)
            #expect(try await ada.events().results.filter { $0.kind == .notificationCreated }.map(\.taskID) == [task.id])

            // A later pass, or a restarted server with a new scheduler, does not repeat it.
            ada.clock.set("2026-03-04T16:00:00Z")
            #expect(try await ada.fireDueReminders().isEmpty)
            #expect(try await ada.reminderNotifications().count == 1)
            #expect(try await ada.reminders(on: task.id).first?.firedAt == APITimestamp.parse("2026-03-04T15:00:00Z"))
        }
    }

    @Test("A relative reminder follows the due, comes again for each occurrence, and skips a completed task")
    func relative() async throws {
        try await withAda { ada in
            let daily = try await ada.createTask("Stretch", dueString: "every day at 10am")
            let due = try #require(daily.due?.instant(fallback: .gmt))
            let reminder = try await ada.remind(daily.id, minutesBefore: 15)
            #expect(reminder.type == .relative && reminder.minuteOffset == 15 && reminder.at == nil)
            #expect(reminder.fireAt == due.addingTimeInterval(-900))

            ada.clock.now = due.addingTimeInterval(-900)
            #expect(try await ada.fireDueReminders() == ["Stretch"])
            try await ada.close(daily.id)
            let next = try #require(try await ada.task(daily.id).due?.instant(fallback: .gmt))
            let rearmed = try #require(try await ada.reminders(on: daily.id).first)
            #expect(rearmed.firedAt == nil && rearmed.fireAt == next.addingTimeInterval(-900))
            #expect(try await ada.fireDueReminders().isEmpty)
            ada.clock.now = next.addingTimeInterval(-900)
            #expect(try await ada.fireDueReminders() == ["Stretch"])

            // Moving the due moves the reminder with it.
            _ = try await ada.updateTask(daily.id) { $0.dueDatetime = .set("2026-03-20T18:00:00Z") }
            #expect(try await ada.reminders(on: daily.id).first?.fireAt == APITimestamp.parse("2026-03-20T17:45:00Z"))

            let errand = try await ada.createTask("Post the parcel", dueString: "tomorrow at 4pm")
            try await ada.remind(errand.id, minutesBefore: 60)
            try await ada.close(errand.id)
            ada.clock.set("2026-03-06T00:00:00Z")
            #expect(try await ada.fireDueReminders().isEmpty)
            try expectNoContent(try await ada.post("tasks/\(errand.id)/reopen"))
            #expect(try await ada.fireDueReminders().isEmpty)
            #expect(try await ada.reminderNotifications().count == 2)
        }
    }

    @Test("A fixed-time reminder on a recurring task comes again, as many days later, with the next occurrence")
    func recurringAbsolute() async throws {
        try await withAda { ada in
            let daily = try await ada.createTask("Take the vitamins", dueString: "every day at 10am")
            let first = try await ada.remind(daily.id, at: "2026-03-04T09:50:00")
            let early = try await ada.remind(daily.id, at: "2026-03-04T09:55:00")
            ada.clock.set("2026-03-04T14:50:00Z")
            #expect(try await ada.fireDueReminders() == ["Take the vitamins"])
            try await ada.close(daily.id)
            let next = try #require(try await ada.task(daily.id).due)
            let days = LocalDate.daysBetween(try #require(daily.due).date, next.date)
            #expect(days >= 1)
            let carried = try await ada.reminders(on: daily.id)
            // The one that went off comes back; the one still waiting keeps its time.
            #expect(carried.map(\.at) == [first.at?.addingTimeInterval(Double(days) * 86_400), early.at])
            #expect(carried.allSatisfy { $0.firedAt == nil })
        }
    }

    @Test("Bad input is a 400 naming the field and sets nothing; a time earlier today means tomorrow")
    func badInput() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Renew the passport", dueDate: "2026-03-10")
            let id = task.id
            let cases: [(String, String)] = [
                (#"{"type": "absolute", "due": {"datetime": "2026-03-05T09:00:00"}}"#, "task_id"),
                (#"{"task_id": "\#(id)", "type": "sometime"}"#, "type"),
                (#"{"task_id": "\#(id)", "type": "relative"}"#, "minute_offset"),
                (#"{"task_id": "\#(id)", "type": "relative", "minute_offset": -5}"#, "minute_offset"),
                (#"{"task_id": "\#(id)", "type": "relative", "minute_offset": 10}"#, "minute_offset"),
                (#"{"task_id": "\#(id)", "type": "relative", "minute_offset": "ten"}"#, "minute_offset"),
                (#"{"task_id": "\#(id)", "type": "absolute"}"#, "due"),
                (#"{"task_id": "\#(id)", "type": "absolute", "due": {"datetime": "soon"}}"#, "due.datetime"),
                (#"{"task_id": "\#(id)", "type": "absolute", "due": {"string": "tomorrow"}}"#, "due.string"),
                (#"{"task_id": "\#(id)", "type": "absolute", "due": {"datetime": "2026-03-01T09:00:00Z"}}"#, "due.datetime"),
                (
                    #"{"task_id": "\#(id)", "type": "absolute", "due": {"string": "every day at 9am"}}"#,
                    "due.string"
                ),
            ]
            for (body, field) in cases {
                expectError(try await ada.remind(body), .badRequest, code: "invalid_field", mentioning: field)
            }
            expectError(try await ada.remind("not json"), .badRequest, code: "bad_request")
            #expect(try await ada.reminders(on: id).isEmpty)

            let tomorrow = try await ada.remind(id, at: "2026-03-04T08:00:00")
            #expect(tomorrow.fireAt == APITimestamp.parse("2026-03-05T13:00:00Z"))
            let spoken = try expectOK(
                try await ada.remind(#"{"task_id": "\#(id)", "type": "absolute", "due": {"string": "friday at 9am"}}"#),
                .created, as: Reminder.self)
            #expect(spoken.fireAt == APITimestamp.parse("2026-03-06T14:00:00Z"))
            // To the second: half a minute from now.
            #expect(try await ada.remind(id, at: "2026-03-04T09:30:30").fireAt == APITimestamp.parse("2026-03-04T14:30:30Z"))
            for _ in 0..<2 { try await ada.remind(id, at: "2026-03-09T09:00:00") }
            expectError(
                try await ada.remind(#"{"task_id": "\#(id)", "type": "absolute", "due": {"string": "monday at 9am"}}"#),
                .conflict, code: "conflict", mentioning: "remove one")
            #expect(try await ada.reminders(on: id).count == 5)
        }
    }

    @Test("Todoist's fields: reminder_type, due.date with a time zone, service push; get and move a reminder")
    func todoistFields() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let task = try await ada.createTask(
                TaskCreateRequest(content: "Print the banners", projectID: launch.id, dueDatetime: "2026-03-06T10:00:00"))
            let created = try await ada.remind(
                #"{"task_id": "\#(task.id)", "reminder_type": "absolute", "service": "push", "due": {"date": "2026-03-05T09:00:00", "timezone": "Europe/Paris", "lang": "en"}}"#)
            let reminder = try expectOK(created, .created, as: Reminder.self)
            #expect(reminder.type == .absolute && reminder.at == APITimestamp.parse("2026-03-05T08:00:00Z"))
            let due = try #require(created.object?["due"] as? [String: Any])
            #expect(due["date"] as? String == "2026-03-05T08:00:00Z" && due["string"] as? String == "2026-03-05T08:00:00Z")
            #expect(created.object?["service"] as? String == "push" && created.object?["is_urgent"] as? Bool == false)
            #expect(created.object?["is_deleted"] as? Bool == false)
            #expect(try expectOK(try await ada.get("reminders/\(reminder.id)"), as: Reminder.self).at == reminder.at)

            let relative = try expectOK(
                try await ada.post("reminders/\(reminder.id)", json: #"{"minute_offset": 30}"#), as: Reminder.self)
            #expect(relative.type == .relative && relative.minuteOffset == 30 && relative.at == nil)
            #expect(relative.fireAt == APITimestamp.parse("2026-03-06T14:30:00Z"))
            let moved = try expectOK(
                try await ada.post("reminders/\(reminder.id)", json: #"{"due": {"string": "tomorrow at 8am"}}"#),
                as: Reminder.self)
            #expect(moved.type == .absolute && moved.at == APITimestamp.parse("2026-03-05T13:00:00Z"))

            let bad: [(String, String)] = [
                (#"{"due": {"date": "2026-03-05"}}"#, "due.date"),
                (#"{"due": {"datetime": "2026-03-05T09:00:00", "timezone": "Mars/Base"}}"#, "due.timezone"),
                (#"{"due": {"string": "tomorrow at 8am"}, "minute_offset": 5}"#, "not both"),
                (#"{"service": "email"}"#, "service"),
                (#"{"minute_offset": -1}"#, "minute_offset"),
            ]
            for (body, words) in bad {
                expectError(
                    try await ada.post("reminders/\(reminder.id)", json: body), .badRequest, code: "invalid_field",
                    mentioning: words)
            }
            expectError(
                try await ada.remind(#"{"task_id": "\#(task.id)", "type": "relative", "reminder_type": "absolute", "minute_offset": 5}"#),
                .badRequest, code: "invalid_field", mentioning: "reminder_type")
            expectError(
                try await ada.remind(#"{"task_id": "\#(task.id)", "minute_offset": 5}"#), .badRequest,
                code: "invalid_field", mentioning: "type")
            #expect(try await ada.reminders(on: task.id).map(\.at) == [moved.at])

            for other in [bob, carol] {
                expectError(try await other.get("reminders/\(reminder.id)"), .notFound, code: "not_found")
                expectError(
                    try await other.post("reminders/\(reminder.id)", json: #"{"minute_offset": 5}"#), .notFound,
                    code: "not_found")
            }
            expectError(try await ada.get("location_reminders"), .badRequest, code: "bad_request", mentioning: "location")
            expectError(
                try await ada.post("location_reminders", json: #"{"task_id": "\#(task.id)"}"#), .badRequest,
                code: "bad_request", mentioning: "location")
        }
    }

    @Test("Only someone who may edit the task sets one; each person sees and removes only their own")
    func sharing() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask("Print the banners", projectID: launch.id)
            let bobs = try await bob.remind(task.id, at: "2026-03-05T09:00:00")
            try await ada.remind(task.id, at: "2026-03-05T08:00:00")
            expectError(
                try await carol.remind(#"{"task_id": "\#(task.id)", "type": "absolute", "due": {"string": "tomorrow at 9am"}}"#),
                .forbidden, code: "forbidden")
            expectError(
                try await dave.remind(#"{"task_id": "\#(task.id)", "type": "absolute", "due": {"string": "tomorrow at 9am"}}"#),
                .notFound, code: "not_found")
            expectError(try await dave.get("reminders", ["task_id": task.id]), .notFound, code: "not_found")
            expectError(
                try await bob.remind(#"{"task_id": "999999", "type": "absolute", "due": {"string": "tomorrow at 9am"}}"#),
                .notFound, code: "not_found")
            #expect(try await bob.reminders(on: task.id).map(\.id) == [bobs.id])
            #expect(try await ada.reminders(on: task.id).count == 1)
            #expect(try await carol.reminders(on: task.id).isEmpty)

            expectError(try await ada.delete("reminders/\(bobs.id)"), .notFound, code: "not_found")
            #expect(try await bob.reminders(on: task.id).count == 1)
            try expectNoContent(try await bob.delete("reminders/\(bobs.id)"))
            expectError(try await bob.delete("reminders/\(bobs.id)"), .notFound, code: "not_found")
            expectError(try await bob.delete("reminders/nope"), .notFound, code: "not_found")

            // Each reminder reaches only the one who set it.
            try await bob.remind(task.id, at: "2026-03-05T09:00:00")
            ada.clock.set("2026-03-05T14:00:00Z")
            #expect(try await ada.fireDueReminders().count == 2)
            #expect(try await bob.reminderNotifications().count == 1)
            #expect(try await ada.reminderNotifications().count == 1)
            #expect(try await carol.reminderNotifications().isEmpty)
        }
    }

    @Test("During quiet hours a reminder is kept in the feed, marked quiet, and not pushed")
    func quietHours() async throws {
        try await withAda { ada in
            try expectOK(
                try await ada.post("user", json: #"{"quiet_hours": {"start": "22:00", "end": "07:00"}}"#), as: User.self)
            let task = try await ada.createTask("Take the bins out")
            try await ada.remind(task.id, at: "2026-03-04T23:00:00")
            ada.clock.set("2026-03-05T04:00:00Z")
            #expect(try await ada.fireDueReminders() == ["Take the bins out"])
            #expect(try await ada.reminderNotifications().map(\.quiet) == [true])
            #expect(try await ada.events().results.allSatisfy { $0.kind != .notificationCreated })
        }
    }
}
