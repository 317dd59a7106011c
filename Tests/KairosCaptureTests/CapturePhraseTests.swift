import Foundation
import KairosCapture
import KairosCore
import Testing

@Suite("The phrases that set a proposal's fields, for a client to highlight")
struct CapturePhraseTests {
    let engine = CaptureEngine()
    let context = CaptureContext(
        now: LocalDateTime(iso: "2026-03-04T14:30")!, timeZone: TimeZone(identifier: "America/New_York")!,
        lists: ["Inbox", "Work"])

    /// Each phrase as its field and the words it covers.
    func said(_ proposal: CaptureProposal, in text: String) -> [String] {
        proposal.phrases.map { "\($0.field.rawValue): \(String(decoding: Array(text.utf16)[$0.span], as: UTF16.self))" }
    }

    @Test("Quick add text: the date, priority, list and label are found where they were typed")
    func quickAddPhrases() throws {
        let text = "Draft Q1 plan today at 4pm p2 #Work @focus"
        let task = try #require(engine.captureOne(text, context: context))
        #expect(task.title == "Draft Q1 plan")
        #expect(said(task, in: text) == ["due: today", "due: at 4pm", "priority: p2", "list: #Work", "label: @focus"])
        #expect(try #require(engine.captureOne("Call mom", context: context)).phrases.isEmpty)
    }

    @Test("A highlighted phrase's phrases are offsets into the whole transcript; each task of a capture has its own")
    func spansInTheWholeText() throws {
        let transcript = "um call the bank tomorrow and email Sam p1"
        let start = transcript.utf16.count - "email Sam p1".utf16.count
        let one = try #require(engine.captureOne(transcript, range: start..<transcript.utf16.count, context: context))
        #expect(said(one, in: transcript) == ["priority: p1"])
        let tasks = engine.capture(transcript, context: context).tasks
        #expect(tasks.map { said($0, in: transcript) } == [["due: tomorrow"], ["priority: p1"]])
    }

    @Test("Phrases are written as {field, span} and read back")
    func json() throws {
        let proposal = CaptureProposal(
            title: "Plan", sourceSpan: 0..<10, phrases: [CapturePhrase(field: .due, span: 5..<10)])
        let text = String(decoding: JSONWriter.encode(proposal), as: UTF8.self)
        #expect(text.hasSuffix(#""phrases":[{"field":"due","span":[5,10]}],"engine":"offline"}"#))
        #expect(try JSONDecoder().decode(CaptureProposal.self, from: Data(text.utf8)) == proposal)
        let unknown = #"{"title":"x","source_span":[0,1],"phrases":[{"field":"mood","span":[0,1]}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CaptureProposal.self, from: Data(unknown.utf8)) }
    }
}
