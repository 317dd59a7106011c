import Foundation

/// The UTC time in backup file names, such as `2026-11-28T040012Z`: readable, free of colons (which some
/// file systems refuse), and sorting in time order.
public enum BackupTimestamp {
    /// `date` as it appears in a backup's name.
    public static func string(for date: Date) -> String { formatter().string(from: date) }

    /// The time a backup's name holds, or nil when `text` is not one.
    public static func date(from text: String) -> Date? { formatter().date(from: text) }

    // A new formatter per call: DateFormatter is not safe to share between threads, and backups are rare.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HHmmss'Z'"
        return formatter
    }
}
