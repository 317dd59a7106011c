import Foundation
import KairosCore

/// A due date understood from a `due_string`: an all-day date when `time` is nil.
public struct ParsedDue: Hashable, Sendable {
    /// The (first) due date.
    public var date: LocalDate
    /// The wall-clock time in the user's time zone, or nil for an all-day due date.
    public var time: LocalTime?
    /// The repetition, when the due date recurs.
    public var recurrence: RecurrenceRule?

    /// Creates a parsed due date.
    public init(date: LocalDate, time: LocalTime? = nil, recurrence: RecurrenceRule? = nil) {
        self.date = date
        self.time = time
        self.recurrence = recurrence
    }
}

/// Why a `due_string` was not understood; `message` lists forms that are.
public struct DueStringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A human-readable explanation with examples.
    public let message: String

    /// Creates an error with `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Reads a Todoist-style `due_string` with the capture grammar, the one that reads dates in quick add and speech.
///
/// The whole string must be date, time and recurrence phrases. Todoist's conventions apply where they differ from
/// capture's: a day without a time is an all-day due (not 09:00), a time without a day is today's even when past,
/// "midnight" starts the day, and a series starts on its first date on or after today (or its "starting" date).
public enum DueStringReader {
    /// Reads `text` relative to the instant `now` seen in `timeZone`; nil means "no date".
    public static func read(_ text: String, now: Date, timeZone: TimeZone) throws(DueStringError) -> ParsedDue? {
        let shown = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = shown.lowercased().split(whereSeparator: \.isWhitespace)
        if words.isEmpty || words == ["no", "date"] || words == ["no", "due", "date"] {
            return nil
        }
        let tokens = Tokenizer.tokenize(withoutClosingDots(shown))
        let mentions = PhraseScanner(tokens: tokens, lists: ListDirectory([]), source: .dueString).scan()
        let calculator = DueStringCalculator(now: now, timeZone: timeZone)
        guard covers(tokens, mentions), let phrases = phrases(of: mentions, in: tokens),
            let due = calculator.due(for: phrases), due.date.year <= 9999
        else {
            throw DueStringError(
                message: "Could not understand due_string \"\(shown)\". Try \"today\", \"tomorrow\", \"friday\", "
                    + "\"next week\", \"2026-03-12\", \"March 12 at 5pm\" or \"every monday\".")
        }
        return due
    }

    /// The text with the dots that close words dropped ("mar. 12", "tues."), which would end a sentence.
    private static func withoutClosingDots(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let closesWord =
                scalar == "." && index > 0 && !scalars[index - 1].properties.isWhitespace
                && (index + 1 == scalars.count || scalars[index + 1] == " " || scalars[index + 1] == ",")
            // "p.m." keeps its dots: the tokenizer reads it as "pm".
            let closesMeridiem = index >= 2 && scalars[index - 2] == "."
            if !closesWord || closesMeridiem { kept.append(scalar) }
        }
        return String(kept)
    }

    /// Whether every word and sentence mark is inside a date phrase; commas may stand between phrases.
    private static func covers(_ tokens: [Token], _ mentions: [Mention]) -> Bool {
        var covered = [Bool](repeating: false, count: tokens.count)
        for mention in mentions {
            for index in mention.tokens { covered[index] = true }
        }
        return tokens.indices.allSatisfy { covered[$0] || tokens[$0].kind == .softBreak }
    }

    /// Words that start a recurrence's first day ("every day starting march 20", "every day from tomorrow").
    private static let seriesStarts: Set<String> = ["starting", "starts", "from", "beginning"]

    /// The phrases of a due string, at most one of each kind; nil when it says something twice ("today
    /// tomorrow", "5pm 6pm") or something other than a date.
    private static func phrases(of mentions: [Mention], in tokens: [Token]) -> DatePhrases? {
        var phrases = DatePhrases()
        var startsSeries = false
        var dayRange: Range<Int>?
        var recurrenceRange: Range<Int>?
        for mention in mentions {
            switch mention.kind {
            case .day:
                guard phrases.day == nil else { return nil }
                startsSeries = seriesStarts.contains(tokens[mention.tokens.lowerBound].word)
                dayRange = mention.tokens
            case .time:
                guard phrases.time == nil else { return nil }
            case .partOfDay:
                guard phrases.partOfDay == nil else { return nil }
            case .offset:
                guard phrases.offsetMinutes == nil else { return nil }
            case .recurrence:
                guard phrases.recurrence == nil else { return nil }
                recurrenceRange = mention.tokens
            case .vague, .priority, .list, .generalList, .label, .section:
                return nil
            }
            if seriesStarts.contains(tokens[mention.tokens.lowerBound].word), !isDay(mention) { return nil }
            phrases.add(mention.kind)
        }
        // An elapsed time ("in 2 hours") is a moment of its own; "starting" needs a series to start.
        if phrases.offsetMinutes != nil,
            phrases.day != nil || phrases.time != nil || phrases.partOfDay != nil
                || phrases.recurrence != nil
        {
            return nil
        }
        if startsSeries, phrases.recurrence == nil { return nil }
        // A series starts on a day only when told so ("starting friday") or as part of its pattern ("every
        // march 12"); "every last friday" is no series starting on Friday.
        if phrases.recurrence != nil, phrases.day != nil, !startsSeries, dayRange != recurrenceRange { return nil }
        return phrases
    }

    private static func isDay(_ mention: Mention) -> Bool {
        if case .day = mention.kind { return true }
        return false
    }
}

/// Todoist's arithmetic for due strings, on the days and times the capture grammar found.
struct DueStringCalculator {
    let now: Date
    let timeZone: TimeZone
    private let calculator: DueCalculator

    init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
        self.calculator = DueCalculator(now: LocalDateTime(now, in: timeZone), timeZone: timeZone)
    }

    private var today: LocalDate { calculator.now.date }

    func due(for phrases: DatePhrases) -> ParsedDue? {
        if let minutes = phrases.offsetMinutes {
            let moment = calculator.now.adding(seconds: minutes * 60, in: timeZone)
            return ParsedDue(date: moment.date, time: LocalTime(hour: moment.time.hour, minute: moment.time.minute))
        }
        var time: LocalTime?
        if let clock = phrases.time {
            guard let wall = DueCalculator.wallTime(clock, nextTo: phrases.partOfDay ?? phrases.recurrencePart) else {
                return nil
            }
            time = wall
        } else if let part = phrases.partOfDay ?? phrases.recurrencePart {
            time = part == .midnight ? LocalTime(hour: 0, minute: 0) : part.time
        }
        var day: LocalDate?
        if let phrase = phrases.day {
            // "Feb 30" names no day.
            guard let date = calculator.date(of: phrase) else { return nil }
            day = date
        }
        if let rule = phrases.recurrence {
            var first = rule.firstOccurrence(onOrAfter: day ?? today)
            // A time already past today means the series starts at its next occurrence.
            if let time, first == today, now >= first.at(time, in: timeZone) {
                first = rule.nextOccurrence(after: first, start: first)
            }
            return ParsedDue(date: first, time: time, recurrence: rule)
        }
        if let day {
            return ParsedDue(date: day, time: time)
        }
        return time.map { ParsedDue(date: today, time: $0) }
    }
}
