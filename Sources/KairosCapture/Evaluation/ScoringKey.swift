/// How the shared scorers (`capture-score.py`, `score-assistant.py`) read a field before comparing it: two values
/// match when their keys are equal. Python's `str` methods are followed code point by code point, so the figures
/// here are the scorers' own.
public enum ScoringKey {
    /// Words that do not count in a title.
    static let stopWords: Set<String> = ["a", "an", "the", "my"]

    /// A title as compared: lower-case, apostrophes dropped, other punctuation as spaces, "a", "an", "the" and
    /// "my" dropped, spaces collapsed.
    public static func title(_ text: String) -> String {
        var spaced = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars where scalar != "'" && scalar != "\u{2019}" {
            spaced.append(isAlphanumeric(scalar) || isSpace(scalar) ? scalar : " ")
        }
        return words(String(spaced)).filter { !stopWords.contains($0) }.joined(separator: " ")
    }

    /// A list name as compared: trimmed and lower-case; nil for none or a blank name.
    public static func list(_ name: String?) -> String? {
        guard let name else { return nil }
        let trimmed = strip(name)
        return trimmed.isEmpty ? nil : trimmed.lowercased()
    }

    /// Labels as compared: a set, each trimmed and lower-case.
    public static func labels(_ labels: [String]) -> Set<String> {
        Set(labels.map { strip($0).lowercased() })
    }

    /// A weekday as compared: its lower-case English name, from the name or its three-letter abbreviation,
    /// either with a trailing dot; nil for anything else.
    public static func weekday(_ text: String) -> String? {
        var name = strip(text).lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return englishWeekdays.first { $0 == name || $0.prefix(3) == name }
    }

    static let englishWeekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A date as compared: `YYYY-MM-DD` (trimmed), or nil when it is not in that form.
    public static func date(_ text: String) -> String? {
        let trimmed = strip(text)
        return DigitPattern.matches(Array(trimmed.unicodeScalars), "dddd-dd-dd") ? trimmed : nil
    }

    // Python's str.isalnum: a letter (Lu, Ll, Lt, Lm, Lo) or any character with a numeric value.
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: scalar.properties.numericType != nil
        }
    }

    // Python's str.isspace: Unicode White_Space plus the four ASCII information separators.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
    }

    /// Python's `str.strip()`.
    static func strip(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Python's `str.split()`.
    static func words(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: isSpace).map { String($0) }
    }
}

/// A title is right when it reads as one of the accepted titles.
public enum TitleRule {
    public static func accepts(_ accepted: [String], _ title: String) -> Bool {
        let key = ScoringKey.title(title)
        return accepted.contains { ScoringKey.title($0) == key }
    }
}

/// Matches text against a pattern where "d" stands for a decimal digit and anything else for itself.
enum DigitPattern {
    static func matches(_ scalars: [Unicode.Scalar], _ pattern: String) -> Bool {
        let expected = Array(pattern.unicodeScalars)
        guard scalars.count == expected.count else { return false }
        return zip(scalars, expected).allSatisfy { scalar, want in
            want == "d" ? scalar.properties.generalCategory == .decimalNumber : scalar == want
        }
    }
}
