import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: BriefStore {
    public func openTaskFacts(userID: String) async throws -> [OpenTaskFacts] {
        let viewer = try require(userID.rowID, "User")
        return try await read { connection in
            // Archived projects are few: leaving them out by id spares a lookup per task.
            let archivedQuery = QueryBuilder()
            let archived = try await connection.rows(
                archivedQuery.query(
                    "SELECT id FROM projects WHERE is_archived AND \(Visibility.projects(archivedQuery.bind(viewer)))"),
                logger: logger
            ).map { try $0.decode(Int64.self) }
            // Only the columns the score reads: this runs over every open task, ten thousand of them at times.
            let sql = QueryBuilder()
            let me = sql.bind(viewer)
            let text = """
                SELECT tasks.id, tasks.priority, tasks.due_date, tasks.due_time, tasks.due_timezone,
                    tasks.deadline_date, tasks.duration_amount, tasks.duration_unit, tasks.assigned_by,
                    assigners.name, tasks.responsible IS NOT NULL,
                    tasks.responsible IS NOT NULL AND EXISTS (
                        SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = \(me))
                FROM tasks LEFT JOIN users assigners ON assigners.id = tasks.assigned_by
                WHERE \(Visibility.tasks(me)) AND tasks.completed_at IS NULL
                    AND tasks.project_id <> ALL(\(sql.bind(archived)))
                """
            var facts: [OpenTaskFacts] = []
            facts.reserveCapacity(1024)
            for try await row in try await connection.query(sql.query(text), logger: logger) {
                let (
                    id, priority, dueDate, dueTime, dueTimezone, deadline, amount, unit, assignedBy, assignerName,
                    assigned, mine
                ) = try row.decode(
                    (
                        Int64, Int64, String?, String?, String?, String?, Int64?, String?, Int64?, String?, Bool,
                        Bool
                    ).self)
                var due: Due?
                if let dueDate, let date = LocalDate(iso: dueDate) {
                    due = Due(
                        date: date, time: dueTime.flatMap(LocalTime.init(iso:)), timezone: dueTimezone,
                        string: dueDate)
                }
                var estimate: TaskDuration?
                if let amount, let unit = unit.flatMap(TaskDuration.Unit.init(rawValue:)) {
                    estimate = TaskDuration(amount: Int(amount), unit: unit)
                }
                facts.append(
                    OpenTaskFacts(
                        taskID: id.apiID, priority: Int(priority), due: due,
                        deadline: deadline.flatMap(LocalDate.init(iso:)), estimate: estimate,
                        assignedByID: assigned ? assignedBy?.apiID : nil,
                        assignedByName: assigned ? assignerName : nil, hasAssignees: assigned,
                        isAssignedToViewer: assigned && mine))
            }
            return facts
        }
    }

    public func linkedTaskMessages(userID: String, since: Date) async throws -> [LinkedTaskMessage] {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let me = sql.bind(viewer)
        let from = sql.bind(since.micros)
        // Whether the message carries the task itself: its card or a notice about it, or the message it was
        // made from.
        let about = """
            (m.task_id IS NOT DISTINCT FROM l.task_id OR EXISTS (
                SELECT 1 FROM message_task_links mt WHERE mt.message_id = m.id AND mt.task_id = l.task_id))
            """
        let latest = """
            SELECT l.task_id, u.name, c.name, m.created_at, \(about),
                EXISTS (SELECT 1 FROM message_mentions mm WHERE mm.message_id = m.id AND mm.user_id = \(me))
            FROM conversation_members cm
            JOIN task_thread_links l ON l.conversation_id = cm.conversation_id
            JOIN conversations c ON c.id = cm.conversation_id
            JOIN messages m ON m.id = (
                SELECT m2.id FROM messages m2
                WHERE m2.conversation_id = cm.conversation_id AND m2.author_id IS NOT NULL AND m2.author_id <> \(me)
                    AND m2.id > cm.joined_after_message_id
                ORDER BY m2.id DESC LIMIT 1)
            JOIN users u ON u.id = m.author_id
            WHERE cm.user_id = \(me) AND m.created_at >= \(from)
            """
        let mentions = """
            SELECT l.task_id, u.name, c.name, m.created_at, \(about), true
            FROM message_mentions mm
            JOIN messages m ON m.id = mm.message_id
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = mm.user_id
            JOIN task_thread_links l ON l.conversation_id = m.conversation_id
            JOIN conversations c ON c.id = m.conversation_id
            JOIN users u ON u.id = m.author_id
            WHERE mm.user_id = \(me) AND m.author_id <> \(me) AND m.created_at >= \(from)
                AND m.id > cm.joined_after_message_id
            """
        return try await read { connection in
            try await connection.rows(sql.query("\(latest) UNION ALL \(mentions)"), logger: logger).map { row in
                let (task, author, conversation, createdAt, about, mentions) = try row.decode(
                    (Int64, String, String?, Int64, Bool, Bool).self)
                return LinkedTaskMessage(
                    taskID: task.apiID, authorName: author, conversationName: conversation,
                    createdAt: Date(micros: createdAt), isAboutTask: about, mentionsViewer: mentions)
            }
        }
    }

    public func unreadMentions(userID: String, limit: Int) async throws -> [AppNotification] {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                """
                SELECT id, kind, text, actor_id, conversation_id, message_id, task_id, quiet, created_at, read_at
                FROM notifications
                WHERE user_id = \(user) AND read_at IS NULL AND kind = \(AppNotification.Kind.mention.rawValue)
                ORDER BY created_at DESC, id DESC LIMIT \(limit)
                """, logger: logger
            ).map { row in
                let (id, kind, text, actor, conversation, message, task, quiet, createdAt, readAt) = try row.decode(
                    (Int64, String, String, Int64?, Int64?, Int64?, Int64?, Bool, Int64, Int64?).self)
                return AppNotification(
                    id: id.apiID, kind: AppNotification.Kind(rawValue: kind) ?? .mention, text: text,
                    actorID: actor?.apiID, conversationID: conversation?.apiID, messageID: message?.apiID,
                    taskID: task?.apiID, quiet: quiet, createdAt: Date(micros: createdAt),
                    readAt: readAt.map(Date.init(micros:)))
            }
        }
    }

    public func reminders(userID: String, firingFrom from: Date, to: Date) async throws -> [Reminder] {
        let user = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let text = """
            SELECT \(Reminder.columns.split(separator: ", ").map { "reminders.\($0)" }.joined(separator: ", "))
            FROM reminders JOIN tasks ON tasks.id = reminders.task_id
            WHERE reminders.user_id = \(sql.bind(user)) AND reminders.fire_at >= \(sql.bind(from.micros))
                AND reminders.fire_at < \(sql.bind(to.micros)) AND tasks.completed_at IS NULL
                AND \(Visibility.tasks(sql.bind(user)))
            ORDER BY reminders.fire_at, reminders.id
            """
        return try await read { connection in
            try await connection.rows(sql.query(text), logger: logger).map(Reminder.init(row:))
        }
    }

    public func sentOpening(userID: String) async throws -> SentBriefOpening? {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            guard
                let row = try await connection.firstRow(
                    """
                    SELECT daily_brief_sent_on, daily_brief_opening, daily_brief_opening_reason
                    FROM users WHERE id = \(user)
                    """, logger: logger)
            else { return nil }
            let (sentOn, text, reason) = try row.decode((String?, String?, String?).self)
            guard let day = sentOn.flatMap(LocalDate.init(iso:)) else { return nil }
            return SentBriefOpening(
                day: day, text: text, model: text != nil ? .used : ModelUse(used: false, reason: reason))
        }
    }
}

