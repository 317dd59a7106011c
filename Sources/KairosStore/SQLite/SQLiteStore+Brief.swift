import Foundation
import GRDB
import KairosCore

extension SQLiteStore: BriefStore {
    public func openTaskFacts(userID: String) async throws -> [OpenTaskFacts] {
        let viewer = try require(userID.rowID, "User")
        return try await pool.read { db in
            let scope = try Visible.taskList(db, viewer: viewer)
            // Archived projects are few: leaving them out by id spares a lookup per task.
            let archived = try Int64.fetchAll(
                db, sql: "SELECT id FROM projects WHERE is_archived = 1 AND \(Visible.projects)",
                arguments: Visible.arguments(viewer))
            let notArchived =
                archived.isEmpty ? "" : "AND tasks.project_id NOT IN (\(databaseQuestionMarks(count: archived.count)))"
            // Only the columns the score reads: this runs over every open task, ten thousand of them at times.
            let sql = """
                SELECT tasks.id, tasks.priority, tasks.due_date, tasks.due_time, tasks.due_timezone,
                    tasks.deadline_date, tasks.duration_amount, tasks.duration_unit, tasks.assigned_by,
                    assigners.name, tasks.responsible IS NOT NULL AS has_assignees,
                    tasks.responsible IS NOT NULL AND EXISTS (
                        SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = ?) AS mine
                FROM tasks LEFT JOIN users assigners ON assigners.id = tasks.assigned_by
                WHERE \(scope.sql) AND tasks.completed_at IS NULL \(notArchived)
                """
            var facts: [OpenTaskFacts] = []
            facts.reserveCapacity(1024)
            let rows = try db.fetchRowCursor(
                sql: sql, arguments: [viewer] + scope.arguments + StatementArguments(archived),
                uncached: scope.hasShared || !archived.isEmpty)
            // Columns are read by index, testing for NULL first, which keeps to GRDB's fast path per row.
            while let row = try rows.next() {
                var due: Due?
                if !row.hasNull(atIndex: 2), case let text = row[2] as String, let date = LocalDate(iso: text) {
                    let time = row.hasNull(atIndex: 3) ? nil : LocalTime(iso: row[3] as String)
                    due = Due(
                        date: date, time: time, timezone: row.hasNull(atIndex: 4) ? nil : row[4] as String,
                        string: text)
                }
                var estimate: TaskDuration?
                if !row.hasNull(atIndex: 6), let unit = TaskDuration.Unit(rawValue: row[7] as String) {
                    estimate = TaskDuration(amount: row[6] as Int, unit: unit)
                }
                let assigned = !row.hasNull(atIndex: 10) && row[10] as Bool
                facts.append(
                    OpenTaskFacts(
                        taskID: (row[0] as Int64).apiID, priority: row[1] as Int, due: due,
                        deadline: row.hasNull(atIndex: 5) ? nil : LocalDate(iso: row[5] as String), estimate: estimate,
                        assignedByID: assigned ? (row[8] as Int64).apiID : nil,
                        assignedByName: assigned && !row.hasNull(atIndex: 9) ? row[9] as String : nil,
                        hasAssignees: assigned, isAssignedToViewer: assigned && row[11] as Bool))
            }
            return facts
        }
    }

