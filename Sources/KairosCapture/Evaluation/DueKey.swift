/// A due time as the scorers compare it: `YYYY-MM-DDTHH:MM`, tolerating a space for the "T" and ":00" seconds
/// (with zero fractions).
public enum DueKey: Hashable, Sendable {
    case none
    case wallTime(String)
    /// Text in no accepted form; it matches only the same text.
    case invalid(String)

    public init(_ text: String?) {
        guard let text else {
            self = .none
            return
        }
        let trimmed = Array(ScoringKey.strip(text).unicodeScalars)
        guard trimmed.count >= 16, DigitPattern.matches(Array(trimmed[0..<10]), "dddd-dd-dd"),
            trimmed[10] == "T" || trimmed[10] == " ", DigitPattern.matches(Array(trimmed[11..<16]), "dd:dd"),
            Self.isZeroSeconds(trimmed[16...])
        else {
            self = .invalid(String(String.UnicodeScalarView(trimmed)))
            return
        }
        let scalars = trimmed[0..<10] + ["T"] + trimmed[11..<16]
        self = .wallTime(String(String.UnicodeScalarView(scalars)))
    }

    /// Nothing, or ":00", optionally followed by "." and one or more zeros.
    private static func isZeroSeconds(_ tail: ArraySlice<Unicode.Scalar>) -> Bool {
        guard !tail.isEmpty else { return true }
        guard tail.starts(with: [":", "0", "0"] as [Unicode.Scalar]) else { return false }
        let fraction = tail.dropFirst(3)
        guard !fraction.isEmpty else { return true }
        return fraction.first == "." && fraction.count > 1 && fraction.dropFirst().allSatisfy { $0 == "0" }
    }
}
