import Foundation
import KairosCore

/// Renders a time report for the terminal: the days with a bar each, the total, the groups asked for,
/// estimate against actual per task, and the streaks.
struct ReportTable {
    let report: TimeReport
    let projectNames: [String: String]

    /// The widest bar, for the busiest day or group.
    static let barWidth = 24

    func render() -> String {
        var parts = [
            "\(Self.dayName(report.from)) to \(Self.dayName(report.to)) \(report.to.year) (\(report.timeZone))"
        ]
        parts.append(daysTable())
        if report.grouping != .day { parts.append(groupsTable()) }
        if !report.tasks.isEmpty { parts.append(tasksTable()) }
        let streak = report.streak
        parts.append(
            "Streak: \(Self.days(streak.currentDays)) in a row with tracked time (longest \(Self.days(streak.longestDays)))."
        )
        return parts.joined(separator: "\n\n")
    }

    private func daysTable() -> String {
        let busiest = report.days.map(\.seconds).max() ?? 0
        var rows = [["DAY", "HOURS", ""]]
        for day in report.days {
            rows.append([Self.dayName(day.date), DurationText.clock(day.seconds), bar(day.seconds, of: busiest)])
        }
        rows.append(["Total", DurationText.clock(report.totalSeconds), ""])
        return TaskTable.align(rows)
    }

    private func groupsTable() -> String {
        let busiest = report.groups.map(\.seconds).max() ?? 0
        var rows = [[report.grouping.rawValue.uppercased(), "HOURS", ""]]
        for group in report.groups {
            rows.append([
                TaskTable.clip(group.name, 40), DurationText.clock(group.seconds), bar(group.seconds, of: busiest),
            ])
        }
        var table = TaskTable.align(rows)
        if report.grouping == .label {
            table += "\n(time on a task with several labels counts under each of them)"
        }
        return table
    }

    private func tasksTable() -> String {
        var rows = [["ID", "TASK", "PROJECT", "ESTIMATE", "ACTUAL", "DIFFERENCE"]]
        for line in report.tasks {
            rows.append([
                line.taskID, TaskTable.clip(line.content, 40), projectNames[line.projectID] ?? "",
                line.estimateSeconds.map(DurationText.clock) ?? "", DurationText.clock(line.actualSeconds),
                line.estimateSeconds.map { DurationText.difference(line.actualSeconds - $0) } ?? "",
            ])
        }
        return TaskTable.align(rows)
    }

    private func bar(_ seconds: Int, of busiest: Int) -> String {
        busiest > 0 ? DurationText.bar(Double(seconds) / Double(busiest), width: Self.barWidth) : ""
    }

    /// "Mon 16 Nov"
    static func dayName(_ date: LocalDate) -> String {
        "\(TaskTable.weekdayNames[date.weekday.rawValue - 1]) \(date.day) \(TaskTable.monthNames[date.month - 1])"
    }

    private static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }
}
