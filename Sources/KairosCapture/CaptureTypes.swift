import Foundation
import KairosCore

/// What the parser knows besides the text: the speaker's moment, time zone and list names.
public struct CaptureContext: Sendable {
    /// The reference moment as wall time in `timeZone`.
    public var now: LocalDateTime
    public var timeZone: TimeZone
    /// The user's existing list (project) names, matched case-insensitively.
    public var lists: [String]

    public init(now: LocalDateTime, timeZone: TimeZone, lists: [String]) {
        self.now = now
        self.timeZone = timeZone
        self.lists = lists
    }

    public init(instant: Date, timeZone: TimeZone, lists: [String]) {
        self.init(now: LocalDateTime(instant, in: timeZone), timeZone: timeZone, lists: lists)
    }
}

/// One task the parser proposes; the user reviews it before anything is written.
public struct CaptureProposal: Hashable, Sendable {
    /// The action in the speaker's words, first letter upper-case.
    public var title: String
    /// Extra text kept with the task, e.g. the rest of a long transcript that gave no task.
    public var description: String?
    /// Local wall time in the context's time zone, to the minute.
    public var due: LocalDateTime?
    /// The list as the user named it: an existing list's own spelling, or the spoken name capitalized.
    public var list: String?
    /// Whether `list` names one of the context's lists (false also when `list` is nil).
    public var listExists: Bool
    /// 1 (highest) to 4 as the user sees it, nil when not said. The Todoist-shaped API stores p1 as 4.
    public var priority: Int?
    public var labels: [String]
    public var recurrence: RecurrenceRule?
    /// Where the task was said, as UTF-16 offsets into the captured text (JavaScript and NSString indices).
    public var sourceSpan: Range<Int>
    /// The phrases that set its fields rather than its title, in the order said.
    public var phrases: [CapturePhrase]
    /// Which engine split and worded the task; its fields are always the offline engine's reading.
    public var engine: CaptureEngineKind

    public init(
        title: String, description: String? = nil, due: LocalDateTime? = nil, list: String? = nil,
        listExists: Bool = false, priority: Int? = nil, labels: [String] = [], recurrence: RecurrenceRule? = nil,
        sourceSpan: Range<Int>, phrases: [CapturePhrase] = [], engine: CaptureEngineKind = .offline
    ) {
        self.engine = engine
        self.title = title
        self.description = description
        self.due = due
        self.list = list
        self.listExists = listExists
        self.priority = priority
        self.labels = labels
        self.recurrence = recurrence
        self.sourceSpan = sourceSpan
        self.phrases = phrases
    }
}

/// Which engine made a proposal.
public enum CaptureEngineKind: String, Hashable, Sendable {
    /// Kairos' own rules, which work without any model.
    case offline
    /// The server's language model split the text and worded the task.
    case model
}

/// A phrase that set a field of a task ("tomorrow at 5", "p2", "#Work"), for a client to highlight where it
/// was typed or said.
public struct CapturePhrase: Hashable, Sendable {
    /// The field the phrase set.
    public enum Field: String, Sendable {
        case due, priority, list, label, section
    }

    public var field: Field
    /// Where it was said, as UTF-16 offsets into the captured text.
    public var span: Range<Int>

    public init(field: Field, span: Range<Int>) {
        self.field = field
        self.span = span
    }
}

/// Something the user should know about a capture that still succeeded.
public enum CaptureWarning: Hashable, Sendable {
    /// The text was longer than `CaptureLimits.maxWords`; only the first words were parsed.
    case truncated(parsedWords: Int, totalWords: Int)
    /// Nothing in the text looked like English.
    case notEnglish

    public var code: String {
        switch self {
        case .truncated: "truncated"
        case .notEnglish: "not_english"
        }
    }

    public var message: String {
        switch self {
        case .truncated(let parsed, let total):
            "The text has \(total) words; only the first \(parsed) were turned into tasks."
        case .notEnglish:
            "This doesn't look like English, the only language capture understands so far; check the tasks."
        }
    }
}

/// Something said that made no task (a remark, a fact, a task cancelled with "never mind that"), given back so
/// that nothing said disappears without a trace: a client shows it as "Not added", one tap from a task.
public struct SetAsideClause: Hashable, Sendable {
    /// The words as said, without the fillers around them.
    public var text: String
    /// Where they were said, as UTF-16 offsets into the captured text.
    public var span: Range<Int>

    public init(text: String, span: Range<Int>) {
        self.text = text
        self.span = span
    }
}

/// The parser's answer: proposals in the order they were said, what was set aside, and warnings.
public struct CaptureResult: Hashable, Sendable {
    public var tasks: [CaptureProposal]
    /// Clauses that made no task, in the order said.
    public var setAside: [SetAsideClause]
    public var warnings: [CaptureWarning]
    /// Whether the server's model took part; nil where no model could (`kairos parse`).
    public var model: ModelUse?

    public init(
        tasks: [CaptureProposal], setAside: [SetAsideClause] = [], warnings: [CaptureWarning] = [],
        model: ModelUse? = nil
    ) {
        self.tasks = tasks
        self.setAside = setAside
        self.warnings = warnings
        self.model = model
    }
}

/// Size rules for captured text.
public enum CaptureLimits {
    /// Longer text is refused (HTTP 413).
    public static let maxCharacters = 20_000
    /// Longer text is cut to this many words, with a warning.
    public static let maxWords = 500
    /// A transcript kept as a task keeps this many characters in the title, the rest in the description.
    public static let maxTitleCharacters = 500
}
