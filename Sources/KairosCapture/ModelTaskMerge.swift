import Foundation
import KairosCore

/// A task as a language model wrote it: its wording, and the words of the transcript it came from.
public struct ModelTaskDraft: Hashable, Sendable {
    /// The action, worded by the model.
    public var title: String
    /// The transcript's own words for the task, including any when, where and how urgent.
    public var quote: String
    /// Detail the model kept with the task, if any.
    public var notes: String?

    public init(title: String, quote: String, notes: String? = nil) {
        self.title = title
        self.quote = quote
        self.notes = notes
    }
}

/// Merges a model's split of a transcript with the offline engine's reading of it.
///
/// The model is good at splitting speech and wording tasks; the engine is exact at dates, times, lists, priority
/// and recurrence. So each model task keeps its title and notes, and every field comes from the engine's
/// reading of the words the task quotes (or of the engine's own task for those words, which also knows the
/// context around them: "tomorrow I need to call mom and buy milk" dates both). Whatever the engine found in
/// words the model left out stays in the result as the engine's, so nothing said is lost.
public struct ModelTaskMerge: Sendable {
    let engine = CaptureEngine()

    public init() {}

    /// The merged result, or nil when a draft quotes words the transcript does not hold (the model invented
    /// them), since then none of its split can be trusted.
    public func merge(_ drafts: [ModelTaskDraft], into text: String, context: CaptureContext) -> CaptureResult? {
        let offline = engine.capture(text, context: context, keepUnparsedText: true)
        let locator = QuoteLocator(text: text)
        var spans: [Range<Int>] = []
        var searchFrom = 0
        for draft in drafts {
            guard let span = locator.locate(draft.quote, from: searchFrom) ?? locator.locate(draft.quote, from: 0)
            else { return nil }
            spans.append(span)
            searchFrom = span.upperBound
        }
        let overlapping = { (span: Range<Int>) in
            offline.tasks.indices.filter { offline.tasks[$0].sourceSpan.overlaps(span) }
        }
        var tasks: [CaptureProposal] = []
        for (draft, span) in zip(drafts, spans) {
            let partners = overlapping(span)
            let reading = engine.captureOne(text, range: span, context: context)
            var fields: CaptureProposal
            if partners.count == 1, let partner = partners.first {
                let shared = spans.filter { offline.tasks[partner].sourceSpan.overlaps($0) }.count > 1
                fields = shared ? Self.inheriting(reading, from: offline.tasks[partner]) : offline.tasks[partner]
            } else {
                fields = reading ?? CaptureProposal(title: "", sourceSpan: span)
            }
            fields.title = Self.title(draft.title, context: context) ?? fields.title
            if let notes = draft.notes?.trimmingCharacters(in: .whitespacesAndNewlines), !notes.isEmpty {
                fields.description = notes
            }
            fields.sourceSpan = span
            fields.engine = .model
            guard !fields.title.isEmpty else { continue }
            tasks.append(fields)
        }
        let missed = offline.tasks.filter { task in !spans.contains { $0.overlaps(task.sourceSpan) } }
        let setAside = offline.setAside.filter { clause in !spans.contains { $0.overlaps(clause.span) } }
        tasks += missed
        tasks.sort { $0.sourceSpan.lowerBound < $1.sourceSpan.lowerBound }
        return CaptureResult(tasks: tasks, setAside: setAside, warnings: offline.warnings)
    }

    /// The reading of a task's own words, with what it does not say taken from the engine's task that the model
    /// split it from ("call mom and dad tomorrow" split in two: both are due tomorrow).
    static func inheriting(_ reading: CaptureProposal?, from whole: CaptureProposal) -> CaptureProposal {
        guard var task = reading else { return whole }
        if task.due == nil {
            task.due = whole.due
            task.recurrence = whole.recurrence
        }
        if task.list == nil {
            task.list = whole.list
            task.listExists = whole.listExists
        }
        task.priority = task.priority ?? whole.priority
        if task.labels.isEmpty { task.labels = whole.labels }
        return task
    }

    /// The model's wording, without any when, where or priority words it left in (those are the engine's to
    /// read, from the transcript); nil when nothing is left.
    static func title(_ wording: String, context: CaptureContext) -> String? {
        let trimmed = wording.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let title = String(trimmed.prefix(CaptureLimits.maxTitleCharacters))
        if let reading = CaptureEngine().captureOne(title, context: context), !reading.phrases.isEmpty,
            !reading.title.isEmpty
        {
            return reading.title
        }
        return ListDirectory.capitalizeFirst(title)
    }
}

/// Finds a quote in a transcript by its words, ignoring case, punctuation and the fillers a model tidies away.
struct QuoteLocator {
    private let words: [Token]

    init(text: String) {
        words = Tokenizer.tokenize(text).filter { $0.kind == .word }
    }

    /// Where the quote's words stand (UTF-16 offsets), searching from offset `start`: the words in a row, else
    /// in order with at most as many other words between them as the quote has words (the "um"s and "like"s a
    /// model leaves out). Nil when the words are not there.
    func locate(_ quote: String, from start: Int) -> Range<Int>? {
        let wanted = Tokenizer.tokenize(quote).filter { $0.kind == .word }.map(\.word)
        guard let first = wanted.first else { return nil }
        let candidates = words.indices.filter { words[$0].span.lowerBound >= start && words[$0].word == first }
        var best: (start: Int, end: Int)?
        for origin in candidates {
            var position = origin
            var matched = 1
            var skipped = 0
            while matched < wanted.count, position + 1 < words.count, skipped <= wanted.count {
                position += 1
                if words[position].word == wanted[matched] {
                    matched += 1
                } else {
                    skipped += 1
                }
            }
            guard matched == wanted.count, skipped <= wanted.count else { continue }
            if skipped == 0 { return words[origin].span.lowerBound..<words[position].span.upperBound }
            if best == nil { best = (origin, position) }
        }
        return best.map { words[$0.start].span.lowerBound..<words[$0.end].span.upperBound }
    }
}
