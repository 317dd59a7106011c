import Foundation
import KairosCore

extension TodoistImport {
    /// Converts `account`, reading each recurring due's rule from its text as Kairos reads a `due_string`.
    public init(_ account: TodoistAccount, now: Date = Date()) {
        self.init(account, now: now) { text in
            try? DueStringReader.read(text, now: now, timeZone: .gmt)?.recurrence
        }
    }
}

extension TodoistCSVImport {
    /// Converts a Todoist CSV export, reading each DATE cell as Kairos reads a `due_string`: in the row's TIMEZONE,
    /// else in `timeZone`.
    public init(csv: String, projectName: String, timeZone: TimeZone, now: Date = Date()) throws(KairosError) {
        try self.init(csv: csv, projectName: projectName, now: now) { text, zoneName in
            let zone = zoneName.flatMap(TimeZone.init(identifier:)) ?? timeZone
            guard let parsed = try? DueStringReader.read(text, now: now, timeZone: zone) else { return nil }
            return Due(
                date: parsed.date, time: parsed.time, timezone: zone.identifier, string: text, lang: "en",
                recurrence: parsed.recurrence)
        }
    }
}
