/// A parsed Todoist filter query such as `(today | overdue) & #Work & !@waiting`.
public indirect enum TaskFilter: Hashable, Sendable {
    case today
    case tomorrow
    case overdue
    case noDate
    /// Due from today through the next `days - 1` days (Todoist's "7 days" / "next 7 days").
    case nextDays(Int)
    /// Due on this date (`due: 2026-11-24`).
    case dueOn(LocalDate)
    /// Due before this date, not on it (`due before: 2026-11-24`).
    case dueBefore(LocalDate)
    /// Due after this date, not on it (`due after: 2026-11-24`).
    case dueAfter(LocalDate)
    case project(String)
    case label(String)
    case noLabels
    /// An API priority, 4 for p1 through 1 for p4.
    case priority(Int)
    case search(String)
    case assignedToMe
    /// Assigned to anyone but the viewer (`assigned to: others`).
    case assignedToOthers
    /// Assigned to the person with this name or email (`assigned to: Bob`), compared without case.
    case assignedTo(String)
    /// Assigned by the viewer to anyone (`assigned by: me`).
    case assignedByMe
    /// Created by the viewer (`added by: me`).
    case addedByMe
    /// In a project shared with anyone (`shared`).
    case shared
    /// A subtask of another task (`subtask`).
    case subtask
    /// Kairos: a task the viewer follows (`followed`), so its completion reaches their notifications.
    case followed
    case recurring
    case and(TaskFilter, TaskFilter)
    case or(TaskFilter, TaskFilter)
    case not(TaskFilter)

    /// The longest query accepted, as in Todoist.
    public static let maxQueryLength = 1024
    /// How deeply parentheses may nest.
    public static let maxNesting = 8

    /// Parses a query; the error message points at what could not be understood.
    public static func parse(_ query: String) throws(KairosError) -> TaskFilter {
        guard query.count <= maxQueryLength else {
            throw .invalidField(field: "query", message: "query: at most \(maxQueryLength) characters.")
        }
        var parser = FilterParser(query)
        return try parser.parseQuery()
    }
}

/// Recursive-descent parser for the filter language: `|` binds looser than `&`, `!` binds tightest.
struct FilterParser {
    private let chars: [Character]
    private var index = 0
    private var depth = 0

    init(_ query: String) {
        chars = Array(query)
    }

    mutating func parseQuery() throws(KairosError) -> TaskFilter {
        skipSpaces()
        guard index < chars.count else { throw invalid("query is empty.") }
        let result = try parseOr()
        skipSpaces()
        if index < chars.count { throw invalid("unexpected \"\(chars[index])\" at position \(index + 1).") }
        return result
    }

    private mutating func parseOr() throws(KairosError) -> TaskFilter {
        var left = try parseAnd()
        while consume("|") { left = .or(left, try parseAnd()) }
        return left
    }

    private mutating func parseAnd() throws(KairosError) -> TaskFilter {
        var left = try parseUnary()
        while consume("&") { left = .and(left, try parseUnary()) }
        return left
    }

    private mutating func parseUnary() throws(KairosError) -> TaskFilter {
        if consume("!") { return .not(try parseUnary()) }
        if consume("(") {
            depth += 1
            defer { depth -= 1 }
            guard depth <= TaskFilter.maxNesting else {
                throw invalid("parentheses nest more than \(TaskFilter.maxNesting) deep. Simplify the query.")
            }
            let inner = try parseOr()
            guard consume(")") else { throw invalid("a \"(\" is never closed.") }
            return inner
        }
        return try parseTerm()
    }

    private mutating func parseTerm() throws(KairosError) -> TaskFilter {
        skipSpaces()
        let start = index
        while index < chars.count, !"&|()".contains(chars[index]) { index += 1 }
        let raw = String(chars[start..<index]).trimmingSpaces()
        guard !raw.isEmpty else { throw invalid("expected a filter term at position \(start + 1).") }
        if let term = Self.term(raw) { return term }
        throw invalid(
            "\"\(raw)\" is not a filter this server understands. Use today, tomorrow, overdue, no date, "
                + "7 days, due: YYYY-MM-DD, due before: / due after: YYYY-MM-DD, #Project, @label, p1-p4, search: text, assigned to: me / others / NAME, assigned by: me, added by: me, "
                + "shared, subtask, followed, joined by &, |, ! and parentheses.")
    }

    private static func term(_ raw: String) -> TaskFilter? {
        let lower = raw.lowercased()
        switch lower {
        case "today": return .today
        case "tomorrow": return .tomorrow
        case "overdue", "over due", "od": return .overdue
        case "no date", "no due date": return .noDate
        case "no labels", "no label": return .noLabels
        case "recurring": return .recurring
        case "assigned to: me", "assigned to:me", "assigned to me": return .assignedToMe
        case "assigned by: me", "assigned by:me": return .assignedByMe
        case "added by: me", "added by:me": return .addedByMe
        case "shared": return .shared
        case "subtask", "subtasks": return .subtask
        case "followed", "following": return .followed
        case "p1": return .priority(4)
        case "p2": return .priority(3)
        case "p3": return .priority(2)
        case "p4": return .priority(1)
        default: break
        }
        if raw.hasPrefix("#"), raw.count > 1 { return .project(String(raw.dropFirst()).trimmingSpaces()) }
        if raw.hasPrefix("@"), raw.count > 1 { return .label(String(raw.dropFirst()).trimmingSpaces()) }
        if lower.hasPrefix("search:") {
            let text = String(raw.dropFirst("search:".count)).trimmingSpaces()
            return text.isEmpty ? nil : .search(text)
        }
        if lower.hasPrefix("assigned to:") {
            let person = String(raw.dropFirst("assigned to:".count)).trimmingSpaces()
            switch person.lowercased() {
            case "": return nil
            case "me": return .assignedToMe
            case "others": return .assignedToOthers
            default: return .assignedTo(person)
            }
        }
        if let dated = dateTerm(lower) { return dated }
        let words = lower.split(separator: " ")
        if words.count == 2, words[1] == "days" || words[1] == "day", let n = Int(words[0]), n > 0 {
            return .nextDays(n)
        }
        if words.count == 3, words[0] == "next", words[2] == "days" || words[2] == "day", let n = Int(words[1]), n > 0 {
            return .nextDays(n)
        }
        return nil
    }

    private static func dateTerm(_ lower: String) -> TaskFilter? {
        let forms: [(prefix: String, make: (LocalDate) -> TaskFilter)] = [
            ("due before:", TaskFilter.dueBefore), ("due after:", TaskFilter.dueAfter), ("due:", TaskFilter.dueOn),
        ]
        for form in forms where lower.hasPrefix(form.prefix) {
            return LocalDate(iso: String(lower.dropFirst(form.prefix.count)).trimmingSpaces()).map(form.make)
        }
        return nil
    }

    private mutating func consume(_ symbol: Character) -> Bool {
        skipSpaces()
        guard index < chars.count, chars[index] == symbol else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces() {
        while index < chars.count, chars[index].isWhitespace { index += 1 }
    }

    private func invalid(_ detail: String) -> KairosError {
        .invalidField(field: "query", message: "query: \(detail)")
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
