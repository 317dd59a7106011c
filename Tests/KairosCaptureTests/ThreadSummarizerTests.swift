import Foundation
import KairosCapture
import KairosCore
import Testing

/// The offline thread summary: bullets quoted from the most telling messages, decisions, blockers, questions
/// nobody answered, and the action engine's next steps, each pointing at its message.
@Suite struct ThreadSummarizerTests {
    let summarizer = ThreadSummarizer()

    /// A thread whose messages are one minute apart from a Tuesday morning in New York.
    func summary(_ members: [String], _ messages: [(String, String)]) -> ThreadSummary {
        summarizer.summary(of: Self.thread(members, messages))
    }

    static func thread(_ members: [String], _ messages: [(String, String)]) -> ActionThread {
        let zone = TimeZone(identifier: "America/New_York")!
        let first = LocalDateTime(iso: "2026-01-20T10:00")!
        return ActionThread(
            members: members.map { ActionMember(id: $0.lowercased(), name: $0) },
            messages: messages.enumerated().map { index, message in
                ActionMessage(
                    senderID: message.0.lowercased(), sentAt: first.adding(seconds: 60 * index, in: zone),
                    text: message.1)
            },
            timeZone: zone)
    }

    let team = ["Alice", "Bob", "Chen"]

    /// A launch thread as a small team writes one.
    static let launch: [(String, String)] = [
        ("Alice", "morning all"),
        ("Alice", "the launch page copy is nearly final, the pricing table still needs the annual plan numbers"),
        ("Bob", "ok"),
        ("Bob", "I'm blocked on the pricing table until finance sends the annual plan numbers"),
        ("Chen", "the launch video is rendered, uploading it to the launch page tonight"),
        ("Alice", "we decided to launch on tuesday instead of monday, the press embargo lifts tuesday"),
        ("Bob", "👍"),
        ("Chen", "do we have a press kit link for the launch email?"),
        ("Alice", "@bob can you send finance a reminder about the annual plan numbers by tomorrow"),
        ("Bob", "sure, will do"),
        ("Chen", "thanks!"),
        ("Alice", "should the launch email go to the beta list too?"),
        ("Alice", "Chen, let's go with the short version of the launch video on the page"),
    ]

