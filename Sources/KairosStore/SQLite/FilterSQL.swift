import Foundation
import GRDB
import KairosCore

/// Turns a parsed filter into a SQL condition on `tasks`, with every value bound, never spliced in.
package struct FilterSQL {
    let viewer: Int64
    let today: LocalDate
    let now: Date

    package init(viewer: Int64, today: LocalDate, now: Date) {
        self.viewer = viewer
        self.today = today
        self.now = now
    }

    func condition(for filter: TaskFilter) -> (sql: String, arguments: StatementArguments) {
        switch filter {
        case .today:
            return ("tasks.due_day = ?", [DueDay.of(today)])
        case .tomorrow:
            return ("tasks.due_day = ?", [DueDay.of(today) + 1])
        case .overdue:
            return ("(tasks.due_day < ? OR tasks.due_at < ?)", [DueDay.of(today), now.micros])
        case .noDate:
            return ("tasks.due_day = ?", [DueDay.none])
        case .nextDays(let days):
            return ("tasks.due_day BETWEEN ? AND ?", [DueDay.of(today), DueDay.of(today) + Int64(days) - 1])
        case .dueOn(let date):
            return ("tasks.due_day = ?", [DueDay.of(date)])
        case .dueBefore(let date):
            return ("tasks.due_day < ?", [DueDay.of(date)])
        case .dueAfter(let date):
            return ("(tasks.due_day > ? AND tasks.due_day <> ?)", [DueDay.of(date), DueDay.none])
        case .project(let name):
            return (
                "tasks.project_id IN (SELECT id FROM projects WHERE \(Visible.projects) AND name = ? COLLATE NOCASE)",
                Visible.arguments(viewer) + [name]
            )
        case .label(let name):
            return ("EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id AND tl.name = ?)", [name])
        case .noLabels:
            return ("NOT EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id)", [])
        case .priority(let priority):
            return ("tasks.priority = ?", [priority])
        case .search(let text):
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return ("0", []) }
            return ("tasks.id IN (SELECT rowid FROM tasks_fts WHERE tasks_fts MATCH ?)", [pattern.rawPattern])
        case .assignedToMe:
            return ("EXISTS (SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = ?)", [viewer])
        case .assignedToOthers:
            return (
                "EXISTS (SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id <> ?)", [viewer]
            )
        case .assignedTo(let person):
            return (
                """
                EXISTS (SELECT 1 FROM task_assignees ta JOIN users u ON u.id = ta.user_id
                    WHERE ta.task_id = tasks.id AND (u.name = ? COLLATE NOCASE OR u.email = ? COLLATE NOCASE))
                """,
                [person, person]
            )
        case .assignedByMe:
            return ("tasks.assigned_by = ?", [viewer])
        case .addedByMe:
            return ("tasks.added_by = ?", [viewer])
        case .shared:
            return ("EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = tasks.project_id)", [])
        case .subtask:
            return ("tasks.parent_id IS NOT NULL", [])
        case .followed:
            return ("EXISTS (SELECT 1 FROM task_followers tf WHERE tf.task_id = tasks.id AND tf.user_id = ?)", [viewer])
        case .recurring:
            return ("tasks.due_rrule IS NOT NULL", [])
        case .and:
            return join(filter.operands(of: .and), "AND")
        case .or:
            return join(filter.operands(of: .or), "OR")
        case .not(let inner):
            // Double negations cancel, so a run of `!` nests at most one NOT.
            if case .not(let twice) = inner { return condition(for: twice) }
            // A comparison with a NULL due date is NULL, not false; NOT must see it as false.
            let part = condition(for: inner)
            return ("NOT IFNULL((\(part.sql)), 0)", part.arguments)
        }
    }

    /// The latest due day a task matching `filter` can have, when the filter bounds it. Added to the query
    /// as `due_day <= ?`, it lets SQLite walk the due index only up to that day: `today | overdue` would
    /// otherwise read every later and undated task looking for enough matches to fill a page.
    package func latestDueDay(for filter: TaskFilter) -> Int64? {
        switch filter {
        case .today: return DueDay.of(today)
        case .tomorrow: return DueDay.of(today) + 1
        // A due at a time of day in another time zone can pass while its date is still tomorrow here.
        case .overdue: return DueDay.of(today) + 1
        case .nextDays(let days): return DueDay.of(today) + Int64(days) - 1
        case .dueOn(let date): return DueDay.of(date)
        case .dueBefore(let date): return DueDay.of(date) - 1
        case .and:
            return filter.operands(of: .and).compactMap(latestDueDay(for:)).min()
        case .or:
            let bounds = filter.operands(of: .or).map(latestDueDay(for:))
            return bounds.contains(nil) ? nil : bounds.compactMap { $0 }.max()
        case .noDate, .dueAfter, .project, .label, .noLabels, .priority, .search, .assignedToMe, .assignedToOthers,
            .assignedTo, .assignedByMe, .addedByMe, .shared, .subtask, .followed, .recurring, .not:
            return nil
        }
    }

    // A chain of one connective becomes one flat list: SQLite's parser stack overflows on deep nesting.
    private func join(_ operands: [TaskFilter], _ op: String) -> (sql: String, arguments: StatementArguments) {
        let parts = operands.map(condition(for:))
        let sql = "(" + parts.map(\.sql).joined(separator: " \(op) ") + ")"
        return (sql, parts.reduce(into: StatementArguments()) { $0 += $1.arguments })
    }
}

extension TaskFilter {
    package enum Connective { case and, or }

    /// The operands of a chain of one connective, left to right: `a | (b | c) | d` gives [a, b, c, d].
    package func operands(of connective: Connective) -> [TaskFilter] {
        switch (self, connective) {
        case (.and(let left, let right), .and), (.or(let left, let right), .or):
            return left.operands(of: connective) + right.operands(of: connective)
        default:
            return [self]
        }
    }
}

/// A due date as days since 1970, the form filters compare and sort on; undated tasks sort last.
package enum DueDay {
    package static let none: Int64 = 2_147_483_647
    private static let epoch = LocalDate(year: 1970, month: 1, day: 1)!

    package static func of(_ date: LocalDate) -> Int64 { Int64(LocalDate.daysBetween(epoch, date)) }
    package static func of(_ due: Due?) -> Int64 { due.map { of($0.date) } ?? none }
}
