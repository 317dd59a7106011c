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

    /// A subscription feed for calendar apps: the open tasks that have a due, an all-day one as a VTODO and one
    /// due at a time as a VEVENT at that time, lasting the task's duration when it has one (an instant
    /// otherwise), so apps that show only events still place it in the day.
    public static func feed(tasks: [TaskItem], projectNames: [String: String], name: String, now: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:\(escape(name))",
        ]
        for task in tasks where task.completedAt == nil && task.due != nil {
            lines += task.due?.time == nil
                ? todo(task, projectName: projectNames[task.projectID], now: now)
                : event(task, projectName: projectNames[task.projectID], now: now)
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendar.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The PRODID of every calendar object Kairos writes.
    public static let productID = "-//Kairos//Kairos tasks//EN"

    /// The UID a task has in every calendar Kairos writes.
    public static func uid(taskID: String) -> String { "task-\(taskID)@kairos" }

    /// The task a UID of Kairos' making names; nil for any other UID.
    public static func taskID(uid: String) -> String? {
        guard uid.hasPrefix("task-"), uid.hasSuffix("@kairos") else { return nil }
        let id = uid.dropFirst(5).dropLast(7)
        return !id.isEmpty && id.allSatisfy({ $0.isASCII && $0.isNumber }) ? String(id) : nil
    }

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

    private static func event(_ task: TaskItem, projectName: String?, now: Date) -> [String] {
        guard let due = task.due else { return [] }
        var lines = [
            "BEGIN:VEVENT",
            "UID:\(uid(taskID: task.id))",
            "DTSTAMP:\(utc(now))",
            "LAST-MODIFIED:\(utc(task.updatedAt))",
            "SUMMARY:\(escape(task.content))",
            "DTSTART\(dueValue(due))",
        ]
        if let duration = task.duration {
            let seconds = duration.amount * (duration.unit == .day ? 86_400 : 60)
            lines.append("DURATION:\(ICalendar.duration(seconds: seconds))")
        }
        if let rule = due.recurrence { lines.append("RRULE:\(rule.rrule)") }
        if !task.description.isEmpty { lines.append("DESCRIPTION:\(escape(task.description))") }
        if !task.labels.isEmpty { lines.append("CATEGORIES:" + task.labels.map(escape).joined(separator: ",")) }
        if let projectName { lines.append("X-KAIROS-PROJECT:\(escape(projectName))") }
        lines.append("END:VEVENT")
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
