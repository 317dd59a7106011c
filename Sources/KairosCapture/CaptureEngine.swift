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
        var tokens = Tokenizer.tokenize(text)
        var warnings: [CaptureWarning] = []
        let words = tokens.lazy.filter { $0.kind == .word }.count
        if words > CaptureLimits.maxWords {
            var seen = 0
            let cut = tokens.firstIndex { token in
                if token.kind == .word { seen += 1 }
                return seen > CaptureLimits.maxWords
            }
            if let cut { tokens.removeSubrange(cut...) }
            warnings.append(.truncated(parsedWords: CaptureLimits.maxWords, totalWords: words))
        }
        if !LanguageCheck.looksEnglish(tokens) { warnings.append(.notEnglish) }
        let parsed = UtteranceParser(tokens: tokens, context: context).parse()
        var tasks = parsed.tasks
        let utf16 = text.utf16
        let setAside = parsed.setAside.map { span in
            let start = utf16.index(utf16.startIndex, offsetBy: span.lowerBound)
            let end = utf16.index(utf16.startIndex, offsetBy: span.upperBound)
            return SetAsideClause(text: String(utf16[start..<end]) ?? "", span: span)
        }
        if tasks.isEmpty, setAside.isEmpty, keepUnparsedText, let kept = Self.transcriptTask(text, tokens: tokens) {
            tasks = [kept]
        }
        return CaptureResult(tasks: tasks, setAside: setAside, warnings: warnings)
    }

    /// Parses `range` of `text` (UTF-16 offsets; the whole text when nil) as exactly one task, as Todoist's
    /// quick add and a highlighted phrase do. Nil when the range holds nothing to make a task of.
    public func captureOne(_ text: String, range: Range<Int>? = nil, context: CaptureContext) -> CaptureProposal? {
        let utf16 = Array(text.utf16)
        let span = range ?? 0..<utf16.count
        guard span.lowerBound >= 0, span.upperBound <= utf16.count else { return nil }
        let phrase = String(decoding: utf16[span], as: UTF16.self)
        let tokens = Tokenizer.tokenize(phrase)
        guard var proposal = UtteranceParser(tokens: tokens, context: context).singleTask() else { return nil }
        let shift = { (range: Range<Int>) in
            (range.lowerBound + span.lowerBound)..<(range.upperBound + span.lowerBound)
        }
        proposal.sourceSpan = shift(proposal.sourceSpan)
        for index in proposal.phrases.indices { proposal.phrases[index].span = shift(proposal.phrases[index].span) }
        return proposal
    }

    /// The transcript itself as a task, when it holds more than filler: the first characters as the title, the rest
    /// as the description.
    static func transcriptTask(_ text: String, tokens: [Token]) -> CaptureProposal? {
        let meaningful = tokens.contains { token in
            token.kind == .word && token.classes.isDisjoint(with: [.hesitation, .filler])
        }
        guard meaningful else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let title = String(trimmed.prefix(CaptureLimits.maxTitleCharacters))
        let rest = trimmed.dropFirst(CaptureLimits.maxTitleCharacters).trimmingCharacters(in: .whitespacesAndNewlines)
        let start = tokens.first?.span.lowerBound ?? 0
        let end = tokens.last?.span.upperBound ?? text.utf16.count
        return CaptureProposal(
            title: ListDirectory.capitalizeFirst(title), description: rest.isEmpty ? nil : rest, sourceSpan: start..<end
        )
    }
}

/// Tells English text from other languages by its share of common English words.
enum LanguageCheck {
    static func looksEnglish(_ tokens: [Token]) -> Bool {
        var total = 0
        var known = 0
        for token in tokens where token.kind == .word {
            let word = token.word
            if token.classes.contains(.english) {
                total += 1
                known += 1
                continue
            }
            guard word.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { continue }
            total += 1
            if word.hasPrefix("#") || word.hasPrefix("@") {
                known += 1
            }
        }
        guard total >= 2 else { return true }
        return known * 5 >= total
    }
}
