import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `BriefStore` and `DailyBriefStore`'s behaviour, the same on every backend.
@Suite("Brief stores, on every backend")
struct BriefStoreSuite {
    func at(_ minutes: Double) -> Date { suiteNow.addingTimeInterval(minutes * 60) }

    @Test("The brief ranks the open tasks a person can see, outside archived projects", arguments: StoreBackend.all)
    func openTasks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let due = try await store.task("due", for: ada) { draft in
                draft.priority = 4
                draft.due = Due(date: LocalDate(iso: "2026-03-05")!, time: LocalTime(iso: "09:30"), string: "tomorrow")
                draft.deadline = Deadline(date: LocalDate(iso: "2026-03-10")!)
                draft.duration = TaskDuration(amount: 45, unit: .minute)
            }
            let plain = try await store.task("plain", for: ada)
            let done = try await store.task("done", for: ada)
            try await store.closeTask(userID: ada.id, id: done.id, now: suiteNow)
            let old = try await store.project("Old", for: ada)
            _ = try await store.task("in the archive", for: ada) { $0.projectID = old.id }
            _ = try await store.updateProject(
                userID: ada.id, id: old.id, changes: ProjectChanges(isArchived: true), now: suiteNow)
            _ = try await store.task("Bob's", for: bob)

            let facts = try await store.openTaskFacts(userID: ada.id)
            #expect(Set(facts.map(\.taskID)) == [due.id, plain.id])
            let first = try #require(facts.first { $0.taskID == due.id })
            #expect(first.priority == 4 && first.due?.date == LocalDate(iso: "2026-03-05"))
            #expect(first.due?.time == LocalTime(iso: "09:30") && first.deadline == LocalDate(iso: "2026-03-10"))
            #expect(first.estimate == TaskDuration(amount: 45, unit: .minute))
            #expect(first.assignedByID == nil && !first.hasAssignees && !first.isAssignedToViewer)
            let second = try #require(facts.first { $0.taskID == plain.id })
            #expect(second.priority == 1 && second.due == nil && second.deadline == nil && second.estimate == nil)
            #expect(try await store.openTaskFacts(userID: bob.id).count == 1)
        }
    }

    @Test(
        "The brief's reminders are the person's, going off in the window, on open tasks, soonest first",
        arguments: StoreBackend.all)
    func remindersInWindow(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("walk", for: ada)
            let done = try await store.task("done", for: ada)
            let late = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(50)), nag: nil, now: suiteNow)
            let soon = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(10)), nag: nil, now: suiteNow)
            _ = try await store.createReminder(
                userID: ada.id, taskID: task.id, time: .at(at(90)), nag: nil, now: suiteNow)
            _ = try await store.createReminder(
                userID: ada.id, taskID: done.id, time: .at(at(20)), nag: nil, now: suiteNow)
            try await store.closeTask(userID: ada.id, id: done.id, now: suiteNow)
            let found = try await store.reminders(userID: ada.id, firingFrom: at(10), to: at(60))
            #expect(found.map(\.id) == [soon.id, late.id])
            let bob = try await store.person("Bob")
            #expect(try await store.reminders(userID: bob.id, firingFrom: at(0), to: at(100)).isEmpty)
        }
    }

    @Test("Unread mentions come newest first, the person's only", arguments: StoreBackend.all)
    func mentions(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let listener = NotificationPolicy.Listener(quietHours: nil, timeZone: .gmt)
            let recipient = try #require(
                WritePlan.Notification.Recipient(ada.id, hearing: .mention, listener, at: suiteNow))
            for (index, kind) in [AppNotification.Kind.mention, .reminder, .mention].enumerated() {
                var plan = WritePlan()
                plan.notify(
                    .init(recipients: [recipient], kind: kind, text: "note \(index)", actorID: bob.id))
                try await apply(plan, to: store, now: at(Double(index)))
            }
            let mentions = try await store.unreadMentions(userID: ada.id, limit: 10)
            #expect(mentions.map(\.text) == ["note 2", "note 0"])
            #expect(mentions.allSatisfy { $0.kind == .mention && $0.actorID == bob.id && $0.readAt == nil })
            #expect(try await store.unreadMentions(userID: ada.id, limit: 1).map(\.text) == ["note 2"])
            #expect(try await store.unreadMentions(userID: bob.id, limit: 10).isEmpty)
            #expect(try await store.linkedTaskMessages(userID: ada.id, since: suiteNow).isEmpty)
        }
    }

    @Test(
        "A day's brief is recorded once, with its opening and notification, even when sent at once",
        arguments: StoreBackend.all)
    func dailyBrief(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            #expect(try await store.sentOpening(userID: ada.id) == nil)
            #expect(try await store.briefSchedules().map(\.lastSent) == [nil, nil])

            let day = try #require(LocalDate(iso: "2026-03-04"))
            let opening = SentBriefOpening(day: day, text: "A calm day.", model: .used)
            let sends = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        try await store.recordDailyBrief(
                            userID: ada.id, day: day, opening: opening, text: "Your day", now: suiteNow)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sends.filter { $0 }.count == 1)
            #expect(try await store.sentOpening(userID: ada.id) == opening)
            let schedules = try await store.briefSchedules()
            #expect(schedules.map(\.user.id) == [ada.id, bob.id])
            #expect(schedules.map(\.lastSent) == [day, nil])

            // An earlier day is not sent after a later one; the next day is, and an opening the model did not
            // write keeps its reason.
            let before = try #require(LocalDate(iso: "2026-03-03"))
            #expect(
                !(try await store.recordDailyBrief(userID: ada.id, day: before, opening: nil, text: "x", now: at(1))))
            let next = try #require(LocalDate(iso: "2026-03-05"))
            let unwritten = SentBriefOpening(day: next, text: nil, model: ModelUse(used: false, reason: "off"))
            #expect(
                try await store.recordDailyBrief(userID: ada.id, day: next, opening: unwritten, text: "y", now: at(2)))
            #expect(try await store.sentOpening(userID: ada.id) == unwritten)
        }
    }
}
