import Foundation

/// A receiver's `Retry-After` header (RFC 9110): a number of seconds, or the HTTP date to wait until.
public enum RetryAfter {
    /// How long the receiver asks to wait from `now`; nil when the header is missing or unreadable, zero for a
    /// date already past.
    public static func duration(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Int64(value).map { .seconds($0) }
        }
        guard let date = httpDate(value) else { return nil }
        return .seconds(max(0, Int64(date.timeIntervalSince(now).rounded(.up))))
    }

    /// An IMF-fixdate such as `Wed, 04 Mar 2026 14:30:00 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
