import Foundation
import KairosCapture
import KairosCore
import Testing

/// What a conversation message is about, and the offline assistant's words for its answers.
@Suite struct AssistantTopicTests {
    let engine = AssistantEngine()

    /// Wednesday 4 March 2026, 09:30 in New York.
    let context = CaptureContext(
        now: LocalDateTime(iso: "2026-03-04T09:30")!, timeZone: TimeZone(identifier: "America/New_York")!,
        lists: ["Inbox"])

    func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    func topic(_ text: String) -> AssistantTopic { engine.topic(of: text, context: context) }

    @Test func questionsAboutTheUsersTasks() {
        #expect(
            topic("what's due tomorrow?")
                == .tasks(.due(.init(name: .tomorrow, first: day("2026-03-05"), last: day("2026-03-05")))))
        #expect(
            topic("what's due today")
                == .tasks(.due(.init(name: .today, first: day("2026-03-04"), last: day("2026-03-04")))))
        #expect(
            topic("what do I have on friday")
                == .tasks(.due(.init(name: .day, first: day("2026-03-06"), last: day("2026-03-06")))))
        #expect(
            topic("what's due this week")
                == .tasks(.due(.init(name: .thisWeek, first: day("2026-03-02"), last: day("2026-03-08")))))
        #expect(topic("what's overdue") == .tasks(.overdue))
        #expect(
            topic("what did I complete this week?")
                == .tasks(.completed(.init(name: .thisWeek, first: day("2026-03-02"), last: day("2026-03-08")))))
        #expect(
            topic("what did I finish today")
                == .tasks(.completed(.init(name: .today, first: day("2026-03-04"), last: day("2026-03-04")))))
    }

    @Test func greetingsThanksAndTheRest() {
        #expect(topic("hi!") == .greeting)
        #expect(topic("hey, how are you") == .greeting)
        #expect(topic("thanks so much") == .thanks)
        #expect(topic("what's the capital of France?") == .other)
        #expect(topic("how do I change the due date of a task?") == .other)
        #expect(topic("") == .other)
    }

    @Test func datesInWords() {
        let today = day("2026-03-04")
        #expect(AssistantReplyText.date(day("2026-03-06"), today: today) == "Friday, March 6")
        #expect(AssistantReplyText.date(day("2027-03-09"), today: today) == "Tuesday, March 9, 2027")
        #expect(AssistantReplyText.dateAnswer(today, today: today) == "Today is Wednesday, March 4.")
    }

    @Test func repliesNameWhatTheyHold() {
        #expect(
            AssistantReplyText.list(title: "Packing list for the beach", items: ["Sunscreen", "Towels", "Snacks"])
                == "Here's \"Packing list for the beach\" with 3 items: sunscreen, towels and snacks. Add it to keep "
                + "it as a task with subtasks.")
        #expect(AssistantReplyText.list(title: "Shopping list", items: ["DVD player"]).contains("1 item: DVD player."))
        #expect(AssistantReplyText.reminders(count: 2, added: 2).hasPrefix("I've set up 2 reminders"))
        let tomorrow = AssistantPeriod(name: .tomorrow, first: day("2026-03-05"), last: day("2026-03-05"))
        #expect(
            AssistantReplyText.tasks(.due(tomorrow), count: 0, today: day("2026-03-04")) == "Nothing is due tomorrow.")
        let friday = AssistantPeriod(name: .day, first: day("2026-03-06"), last: day("2026-03-06"))
        #expect(
            AssistantReplyText.tasks(.due(friday), count: 1, today: day("2026-03-04"))
                == "You have 1 task due on Friday, March 6:")
    }
}