    public func linkedTaskMessages(userID: String, since: Date) async throws -> [LinkedTaskMessage] {
        let viewer = try require(userID.rowID, "User")
        // Whether the message carries the task itself: its card or a notice about it, or the message it was
        // made from.
        let about = """
            (m.task_id IS l.task_id OR EXISTS (
                SELECT 1 FROM message_task_links mt WHERE mt.message_id = m.id AND mt.task_id = l.task_id))
            """
        let latest = """
            SELECT l.task_id, u.name, c.name, m.created_at, \(about),
                EXISTS (SELECT 1 FROM message_mentions mm WHERE mm.message_id = m.id AND mm.user_id = ?1)
            FROM conversation_members cm
            JOIN task_thread_links l ON l.conversation_id = cm.conversation_id
            JOIN conversations c ON c.id = cm.conversation_id
            JOIN messages m ON m.id = (
                SELECT m2.id FROM messages m2
                WHERE m2.conversation_id = cm.conversation_id AND m2.author_id IS NOT NULL AND m2.author_id <> ?1
                    AND m2.id > cm.joined_after_message_id
                ORDER BY m2.id DESC LIMIT 1)
            JOIN users u ON u.id = m.author_id
            WHERE cm.user_id = ?1 AND m.created_at >= ?2
            """
        let mentions = """
            SELECT l.task_id, u.name, c.name, m.created_at, \(about), 1
            FROM message_mentions mm
            JOIN messages m ON m.id = mm.message_id
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = mm.user_id
            JOIN task_thread_links l ON l.conversation_id = m.conversation_id
            JOIN conversations c ON c.id = m.conversation_id
            JOIN users u ON u.id = m.author_id
            WHERE mm.user_id = ?1 AND m.author_id <> ?1 AND m.created_at >= ?2 AND m.id > cm.joined_after_message_id
            """
        return try await pool.read { db in
            try db.fetchRows(sql: "\(latest) UNION ALL \(mentions)", arguments: [viewer, since.micros]).map { row in
                LinkedTaskMessage(
                    taskID: (row[0] as Int64).apiID, authorName: row[1], conversationName: row[2],
                    createdAt: Date(micros: row[3]), isAboutTask: row[4], mentionsViewer: row[5])
            }
        }
    }

    public func unreadMentions(userID: String, limit: Int) async throws -> [AppNotification] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT * FROM notifications
                    WHERE user_id = ? AND read_at IS NULL AND kind = ?
                    ORDER BY created_at DESC, id DESC LIMIT ?
                    """,
                arguments: [user, AppNotification.Kind.mention.rawValue, limit]
            ).map(AppNotification.init(row:))
        }
    }

    public func reminders(userID: String, firingFrom from: Date, to: Date) async throws -> [Reminder] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT reminders.* FROM reminders JOIN tasks ON tasks.id = reminders.task_id
                    WHERE reminders.user_id = ? AND reminders.fire_at >= ? AND reminders.fire_at < ?
                        AND tasks.completed_at IS NULL AND \(Visible.tasks)
                    ORDER BY reminders.fire_at, reminders.id
                    """,
                arguments: [user, from.micros, to.micros] + Visible.arguments(user)
            ).map(Reminder.init(row:))
        }
    }
}

extension SQLiteStore {
    public func sentOpening(userID: String) async throws -> SentBriefOpening? {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT daily_brief_sent_on, daily_brief_opening, daily_brief_opening_reason
                        FROM users WHERE id = ?
                        """, arguments: [user]),
                let day = (row[0] as String?).flatMap(LocalDate.init(iso:))
            else { return nil }
            let text: String? = row[1]
            let reason: String? = row[2]
            return SentBriefOpening(
                day: day, text: text, model: text != nil ? .used : ModelUse(used: false, reason: reason))
        }
    }
}

extension SQLiteStore: DailyBriefStore {
    public func briefSchedules() async throws -> [BriefSchedule] {
        try await pool.read { db in
            try db.fetchRows(sql: "SELECT * FROM users ORDER BY id").map { row in
                BriefSchedule(
                    user: User(row: row),
                    lastSent: (row["daily_brief_sent_on"] as String?).flatMap(LocalDate.init(iso:)))
            }
        }
    }

    public func recordDailyBrief(
        userID: String, day: LocalDate, opening: SentBriefOpening?, text: String, now: Date
    ) async throws -> Bool {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            try db.run(
                sql: """
                    UPDATE users SET daily_brief_sent_on = ?1, daily_brief_opening = ?3, daily_brief_opening_reason = ?4
                    WHERE id = ?2 AND (daily_brief_sent_on IS NULL OR daily_brief_sent_on < ?1)
                    """,
                arguments: [day.iso, user, opening?.text, opening?.model.reason])
            guard db.changesCount > 0 else { return false }
            try Self.notify(db, user: user, .brief, occasion: .dailyBrief, text: text, actor: nil, now: now)
            return true
        }
    }
}
