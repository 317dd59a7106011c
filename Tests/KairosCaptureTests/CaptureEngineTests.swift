import Foundation
import KairosCapture
import KairosCore
import Testing

@Suite struct CaptureEngineTests {
    let engine = CaptureEngine()

    func context(
        _ now: String = "2026-03-04T14:30", zone: String = "America/New_York", lists: [String] = ["Inbox", "Errands"]
    )
        -> CaptureContext
    {
        CaptureContext(now: LocalDateTime(iso: now)!, timeZone: TimeZone(identifier: zone)!, lists: lists)
    }

    func text(_ source: String, _ span: Range<Int>) -> String {
        String(decoding: Array(source.utf16)[span], as: UTF16.self)
    }

    @Test func quickAddReadsTheWholeTextAsOneTask() throws {
        let input = "Renew passport friday 3pm #errands @admin p2"
        let task = try #require(engine.captureOne(input, context: context()))
        #expect(task.title == "Renew passport")
        #expect(task.due?.iso == "2026-03-06T15:00")
        #expect(task.list == "Errands")
        #expect(task.listExists)
        #expect(task.labels == ["admin"])
        #expect(task.priority == 2)
        // Quick add never splits: "and" stays in the title.
        #expect(engine.captureOne("buy salt and call mom", context: context())?.title == "Buy salt and call mom")
    }

    @Test func aHighlightedPhraseBecomesOneTaskWithItsPlaceInTheTranscript() throws {
        let transcript = "so um tomorrow I need to call the bank and pick up the kids at 3"
        let start = transcript.utf16.count - "pick up the kids at 3".utf16.count
        let task = try #require(
            engine.captureOne(transcript, range: start..<transcript.utf16.count, context: context()))
        #expect(task.title == "Pick up the kids")
        // The phrase alone is read: "tomorrow" was said outside it.
        #expect(task.due?.iso == "2026-03-04T15:00")
        #expect(text(transcript, task.sourceSpan) == "pick up the kids at 3")
        #expect(engine.captureOne(transcript, range: 0..<2, context: context()) == nil)
        #expect(engine.captureOne(transcript, range: 0..<999, context: context()) == nil)
        #expect(engine.captureOne("", context: context()) == nil)
    }

    @Test func everyTaskPointsAtWhereItWasSaid() throws {
        let transcript = "📞 call the dentist this week, buy stamps and fix the kitchen light"
        let tasks = engine.capture(transcript, context: context()).tasks
        #expect(tasks.map(\.title) == ["Call the dentist", "Buy stamps", "Fix the kitchen light"])
        #expect(
            tasks.map { text(transcript, $0.sourceSpan) } == [
                "call the dentist this week", "buy stamps", "fix the kitchen light",
            ])
    }

    @Test func fillerGivesNothingCommentaryIsSetAsideAndTheAPIKeepsWhatWasSaid() throws {
        #expect(engine.capture("um uh okay", context: context(), keepUnparsedText: true) == CaptureResult(tasks: []))
        #expect(engine.capture("", context: context(), keepUnparsedText: true) == CaptureResult(tasks: []))
        let remark = engine.capture("ok so where was i", context: context(), keepUnparsedText: true)
        #expect(remark.tasks.isEmpty)
        #expect(remark.setAside == [SetAsideClause(text: "where was i", span: 6..<17)])

        // Only phrases, no task and nothing set aside: the API keeps the transcript as a task.
        let kept = engine.capture("tomorrow at five", context: context(), keepUnparsedText: true).tasks
        #expect(kept.map(\.title) == ["Tomorrow at five"])
        let long = String(repeating: "tomorrow at five on friday at noon ", count: 20)
        let transcript = try #require(engine.capture(long, context: context(), keepUnparsedText: true).tasks.first)
        #expect(transcript.title.count == CaptureLimits.maxTitleCharacters)
        let description = try #require(transcript.description)
        #expect(long.hasPrefix(transcript.title.lowercased()))
        #expect(long.trimmingCharacters(in: .whitespaces).hasSuffix(description))
        #expect(transcript.title.count + description.count >= long.count - 3)
    }

    @Test func longTextIsCutWithAWarning() {
        let dump = String(repeating: "call the bank and ", count: 150)
        let result = engine.capture(dump, context: context())
        #expect(result.warnings == [.truncated(parsedWords: 500, totalWords: 600)])
        #expect(result.tasks.count == 125)
        #expect(result.tasks.allSatisfy { $0.title == "Call the bank" })
    }

    @Test func textThatIsNotEnglishIsFlagged() {
        let result = engine.capture("mañana tengo que llamar a mi madre", context: context())
        #expect(result.warnings == [.notEnglish])
        #expect(engine.capture("call the plumber tomorrow", context: context()).warnings.isEmpty)
    }

    @Test func elapsedTimeCrossesDaylightSavingChanges() {
        // New York springs forward at 02:00 on 2026-03-08 and falls back at 02:00 on 2026-11-01.
        let spring = context("2026-03-08T01:30")
        #expect(engine.capture("call mom in 2 hours", context: spring).tasks.first?.due?.iso == "2026-03-08T04:30")
        let beforeGap = context("2026-03-07T23:00")
        #expect(
            engine.capture("water the plants tomorrow at 2:30am", context: beforeGap).tasks.first?.due?.iso
                == "2026-03-08T03:30")
        let fall = context("2026-11-01T01:30")
        #expect(engine.capture("call mom in an hour", context: fall).tasks.first?.due?.iso == "2026-11-01T01:30")
        let berlin = context("2026-03-28T23:30", zone: "Europe/Berlin")
        #expect(
            engine.capture("check the heating in 3 hours", context: berlin).tasks.first?.due?.iso == "2026-03-29T03:30")
    }

    @Test func theSameInputGivesTheSameOutput() {
        let input = "okay so tomorrow I need to email Jen about the budget and uh put milk on my errands list, p1"
        let first = engine.capture(input, context: context())
        for _ in 0..<5 { #expect(engine.capture(input, context: context()) == first) }
    }

    @Test func listsMatchTheUsersNamesOrComeBackAsSpoken() {
        let tasks = engine.capture(
            "add paper towels to my errand list and put seeds on my garden list", context: context()
        ).tasks
        #expect(tasks.map(\.list) == ["Errands", "Garden"])
        #expect(tasks.map(\.listExists) == [true, false])
        #expect(tasks.map(\.title) == ["Paper towels", "Seeds"])
    }
}
