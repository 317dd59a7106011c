import Foundation
import KairosCore
import KairosStore

/// Turns a parsed filter into a PostgreSQL condition on `tasks`, each value bound in the query being built.
struct PostgresFilterSQL {
    let viewer: Int64
    let today: LocalDate
    let now: Date

    func condition(for filter: TaskFilter, _ sql: QueryBuilder) -> String {
        switch filter {
        case .today:
            return "tasks.due_day = \(sql.bind(DueDay.of(today)))"
        case .tomorrow:
            return "tasks.due_day = \(sql.bind(DueDay.of(today) + 1))"
        case .overdue:
            return "(tasks.due_day < \(sql.bind(DueDay.of(today))) OR tasks.due_at < \(sql.bind(now.micros)))"
        case .noDate:
            return "tasks.due_day = \(sql.bind(DueDay.none))"
        case .nextDays(let days):
            let first = sql.bind(DueDay.of(today))
            return "tasks.due_day BETWEEN \(first) AND \(sql.bind(DueDay.of(today) + Int64(days) - 1))"
        case .dueOn(let date):
            return "tasks.due_day = \(sql.bind(DueDay.of(date)))"
        case .dueBefore(let date):
            return "tasks.due_day < \(sql.bind(DueDay.of(date)))"
        case .dueAfter(let date):
            return "(tasks.due_day > \(sql.bind(DueDay.of(date))) AND tasks.due_day <> \(sql.bind(DueDay.none)))"
        case .project(let name):
            // SQLite's NOCASE match.
            let visible = Visibility.projects(sql.bind(viewer))
            let wanted = sql.bind(name)
            return "tasks.project_id IN (SELECT id FROM projects WHERE \(visible) AND lower(name) = lower(\(wanted)))"
        case .label(let name):
            return "EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id AND tl.name = \(sql.bind(name)))"
        case .noLabels:
            return "NOT EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id)"
        case .priority(let priority):
            return "tasks.priority = \(sql.bind(priority))"
        case .search(let text):
            guard let terms = TextSearchQuery.allPrefixes(in: text) else { return "false" }
            return "tasks.search_vector @@ to_tsquery('kairos_search', \(sql.bind(terms)))"
        case .assignedToMe:
            let me = sql.bind(viewer)
            return "EXISTS (SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = \(me))"
        case .assignedToOthers:
            let me = sql.bind(viewer)
            return "EXISTS (SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id <> \(me))"
        case .assignedTo(let person):
            let who = sql.bind(person)
            return """
                EXISTS (SELECT 1 FROM task_assignees ta JOIN users u ON u.id = ta.user_id
                    WHERE ta.task_id = tasks.id AND (lower(u.name) = lower(\(who)) OR lower(u.email) = lower(\(who))))
                """
        case .assignedByMe:
            return "tasks.assigned_by = \(sql.bind(viewer))"
        case .addedByMe:
            return "tasks.added_by = \(sql.bind(viewer))"
        case .shared:
            return "EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = tasks.project_id)"
        case .subtask:
            return "tasks.parent_id IS NOT NULL"
        case .followed:
            let me = sql.bind(viewer)
            return "EXISTS (SELECT 1 FROM task_followers tf WHERE tf.task_id = tasks.id AND tf.user_id = \(me))"
        case .recurring:
            return "tasks.due_rrule IS NOT NULL"
        case .and:
            return join(filter.operands(of: .and), "AND", sql)
        case .or:
            return join(filter.operands(of: .or), "OR", sql)
        case .not(let inner):
            // Double negations cancel, so a run of `!` nests at most one NOT.
            if case .not(let twice) = inner { return condition(for: twice, sql) }
            // A comparison with a NULL due date is NULL, not false; NOT must see it as false.
            return "NOT COALESCE((\(condition(for: inner, sql))), false)"
        }
    }

    /// The latest due day a task matching `filter` can have, when the filter bounds it (`FilterSQL`'s rule).
    func latestDueDay(for filter: TaskFilter) -> Int64? {
        FilterSQL(viewer: viewer, today: today, now: now).latestDueDay(for: filter)
    }

    // A chain of one connective becomes one flat list, as on SQLite.
    private func join(_ operands: [TaskFilter], _ op: String, _ sql: QueryBuilder) -> String {
        "(" + operands.map { condition(for: $0, sql) }.joined(separator: " \(op) ") + ")"
    }
}
