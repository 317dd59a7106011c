/// A word or a separator of the captured text, with where it stands in the original.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case word
        /// A sentence end, semicolon, colon or line break: always ends a task.
        case hardBreak
        /// A comma or dash: ends a task only where a new action follows.
        case softBreak
    }

    var kind: Kind
    /// The text as written, trailing punctuation removed.
    var text: String
    /// Lower-cased, curly apostrophes straightened, "a.m." read as "am".
    var word: String
    /// UTF-16 offsets into the captured text.
    var span: Range<Int>
    /// The word lists the word is in.
    var classes: WordClass = []
    /// Whether the word was written with a capital letter (names such as "Jen").
    var isCapitalized: Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }
}

/// Splits text into word and break tokens.
enum Tokenizer {
    static func tokenize(_ text: String) -> [Token] {
        let view = text.unicodeScalars
        let scalars = Array(view)
        var positions = Array(view.indices)
        positions.append(view.endIndex)
        // UTF-16 offset of each scalar, and of the end.
        var offsets = [Int](repeating: 0, count: scalars.count + 1)
        for (index, scalar) in scalars.enumerated() { offsets[index + 1] = offsets[index] + scalar.utf16.count }

        var tokens: [Token] = []
        tokens.reserveCapacity(scalars.count / 4)
        var wordStart: Int?
        func flushWord(until end: Int) {
            guard let start = wordStart else { return }
            wordStart = nil
            var last = end
            // Trailing apostrophes, dots and dashes are punctuation: "moms'" "etc." "well-".
            while last > start, [Unicode.Scalar("'"), "\u{2019}", ".", "-"].contains(scalars[last - 1]) { last -= 1 }
            guard last > start else { return }
            let original = String(view[positions[start]..<positions[last]])
            let word = normalized(original)
            tokens.append(
                Token(
                    kind: .word, text: original, word: word, span: offsets[start]..<offsets[last],
                    classes: Lexicon.classes[word] ?? []))
        }

        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if isWordScalar(scalar) {
                if wordStart == nil { wordStart = index }
            } else if isJoiner(scalar), wordStart != nil, let after = next, isWordScalar(after) {
                // "4:15", "3/12", "a.m", "twenty-two": the mark is inside a word.
            } else if scalar == "#" || scalar == "@" || scalar == "/", wordStart == nil, let after = next,
                after.properties.isAlphabetic || after.properties.numericType != nil
            {
                wordStart = index
            } else if scalar == ".", let start = wordStart,
                endsWithMeridiem(scalars[start..<index]) || isTitleAbbreviation(scalars[start..<index])
            {
                // The dot closing "a.m." or "p.m.", or "Mrs." before a name, belongs to the word, not a sentence end.
                flushWord(until: index + 1)
            } else {
                flushWord(until: index)
                if let kind = breakKind(scalar, next: next) {
                    tokens.append(
                        Token(kind: kind, text: String(scalar), word: "", span: offsets[index]..<offsets[index + 1]))
                }
            }
            index += 1
        }
        flushWord(until: scalars.count)
        return tokens
    }

    /// Lower-cased, curly apostrophes straightened, "a.m" read as "am".
    private static func normalized(_ text: String) -> String {
        var word = text.lowercased()
        if word.unicodeScalars.contains("\u{2019}") {
            word = String(String.UnicodeScalarView(word.unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
        }
        if word.hasSuffix("a.m") || word.hasSuffix("p.m") || word.hasSuffix("a.m.") || word.hasSuffix("p.m.") {
            let isMorning = word.hasSuffix("a.m") || word.hasSuffix("a.m.")
            word = String(word.dropLast(word.hasSuffix(".") ? 4 : 3)) + (isMorning ? "am" : "pm")
        }
        return word
    }

    private static let titleAbbreviations: Set<String> = ["mr", "mrs", "ms", "dr", "prof", "st", "mt", "jr", "sr"]

    private static func isTitleAbbreviation(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.count <= 4 && titleAbbreviations.contains(String(String.UnicodeScalarView(scalars)).lowercased())
    }

    private static func endsWithMeridiem(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard scalars.count >= 3 else { return false }
        let tail = Array(scalars.suffix(3))
        return (tail[0] == "a" || tail[0] == "p" || tail[0] == "A" || tail[0] == "P") && tail[1] == "."
            && (tail[2] == "m" || tail[2] == "M")
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
                || value == 0x27
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "'"
            || scalar == "\u{2019}"
            || scalar.properties.generalCategory == .nonspacingMark
    }

    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == ":" || scalar == "/" || scalar == "." || scalar == "-" || scalar == "&"
    }

    private static func breakKind(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) -> Token.Kind? {
        switch scalar {
        case ".", "!", "?", ";", "\n", "\r", "\u{2026}": .hardBreak
        // "important: call the vet" and "email Sara re: the contract": a colon ends a task only before a new action.
        case ",", ":", "\u{2013}", "\u{2014}": .softBreak
        case "-": (next == nil || next == " ") ? .softBreak : nil
        default: nil
        }
    }
}
