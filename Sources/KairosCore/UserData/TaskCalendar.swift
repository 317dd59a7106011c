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
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN"]
        for task in tasks {
            lines += todo(task, projectName: projectNames[task.projectID], now: now)
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendar.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The PRODID of every calendar object Kairos writes.
    public static let productID = "-//Kairos//Kairos tasks//EN"

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
        if let priority = TodoFields.icalendarPriority(task.priority) { lines.append("PRIORITY:\(priority)") }
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

    /// The parameters and value after DUE or DTSTART: `;VALUE=DATE:20260305`, `:20260305T220000Z` or a
    /// floating `:20260305T170000`.
    private static func dueValue(_ due: Due) -> String {
        guard let time = due.time else { return ";VALUE=DATE:\(ICalendar.DateValue.compact(due.date))" }
        if let zone = due.timezone.flatMap(TimeZone.init(identifier:)) {
            return ":\(utc(due.date.at(time, in: zone)))"
        }
        return ":\(ICalendar.DateValue.compact(due.date, time))"
    }

    private static func utc(_ instant: Date) -> String { ICalendar.DateValue.utc(instant) }

    private static func escape(_ text: String) -> String { ICalendar.escape(text) }
}
