import Foundation
import KairosCapture
import KairosCore
import Testing

/// Reading a search query as a commitment question: the person, the commitment, who has to act, the time and
/// the words left, over many phrasings; anything without a person and a commitment stays a plain search.
@Suite struct SearchQuestionReaderTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    /// Wednesday 4 March 2026, 09:30 in New York.
    static let now = LocalDateTime(iso: "2026-03-04T09:30")!.instant(in: zone)

    static let ben = QueryPerson(id: "2", name: "Ben Adams", handle: "badams")
    static let carol = QueryPerson(id: "3", name: "Carol Diaz", handle: "carol")
    static let alexKim = QueryPerson(id: "4", name: "Alex Kim", handle: "akim")
    static let alexRay = QueryPerson(id: "5", name: "Alex Ray", handle: "alexr")

    let reader = SearchQuestionReader(people: [ben, carol, alexKim, alexRay], now: now, timeZone: zone)

    func start(_ iso: String) -> Date { LocalDate(iso: iso)!.startOfDay(in: Self.zone) }

    @Test(arguments: [
        "what did I promise Ben", "What did I promise Ben?", "what did i promise BEN", "promises to Ben",
        "my promises to Ben", "what do I owe Ben", "things I owe ben", "what did I tell Ben I'd do",
        "what did I say I would send Ben", "what I said I'd do for Ben", "what have I agreed to with Ben",
        "what have I committed to for Ben", "what did Ben ask me", "what did Ben ask me to do", "Ben asked me to",
        "Ben's requests", "requests from Ben", "what have I been asked by Ben", "what does Ben want me to do",
        "what did I promise Ben Adams", "what did I promise badams", "what did I promise @badams",
        "what did I promise Ben’s team",
    ])
    func whatTheUserOwesThePerson(_ query: String) {
        let question = reader.read(query)
        #expect(question.person == Self.ben, "\(query)")
        #expect(question.commitment, "\(query)")
        #expect(question.direction == .mine, "\(query)")
        #expect(question.isCommitmentQuestion, "\(query)")
    }

    @Test(arguments: [
        "what did I ask Ben", "what did I ask Ben to do", "what did Ben promise me", "what does Ben owe me",
        "Ben's promises", "promises from Ben", "what did Ben say he'd do", "what did Ben tell me they would send",
        "what was I promised by Ben", "requests to Ben", "what has Ben agreed to",
    ])
    func whatThePersonOwesTheUser(_ query: String) {
        let question = reader.read(query)
        #expect(question.person == Self.ben, "\(query)")
        #expect(question.direction == .theirs, "\(query)")
        #expect(question.isCommitmentQuestion, "\(query)")
    }

    @Test func aCommitmentWithNoSideLeavesTheDirectionOpen() {
        let question = reader.read("commitments with Carol")
        #expect(question.person == Self.carol)
        #expect(question.isCommitmentQuestion)
        #expect(question.direction == nil)
    }

    @Test(arguments: [
        "promise ring", "what did I promise", "owe", "Ben", "deck Ben", "what did Ben say about the deck",
        "Ben's deck", "lanterns", "asked", "promised Alex",
    ])
    func withoutAPersonAndACommitmentItIsAPlainSearch(_ query: String) {
        #expect(!reader.read(query).isCommitmentQuestion, "\(query)")
    }

    @Test func aFirstNameTwoPeopleShareNamesNoOneButTheFullNameDoes() {
        #expect(reader.read("what did I promise Alex").person == nil)
        #expect(reader.read("what did I promise Alex Ray").person == Self.alexRay)
        #expect(reader.read("what did I promise alexr").person == Self.alexRay)
    }

    @Test func aPersonNotAmongThePeopleIsNoOne() {
        let question = reader.read("what did I promise Zed")
        #expect(question.person == nil)
        #expect(question.commitment)
        #expect(question.words == ["zed"])
    }

    @Test func theWordsLeftAreSearchWords() {
        #expect(reader.read("what did I promise Ben about the deck").words == ["deck"])
        #expect(reader.read("what did I promise Ben").words.isEmpty)
        #expect(reader.read("what did Ben ask me to send for the launch page").words == ["send", "launch", "page"])
        #expect(reader.read("promise ring").words == ["ring"])
    }

    @Test func timesAreReadInTheUsersZoneFromToday() {
        // Wednesday 4 March 2026 in New York; weeks start on Monday.
        let cases: [(String, SearchPeriod)] = [
            ("what did I promise Ben today", SearchPeriod(from: start("2026-03-04"), to: start("2026-03-05"))),
            ("what did I promise Ben yesterday", SearchPeriod(from: start("2026-03-03"), to: start("2026-03-04"))),
            ("what did I promise Ben this week", SearchPeriod(from: start("2026-03-02"), to: start("2026-03-09"))),
            ("what did I promise Ben last week", SearchPeriod(from: start("2026-02-23"), to: start("2026-03-02"))),
            ("what did I promise Ben this month", SearchPeriod(from: start("2026-03-01"), to: start("2026-04-01"))),
            ("what did I promise Ben last month", SearchPeriod(from: start("2026-02-01"), to: start("2026-03-01"))),
            ("what did I promise Ben since Monday", SearchPeriod(from: start("2026-03-02"))),
            // The same weekday as today means a week ago.
            ("what did I promise Ben since Wednesday", SearchPeriod(from: start("2026-02-25"))),
            ("what did I promise Ben since yesterday", SearchPeriod(from: start("2026-03-03"))),
            ("what did I promise Ben since last week", SearchPeriod(from: start("2026-02-23"))),
            ("what did I promise Ben in the last 3 days", SearchPeriod(from: Self.now.addingTimeInterval(-3 * 86_400))),
            (
                "what did I promise Ben over the past two weeks",
                SearchPeriod(from: Self.now.addingTimeInterval(-14 * 86_400))
            ),
            ("what did I promise Ben in the past week", SearchPeriod(from: Self.now.addingTimeInterval(-7 * 86_400))),
        ]
        for (query, period) in cases {
            let question = reader.read(query)
            #expect(question.period == period, "\(query)")
            #expect(question.words.isEmpty, "\(query): \(question.words)")
            #expect(question.person == Self.ben && question.direction == .mine, "\(query)")
        }
        #expect(reader.read("what did I promise Ben").period == nil)
    }

    @Test func theDayCountsInTheUsersZoneNotUTC() {
        // 03:30 on Thursday 5 March in Auckland is still Wednesday in UTC.
        let auckland = TimeZone(identifier: "Pacific/Auckland")!
        let late = SearchQuestionReader(people: [Self.ben], now: Self.now, timeZone: auckland)
        let today = LocalDate(iso: "2026-03-05")!
        #expect(
            late.read("what did I promise Ben today").period
                == SearchPeriod(
                    from: today.startOfDay(in: auckland), to: today.adding(days: 1).startOfDay(in: auckland)))
    }

    @Test func theSameQueryReadsTheSameWay() {
        let query = "what did Ben ask me to do last week about the deck"
        #expect(reader.read(query) == reader.read(query))
    }
}
