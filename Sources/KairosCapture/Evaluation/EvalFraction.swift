import Foundation

/// A count of right answers out of a total, printed as the scorers print it: "0.714 (50/70)".
public struct EvalFraction: Hashable, Sendable, CustomStringConvertible {
    public var right: Int
    public var total: Int

    public init(right: Int = 0, total: Int = 0) {
        self.right = right
        self.total = total
    }

    /// The share right; 0 when there is nothing to count.
    public var rate: Double { total > 0 ? Double(right) / Double(total) : 0 }

    public var description: String {
        String(format: "%.3f", rate) + " (\(right)/\(total))"
    }

    mutating func count(_ isRight: Bool) {
        total += 1
        if isRight { right += 1 }
    }
}
