import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `ReminderStore`'s behaviour, the same on every backend.
@Suite("Reminder store, on every backend")
struct ReminderStoreSuite {
    func at(_ minutes: Double) -> Date { suiteNow.addingTimeInterval(minutes * 60) }

    @Test("A reminder is set, read, moved and removed by its owner only", arguments: StoreBackend.all)
    func lifecycle(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let task = try await store.task("call the bank", for: ada)
            let reminder = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(60)), nag: true, now: suiteNow)
            #expect(reminder.type == .absolute && reminder.at == at(60) && reminder.fireAt == at(60))
            #expect(reminder.nag == true && reminder.firedAt == nil && !reminder.again && reminder.userID == ada.id)
            #expect(try await store.reminder(userID: ada.id, id: reminder.id) == reminder)

            // Someone else sees none of it, and cannot set one on a task they cannot see.
            #expect(try await store.reminder(userID: bob.id, id: reminder.id) == nil)
            #expect(try await store.reminders(userID: bob.id, taskID: nil, page: PageRequest()).results.isEmpty)
            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.createReminder(
                    userID: bob.id, taskID: task.id, time: .at(at(5)), nag: nil, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Reminder")) {
                _ = try await store.updateReminder(
                    userID: bob.id, id: reminder.id, time: .at(at(5)), nag: .unchanged, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Reminder")) {
                try await store.deleteReminder(userID: bob.id, id: reminder.id, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Reminder")) {
                _ = try await store.snoozeReminder(userID: bob.id, id: reminder.id, until: at(9), now: suiteNow)
            }
            // Ids that are no ids are missing too.
            #expect(try await store.reminder(userID: ada.id, id: "nope") == nil)
            await #expect(throws: KairosError.self) {
                try await store.deleteReminder(userID: ada.id, id: "nope", now: suiteNow)
            }

            // Turned relative, it follows the task's due; with no due time it waits for one.
            let relative = try await store.updateReminder(
                userID: ada.id, id: reminder.id, time: .beforeDue(minutes: 30), nag: .clear, now: suiteNow)
            #expect(relative.type == .relative && relative.minuteOffset == 30 && relative.at == nil)
            #expect(relative.fireAt == nil && relative.nag == nil)
            let absolute = try await store.updateReminder(
                userID: ada.id, id: reminder.id, time: .at(at(90)), nag: .set(false), now: suiteNow)
            #expect(absolute.type == .absolute && absolute.fireAt == at(90) && absolute.nag == false)

            try await store.deleteReminder(userID: ada.id, id: reminder.id, now: suiteNow)
            #expect(try await store.reminder(userID: ada.id, id: reminder.id) == nil)
            await #expect(throws: KairosError.missing("Reminder")) {
                try await store.deleteReminder(userID: ada.id, id: reminder.id, now: suiteNow)
            }
        }
    }

    @Test("Reminders list oldest first, page by page, on one task or all", arguments: StoreBackend.all)
    func listing(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let first = try await store.task("first", for: ada)
            let second = try await store.task("second", for: ada)
            var made: [String] = []
            for (index, task) in [first, second, first].enumerated() {
                made.append(
                    try await store.createReminder(
                        userID: ada.id, taskID: task.id, time: .at(at(Double(index))), nag: nil, now: suiteNow
                    ).id)
            }
            let page1 = try await store.reminders(userID: ada.id, taskID: nil, page: PageRequest(limit: 2))
            #expect(page1.results.map(\.id) == Array(made.prefix(2)))
            let page2 = try await store.reminders(
                userID: ada.id, taskID: nil,
                page: PageRequest(
                    cursor: try #require(page1.nextCursor.flatMap { PageCursor(token: $0, keyCount: 1) }), limit: 2))
            #expect(page2.results.map(\.id) == [made[2]] && page2.nextCursor == nil)
            let onFirst = try await store.reminders(userID: ada.id, taskID: first.id, page: PageRequest())
            #expect(onFirst.results.map(\.id) == [made[0], made[2]])
            #expect(try await store.reminders(userID: ada.id, taskID: "nope", page: PageRequest()).results.isEmpty)
        }
    }

    @Test("A task holds a few waiting reminders of a person's at most", arguments: StoreBackend.all)
    func limit(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("busy", for: ada)
            var reminders: [Reminder] = []
            for index in 0..<Limits.maxRemindersPerTask {
                reminders.append(
                    try await store.createReminder(
                        userID: ada.id, taskID: task.id, time: .at(at(Double(index + 1))), nag: false, now: suiteNow))
            }
            await #expect(throws: KairosError.self) {
                _ = try await store.createReminder(
                    userID: ada.id, taskID: task.id, time: .at(at(99)), nag: nil, now: suiteNow)
            }
            // One that went off no longer counts; setting it again for a new time makes it count again.
            let fired = try await store.fireDueReminders(now: at(1), limit: 10)
            #expect(fired.map(\.reminderID) == [reminders[0].id])
            let sixth = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(99)), nag: nil, now: suiteNow)
            await #expect(throws: KairosError.self) {
                _ = try await store.updateReminder(
                    userID: ada.id, id: reminders[0].id, time: .at(at(50)), nag: .unchanged, now: suiteNow)
            }
            #expect(try await store.reminder(userID: ada.id, id: reminders[0].id)?.firedAt == at(1))
            try await store.deleteReminder(userID: ada.id, id: sixth.id, now: suiteNow)
            let again = try await store.updateReminder(
                userID: ada.id, id: reminders[0].id, time: .at(at(50)), nag: .unchanged, now: suiteNow)
            #expect(again.firedAt == nil && again.fireAt == at(50))
        }
    }

    @Test(
        "Due reminders go off once, with their notification; silently on a completed task",
        arguments: StoreBackend.all)
    func firing(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let open = try await store.task("pay rent", for: ada)
            let done = try await store.task("done already", for: ada)
            let due = try await store.createReminder(
                userID: ada.id, taskID: open.id, time: .at(at(10)), nag: false, now: suiteNow)
            let later = try await store.createReminder(
                userID: ada.id, taskID: open.id, time: .at(at(60)), nag: false, now: suiteNow)
            let silent = try await store.createReminder(
                userID: ada.id, taskID: done.id, time: .at(at(5)), nag: false, now: suiteNow)
            try await store.closeTask(userID: ada.id, id: done.id, now: suiteNow)

            #expect(try await store.fireDueReminders(now: at(1), limit: 10).isEmpty)
            let fired = try await store.fireDueReminders(now: at(20), limit: 10)
            #expect(
                fired == [
                    FiredReminder(
                        reminderID: due.id, userID: ada.id, taskID: open.id, taskContent: "pay rent", quiet: false)
                ])
            #expect(try await store.reminder(userID: ada.id, id: silent.id)?.firedAt == at(20))
            #expect(try await store.reminder(userID: ada.id, id: due.id)?.firedAt == at(20))
            #expect(try await store.reminder(userID: ada.id, id: later.id)?.firedAt == nil)
            #expect(try await store.fireDueReminders(now: at(30), limit: 10).isEmpty)
            #expect(try await store.noticeSubject(notificationID: "nope", userID: ada.id) == nil)
        }
    }

    @Test(
        "A reminder that nags comes back until answered; snoozed, it waits; acknowledged, it stops",
        arguments: StoreBackend.all)
    func nagging(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("take pills", for: ada)
            let reminder = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(10)), nag: true, now: suiteNow)
            #expect(try await store.fireDueReminders(now: at(10), limit: 10).map(\.reminderID) == [reminder.id])
            let repeating = try #require(try await store.reminder(userID: ada.id, id: reminder.id))
            #expect(repeating.again && repeating.firedAt == nil)
            let next = try #require(repeating.fireAt)
            #expect(next > at(10))
            // Not due again until its next time.
            #expect(try await store.fireDueReminders(now: at(11), limit: 10).isEmpty)

            let snoozed = try await store.snoozeReminder(userID: ada.id, id: reminder.id, until: at(300), now: at(12))
            #expect(snoozed.fireAt == at(300) && snoozed.again && snoozed.firedAt == nil)
            let stopped = try await store.acknowledgeReminder(userID: ada.id, id: reminder.id, now: at(13))
            #expect(stopped.firedAt == at(13) && !stopped.again)
            #expect(try await store.fireDueReminders(now: at(400), limit: 10).isEmpty)
            // Acknowledging one that is not waiting to come back leaves it as it is.
            let plain = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(500)), nag: false, now: suiteNow)
            #expect(try await store.acknowledgeReminder(userID: ada.id, id: plain.id, now: at(14)) == plain)
        }
    }

    @Test("Passes that run at the same moment set off each due reminder once", arguments: StoreBackend.all)
    func concurrentFiring(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            var made: Set<String> = []
            for index in 0..<8 {
                let task = try await store.task("task \(index)", for: ada)
                for minute in 0..<3 {
                    made.insert(
                        try await store.createReminder(
                            userID: ada.id, taskID: task.id, time: .at(at(Double(minute))),
                            nag: index.isMultiple(of: 2),
                            now: suiteNow
                        ).id)
                }
            }
            let passes = try await withThrowingTaskGroup(of: [FiredReminder].self) { group in
                for _ in 0..<6 { group.addTask { try await store.fireDueReminders(now: at(5), limit: 100) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let fired = passes.flatMap { $0 }.map(\.reminderID)
            #expect(fired.count == made.count)
            #expect(Set(fired) == made)
            #expect(try await store.fireDueReminders(now: at(5), limit: 100).isEmpty)
        }
    }
}
