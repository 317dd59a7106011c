import Foundation
import KairosCapture
import KairosCore

/// Turns the API's three ways of giving a due date (`due_string`, `due_date`, `due_datetime`) into one `Due`,
/// read in the user's time zone. Timed dues are pinned to that zone.
struct DueResolver {
    let user: User
    let now: Date

    func due(string: String?, date: String?, datetime: String?, lang: String?) throws(KairosError) -> Due? {
        let given = [string, date, datetime].compactMap { $0 }
        guard given.count <= 1 else {
            throw .invalidField(field: "due_string", message: "Give only one of due_string, due_date and due_datetime.")
        }
        if let string { return try fromString(string, lang: lang) }
        if let date { return try fromDate(date, lang: lang) }
        if let datetime { return try fromDatetime(datetime, lang: lang) }
        return nil
    }

    /// The due change an update asks for: a new value wins, `null` alone clears, and a due_string
    /// meaning "no date" clears too.
    func update(
        string: FieldUpdate<String>, date: FieldUpdate<String>, datetime: FieldUpdate<String>, lang: String?
    ) throws(KairosError) -> FieldUpdate<Due> {
        let fields = [string, date, datetime]
        if fields.contains(where: { $0.newValue != nil }) {
            let due = try due(string: string.newValue, date: date.newValue, datetime: datetime.newValue, lang: lang)
            return due.map { .set($0) } ?? .clear
        }
        return fields.contains(.clear) ? .clear : .unchanged
    }

    private func fromString(_ text: String, lang: String?) throws(KairosError) -> Due? {
        let parsed: ParsedDue?
        do {
            parsed = try DueStringReader.read(text, now: now, timeZone: user.timeZone)
        } catch {
            throw .invalidField(field: "due_string", message: error.message)
        }
        guard let parsed else { return nil }
        return Due(
            date: parsed.date, time: parsed.time, timezone: user.timezone,
            string: text.trimmingCharacters(in: .whitespacesAndNewlines), lang: lang ?? "en",
            recurrence: parsed.recurrence)
    }

    private func fromDate(_ text: String, lang: String?) throws(KairosError) -> Due {
        guard let day = LocalDate(iso: text) else {
            throw .invalidField(field: "due_date", message: "due_date must be a date such as 2026-03-12.")
        }
        return Due(date: day, string: day.iso, lang: lang ?? "en")
    }

    private func fromDatetime(_ text: String, lang: String?) throws(KairosError) -> Due {
        due(at: LocalDateTime(try instant(datetime: text), in: user.timeZone), recurrence: nil, lang: lang)
    }

    /// The moment a `due_datetime` names, to the second.
    func instant(datetime text: String) throws(KairosError) -> Date {
        if let exact = APITimestamp.parse(text), Self.hasOffset(text) { return exact }
        guard let day = LocalDate(iso: String(text.prefix(10))), text.count >= 16,
            let time = LocalTime(iso: String(text.dropFirst(11).prefix(8)))
        else {
            throw .invalidField(
                field: "due_datetime", message: "due_datetime must be a time such as 2026-03-12T15:00:00Z.")
        }
        // A time without an offset is the user's wall time.
        return day.at(time, in: user.timeZone)
    }

    /// A due at a wall time in the user's zone, pinned to it; with a rule, `wallTime` is its first occurrence.
    func due(at wallTime: LocalDateTime, recurrence: RecurrenceRule?, lang: String? = nil) -> Due {
        let shown = wallTime.normalized(in: user.timeZone)
        let clock = String(shown.time.iso.prefix(5))
        return Due(
            date: shown.date, time: shown.time, timezone: user.timezone,
            string: recurrence.map { "\($0.humanDescription) at \(clock)" } ?? "\(shown.date.iso) \(clock)",
            lang: lang ?? "en", recurrence: recurrence)
    }

    private static func hasOffset(_ text: String) -> Bool {
        text.hasSuffix("Z") || text.hasSuffix("z") || text.dropFirst(19).contains("+")
            || text.dropFirst(19).contains("-")
    }
}
