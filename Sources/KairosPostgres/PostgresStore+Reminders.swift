import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: ReminderStore {
    public func reminders(userID: String, taskID: String?, page: PageRequest) async throws -> Page<Reminder> {
        let user = try require(userID.rowID, "User")
        // Reminders on tasks the person can no longer see (a project no longer shared) are left out.
        let sql = QueryBuilder()
        var text = """
            SELECT \(Reminder.columns) FROM reminders
            WHERE user_id = \(sql.bind(user))
                AND task_id IN (SELECT id FROM tasks WHERE \(Visibility.tasks(sql.bind(user))))
            """
        if let taskID { text += " AND task_id = \(sql.bind(taskID.rowID ?? 0))" }
        if let last = page.cursor?.keys.first { text += " AND id > \(sql.bind(last))" }
        text += " ORDER BY id LIMIT \(sql.bind(page.fetchLimit))"
        let rows = try await read { connection in
            try await connection.rows(sql.query(text), logger: logger).map(Reminder.init(row:))
        }
        let cut = page.page(rows) { [$0.id.rowID!] }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    public func createReminder(
        userID: String, taskID: String, time: ReminderTime, nag: Bool?, now: Date
    ) async throws -> Reminder {
        let user = try require(userID.rowID, "User")
        let task = try require(taskID.rowID, "Task")
        return try await write { write in
            let item = try require(
                try await Self.task(write.connection, viewer: user, id: task, logger: write.logger), "Task")
            try await Self.requireRoomForReminder(write, user: user, task: task)
            let reminder = try await Self.insertReminder(write, user: user, task: task, time: time, now: now)
            try await write.query("UPDATE reminders SET nag = \(nag) WHERE id = \(reminder)")
            let created = try await Self.reminder(write, id: reminder)
            try await Self.announceTaskChange(write, task: task, in: item.projectID.rowID!, by: user, now: now)
            return created
        }
    }

    public func reminder(userID: String, id: String) async throws -> Reminder? {
        guard let user = userID.rowID, let reminder = id.rowID else { return nil }
        let sql = QueryBuilder()
        let text = """
            SELECT \(Reminder.columns) FROM reminders WHERE id = \(sql.bind(reminder)) AND user_id = \(sql.bind(user))
                AND task_id IN (SELECT id FROM tasks WHERE \(Visibility.tasks(sql.bind(user))))
            """
        return try await read { connection in
            try await connection.firstRow(sql.query(text), logger: logger).map(Reminder.init(row:))
        }
    }

    public func updateReminder(
        userID: String, id: String, time: ReminderTime?, nag: FieldUpdate<Bool>, now: Date
    ) async throws -> Reminder {
        let user = try require(userID.rowID, "User")
        let reminder = try require(id.rowID, "Reminder")
        return try await write { write in
            let (task, fired) = try require(
                try await write.firstRow(
                    """
                    SELECT task_id, fired_at IS NOT NULL FROM reminders WHERE id = \(reminder) AND user_id = \(user)
                    FOR UPDATE
                    """), "Reminder"
            ).decode((Int64, Bool).self)
            switch nag {
            case .unchanged: break
            case .clear: try await write.query("UPDATE reminders SET nag = NULL WHERE id = \(reminder)")
            case .set(let nag): try await write.query("UPDATE reminders SET nag = \(nag) WHERE id = \(reminder)")
            }
            if time != nil, fired { try await Self.requireRoomForReminder(write, user: user, task: task) }
            switch time {
            case nil:
                break
            case .at(let instant)?:
                try await write.query(
                    """
                    UPDATE reminders SET at = \(instant.micros), minute_offset = NULL, fire_at = \(instant.micros),
                        fired_at = NULL, again = false, repeats = 0
                    WHERE id = \(reminder)
                    """)
            case .beforeDue(let minutes)?:
                try await write.query(
                    """
                    UPDATE reminders SET at = NULL, minute_offset = \(minutes), fired_at = NULL, again = false,
                        repeats = 0,
                        fire_at = (SELECT due_at - \(Int64(minutes) * 60_000_000) FROM tasks WHERE id = \(task))
                    WHERE id = \(reminder)
                    """)
            }
            try await Self.announceTaskChange(write, task: task, by: user, now: now)
            return try await Self.reminder(write, id: reminder)
        }
    }

    public func deleteReminder(userID: String, id: String, now: Date) async throws {
        let user = try require(userID.rowID, "User")
        let reminder = try require(id.rowID, "Reminder")
        try await write { write in
            let task = try require(
                try await write.firstRow(
                    "DELETE FROM reminders WHERE id = \(reminder) AND user_id = \(user) RETURNING task_id"),
                "Reminder"
            ).decode(Int64.self)
            try await Self.announceTaskChange(write, task: task, by: user, now: now)
        }
    }

    /// Takes the due reminders with `FOR UPDATE SKIP LOCKED` in the write that marks them fired and leaves
    /// their notifications: another process firing at the same moment skips the rows this one holds, and
    /// finds them fired (or set to come back later) once it commits, so each goes off once.
    public func fireDueReminders(now: Date, limit: Int) async throws -> [FiredReminder] {
        // Most passes find nothing: find that out without a transaction.
        let waiting = try await read { connection in
            try await connection.firstRow(
                "SELECT 1 FROM reminders WHERE fired_at IS NULL AND fire_at <= \(now.micros) LIMIT 1",
                logger: logger) != nil
        }
        guard waiting else { return [] }
        return try await write { write in
            let due = try await write.rows(
                """
                SELECT r.id, r.user_id, r.task_id, tasks.content, tasks.completed_at IS NULL,
                    \(unescaped: Visibility.tasks("r.user_id")), COALESCE(r.nag, u.nag_reminders), r.repeats,
                    r.repeats_today, r.repeat_day, u.timezone, u.quiet_start, u.quiet_end
                FROM reminders r JOIN tasks ON tasks.id = r.task_id JOIN users u ON u.id = r.user_id
                WHERE r.fired_at IS NULL AND r.fire_at <= \(now.micros) ORDER BY r.fire_at, r.id LIMIT \(limit)
                FOR UPDATE OF r SKIP LOCKED
                """)
            var fired: [FiredReminder] = []
            for row in due {
                let (reminder, user, task, content, isOpen, visible, nags) = try row.decode(
                    (Int64, Int64, Int64, String, Bool, Bool, Bool).self)
                guard isOpen, visible else {
                    try await write.query(
                        "UPDATE reminders SET fired_at = \(now.micros), again = false WHERE id = \(reminder)")
                    continue
                }
                if nags {
                    let columns = row.makeRandomAccess()
                    let timezone = try columns[10].decode(String.self)
                    let count = ReminderRepeats.Count(
                        repeats: Int(try columns[7].decode(Int64.self)),
                        today: Int(try columns[8].decode(Int64.self)),
                        day: try columns[9].decode(String?.self).flatMap(LocalDate.init(iso:)))
                    let next = ReminderRepeats.next(
                        after: now, count: count,
                        quietHours: User.quietHours(
                            start: try columns[11].decode(String?.self), end: try columns[12].decode(String?.self)),
                        timeZone: TimeZone(identifier: timezone) ?? .gmt)
                    try await write.query(
                        """
                        UPDATE reminders SET fire_at = \(next.at.micros), again = true, repeats = \(next.count.repeats),
                            repeats_today = \(next.count.today), repeat_day = \(next.count.day?.iso)
                        WHERE id = \(reminder)
                        """)
                } else {
                    try await write.query(
                        "UPDATE reminders SET fired_at = \(now.micros), again = false WHERE id = \(reminder)")
                }
                let quiet = try await Self.notify(
                    write, user: user, .reminder, occasion: .reminder, text: NotificationText.reminder(content),
                    task: task, reminder: reminder, now: now)
                fired.append(
                    FiredReminder(
                        reminderID: reminder.apiID, userID: user.apiID, taskID: task.apiID, taskContent: content,
                        quiet: quiet))
            }
            return fired
        }
    }

    public func snoozeReminder(userID: String, id: String, until: Date, now: Date) async throws -> Reminder {
        try await answerReminder(userID: userID, id: id, now: now) { write, reminder in
            try await write.query(
                """
                UPDATE reminders SET fire_at = \(until.micros), fired_at = NULL, again = true, repeats = 0
                WHERE id = \(reminder)
                """)
        }
    }

    public func acknowledgeReminder(userID: String, id: String, now: Date) async throws -> Reminder {
        try await answerReminder(userID: userID, id: id, now: now) { write, reminder in
            // Only a reminder waiting to come back stops: one set again for a new time keeps it.
            try await write.query(
                """
                UPDATE reminders SET fired_at = \(now.micros), again = false, repeats = 0
                WHERE id = \(reminder) AND again
                """)
        }
    }

    /// Changes one of the user's reminders with `change`, in one write with marking its notifications read
    /// (answered on one device, it is answered on all) and telling the task's viewers.
    private func answerReminder(
        userID: String, id: String, now: Date, _ change: (PostgresWrite, Int64) async throws -> Void
    ) async throws -> Reminder {
        let user = try require(userID.rowID, "User")
        let reminder = try require(id.rowID, "Reminder")
        return try await write { write in
            let task = try require(
                try await write.firstRow(
                    "SELECT task_id FROM reminders WHERE id = \(reminder) AND user_id = \(user) FOR UPDATE"),
                "Reminder"
            ).decode(Int64.self)
            try await change(write, reminder)
            try await write.query(
                """
                UPDATE notifications SET read_at = \(now.micros)
                WHERE reminder_id = \(reminder) AND user_id = \(user) AND read_at IS NULL
                """)
            try await Self.announceTaskChange(write, task: task, by: user, now: now)
            return try await Self.reminder(write, id: reminder)
        }
    }

    public func noticeSubject(notificationID: String, userID: String) async throws -> NoticeSubject? {
        guard let user = userID.rowID, let notification = notificationID.rowID else { return nil }
        return try await read { connection in
            try await connection.firstRow(
                """
                SELECT n.task_id, r.id FROM notifications n
                LEFT JOIN reminders r ON r.id = n.reminder_id AND r.user_id = n.user_id
                WHERE n.id = \(notification) AND n.user_id = \(user)
                """, logger: logger
            ).map { row in
                let (task, reminder) = try row.decode((Int64?, Int64?).self)
                return NoticeSubject(taskID: task?.apiID, reminderID: reminder?.apiID)
            }
        }
    }

    // MARK: Rows and rules

    /// The reminder as this write has left it.
    private static func reminder(_ write: PostgresWrite, id: Int64) async throws -> Reminder {
        try Reminder(
            row: try require(
                try await write.firstRow("SELECT \(unescaped: Reminder.columns) FROM reminders WHERE id = \(id)"),
                "Reminder"))
    }

    /// `conflict` when the user already has `Limits.maxRemindersPerTask` reminders waiting on the task.
    private static func requireRoomForReminder(_ write: PostgresWrite, user: Int64, task: Int64) async throws {
        let waiting =
            try await write.firstRow(
                "SELECT COUNT(*) FROM reminders WHERE user_id = \(user) AND task_id = \(task) AND fired_at IS NULL"
            )?.decode(Int64.self) ?? 0
        guard waiting < Limits.maxRemindersPerTask else {
            throw KairosError.conflict(
                "You have \(Limits.maxRemindersPerTask) reminders on this task already. Remove one first.")
        }
    }

    /// Adds a notification to `user`'s feed as `NotificationPolicy` decides for `occasion`, marked quiet
    /// when it falls in their quiet hours; returns whether it was (true when the policy holds it back).
    @discardableResult
    static func notify(
        _ write: PostgresWrite, user: Int64, _ kind: AppNotification.Kind, occasion: NotificationPolicy.Occasion,
        text: String, task: Int64? = nil, reminder: Int64? = nil, now: Date
    ) async throws -> Bool {
        guard
            let row = try await write.firstRow(
                "SELECT timezone, quiet_start, quiet_end FROM users WHERE id = \(user)"),
            let recipient = WritePlan.Notification.Recipient(
                user.apiID, hearing: occasion, try listener(row.makeRandomAccess()), at: now)
        else { return true }
        var plan = WritePlan()
        plan.notify(
            .init(
                recipients: [recipient], kind: kind, text: text, actorID: nil, taskID: task?.apiID,
                reminderID: reminder?.apiID))
        try await apply(plan, write, now: now)
        return recipient.quiet
    }
}

extension Reminder {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, task_id, user_id, minute_offset, at, fire_at, fired_at, nag, again, created_at"

    /// A reminder from a row that starts with `columns`.
    init(row: PostgresRow) throws {
        let (id, task, user, offset, at, fireAt, firedAt, nag, again, createdAt) = try row.decode(
            (Int64, Int64, Int64, Int64?, Int64?, Int64?, Int64?, Bool?, Bool, Int64).self)
        self.init(
            id: id.apiID, taskID: task.apiID, userID: user.apiID, type: offset == nil ? .absolute : .relative,
            minuteOffset: offset.map(Int.init), at: at.map(Date.init(micros:)), fireAt: fireAt.map(Date.init(micros:)),
            firedAt: firedAt.map(Date.init(micros:)), nag: nag, again: again, createdAt: Date(micros: createdAt))
    }
}
