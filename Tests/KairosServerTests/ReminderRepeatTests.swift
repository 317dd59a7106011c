import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Testing

extension TestAPI {
    /// The notices a delivery pass would send now, as JSON objects.
    func pushedNotices(_ channel: RecordingChannel, from count: Int = 0) throws -> [[String: Any]] {
        try channel.sent.dropFirst(count).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any])
        }
    }

    /// Follows the link of a notice's action, as a phone's notification button does (or opening it, for
    /// `acknowledge`): no session, the link's token.
    func follow(_ notice: [String: Any], _ action: String, snooze: String? = nil) async throws -> Reply {
        let actions = try #require(notice["actions"] as? [[String: String]])
        let link = try #require(
            action == "acknowledge" ? notice["acknowledge_url"] as? String : actions.first { $0["action"] == action }?["url"])
        let url = try #require(URLComponents(string: link))
        let query = (url.percentEncodedQuery ?? "") + (snooze.map { "&for=\($0)" } ?? "")
        return try await with(token: nil).send(.post, url.path + "?" + query)
    }
}

@Suite("Reminders that come back until answered, and answering them from the notification")
struct ReminderRepeatTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test("Repeats come at 5, 10, 20 and 40 minutes, then hourly, never in quiet hours, at most 8 a day")
    func schedule() throws {
        let start = try #require(APITimestamp.parse("2026-03-04T14:00:00Z"))  // 9:00 in New York
        var count = ReminderRepeats.Count()
        var moment = start
        var gaps: [Int] = []
        for _ in 0..<6 {
            let next = ReminderRepeats.next(after: moment, count: count, quietHours: nil, timeZone: Self.newYork)
            gaps.append(Int(next.at.timeIntervalSince(moment) / 60))
            (moment, count) = (next.at, next.count)
        }
        #expect(gaps == [5, 10, 20, 40, 60, 60])

        // Quiet from 22:00 to 07:00: a repeat that would fall at 22:30 waits for 7:00.
        let quiet = QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 7, minute: 0)!)
        let late = try #require(APITimestamp.parse("2026-03-05T03:20:00Z"))  // 22:20, inside quiet hours after 10 min
        let held = ReminderRepeats.next(
            after: late, count: ReminderRepeats.Count(repeats: 1), quietHours: quiet, timeZone: Self.newYork)
        #expect(held.at == APITimestamp.parse("2026-03-05T12:00:00Z"))

        // The ninth repeat of a day waits for the next morning.
        let day = LocalDate(start, in: Self.newYork)
        let capped = ReminderRepeats.next(
            after: start, count: ReminderRepeats.Count(repeats: 12, today: 8, day: day), quietHours: nil,
            timeZone: Self.newYork)
        #expect(capped.at == APITimestamp.parse("2026-03-05T14:00:00Z") && capped.count.today == 1)
    }

    @Test("Snooze choices: 10 minutes, an hour, this evening at 18:00, tomorrow morning at 9:00")
    func snoozeChoices() throws {
        let afternoon = try #require(APITimestamp.parse("2026-03-04T20:00:00Z"))  // 15:00 in New York
        let moments = SnoozeChoice.allCases.map { $0.moment(from: afternoon, in: Self.newYork) }
        #expect(moments == [
            APITimestamp.parse("2026-03-04T20:10:00Z"), APITimestamp.parse("2026-03-04T21:00:00Z"),
            APITimestamp.parse("2026-03-04T23:00:00Z"), APITimestamp.parse("2026-03-05T14:00:00Z"),
        ])
        let night = try #require(APITimestamp.parse("2026-03-05T00:30:00Z"))  // 19:30: the evening has begun
        #expect(SnoozeChoice.evening.moment(from: night, in: Self.newYork) == APITimestamp.parse("2026-03-05T23:00:00Z"))
        let small = try #require(APITimestamp.parse("2026-03-05T07:00:00Z"))  // 2:00: still the night before
        #expect(SnoozeChoice.morning.moment(from: small, in: Self.newYork) == APITimestamp.parse("2026-03-05T14:00:00Z"))
        #expect(SnoozeChoice.allCases.allSatisfy { !$0.label.contains("!") })
    }

    @Test("A nagging reminder comes back until acknowledged from its notification, and then stops everywhere")
    func nagUntilAcknowledged() async throws {
        try await withAda { ada in
            try await ada.subscribe(BrowserSubscription())
            let task = try await ada.createTask("Take the medicine")
            let reminder = try expectOK(
                try await ada.remind(
                    #"{"task_id": "\#(task.id)", "type": "absolute", "due": {"datetime": "2026-03-04T10:00:00"}, "nag": true}"#),
                .created, as: Reminder.self)
            #expect(reminder.nag == true && !reminder.again)
            let channel = RecordingChannel()
            let delivery = try ada.noticeDelivery(to: channel)
            ada.clock.set("2026-03-04T15:00:00Z")
            try await ada.fireDueReminders()
            try await delivery.pass()
            let first = try ada.pushedNotices(channel)
            #expect(first.count == 1 && first[0]["tag"] as? String == "reminder-\(task.id)")
            let waiting = try #require(try await ada.reminders(on: task.id).first)
            #expect(waiting.again && waiting.firedAt == nil && waiting.fireAt == APITimestamp.parse("2026-03-04T15:05:00Z"))

            ada.clock.set("2026-03-04T15:05:00Z")
            try await ada.fireDueReminders()
            try await delivery.pass()
            ada.clock.set("2026-03-04T15:15:00Z")
            try await ada.fireDueReminders()
            try await delivery.pass()
            #expect(channel.sent.count == 3)

            // Answered from the phone: no more repeats, and the feed's entries are read on every device.
            let latest = try #require(try ada.pushedNotices(channel).last)
            try expectNoContent(try await ada.follow(latest, "acknowledge"))
            let answered = try #require(try await ada.reminders(on: task.id).first)
            #expect(!answered.again && answered.firedAt == APITimestamp.parse("2026-03-04T15:15:00Z"))
            #expect(try await ada.get("notifications/unread_count").object?["unread_count"] as? Int == 0)
            ada.clock.set("2026-03-04T18:00:00Z")
            #expect(try await ada.fireDueReminders().isEmpty)
        }
    }

    @Test("Snooze and Done from the notification: it comes back after the snooze, and Done completes the task")
    func snoozeThenDone() async throws {
        try await withAda { ada in
            try await ada.subscribe(BrowserSubscription())
            let channel = RecordingChannel()
            let delivery = try ada.noticeDelivery(to: channel)
            let task = try await ada.remindAndSend("Call the bank", by: delivery)
            let notice = try #require(try ada.pushedNotices(channel).first)
            #expect((notice["actions"] as? [[String: String]])?.map { $0["action"] } == ["done", "snooze", "open"])

            try expectNoContent(try await ada.follow(notice, "snooze", snooze: "1h"))
            let snoozed = try #require(try await ada.reminders(on: task.id).first)
            #expect(snoozed.again && snoozed.fireAt == APITimestamp.parse("2026-03-04T16:00:00Z"))
            ada.clock.set("2026-03-04T15:59:00Z")
            #expect(try await ada.fireDueReminders().isEmpty)
            ada.clock.set("2026-03-04T16:00:00Z")
            #expect(try await ada.fireDueReminders() == ["Call the bank"])
            try await delivery.pass()
            let again = try #require(try ada.pushedNotices(channel, from: 1).first)
            #expect(again["tag"] as? String == notice["tag"] as? String && again["id"] as? String != notice["id"] as? String)

            try expectNoContent(try await ada.follow(again, "done"))
            #expect(try await ada.task(task.id).isCompleted)
        }
    }

    @Test("A notice's link works for that notice alone, and bad answers change nothing")
    func linksAreScoped() async throws {
        try await withAda { ada in
            try await ada.subscribe(BrowserSubscription())
            let channel = RecordingChannel()
            let delivery = try ada.noticeDelivery(to: channel)
            let task = try await ada.remindAndSend("Pay rent", by: delivery)
            let notice = try #require(try ada.pushedNotices(channel).first)
            let id = try #require(notice["id"] as? String)
            let link = try #require((notice["actions"] as? [[String: String]])?.first?["url"])
            let token = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value)

            let anonymous = ada.with(token: nil)
            expectError(try await anonymous.post("notices/\(id)/done"), .notFound, code: "not_found")
            expectError(try await anonymous.post("notices/\(id)/done?token=\(token)x"), .notFound, code: "not_found")
            expectError(
                try await anonymous.post("notices/\(Int(id)! + 1)/done?token=\(token)"), .notFound, code: "not_found")
            expectError(try await anonymous.post("notices/\(id)/explode?token=\(token)"), .notFound, code: "not_found")
            expectError(
                try await ada.follow(notice, "snooze", snooze: "forever"), .badRequest, code: "invalid_field",
                mentioning: "for")
            #expect(try await ada.task(task.id).isCompleted == false)
            #expect(try await ada.reminders(on: task.id).first?.again == false)
        }
    }

    @Test("Snooze and acknowledge from the app; someone else's reminder is not found")
    func fromTheApp() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Stretch")
            let reminder = try await ada.remind(task.id, at: "2026-03-04T10:00:00")
            ada.clock.set("2026-03-04T15:00:00Z")
            try await ada.fireDueReminders()
            let snoozed = try expectOK(
                try await ada.post("reminders/\(reminder.id)/snooze", json: #"{"for": "evening"}"#), as: Reminder.self)
            #expect(snoozed.again && snoozed.fireAt == APITimestamp.parse("2026-03-04T23:00:00Z"))
            expectError(
                try await ada.post("reminders/\(reminder.id)/snooze", json: #"{"for": "later"}"#), .badRequest,
                code: "invalid_field", mentioning: "10m, 1h, evening, morning")
            let own = try expectOK(
                try await ada.post("reminders/\(reminder.id)/snooze", json: #"{"until": "2026-03-04T11:30:00"}"#),
                as: Reminder.self)
            #expect(own.fireAt == APITimestamp.parse("2026-03-04T16:30:00Z"))
            for body in [#"{"until": "2026-03-04T09:00:00"}"#, #"{"until": "2026-04-04T09:00:00"}"#, #"{"until": "soon"}"#] {
                expectError(
                    try await ada.post("reminders/\(reminder.id)/snooze", json: body), .badRequest, code: "invalid_field",
                    mentioning: "until")
            }
            expectError(
                try await ada.post("reminders/\(reminder.id)/snooze", json: #"{"for": "1h", "until": "2026-03-04T11:30:00"}"#),
                .badRequest, code: "invalid_field")
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            expectError(
                try await bob.post("reminders/\(reminder.id)/acknowledge"), .notFound, code: "not_found")
            let answered = try expectOK(try await ada.post("reminders/\(reminder.id)/acknowledge"), as: Reminder.self)
            #expect(!answered.again && answered.firedAt == APITimestamp.parse("2026-03-04T15:00:00Z"))
            let quiet = try expectOK(
                try await ada.post("reminders/\(reminder.id)", json: #"{"nag": false}"#), as: Reminder.self)
            #expect(quiet.nag == false && quiet.fireAt == answered.fireAt)
        }
    }
}

@Suite("Nagging as a person's setting")
struct NagSettingTests {
    @Test("With nag_reminders on, every reminder comes back unless it says otherwise")
    func setting() async throws {
        try await withAda { ada in
            let me = try expectOK(try await ada.post("user", json: #"{"nag_reminders": true}"#), as: User.self)
            #expect(me.nagReminders)
            let task = try await ada.createTask("Drink water")
            let follows = try await ada.remind(task.id, at: "2026-03-04T10:00:00")
            let opted = try expectOK(
                try await ada.remind(
                    #"{"task_id": "\#(task.id)", "type": "absolute", "due": {"datetime": "2026-03-04T10:00:00"}, "nag": false}"#),
                .created, as: Reminder.self)
            #expect(follows.nag == nil && opted.nag == false)
            ada.clock.set("2026-03-04T15:00:00Z")
            try await ada.fireDueReminders()
            let after = try await ada.reminders(on: task.id)
            #expect(after.first { $0.id == follows.id }?.again == true)
            #expect(after.first { $0.id == opted.id }?.again == false)
            expectError(
                try await ada.post("user", json: #"{"nag_reminders": "yes"}"#), .badRequest, code: "invalid_field")
        }
    }
}
