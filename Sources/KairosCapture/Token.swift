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
    /// Whether the word was written with a capital letter (names such as "Jen").
    var isCapitalized: Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }
}

/// Splits text into word and break tokens.
enum Tokenizer {
    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(text.utf8.count / 4)
        var current = String.UnicodeScalarView()
        var start = 0
        var offset = 0
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()

        func flushWord() {
            guard !current.isEmpty else { return }
            appendWord(String(current), span: start..<offset, to: &tokens)
            current.removeAll(keepingCapacity: true)
        }

        while let scalar = pending {
            let next = scalars.next()
            let width = scalar.utf16.count
            if isWordScalar(scalar) {
                if current.isEmpty { start = offset }
                current.append(scalar)
            } else if isJoiner(scalar), !current.isEmpty, let after = next, isWordScalar(after) {
                // "4:15", "3/12", "a.m", "twenty-two", "mom's": the mark is inside a word.
                current.append(scalar)
            } else if (scalar == "#" || scalar == "@" || scalar == "/"), current.isEmpty,
                let after = next, after.properties.isAlphabetic || after.properties.numericType != nil
            {
                start = offset
                current.append(scalar)
            } else {
                if scalar == ".", isAbbreviation(current) {
                    // The dot closing "a.m." or "p.m." is part of the word, not a sentence end.
                    current.append(scalar)
                    offset += width
                    pending = next
                    flushWord()
                    continue
                }
                flushWord()
                if let kind = breakKind(scalar, next: next) {
                    tokens.append(Token(kind: kind, text: String(scalar), word: "", span: offset..<offset + width))
                }
            }
            offset += width
            pending = next
        }
        flushWord()
        return tokens
    }

    private static func appendWord(_ raw: String, span: Range<Int>, to tokens: inout [Token]) {
        var text = raw
        while let last = text.unicodeScalars.last, last == "'" || last == "\u{2019}" || last == "." || last == "-" {
            text.unicodeScalars.removeLast()
        }
        guard !text.isEmpty else { return }
        var word = text.lowercased()
        if word.unicodeScalars.contains("\u{2019}") {
            word = String(String.UnicodeScalarView(word.unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
        }
        switch word {
        case "a.m": word = "am"
        case "p.m": word = "pm"
        default: break
        }
        if word.hasSuffix("a.m") || word.hasSuffix("p.m") {
            word = String(word.dropLast(3)) + (word.hasSuffix("a.m") ? "am" : "pm")
        }
        let end = span.lowerBound + text.utf16.count
        tokens.append(Token(kind: .word, text: text, word: word, span: span.lowerBound..<end))
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "'" || scalar == "\u{2019}"
            || scalar.properties.generalCategory == .nonspacingMark
    }

    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == ":" || scalar == "/" || scalar == "." || scalar == "-" || scalar == "&"
    }

    private static func isAbbreviation(_ word: String.UnicodeScalarView) -> Bool {
        let text = String(word).lowercased()
        return text.hasSuffix("a.m") || text.hasSuffix("p.m")
    }

    private static func breakKind(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) -> Token.Kind? {
        switch scalar {
        case ".", "!", "?", ";", ":", "\n", "\r", "\u{2026}": .hardBreak
        case ",", "\u{2013}", "\u{2014}": .softBreak
        case "-": (next == nil || next == " ") ? .softBreak : nil
        default: nil
        }
    }
}
