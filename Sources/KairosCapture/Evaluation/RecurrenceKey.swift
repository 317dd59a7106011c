/// A recurrence as the scorers compare it: its RRULE parts as a set, ignoring an "RRULE:" prefix, case, part
/// order, the order of BYDAY's days and `INTERVAL=1`.
public enum RecurrenceKey: Hashable, Sendable {
    case none
    case parts([String: String])
    /// A rule with a part that is not `NAME=VALUE`; it matches only the same text.
    case invalid(String)

    public init(_ rrule: String?) {
        guard let rrule, !ScoringKey.strip(rrule).isEmpty else {
            self = .none
            return
        }
        var rule = ScoringKey.strip(rrule).uppercased()
        if rule.hasPrefix("RRULE:") { rule.removeFirst("RRULE:".count) }
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";", omittingEmptySubsequences: false).map({ ScoringKey.strip(String($0)) })
        where !part.isEmpty {
            guard let equals = part.firstIndex(of: "=") else {
                self = .invalid(rrule)
                return
            }
            let name = String(part[..<equals])
            var value = String(part[part.index(after: equals)...])
            if name == "BYDAY" {
                value = value.split(separator: ",", omittingEmptySubsequences: false)
                    .map { ScoringKey.strip(String($0)) }.sorted().joined(separator: ",")
            }
            if name == "INTERVAL", ScoringKey.strip(value) == "1" { continue }
            parts[ScoringKey.strip(name)] = ScoringKey.strip(value)
        }
        self = .parts(parts)
    }
}
