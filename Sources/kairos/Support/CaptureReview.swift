import Foundation
import KairosClient
import KairosCore

/// Several proposed tasks as the user reviews them before they are added: a numbered table.
struct CaptureReview {
    let tasks: [CaptureCommitTask]
    let projectNames: [String]
    let today: LocalDate
    let timeZone: TimeZone

    /// The lists the tasks name that the user does not have, each once (ignoring case), in the order named.
    var missingLists: [String] {
        let known = Set(projectNames.map { $0.lowercased() })
        var seen = Set<String>()
        return tasks.compactMap(\.list).filter {
            !known.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted
        }
    }

    func render() -> String {
        let missing = Set(missingLists.map { $0.lowercased() })
        var rows = [["#", "TASK", "DUE", "LIST", "PRI", "LABELS", "REPEATS"]]
        for (index, task) in tasks.enumerated() {
            let list = task.list.map { missing.contains($0.lowercased()) ? "\($0) (new)" : $0 } ?? "Inbox"
            rows.append([
                "\(index + 1).", TaskTable.clip(task.title, 50), dueText(task), list,
                task.priority.map { "p\($0)" } ?? "", (task.labels ?? []).map { "@\($0)" }.joined(separator: " "),
                task.recurrence.flatMap { try? RecurrenceRule(rrule: $0) }?.humanDescription ?? "",
            ])
        }
        return TaskTable.align(rows)
    }

    /// "tomorrow 17:00", "Mon 9 Mar 09:00", or the words given with --due.
    private func dueText(_ task: CaptureCommitTask) -> String {
        if let words = task.dueString { return words }
        guard let wallTime = task.due.flatMap(LocalDateTime.init(iso:)) else { return "" }
        let due = Due(date: wallTime.date, time: wallTime.time, timezone: timeZone.identifier, string: "")
        return TaskTable(projectNames: [:], today: today, timeZone: timeZone).dueText(due)
    }
}
