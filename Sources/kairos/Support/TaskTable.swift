import Foundation
import KairosCore

/// Renders tasks as an aligned, readable table for the terminal.
struct TaskTable {
    let projectNames: [String: String]
    let today: LocalDate
    let timeZone: TimeZone

    func render(_ tasks: [TaskItem], showProject: Bool = true) -> String {
        guard !tasks.isEmpty else { return "Nothing here." }
        var rows = [["ID", "PRI", "TASK", "DUE"] + (showProject ? ["PROJECT"] : [])]
        for task in tasks {
            rows.append(
                [task.id, Self.priorityLabel(task.priority), Self.clip(task.content, 60), dueText(task.due)]
                    + (showProject ? [projectNames[task.projectID] ?? ""] : []))
        }
        return Self.align(rows)
    }

    /// "p1" for the API's priority 4, and so on; blank for the default p4.
    static func priorityLabel(_ priority: Int) -> String {
        priority > 1 ? "p\(5 - priority)" : ""
    }

    /// "today 15:00", "tomorrow", "Fri 27 Nov"; a past date reads "Mon 23 Nov, still open".
    func dueText(_ due: Due?) -> String {
        guard let due else { return "" }
        let zone = due.timezone.flatMap(TimeZone.init(identifier:)) ?? timeZone
        let (day, time): (LocalDate, LocalTime?) =
            due.instant(fallback: zone).map {
                (LocalDate($0, in: timeZone), LocalTime($0, in: timeZone))
            } ?? (due.date, nil)
        let offset = LocalDate.daysBetween(today, day)
        var text: String
        switch offset {
        case 0: text = "today"
        case 1: text = "tomorrow"
        case -1: text = "yesterday"
        case 2...6: text = Self.weekdayNames[day.weekday.rawValue - 1]
        default: text = "\(Self.weekdayNames[day.weekday.rawValue - 1]) \(day.day) \(Self.monthNames[day.month - 1])"
        }
        if let time { text += " " + String(time.iso.prefix(5)) }
        if due.isRecurring { text += " ↻" }
        return offset < 0 ? "\(text), still open" : text
    }

    static func align(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    static func clip(_ text: String, _ width: Int) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
