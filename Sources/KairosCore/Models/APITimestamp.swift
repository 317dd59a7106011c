import Foundation

/// The API's timestamp formats: `2026-03-04T14:30:00.000000Z` for record times,
/// `2026-03-04T14:30:00Z` for due instants.
public enum APITimestamp {
    /// Formats an instant with microseconds, as Todoist's record timestamps are.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, microseconds: true, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Formats an instant to the second, `YYYY-MM-DDTHH:MM:SSZ`.
    public static func utcSeconds(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, microseconds: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTC timestamp by arithmetic alone: it runs for several fields of every task in every response.
    static func append(_ date: Date, microseconds: Bool, to bytes: inout [UInt8]) {
        let micros = Int((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
        let seconds = LocalDate.floorDiv(micros, 1_000_000)
        let days = LocalDate.floorDiv(seconds, 86_400)
        let second = seconds - days * 86_400
        let day = LocalDate(dayNumber: days)
        appendDigits(day.year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day.month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day.day, 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(second / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(second / 60 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(second % 60, 2, to: &bytes)
        if microseconds {
            bytes.append(UInt8(ascii: "."))
            appendDigits(micros - seconds * 1_000_000, 6, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends a non-negative number zero-padded to `width` digits.
    static func appendDigits(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        if rest >= divisor * 10 {  // wider than asked: write it all
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.ffffff](Z|±HH:MM)`; a string without an offset is read as UTC.
    public static func parse(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        guard chars.count >= 19, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
            chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
            chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
            let year = number(chars, 0, 4), let month = number(chars, 5, 2), let day = number(chars, 8, 2),
            let hour = number(chars, 11, 2), let minute = number(chars, 14, 2), let second = number(chars, 17, 2),
            LocalDate(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < chars.count, let digit = digitValue(chars[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            if index == start { return nil }
        }
        var offsetSeconds = 0
        if index < chars.count {
            switch chars[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard chars.count >= index + 6, chars[index + 3] == UInt8(ascii: ":"),
                    let h = number(chars, index + 1, 2), let m = number(chars, index + 4, 2)
                else { return nil }
                offsetSeconds = (h * 3600 + m * 60) * (chars[index] == UInt8(ascii: "-") ? -1 : 1)
                index += 6
            default:
                return nil
            }
        }
        guard index == chars.count else { return nil }
        let days = LocalDate.daysBetween(epoch, LocalDate(year: year, month: month, day: day)!)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    private static let epoch = LocalDate(year: 1970, month: 1, day: 1)!

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ chars: [UInt8], _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for i in start..<(start + length) {
            guard let digit = digitValue(chars[i]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}

/// JSON coders configured for the API's field conventions, shared by server and SDK.
public enum APICoding {
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(APITimestamp.format(date))
        }
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = APITimestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 timestamp such as 2026-03-04T14:30:00Z")
            }
            return date
        }
        return decoder
    }
}
