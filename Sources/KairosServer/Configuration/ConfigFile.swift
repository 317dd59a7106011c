import Foundation

/// The settings of a `kairos.toml` file, each as the text a flag would carry.
///
/// It reads the part of TOML a settings file needs: `key = value` lines, `[table]` headers (a key in
/// `[ai]` is the setting `ai-KEY`, as `--ai-KEY` is its flag), strings in either quote, integers, decimals,
/// booleans, arrays of those on one line (read as the comma-separated list a flag takes), and `#`
/// comments. Anything else is refused with its line number rather than guessed at.
public struct ConfigFile: Sendable, Equatable {
    /// The values by setting name (`port`, `ai-provider`).
    public let values: [String: String]
    /// Where the values came from, for messages.
    public let path: String

    public init(values: [String: String], path: String) {
        self.values = values
        self.path = path
    }

    /// Reads the file at `path`.
    public static func load(path: String) throws(ConfigFileError) -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigFileError("Cannot read the config file \(path): check that it exists and is readable.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigFileError("\(path) is not UTF-8 text.")
        }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(ConfigFileError) -> ConfigFile {
        var values: [String: String] = [:]
        var table: String?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func failure(_ problem: String) -> ConfigFileError {
                ConfigFileError("\(path) line \(index + 1): \(problem)")
            }
            var reader = ValueReader(Substring(rawLine.trimmingCharacters(in: .whitespacesAndNewlines)))
            reader.skipSpace()
            if reader.atEnd { continue }
            if reader.take("[") {
                guard let name = reader.bareKey(), reader.take("]"), reader.atEnd else {
                    throw failure("a table header is [name], such as [ai].")
                }
                table = name
                continue
            }
            guard let key = reader.bareKey() else {
                throw failure("expected a setting such as port = 8080.")
            }
            reader.skipSpace()
            guard reader.take("=") else { throw failure("expected = after \(key).") }
            reader.skipSpace()
            let value: String
            do {
                value = try reader.value()
            } catch {
                throw failure(error.problem)
            }
            guard reader.atEnd else { throw failure("unexpected text after the value of \(key).") }
            let name = table.map { "\($0)-\(key)" } ?? key
            guard values[name] == nil else { throw failure("\(name) is set twice.") }
            values[name] = value
        }
        return ConfigFile(values: values, path: path)
    }
}

/// A config file that cannot be used, saying where and why.
public struct ConfigFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Reads one line's key and value, left to right.
private struct ValueReader {
    struct Problem: Error {
        let problem: String
    }

    private var rest: Substring

    init(_ line: Substring) {
        rest = line
    }

    /// True once only spaces or a comment are left.
    var atEnd: Bool {
        let left = rest.drop { $0 == " " || $0 == "\t" }
        return left.isEmpty || left.first == "#"
    }

    mutating func skipSpace() {
        rest = rest.drop { $0 == " " || $0 == "\t" }
    }

    mutating func take(_ character: Character) -> Bool {
        skipSpace()
        guard rest.first == character else { return false }
        rest.removeFirst()
        return true
    }

    /// A bare key: letters, digits, `-` and `_`, written with `-` as flags are.
    mutating func bareKey() -> String? {
        skipSpace()
        let key = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard !key.isEmpty else { return nil }
        rest = rest.dropFirst(key.count)
        return key.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    mutating func value() throws(Problem) -> String {
        skipSpace()
        if take("[") {
            var items: [String] = []
            while !take("]") {
                if !items.isEmpty, !take(",") { throw Problem(problem: "items of a list are separated by commas.") }
                skipSpace()
                if take("]") { break }  // a trailing comma
                items.append(try scalar())
            }
            return items.joined(separator: ",")
        }
        return try scalar()
    }

    private mutating func scalar() throws(Problem) -> String {
        skipSpace()
        if let quote = rest.first, quote == "\"" || quote == "'" {
            rest.removeFirst()
            return try quoted(closingWith: quote)
        }
        let word = rest.prefix { !" \t,]#".contains($0) }
        rest = rest.dropFirst(word.count)
        if word == "true" || word == "false" { return String(word) }
        let digits = word.replacingOccurrences(of: "_", with: "")
        if !digits.isEmpty, Int(digits) != nil || Double(digits) != nil { return digits }
        throw Problem(problem: "\(word.isEmpty ? "a value" : "\"\(word)\"") must be quoted text, a number, true or false.")
    }

    private mutating func quoted(closingWith quote: Character) throws(Problem) -> String {
        var text = ""
        while let character = rest.first {
            rest.removeFirst()
            if character == quote { return text }
            guard quote == "\"", character == "\\" else {
                text.append(character)
                continue
            }
            guard let escaped = rest.first else { break }
            rest.removeFirst()
            switch escaped {
            case "\"": text.append("\"")
            case "\\": text.append("\\")
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "u", "U":
                let length = escaped == "u" ? 4 : 8
                guard let code = UInt32(rest.prefix(length), radix: 16), rest.count >= length,
                    let scalar = Unicode.Scalar(code)
                else { throw Problem(problem: "\\\(escaped) needs \(length) hex digits.") }
                rest = rest.dropFirst(length)
                text.unicodeScalars.append(scalar)
            default: throw Problem(problem: "unknown escape \\\(escaped) in a string.")
            }
        }
        throw Problem(problem: "a string is not closed with \(quote).")
    }
}
