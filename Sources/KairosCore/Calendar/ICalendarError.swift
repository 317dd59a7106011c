/// Why a body is not an iCalendar object Kairos can take: what is wrong, and on which line (1-based, counted
/// before unfolding) when one line is to blame.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line the problem is on, nil when it concerns the whole body (too large, empty).
    public let line: Int?
    /// What is wrong, without the line number.
    public let problem: String
    /// True when the body is refused for its size rather than its content.
    public let isTooLarge: Bool

    /// An error about `line`, or the whole body when nil.
    public init(line: Int?, _ problem: String, isTooLarge: Bool = false) {
        self.line = line
        self.problem = problem
        self.isTooLarge = isTooLarge
    }

    /// "Line 7: a property needs a name and a ':' before its value".
    public var description: String {
        line.map { "Line \($0): \(problem)" } ?? problem
    }

    /// The error as the API answers it: a body too large, or one that cannot be understood.
    public var kairosError: KairosError {
        isTooLarge ? .payloadTooLarge(description) : .badRequest(description)
    }
}
