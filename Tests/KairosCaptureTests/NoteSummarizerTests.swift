import Foundation
import KairosCapture
import KairosCore
import Testing

/// A note read as a thread its author wrote alone: its sentences become the messages, and the thread summarizer's
/// rules read them; only in a note may the author answer their own question.
@Suite struct NoteSummarizerTests {
    let zone = TimeZone(identifier: "America/New_York")!
    let ada = ActionMember(id: "ada", name: "Ada")
    /// Tuesday 20 January 2026, 10:00 in New York.
    let written = Date(timeIntervalSince1970: 1_768_921_200)

    @Test func eachSentenceAndLineOfANoteIsOneMessageByItsAuthor() {
        let thread = ActionThread(
            note: "Offsite planning. We decided on Lisbon! Who books the venue?\nFlights next", author: ada,
            writtenAt: written, timeZone: zone)
        #expect(thread.members == [ada])
        #expect(
            thread.messages.map(\.text) == [
                "Offsite planning.", "We decided on Lisbon!", "Who books the venue?", "Flights next",
            ])
        #expect(thread.messages.allSatisfy { $0.senderID == "ada" })
        #expect(thread.messages.allSatisfy { $0.sentAt == LocalDateTime(iso: "2026-01-20T10:00") })
    }

    @Test func inANoteALaterSentenceOnTheQuestionsTopicAnswersItInAThreadOnlySomeoneElseDoes() {
        let text = "Where should the offsite dinner be? The offsite dinner will be at the harbour restaurant."
        let note = ActionThread(note: text, author: ada, writtenAt: written, timeZone: zone)
        let summarizer = ThreadSummarizer()
        #expect(summarizer.summary(of: note, source: .note).openQuestions.isEmpty)
        // The same words as one person's messages in a conversation: nobody else answered.
        #expect(summarizer.summary(of: note).openQuestions.map(\.message) == [0])

        let unrelated = ActionThread(
            note: "Where should the offsite dinner be? Book the flights this week.", author: ada, writtenAt: written,
            timeZone: zone)
        #expect(
            summarizer.summary(of: unrelated, source: .note).openQuestions.map(\.text) == [
                "Where should the offsite dinner be?"
            ])
    }
}
