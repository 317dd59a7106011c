import Foundation
import KairosCore

/// Ranks a window of recent matches and marks their snippets from the messages' own text.
///
/// FTS5 would do both, but at a cost that grows with the whole index rather than the window: a prefix
/// query merges every match of the word before it yields a row, and bm25() and snippet() run the query's
/// words against the index again. So the index only picks the window (newest matches first); words are
/// split and folded here the way its `unicode61 remove_diacritics` tokenizer does, and each match is scored
/// with BM25 (k1 1.2, b 0.75) against the window's average length.
package struct WindowRanking {
    /// The query's words, folded; a word of the text matches when it starts with one of them.
    package let prefixes: [String]
    /// The same as bytes, to match ASCII text; a word with letters beyond ASCII (kept as a byte no ASCII
    /// text has) matches none.
    private let asciiPrefixes: [[UInt8]]

    package init?(query: String) {
        prefixes = Self.words(in: query).map(\.folded)
        if prefixes.isEmpty { return nil }
        asciiPrefixes = prefixes.map { $0.utf8.allSatisfy { $0 < 0x80 } ? Array($0.utf8) : [0xFF] }
    }

    /// A word of a text, folded, with where it stands in the text.
    struct Word {
        let folded: String
        let range: Range<String.Index>
    }

    /// The text's words: runs of letters and digits, folded for case and diacritics.
    static func words(in text: String) -> [Word] {
        var words: [Word] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let isWordCharacter = text[index].isLetter || text[index].isNumber
            if isWordCharacter, start == nil { start = index }
            if !isWordCharacter, let first = start {
                words.append(Word(folded: fold(text[first..<index]), range: first..<index))
                start = nil
            }
            index = text.index(after: index)
        }
        if let first = start { words.append(Word(folded: fold(text[first...]), range: first..<text.endIndex)) }
        return words
    }

    private static func fold(_ word: Substring) -> String {
        word.allSatisfy(\.isASCII)
            ? word.lowercased() : word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private func matches(_ word: Word) -> Bool {
        prefixes.contains { word.folded.hasPrefix($0) }
    }

    /// Each text's relevance, higher is better: BM25 of each query word's matches, every word weighing the
    /// same (every text of the window holds them all, so their spread says nothing).
    package func scores(_ texts: [String]) -> [Double] {
        let counts = texts.map(wordCounts)
        let averageLength = max(1, Double(counts.reduce(0) { $0 + $1.words }) / Double(max(1, counts.count)))
        return counts.map { count in
            let lengthFactor = 1.2 * (0.25 + 0.75 * Double(count.words) / averageLength)
            return count.matches.reduce(0) { score, matches in
                score + Double(matches) * 2.2 / (Double(matches) + lengthFactor)
            }
        }
    }

    /// How many words the text has, and how many of them each query word matches. Plain ASCII text (most
    /// of it) is read byte by byte, without making a string of each word.
    private func wordCounts(_ text: String) -> (words: Int, matches: [Int]) {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> (Int, [Int])? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var words = 0
            var matches = Array(repeating: 0, count: prefixes.count)
            var index = 0
            while index < bytes.count {
                guard Self.isWordByte(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
                words += 1
                for (position, prefix) in asciiPrefixes.enumerated()
                where index - start >= prefix.count
                    && zip(bytes[start...], prefix).allSatisfy({ Self.lowercased($0) == $1 })
                {
                    matches[position] += 1
                }
            }
            return (words, matches)
        }
        if let ascii = ascii ?? nil { return ascii }
        let words = Self.words(in: text)
        return (words.count, prefixes.map { prefix in words.filter { $0.folded.hasPrefix(prefix) }.count })
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Up to `length` words of the text around its most matches, HTML-escaped, matches in `<mark>`, with an
    /// ellipsis where words were left out.
    package func snippet(_ text: String, length: Int = 12) -> String {
        let words = Self.words(in: text)
        guard !words.isEmpty else { return text.markupEscaped }
        let matched = words.map(matches)
        var best = 0
        var bestCount = -1
        for start in 0...max(0, words.count - length) {
            let count = matched[start..<min(words.count, start + length)].filter { $0 }.count
            if count > bestCount {
                best = start
                bestCount = count
            }
        }
        let shown = best..<min(words.count, best + length)
        var snippet = best > 0 ? "\u{2026}" : ""
        var cursor = best > 0 ? words[best].range.lowerBound : text.startIndex
        for position in shown {
            let word = words[position]
            snippet += text[cursor..<word.range.lowerBound].markupEscaped
            snippet += matched[position] ? "<mark>\(text[word.range].markupEscaped)</mark>" : text[word.range].markupEscaped
            cursor = word.range.upperBound
        }
        snippet += shown.upperBound < words.count ? "\u{2026}" : text[cursor...].markupEscaped
        return snippet
    }
}
