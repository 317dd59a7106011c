import Foundation
import KairosClient
import Testing

@Suite("KairosClient reminders and task activity against a live server")
struct KairosClientReminderTests {
    @Test("Set reminders by a spoken time and before the due, list and remove them; read a task's activity")
    func remindersAndActivity() async throws {
        try await withSignedInClient { client in
            let task = try await client.createTask(TaskCreateRequest(content: "Call the bank", dueString: "tomorrow at 3pm"))
            let spoken = try await client.createReminder(
                ReminderCreateRequest(taskID: task.id, type: "absolute", due: .init(string: "tomorrow at 9am")))
            #expect(spoken.type == .absolute && spoken.at != nil && spoken.fireAt == spoken.at)
            let before = try await client.createReminder(
                ReminderCreateRequest(taskID: task.id, type: "relative", minuteOffset: 30))
            let due = try #require(task.due?.instant(fallback: .gmt))
            #expect(before.fireAt == due.addingTimeInterval(-1800))
            #expect(try await client.reminders(taskID: task.id).results.map(\.id) == [spoken.id, before.id])
            let moved = try await client.updateReminder(id: before.id, ReminderUpdateRequest(minuteOffset: 60))
            #expect(moved.minuteOffset == 60 && moved.fireAt == due.addingTimeInterval(-3600))
            #expect(try await client.reminder(id: before.id).fireAt == moved.fireAt)

            try await client.deleteReminder(id: spoken.id)
            #expect(try await client.reminders().results.map(\.id) == [before.id])
            let missing = await #expect(throws: KairosClientError.self) { try await client.deleteReminder(id: spoken.id) }
            guard case .server(404, "not_found", _) = try #require(missing) else {
                Issue.record("Expected a 404, got \(String(describing: missing))")
                return
            }
            let invalid = await #expect(throws: KairosClientError.self) {
                try await client.createReminder(ReminderCreateRequest(taskID: task.id, type: "relative"))
            }
            guard case .server(400, "invalid_field", let message) = try #require(invalid) else {
                Issue.record("Expected a 400, got \(String(describing: invalid))")
                return
            }
            #expect(message.contains("minute_offset"))

            try await client.closeTask(id: task.id)
            let activity = try await client.taskActivity(taskID: task.id)
            #expect(activity.results.map(\.kind) == [.completed, .created])
            #expect(activity.results.first?.actorName != nil && activity.nextCursor == nil)
        }
    }
}

@Suite("KairosClient snoozes, answers reminders and chooses where notices go")
struct KairosClientReachTests {
    @Test("Snooze a reminder, acknowledge it, and send reminders by email too")
    func snoozeAcknowledgeAndSettings() async throws {
        try await withSignedInClient { client in
            let task = try await client.createTask(TaskCreateRequest(content: "Call the bank"))
            let reminder = try await client.createReminder(
                ReminderCreateRequest(taskID: task.id, type: "absolute", due: .init(string: "tomorrow at 9am"), nag: true))
            #expect(reminder.nag == true)
            let snoozed = try await client.snoozeReminder(id: reminder.id, ReminderSnoozeRequest(.hour))
            #expect(snoozed.again && snoozed.fireAt.map { $0 > Date() } == true)
            let answered = try await client.acknowledgeReminder(id: reminder.id)
            #expect(!answered.again)

            #expect(try await client.notificationSettings() == ReachSettings())
            let changed = try await client.updateNotificationSettings(
                ReachSettingsRequest(changes: ["reminder": ["push", "email"], "task_status": []]))
            #expect(changed.channels(for: .reminder) == [.push, .email] && changed.channels(for: .taskStatus).isEmpty)
            #expect(try await client.notificationSettings() == changed)
            let wrong = await #expect(throws: KairosClientError.self) {
                try await client.updateNotificationSettings(ReachSettingsRequest(changes: ["reminder": ["pigeon"]]))
            }
            guard case .server(400, "invalid_field", _) = try #require(wrong) else {
                Issue.record("Expected a 400, got \(String(describing: wrong))")
                return
            }
        }
    }
}
