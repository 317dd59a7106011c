import Foundation

/// How often scheduled backups run, written as a number and a unit: `30s`, `15m`, `24h` or `7d`.
public struct BackupInterval: Sendable, Equatable, CustomStringConvertible {
    /// The interval in seconds (at least one).
    public let seconds: Int64

    /// Reads `text`; nil when it is not a positive whole number followed by `s`, `m`, `h` or `d`.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last, let count = Int64(trimmed.dropLast()), count > 0 else { return nil }
        let scale: Int64
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3600
        case "d": scale = 86_400
        default: return nil
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        self.seconds = seconds
    }

    public var duration: Duration { .seconds(seconds) }

    public var description: String { "\(seconds)s" }
}
