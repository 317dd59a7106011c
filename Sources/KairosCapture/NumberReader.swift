/// Reads numbers written with digits or spelled out, as speech recognizers write them.
struct NumberReader {
    struct Number {
        var value: Int
        /// Tokens read.
        var length: Int
        /// "15th", "fifteenth", "twenty second".
        var isOrdinal: Bool
    }

    let tokens: [Token]

    func word(_ index: Int) -> String? {
        index >= 0 && index < tokens.count && tokens[index].kind == .word ? tokens[index].word : nil
    }

    /// A number at `index`: "12", "12th", "twelve", "twenty two", "twenty-second".
    func number(at index: Int) -> Number? {
        guard let text = word(index) else { return nil }
        guard
            tokens[index].classes.contains(.number) || PhraseScanner.startsWithDigit(text)
                || text.utf8.contains(UInt8(ascii: "-"))
        else { return nil }
        if let digits = Self.digitNumber(text) {
            return Number(value: digits.value, length: 1, isOrdinal: digits.isOrdinal)
        }
        let parts = text.utf8.contains(UInt8(ascii: "-")) ? text.split(separator: "-").map(String.init) : []
        if parts.count == 2, let tens = Lexicon.cardinals[parts[0]], tens >= 20, tens % 10 == 0 {
            if let unit = Lexicon.cardinals[parts[1]], (1...9).contains(unit) {
                return Number(value: tens + unit, length: 1, isOrdinal: false)
            }
            if let unit = Lexicon.ordinals[parts[1]], (1...9).contains(unit) {
                return Number(value: tens + unit, length: 1, isOrdinal: true)
            }
        }
        if text == "oh" { return nil }
        if let ordinal = Lexicon.ordinals[text] { return Number(value: ordinal, length: 1, isOrdinal: true) }
        guard let value = Lexicon.cardinals[text] else { return nil }
        if value >= 20, value % 10 == 0, let next = word(index + 1) {
            if let unit = Lexicon.cardinals[next], (1...9).contains(unit), next != "oh" {
                return Number(value: value + unit, length: 2, isOrdinal: false)
            }
            if let unit = Lexicon.ordinals[next], (1...9).contains(unit) {
                return Number(value: value + unit, length: 2, isOrdinal: true)
            }
        }
        return Number(value: value, length: 1, isOrdinal: false)
    }

    /// A count of things at `index`: "a"/"an"/"one", "a couple (of)", "a few", "couple (of)", or a cardinal
    /// number ("3", "twelve", "twenty two"); `length` is the tokens read.
    func count(at index: Int) -> (value: Int, length: Int)? {
        var cursor = index
        let value: Int
        switch word(cursor) {
        case "a", "an", "one":
            cursor += 1
            if word(cursor) == "couple" {
                value = 2
                cursor += word(cursor + 1) == "of" ? 2 : 1
            } else if word(cursor) == "few" {
                value = 3
                cursor += 1
            } else {
                value = 1
            }
        case "couple":
            value = 2
            cursor += word(cursor + 1) == "of" ? 2 : 1
        default:
            guard let number = number(at: cursor), !number.isOrdinal else { return nil }
            return (number.value, number.length)
        }
        return (value, cursor - index)
    }

    /// "12" or "12th"/"1st"/"2nd"/"3rd".
    static func digitNumber(_ text: String) -> (value: Int, isOrdinal: Bool)? {
        var value = 0
        var digits = 0
        var rest = Substring(text)
        while let first = rest.first, let digit = first.wholeNumberValue, first.isASCII {
            value = value * 10 + digit
            digits += 1
            rest = rest.dropFirst()
            if digits > 9 { return nil }
        }
        guard digits > 0 else { return nil }
        if rest.isEmpty { return (value, false) }
        if ["st", "nd", "rd", "th"].contains(rest) { return (value, true) }
        return nil
    }
}
