import Foundation

/// A span of time a CalDAV request asks about (RFC 4791 9.9): from `start`, inclusive, to `end`, exclusive.
/// Either end may be open, meaning the distant past or the distant future.
public struct CalendarTimeRange: Hashable, Sendable {
    /// The first moment of the range; nil for no lower bound.
    public var start: Date?
    /// The moment the range ends, not part of it; nil for no upper bound.
    public var end: Date?

    /// A range from `start` to `end`, either of which may be open.
    public init(start: Date?, end: Date?) {
        self.start = start
        self.end = end
    }

    /// Whether the range, as written, starts before it ends.
    public var isOrdered: Bool {
        guard let start, let end else { return true }
        return start < end
    }

    /// `start < moment` (true when the range has no start); `orEqual` makes it `start <= moment`.
    func startsBefore(_ moment: Date, orEqual: Bool = false) -> Bool {
        guard let start else { return true }
        return orEqual ? start <= moment : start < moment
    }

    /// `end > moment` (true when the range has no end); `orEqual` makes it `end >= moment`.
    func endsAfter(_ moment: Date, orEqual: Bool = false) -> Bool {
        guard let end else { return true }
        return orEqual ? end >= moment : end > moment
    }

    /// Whether a moment lies within the range: `start <= moment < end`.
    func contains(_ moment: Date) -> Bool {
        startsBefore(moment, orEqual: true) && endsAfter(moment)
    }

    /// The range with both ends moved outwards by `seconds`.
    func widened(by seconds: TimeInterval) -> CalendarTimeRange {
        CalendarTimeRange(
            start: start?.addingTimeInterval(-seconds), end: end?.addingTimeInterval(seconds))
    }
}
