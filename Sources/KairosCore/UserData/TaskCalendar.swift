import Foundation

/// A person's tasks as an iCalendar file (RFC 5545) of to-dos, for calendar and reminder apps.
///
/// Each task is a VTODO whose UID is stable for the task (`task-<id>@kairos`). An all-day due is a DATE; a
/// due fixed to a time zone is written in UTC (so no VTIMEZONE is needed); a floating time stays floating.
/// A recurring due keeps its rule as RRULE, with DTSTART equal to DUE as RFC 5545 expects of a recurrence.
/// A subtask names its parent with RELATED-TO; labels are CATEGORIES; a completed task has STATUS:COMPLETED.
public enum TaskCalendar {
    /// The whole calendar, lines ending in CRLF and folded at 75 octets.
    public static func ics(tasks: [TaskItem], projectNames: [String: String], now: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kairos//Kairos tasks//EN", "CALSCALE:GREGORIAN"]
        for task in tasks {
            lines += todo(task, projectName: projectNames[task.projectID], now: now)
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The UID a task has in every calendar Kairos writes.
    public static func uid(taskID: String) -> String { "task-\(taskID)@kairos" }

    private static func todo(_ task: TaskItem, projectName: String?, now: Date) -> [String] {
        var lines = [
            "BEGIN:VTODO",
            "UID:\(uid(taskID: task.id))",
            "DTSTAMP:\(utc(now))",
            "CREATED:\(utc(task.addedAt))",
            "LAST-MODIFIED:\(utc(task.updatedAt))",
            "SUMMARY:\(escape(task.content))",
        ]
        if !task.description.isEmpty { lines.append("DESCRIPTION:\(escape(task.description))") }
        if let due = task.due {
            let value = dueValue(due)
            if due.recurrence != nil { lines.append("DTSTART\(value)") }
            lines.append("DUE\(value)")
            if let rule = due.recurrence { lines.append("RRULE:\(rule.rrule)") }
        }
        if let priority = icsPriority[task.priority] { lines.append("PRIORITY:\(priority)") }
        if !task.labels.isEmpty { lines.append("CATEGORIES:" + task.labels.map(escape).joined(separator: ",")) }
        if let projectName { lines.append("X-KAIROS-PROJECT:\(escape(projectName))") }
        if let parent = task.parentID { lines.append("RELATED-TO;RELTYPE=PARENT:\(uid(taskID: parent))") }
        if let completedAt = task.completedAt {
            lines += ["STATUS:COMPLETED", "COMPLETED:\(utc(completedAt))", "PERCENT-COMPLETE:100"]
        } else {
            lines.append("STATUS:NEEDS-ACTION")
        }
        lines.append("END:VTODO")
        return lines
    }

    /// Kairos priority 4 (p1, most urgent) is iCalendar's 1 (highest); 1 (no priority) is left out.
    private static let icsPriority = [4: 1, 3: 5, 2: 9]

    /// The parameters and value after DUE or DTSTART: `;VALUE=DATE:20260305`, `:20260305T220000Z` or a
    /// floating `:20260305T170000`.
    private static func dueValue(_ due: Due) -> String {
        guard let time = due.time else { return ";VALUE=DATE:\(compact(due.date))" }
        if let zone = due.timezone.flatMap(TimeZone.init(identifier:)) {
            return ":\(utc(due.date.at(time, in: zone)))"
        }
        return ":\(compact(due.date))T\(two(time.hour))\(two(time.minute))\(two(time.second))"
    }

    private static func compact(_ date: LocalDate) -> String {
        String(String(date.year + 10_000).dropFirst()) + two(date.month) + two(date.day)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func utc(_ instant: Date) -> String {
        let date = LocalDate(instant, in: .gmt)
        let time = LocalTime(instant, in: .gmt)
        return "\(compact(date))T\(two(time.hour))\(two(time.minute))\(two(time.second))Z"
    }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon and comma get a backslash; line breaks become `\n`.
    static func escape(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// Splits a content line into lines of at most 75 octets, each continuation starting with a space
    /// (RFC 5545 3.1), never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            // A continuation line's leading space counts towards its 75.
            let limit = parts.isEmpty ? 75 : 74
            if octets + size > limit {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.append(character)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }
}
