import Foundation
import Hummingbird
import KairosAI
import KairosCore
import KairosServer
import KairosStore
import Logging
import Testing

extension TestAPI {
    /// The scheduler as the server runs it, on this server's store and clock (and model, if given).
    func briefScheduler(store: (any DataStore)? = nil, model: (any LanguageModel)? = nil) -> DailyBriefScheduler {
        let store = store ?? self.store
        let briefs = BriefService(
            store: store, clock: clock.serverClock,
            model: model.map { ModelBrief(model: $0, logger: Logger(label: "test")) })
        return DailyBriefScheduler(store: store, briefs: briefs, clock: clock.serverClock)
    }

    /// The caller's notifications of their daily brief, newest first.
    func briefNotifications() async throws -> [AppNotification] {
        try expectOK(try await get("notifications", ["limit": "200"]), as: Page<AppNotification>.self).results
            .filter { $0.kind == .brief }
    }
}

@Suite("The daily brief arrives at the brief time on workdays, once a day")
struct DailyBriefSchedulerTests {
    @Test("At 08:00 on a workday in the user's zone the brief comes once, named by its Top 3, and pushed")
    func arrivesOnce() async throws {
        // Ada signs up on Wednesday at 09:30 in New York, after that day's brief time: her first brief is Thursday's.
        try await withAda { ada in
            _ = try await ada.createTask("Send the deck", priority: 4, dueDate: "2026-03-05")
            _ = try await ada.createTask("Water the plants", dueDate: "2026-03-05")
            let scheduler = ada.briefScheduler()
            #expect(try await scheduler.sendDue().isEmpty)

            ada.clock.set("2026-03-05T12:59:00Z")  // Thursday 07:59 in New York
            #expect(try await scheduler.sendDue().isEmpty)
            ada.clock.set("2026-03-05T13:00:00Z")
            #expect(try await scheduler.sendDue() == [ada.me.id])
            #expect(try await scheduler.sendDue().isEmpty)
            ada.clock.set("2026-03-05T22:00:00Z")
            #expect(try await scheduler.sendDue().isEmpty)

            let notices = try await ada.briefNotifications()
            #expect(notices.count == 1)
            #expect(notices.first?.text == "Your brief is ready: \u{201C}Send the deck\u{201D} and \u{201C}Water the plants\u{201D} first")
            #expect(notices.first?.quiet == false)
            let events = try expectOK(try await ada.get("events", ["after": "0"]), as: Page<UserEvent>.self).results
            #expect(events.contains { $0.kind == .notificationCreated })

            // Friday comes once more; the weekend is not a workday.
            ada.clock.set("2026-03-06T13:30:00Z")
            #expect(try await scheduler.sendDue() == [ada.me.id])
            ada.clock.set("2026-03-07T13:30:00Z")
            #expect(try await scheduler.sendDue().isEmpty)
            #expect(try await ada.briefNotifications().count == 2)
        }
    }

    @Test("A restarted server, or a second one on the same data, sends no brief twice")
    func oncePerDayAcrossRestarts() async throws {
        try await withAda { ada in
            ada.clock.set("2026-03-05T13:05:00Z")
            #expect(try await ada.briefScheduler().sendDue() == [ada.me.id])
            let reopened = try SQLiteStore(path: ada.dataFolder.appendingPathComponent("kairos.sqlite").path)
            #expect(try await ada.briefScheduler(store: reopened).sendDue().isEmpty)
            #expect(try await ada.briefNotifications().count == 1)
        }
    }

    @Test("The user's own brief time, workdays and quiet hours decide; an empty day still says so")
    func followsPreferences() async throws {
        try await withAda { ada in
            let saturdays = try await ada.post(
                "user", json: #"{"workdays": [6], "daily_brief_time": "06:30", "quiet_hours": {"start": "22:00", "end": "07:00"}}"#)
            #expect(saturdays.status == .ok, "\(saturdays)")
            let scheduler = ada.briefScheduler()
            ada.clock.set("2026-03-06T13:00:00Z")  // Friday 08:00: no longer a workday
            #expect(try await scheduler.sendDue().isEmpty)
            ada.clock.set("2026-03-07T11:29:00Z")  // Saturday 06:29
            #expect(try await scheduler.sendDue().isEmpty)
            ada.clock.set("2026-03-07T11:30:00Z")
            #expect(try await scheduler.sendDue() == [ada.me.id])
            let notice = try #require(try await ada.briefNotifications().first)
            #expect(notice.text == "Your brief is ready: your list is clear")
            // 06:30 falls in her quiet hours: kept in the feed, not pushed.
            #expect(notice.quiet)
        }
    }
}

/// The brief's opening paragraph: the model's, written once when the brief is sent, for users who allow it;
/// Kairos' own from the brief's facts otherwise, with the reason.
@Suite struct BriefOpeningTests {
    static let written = "A calm Thursday: start with the deck, then the plants can wait for the afternoon."

