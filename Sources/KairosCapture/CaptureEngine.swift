import Foundation
import KairosCore

/// Turns spoken or typed text into task proposals, following the capture rules. Pure and deterministic.
public struct CaptureEngine: Sendable {
    public init() {}

    /// Splits `text` into tasks.
    ///
    /// With `keepUnparsedText`, text that yields no task but is more than filler comes back as one task titled
    /// with the transcript, so nothing said is lost (the API's behaviour); without it the rules' output is exact.
    public func capture(_ text: String, context: CaptureContext, keepUnparsedText: Bool = false) -> CaptureResult {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return CaptureResult(tasks: []) }
        return CaptureResult(tasks: [CaptureProposal(title: trimmed, sourceSpan: 0..<text.utf16.count)])
    }

    /// Parses `range` of `text` (UTF-16 offsets; the whole text when nil) as exactly one task, as Todoist's
    /// quick add and a highlighted phrase do. Nil when the range holds nothing to make a task of.
    public func captureOne(_ text: String, range: Range<Int>? = nil, context: CaptureContext) -> CaptureProposal? {
        let span = range ?? 0..<text.utf16.count
        let utf16 = Array(text.utf16)
        guard span.lowerBound >= 0, span.upperBound <= utf16.count else { return nil }
        let phrase = String(decoding: utf16[span], as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !phrase.isEmpty else { return nil }
        return CaptureProposal(title: phrase, sourceSpan: span)
    }
}
