import Foundation
import KairosCapture
import KairosCore
import Testing

/// A model's split of a transcript, merged with the offline engine: the model's wording, the engine's fields.
@Suite struct ModelTaskMergeTests {
    let merge = ModelTaskMerge()
    // Wednesday 4 March 2026, 14:30 in New York.
    let context = CaptureContext(
        now: LocalDateTime(iso: "2026-03-04T14:30")!, timeZone: TimeZone(identifier: "America/New_York")!,
        lists: ["Inbox", "Errands", "Work"])

    func merged(_ text: String, _ drafts: [ModelTaskDraft]) throws -> CaptureResult {
        try #require(merge.merge(drafts, into: text, context: context))
    }

    @Test func theModelWordsTheTasksAndTheEngineReadsTheirDatesFromTheWholeUtterance() throws {
        let text = "so um on friday I need to ring mom about the party and grab milk for errands"
        let result = try merged(
            text,
            [
                ModelTaskDraft(title: "Call Mom about the party", quote: "ring mom about the party"),
                ModelTaskDraft(title: "Buy milk", quote: "grab milk for errands", notes: "Semi-skimmed"),
            ])
        #expect(result.tasks.map(\.title) == ["Call Mom about the party", "Buy milk"])
        #expect(result.tasks.allSatisfy { $0.engine == .model })
        // "on friday" opens the segment before both actions: both are due then, though neither quote holds it.
        #expect(result.tasks.map(\.due?.date.iso) == ["2026-03-06", "2026-03-06"])
        #expect(result.tasks[1].list == "Errands")
        #expect(result.tasks[1].listExists)
        #expect(result.tasks[1].description == "Semi-skimmed")
        #expect(result.model == nil)
    }

    @Test func aCorrectionInTheQuotedWordsIsReadAsTheEngineReadsIt() throws {
        let text = "buy milk tomorrow actually make that friday at 5"
        let result = try merged(text, [ModelTaskDraft(title: "Buy milk", quote: text)])
        #expect(result.tasks.count == 1)
        #expect(result.tasks[0].due?.iso == "2026-03-06T17:00")
        #expect(result.tasks[0].sourceSpan == 0..<text.utf16.count)
    }

    @Test func datesTheModelLeftInATitleComeOutAndOnlyTheTranscriptSetsThem() throws {
        // The model wrote a wrong day into the title; the transcript says Thursday.
        let result = try merged(
            "email the landlord on thursday",
            [ModelTaskDraft(title: "Email the landlord on Monday", quote: "email the landlord on thursday")])
        #expect(result.tasks[0].title == "Email the landlord")
        #expect(result.tasks[0].due?.date.iso == "2026-03-05")
    }

    @Test func aQuoteIsFoundWithoutTheFillersTheModelTidiedAway() throws {
        let text = "I gotta, um, like, renew the passport next week"
        let result = try merged(text, [ModelTaskDraft(title: "Renew passport", quote: "renew passport next week")])
        #expect(result.tasks.count == 1)
        #expect(result.tasks[0].title == "Renew passport")
        #expect(result.tasks[0].due != nil)
    }

    @Test func aTaskTheModelSplitsInTwoKeepsWhatTheWholeSaid() throws {
        // The engine keeps "salt and pepper" together; a model that splits it still gets the shared day.
        let text = "buy salt and pepper tomorrow"
        let offline = CaptureEngine().capture(text, context: context)
        #expect(offline.tasks.count == 1)
        let result = try merged(
            text,
            [
                ModelTaskDraft(title: "Buy salt", quote: "buy salt"),
                ModelTaskDraft(title: "Buy pepper", quote: "pepper"),
            ])
        #expect(result.tasks.map(\.title) == ["Buy salt", "Buy pepper"])
        #expect(result.tasks.map(\.due) == [offline.tasks[0].due, offline.tasks[0].due])
    }

    @Test func whatTheModelLeftOutStaysAsTheEnginesTask() throws {
        let text = "call the bank on monday and fix the kitchen light"
        let result = try merged(text, [ModelTaskDraft(title: "Call the bank", quote: "call the bank on monday")])
        #expect(result.tasks.map(\.title) == ["Call the bank", "Fix the kitchen light"])
        #expect(result.tasks.map(\.engine) == [.model, .offline])
    }

    @Test func commentaryTheModelDroppedComesBackSetAside() throws {
        let text = "this week is crazy, pay the rent by friday"
        let result = try merged(text, [ModelTaskDraft(title: "Pay the rent", quote: "pay the rent by friday")])
        #expect(result.tasks.map(\.title) == ["Pay the rent"])
        #expect(result.setAside.map(\.text) == ["this week is crazy"])
    }

    @Test func aQuoteOfWordsNeverSaidRejectsTheWholeSplit() {
        let drafts = [
            ModelTaskDraft(title: "Call mom", quote: "call mom"),
            ModelTaskDraft(title: "Book flights", quote: "book flights to Lisbon"),
        ]
        #expect(merge.merge(drafts, into: "call mom tonight", context: context) == nil)
        #expect(
            merge.merge([ModelTaskDraft(title: "Call mom", quote: "   ")], into: "call mom", context: context) == nil)
    }

    @Test func noTasksFromTheModelLeavesTheEnginesReading() throws {
        let text = "water the plants at 6pm"
        let result = try merged(text, [])
        #expect(result.tasks == CaptureEngine().capture(text, context: context, keepUnparsedText: true).tasks)
        #expect(result.tasks.allSatisfy { $0.engine == .offline })
    }
}
