import Foundation
import KairosCore

extension CaptureContext {
    /// The context a capture request describes, in the words of its fields `now` and `tz`; what it leaves out
    /// comes from the caller's defaults.
    ///
    /// `now` is a wall time "YYYY-MM-DDTHH:MM" in `tz`, or an instant with an offset such as
    /// "2026-03-04T14:30:00Z"; `tz` is an IANA zone name. A bad value is `invalidField` naming the field.
    public init(
        now: String?, tz: String?, lists: [String], defaultNow: @autoclosure () -> Date, defaultZone: TimeZone
    ) throws(KairosError) {
        let zone = try tz.map { name throws(KairosError) in try Self.zone(named: name) } ?? defaultZone
        guard let now else {
            self.init(instant: defaultNow(), timeZone: zone, lists: lists)
            return
        }
        if let wallTime = LocalDateTime(iso: now) {
            self.init(now: wallTime, timeZone: zone, lists: lists)
        } else if let instant = APITimestamp.parse(now), Self.hasOffset(now) {
            self.init(instant: instant, timeZone: zone, lists: lists)
        } else {
            throw .invalidField(
                field: "now",
                message:
                    "now must be a local time such as 2026-03-04T14:30, or an instant such as 2026-03-04T19:30:00Z.")
        }
    }

    private static func zone(named name: String) throws(KairosError) -> TimeZone {
        let valid = try Limits.requireTimeZone(name, field: "tz")
        guard let zone = TimeZone(identifier: valid) else {
            throw .invalidField(field: "tz", message: "tz must be an IANA time zone name such as America/New_York.")
        }
        return zone
    }

    private static func hasOffset(_ text: String) -> Bool {
        let tail = text.utf8.dropFirst(19)
        return tail.contains(UInt8(ascii: "Z")) || tail.contains(UInt8(ascii: "z")) || tail.contains(UInt8(ascii: "+"))
            || tail.contains(UInt8(ascii: "-"))
    }
}