    func withAdasThursday(
        _ model: ScriptedModel, _ body: @Sendable (_ ada: TestAPI) async throws -> Void
    ) async throws {
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada Lovelace")
            _ = try await ada.createTask("Send the deck", priority: 4, dueDate: "2026-03-05")
            _ = try await ada.createTask("Water the plants", dueDate: "2026-03-05")
            try await body(ada)
        }
    }

    @Test func theModelWritesTheOpeningWhenTheBriefIsSentFromItsFacts() async throws {
        let model = ScriptedModel(.json(["opening": .string(Self.written)]))
        try await withAdasThursday(model) { ada in
            // Wednesday: no brief sent today yet, so the opening is Kairos' own and the model's is still to come.
            let wednesday = try await ada.brief()
            #expect(wednesday.opening == "Nothing is due today. Start with \u{201C}Send the deck\u{201D}.")
            #expect(wednesday.model == ModelUse(used: false, reason: "pending"))

            ada.clock.set("2026-03-05T13:00:00Z")  // Thursday 08:00 in New York
            #expect(try await ada.briefScheduler(model: model).sendDue() == [ada.me.id])
            let thursday = try await ada.brief()
            #expect(thursday.opening == Self.written && thursday.model == .used)

            // Friday before the brief time: Thursday's words are not Friday's.
            ada.clock.set("2026-03-06T12:00:00Z")
            let friday = try await ada.brief()
            #expect(friday.model == ModelUse(used: false, reason: "pending"))
            #expect(friday.opening.hasPrefix("Nothing new is due today, and 2 are still on your list from before."))
        }
        #expect(model.prompts.count == 1)
        let prompt = try #require(model.prompts.first)
        let input = try JSONValue(parsing: try #require(prompt.messages.first.map(\.text)))
        #expect(input["name"]?.stringValue == "Ada")
        #expect(input["top3"]?.arrayValue?.first?["title"]?.stringValue == "Send the deck")
        #expect(input["due_today"]?.arrayValue?.count == 2)
        #expect(prompt.system.contains("overdue"))
    }

    @Test(
        arguments: [
            (ScriptedModel.Answer.failure(.serverError(status: 503)), "server_error"),
            (.json(["opening": "   "]), "malformed_answer"),
            (.json(["opening": .string(String(repeating: "long ", count: 200))]), "malformed_answer"),
        ])
    func aFailingModelLeavesKairosOwnOpeningAndSaysWhy(answer: ScriptedModel.Answer, reason: String) async throws {
        try await withAdasThursday(ScriptedModel(answer)) { ada in
            ada.clock.set("2026-03-05T13:00:00Z")
            let model = ScriptedModel(answer)
            #expect(try await ada.briefScheduler(model: model).sendDue() == [ada.me.id])
            let brief = try await ada.brief()
            #expect(brief.model == ModelUse(used: false, reason: reason))
            #expect(brief.opening == "2 tasks are due today. Start with \u{201C}Send the deck\u{201D}.")
        }
    }

    @Test func nothingGoesToTheModelForSomeoneWhoTurnedItOff() async throws {
        let model = ScriptedModel(.json(["opening": .string(Self.written)]))
        try await withAdasThursday(model) { ada in
            _ = try expectOK(try await ada.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            #expect(try await ada.brief().model == ModelUse(used: false, reason: "opted_out"))
            ada.clock.set("2026-03-05T13:00:00Z")
            #expect(try await ada.briefScheduler(model: model).sendDue() == [ada.me.id])
            let brief = try await ada.brief()
            #expect(brief.model == ModelUse(used: false, reason: "opted_out"))
            #expect(brief.opening.hasPrefix("2 tasks are due today."))
        }
        #expect(model.prompts.isEmpty)
    }
}