extension PostgresStore: DailyBriefStore {
    public func briefSchedules() async throws -> [BriefSchedule] {
        try await read { connection in
            try await connection.rows(
                "SELECT \(unescaped: User.columns), daily_brief_sent_on FROM users ORDER BY id", logger: logger
            ).map { row in
                let sentOn = try row.makeRandomAccess()["daily_brief_sent_on"].decode(String?.self)
                return BriefSchedule(user: try User(row: row), lastSent: sentOn.flatMap(LocalDate.init(iso:)))
            }
        }
    }

    /// Once a day per person, however many processes run the scheduler: the conditional update takes the
    /// person's row lock, and a second process's update, waiting on that lock, re-reads the row once the first
    /// commits, no longer matches, and writes nothing.
    public func recordDailyBrief(
        userID: String, day: LocalDate, opening: SentBriefOpening?, text: String, now: Date
    ) async throws -> Bool {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            // ISO days compare as text byte by byte, whatever the database's collation.
            let recorded = try await write.rows(
                """
                UPDATE users SET daily_brief_sent_on = \(day.iso), daily_brief_opening = \(opening?.text),
                    daily_brief_opening_reason = \(opening?.model.reason)
                WHERE id = \(user)
                    AND (daily_brief_sent_on IS NULL OR daily_brief_sent_on COLLATE "C" < \(day.iso) COLLATE "C")
                RETURNING id
                """)
            guard !recorded.isEmpty else { return false }
            try await Self.notify(write, user: user, .brief, occasion: .dailyBrief, text: text, now: now)
            return true
        }
    }
}