    @Test func aLaunchThreadComesToBulletsDecisionsBlockersOpenQuestionsAndNextSteps() throws {
        let result = summary(team, Self.launch)
        let smallTalk: Set<Int> = [0, 2, 6, 9, 10]
        #expect(!result.summary.isEmpty && result.summary.count <= ThreadSummarizer.maxBullets)
        #expect(result.summary.allSatisfy { !smallTalk.contains($0.message) })
        #expect(result.summary.map(\.message) == result.summary.map(\.message).sorted())
        // Each bullet quotes its message.
        #expect(result.summary.allSatisfy { $0.text == Self.launch[$0.message].1 })
        #expect(result.summary.map(\.message).contains(1))

        #expect(
            result.decisions == [
                SummaryPoint(
                    text: "we decided to launch on tuesday instead of monday, the press embargo lifts tuesday",
                    message: 5),
                SummaryPoint(
                    text: "Chen, let's go with the short version of the launch video on the page", message: 12),
            ])
        #expect(
            result.blockers == [
                SummaryPoint(
                    text: "I'm blocked on the pricing table until finance sends the annual plan numbers", message: 3)
            ])
        // Chen's question was never answered (the next message speaks to Bob, and the later one to Chen shares
        // only "launch" with it), and only Alice writes after her own question.
        #expect(
            result.openQuestions == [
                SummaryPoint(text: "do we have a press kit link for the launch email?", message: 7),
                SummaryPoint(text: "should the launch email go to the beta list too?", message: 11),
            ])
        // Next steps are the action engine's, over the same messages.
        #expect(result.nextSteps == ActionEngine().actions(in: Self.thread(team, Self.launch)))
        let reminder = try #require(result.nextSteps.first { $0.message == 8 })
        #expect(reminder.title == "Send finance a reminder about the annual plan numbers")
        #expect(reminder.assignee?.name == "Bob")
        #expect(reminder.due?.date.iso == "2026-01-21")
    }

    @Test func acknowledgementsLaughsEmojiAndVeryShortMessagesAreNeverBullets() {
        let result = summary(
            team,
            [
                ("Alice", "ok"), ("Bob", "thanks!"), ("Chen", "👍🎉"), ("Alice", "lol"),
                ("Bob", "sounds good to me"),
                ("Chen", "got it, thanks so much"), ("Alice", "see you then"),
            ])
        #expect(result.summary.isEmpty)
        #expect(result.decisions.isEmpty && result.blockers.isEmpty && result.openQuestions.isEmpty)
    }

    @Test func decisionsAreSettledWordsNotQuestionsOrNegations() {
        let result = summary(
            team,
            [
                ("Alice", "should we go with the blue logo or the green one?"),
                ("Bob", "we haven't decided on the venue yet"),
                ("Chen", "Decision: code freeze on friday at noon"),
                ("Alice", "how about we keep the old domain for the docs"),
                ("Bob", "Agreed!"),
                ("Chen", "we're not going with the agency after all. Vendor B it is"),
            ])
        #expect(
            result.decisions == [
                SummaryPoint(text: "Decision: code freeze on friday at noon", message: 2),
                // A bare "Agreed!" settles the message it answers.
                SummaryPoint(text: "how about we keep the old domain for the docs", message: 3),
            ])
    }

    @Test func blockersAreWaitsAndDeniedAbilitiesNotQuestionsOrCleared() {
        let result = summary(
            team,
            [
                ("Alice", "still waiting for the signed contract from legal"),
                ("Bob", "are you waiting on me for the mockups?"),
                ("Chen", "we can't ship the android build until QA signs off"),
                ("Alice", "I'm no longer blocked on the API keys. Carry on"),
                ("Bob", "the migration is stuck on a foreign key error"),
                ("Chen", "I can't make it tomorrow"),
            ])
        #expect(
            result.blockers == [
                SummaryPoint(text: "still waiting for the signed contract from legal", message: 0),
                SummaryPoint(text: "we can't ship the android build until QA signs off", message: 2),
                SummaryPoint(text: "the migration is stuck on a foreign key error", message: 4),
            ])
    }

    @Test func aQuestionIsAnsweredByTheNextTurnOrALaterReplyOnItsTopic() {
        let result = summary(
            team,
            [
                // The next turn from someone else answers it.
                ("Alice", "is the staging server up again?"),
                ("Bob", "yes since this morning"),
                // Only the asker writes after it: open.
                ("Chen", "who has the keys to the storage room?"),
                ("Chen", "I need the tripod from there"),
                // A question to Bob is not answered by Alice.
                ("Alice", "@bob did you renew the domain?"),
                ("Chen", "no idea, sorry"),
                // A question answered with another question is still open.
                ("Chen", "can we move the retro to thursday?"),
                ("Bob", "what time were you thinking?"),
                // A later reply on the same topic answers it, even after other talk.
                ("Alice", "what's the wifi password at the venue?"),
                ("Chen", "Bob, the caterer confirmed 40 people"),
                ("Bob", "the venue wifi password is on the whiteboard"),
                // Too short to be a real question.
                ("Alice", "right?"),
            ])
        #expect(
            result.openQuestions.map(\.message) == [2, 4, 6, 7],
            "\(result.openQuestions)")
        #expect(result.openQuestions.first?.text == "who has the keys to the storage room?")
    }

    @Test func theMostTellingMessagesAreChosenAtMostFiveInThreadOrder() {
        let messages: [(String, String)] = [
            ("Alice", "the offsite budget is approved, the offsite is in Lisbon in May"),
            ("Bob", "great news for the offsite"),
            ("Chen", "I'll look at offsite hotels near the old town in Lisbon"),
            ("Alice", "flights for the offsite should be booked before march"),
            ("Bob", "my cat knocked my coffee over this morning"),
            ("Chen", "offsite agenda draft is in the shared drive"),
            ("Alice", "Lisbon weather in May is lovely apparently"),
            ("Bob", "the offsite dinner could be at a seafood place in Lisbon"),
            ("Chen", "someone should check visa needs for the offsite"),
        ]
        let result = summary(team, messages)
        #expect(result.summary.count == 5)
        #expect(result.summary.map(\.message) == result.summary.map(\.message).sorted())
        #expect(result.summary.map(\.message).contains(0))
        #expect(!result.summary.map(\.message).contains(4), "the aside is not what the thread is about")
        #expect(summary(team, messages) == result, "the same thread gives the same summary")
    }

    @Test func aLongMessageIsQuotedCutAtAWord() {
        let long = String(repeating: "the supplier keeps changing the delivery window for the stage lights ", count: 6)
        let result = summary(team, [("Alice", long)])
        let bullet = try? #require(result.summary.first)
        #expect(bullet?.text.hasSuffix("…") == true)
        #expect((bullet?.text.count ?? 0) <= ThreadSummarizer.maxQuote)
        #expect(bullet?.text.hasPrefix("the supplier keeps changing") == true)
    }

    @Test func anEmptyThreadHasAnEmptySummary() {
        let result = summary(team, [])
        #expect(result == ThreadSummary(summary: [], decisions: [], blockers: [], openQuestions: [], nextSteps: []))
    }
}
