import Foundation
import GRDB
import KairosCore

extension SQLiteStore: ReminderStore {
    public func reminders(userID: String, taskID: String?, page: PageRequest) async throws -> Page<Reminder> {
        let user = try require(userID.rowID, "User")
        // Reminders on tasks the person can no longer see (a project no longer shared) are left out.
        var conditions = ["user_id = ?", "task_id IN (SELECT id FROM tasks WHERE \(Visible.tasks))"]
        var arguments: StatementArguments = [user] + Visible.arguments(user)
        if let taskID {
            conditions.append("task_id = ?")
            arguments += [taskID.rowID ?? 0]
        }
        if let last = page.cursor?.keys.first {
            conditions.append("id > ?")
            arguments += [last]
        }
        return try await pool.read { [conditions, arguments] db in
            let rows = try db.fetchRows(
                sql: "SELECT * FROM reminders WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT ?",
                arguments: arguments + [page.fetchLimit], uncached: true
            ).map(Reminder.init(row:))
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func createReminder(
        userID: String, taskID: String, time: ReminderTime, nag: Bool?, now: Date
    ) async throws -> Reminder {
        let user = try require(userID.rowID, "User")
        let task = try require(taskID.rowID, "Task")
        return try await write { db in
            let item = try require(try Self.task(db, viewer: user, id: task), "Task")
            let count =
                try db.fetchValue(
                    Int.self,
                    sql: "SELECT COUNT(*) FROM reminders WHERE user_id = ? AND task_id = ? AND fired_at IS NULL",
                    arguments: [user, task]) ?? 0
            guard count < Limits.maxRemindersPerTask else {
                throw KairosError.conflict(
                    "You have \(Limits.maxRemindersPerTask) reminders on this task already. Remove one first.")
            }
            try Self.insertReminder(db, user: user, task: task, time: time, now: now)
            try db.run(sql: "UPDATE reminders SET nag = ? WHERE id = ?", arguments: [nag, db.lastInsertedRowID])
            let reminder = try require(
                try db.fetchRow(sql: "SELECT * FROM reminders WHERE id = ?", arguments: [db.lastInsertedRowID])
                    .map(Reminder.init(row:)),
                "Reminder")
            try Self.announceTaskChange(db, task: task, in: item.projectID.rowID!, by: user, now: now)
            return reminder
        }
    }

    public func reminder(userID: String, id: String) async throws -> Reminder? {
        guard let user = userID.rowID, let reminder = id.rowID else { return nil }
        return try await pool.read { db in
            try db.fetchRow(
                sql: """
                    SELECT * FROM reminders WHERE id = ? AND user_id = ?
                        AND task_id IN (SELECT id FROM tasks WHERE \(Visible.tasks))
                    """,
                arguments: [reminder, user] + Visible.arguments(user)
            ).map(Reminder.init(row:))
        }
    }

    public func updateReminder(
        userID: String, id: String, time: ReminderTime?, nag: FieldUpdate<Bool>, now: Date
    ) async throws -> Reminder {
        let user = try require(userID.rowID, "User")
        let reminder = try require(id.rowID, "Reminder")
        return try await write { db in
            let row = try require(
                try db.fetchRow(
                    sql: "SELECT task_id, fired_at IS NOT NULL AS fired FROM reminders WHERE id = ? AND user_id = ?",
                    arguments: [reminder, user]),
                "Reminder")
            let task: Int64 = row["task_id"]
            switch nag {
            case .unchanged: break
            case .clear: try db.run(sql: "UPDATE reminders SET nag = NULL WHERE id = ?", arguments: [reminder])
            case .set(let nag): try db.run(sql: "UPDATE reminders SET nag = ? WHERE id = ?", arguments: [nag, reminder])
            }
            if let time, row["fired"] as Bool {
                let waiting =
                    try db.fetchValue(
                        Int.self,
                        sql: "SELECT COUNT(*) FROM reminders WHERE user_id = ? AND task_id = ? AND fired_at IS NULL",
                        arguments: [user, task]) ?? 0
                guard waiting < Limits.maxRemindersPerTask else {
                    throw KairosError.conflict(
                        "You have \(Limits.maxRemindersPerTask) reminders on this task already. Remove one first.")
                }
            }
            switch time {
            case nil:
                break
            case .at(let instant)?:
                try db.run(
                    sql: """
                        UPDATE reminders SET at = ?, minute_offset = NULL, fire_at = ?, fired_at = NULL, again = 0,
                            repeats = 0
                        WHERE id = ?
                        """,
                    arguments: [instant.micros, instant.micros, reminder])
            case .beforeDue(let minutes)?:
                try db.run(
                    sql: """
                        UPDATE reminders SET at = NULL, minute_offset = ?, fired_at = NULL, again = 0, repeats = 0,
                            fire_at = (SELECT due_at - ? FROM tasks WHERE id = ?)
                        WHERE id = ?
                        """,
                    arguments: [minutes, Int64(minutes) * 60_000_000, task, reminder])
            }
            try Self.announceTaskChange(db, task: task, by: user, now: now)
            return try require(
                try db.fetchRow(sql: "SELECT * FROM reminders WHERE id = ?", arguments: [reminder])
                    .map(Reminder.init(row:)),
                "Reminder")
        }
    }

    /// Writes a new reminder inside the caller's transaction.
    static func insertReminder(_ db: Database, user: Int64, task: Int64, time: ReminderTime, now: Date) throws {
        switch time {
        case .at(let instant):
            try db.run(
                sql: "INSERT INTO reminders (user_id, task_id, at, fire_at, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [user, task, instant.micros, instant.micros, now.micros])
        case .beforeDue(let minutes):
            try db.run(
                sql: """
                    INSERT INTO reminders (user_id, task_id, minute_offset, fire_at, created_at)
                    VALUES (?, ?, ?, (SELECT due_at - ? FROM tasks WHERE id = ?), ?)
                    """,
                arguments: [user, task, minutes, Int64(minutes) * 60_000_000, task, now.micros])
        }
    }

    public func deleteReminder(userID: String, id: String, now: Date) async throws {
        let user = try require(userID.rowID, "User")
        let reminder = try require(id.rowID, "Reminder")
        try await write { db in
            let task = try require(
                try db.fetchValue(
                    Int64.self, sql: "SELECT task_id FROM reminders WHERE id = ? AND user_id = ?",
                    arguments: [reminder, user]),
                "Reminder")
            try db.run(sql: "DELETE FROM reminders WHERE id = ?", arguments: [reminder])
            try Self.announceTaskChange(db, task: task, by: user, now: now)
        }
    }

    public func fireDueReminders(now: Date, limit: Int) async throws -> [FiredReminder] {
        // Most passes find nothing: find that out without taking the write lock.
        let waiting = try await pool.read { db in
            try db.fetchValue(
                Bool.self, sql: "SELECT 1 FROM reminders WHERE fired_at IS NULL AND fire_at <= ? LIMIT 1",
                arguments: [now.micros]) ?? false
        }
        guard waiting else { return [] }
        return try await write { db in
            let due = try db.fetchRows(
                sql: """
                    SELECT r.id, r.user_id, r.task_id, tasks.content, tasks.completed_at IS NULL AS is_open,
                        \(Visible.tasks.replacingOccurrences(of: "?", with: "r.user_id")) AS visible,
                        COALESCE(r.nag, u.nag_reminders) AS nags, r.repeats, r.repeats_today, r.repeat_day,
                        u.timezone, u.quiet_start, u.quiet_end
                    FROM reminders r JOIN tasks ON tasks.id = r.task_id JOIN users u ON u.id = r.user_id
                    WHERE r.fired_at IS NULL AND r.fire_at <= ? ORDER BY r.fire_at, r.id LIMIT ?
                    """,
                arguments: [now.micros, limit])
            var fired: [FiredReminder] = []
            for row in due {
                let reminder: Int64 = row["id"]
                let user: Int64 = row["user_id"]
                let task: Int64 = row["task_id"]
                guard row["is_open"] as Bool, row["visible"] as Bool else {
                    try db.run(
                        sql: "UPDATE reminders SET fired_at = ?, again = 0 WHERE id = ?",
                        arguments: [now.micros, reminder])
                    continue
                }
                if row["nags"] as Bool {
                    let timeZone = TimeZone(identifier: row["timezone"]) ?? .gmt
                    let count = ReminderRepeats.Count(
                        repeats: row["repeats"], today: row["repeats_today"],
                        day: (row["repeat_day"] as String?).flatMap(LocalDate.init(iso:)))
                    let next = ReminderRepeats.next(
                        after: now, count: count, quietHours: User.quietHours(start: row["quiet_start"], end: row["quiet_end"]),
                        timeZone: timeZone)
                    try db.run(
                        sql: """
                            UPDATE reminders SET fire_at = ?, again = 1, repeats = ?, repeats_today = ?, repeat_day = ?
                            WHERE id = ?
                            """,
                        arguments: [
                            next.at.micros, next.count.repeats, next.count.today, next.count.day?.iso, reminder,
                        ])
                } else {
                    try db.run(
                        sql: "UPDATE reminders SET fired_at = ?, again = 0 WHERE id = ?", arguments: [now.micros, reminder])
                }
                let content: String = row["content"]
                let quiet = try Self.notify(
                    db, user: user, .reminder, occasion: .reminder, text: NotificationText.reminder(content),
                    actor: nil, task: task, reminder: reminder, now: now)
                fired.append(
                    FiredReminder(
                        reminderID: reminder.apiID, userID: user.apiID, taskID: task.apiID, taskContent: content,
                        quiet: quiet))
            }
            return fired
        }
    }

    public func snoozeReminder(userID: String, id: String, until: Date, now: Date) async throws -> Reminder {
        try await answerReminder(userID: userID, id: id, now: now) { db, reminder in
            try db.run(
                sql: "UPDATE reminders SET fire_at = ?, fired_at = NULL, again = 1, repeats = 0 WHERE id = ?",
                arguments: [until.micros, reminder])
        }
    }

    public func acknowledgeReminder(userID: String, id: String, now: Date) async throws -> Reminder {
        try await answerReminder(userID: userID, id: id, now: now) { db, reminder in
            // Only a reminder waiting to come back stops: one set again for a new time keeps it.
            try db.run(
                sql: "UPDATE reminders SET fired_at = ?, again = 0, repeats = 0 WHERE id = ? AND again = 1",
                arguments: [now.micros, reminder])
        }
    }

    /// Changes one of the user's reminders with `change`, in one write with marking its notifications read
    /// (answered on one device, it is answered on all) and telling the task's viewers.
    private func answerReminder(
        userID: String, id: String, now: Date, _ change: @escaping @Sendable (Database, Int64) throws -> Void
    ) async throws -> Reminder {
        let user = try require(userID.rowID, "User")
        let reminder = try require(id.rowID, "Reminder")
        return try await write { db in
            let task = try require(
                try db.fetchValue(
                    Int64.self, sql: "SELECT task_id FROM reminders WHERE id = ? AND user_id = ?",
                    arguments: [reminder, user]),
                "Reminder")
            try change(db, reminder)
            try db.run(
                sql: "UPDATE notifications SET read_at = ? WHERE reminder_id = ? AND user_id = ? AND read_at IS NULL",
                arguments: [now.micros, reminder, user])
            try Self.announceTaskChange(db, task: task, by: user, now: now)
            return try require(
                try db.fetchRow(sql: "SELECT * FROM reminders WHERE id = ?", arguments: [reminder])
                    .map(Reminder.init(row:)),
                "Reminder")
        }
    }

    public func noticeSubject(notificationID: String, userID: String) async throws -> NoticeSubject? {
        guard let user = userID.rowID, let notification = notificationID.rowID else { return nil }
        return try await pool.read { db in
            try db.fetchRow(
                sql: """
                    SELECT n.task_id, r.id FROM notifications n
                    LEFT JOIN reminders r ON r.id = n.reminder_id AND r.user_id = n.user_id
                    WHERE n.id = ? AND n.user_id = ?
                    """,
                arguments: [notification, user]
            ).map { NoticeSubject(taskID: ($0[0] as Int64?)?.apiID, reminderID: ($0[1] as Int64?)?.apiID) }
        }
    }


    /// Brings back the fixed-time reminders that went off for a recurring task's occurrence, for its next
    /// one: the same wall time in their owner's zone, as many days later as the task moved.
    static func carryFiredReminders(_ db: Database, task: Int64, days: Int) throws {
        let fired = try db.fetchRows(
            sql: """
                SELECT r.id, r.at, users.timezone FROM reminders r JOIN users ON users.id = r.user_id
                WHERE r.task_id = ? AND r.at IS NOT NULL AND r.fired_at IS NOT NULL
                """,
            arguments: [task])
        for row in fired {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: row[2]) ?? .gmt
            guard let moved = calendar.date(byAdding: .day, value: days, to: Date(micros: row[1])) else { continue }
            try db.run(
                sql: "UPDATE reminders SET at = ?, fire_at = ?, fired_at = NULL, again = 0, repeats = 0 WHERE id = ?",
                arguments: [moved.micros, moved.micros, row[0] as Int64])
        }
    }

    /// Moves the task's relative reminders with its due, inside the write that changed it; one whose
    /// moment changes (a new date, the next occurrence) waits to go off again.
    static func rearmRelativeReminders(_ db: Database, task: Int64) throws {
        try db.run(
            sql: """
                UPDATE reminders SET fire_at = (SELECT due_at FROM tasks WHERE id = ?1) - minute_offset * 60000000,
                    fired_at = NULL, again = 0, repeats = 0
                WHERE task_id = ?1 AND minute_offset IS NOT NULL
                    AND fire_at IS NOT (SELECT due_at FROM tasks WHERE id = ?1) - minute_offset * 60000000
                """,
            arguments: [task])
    }
}

extension Reminder {
    init(row: Row) {
        let offset: Int? = row["minute_offset"]
        self.init(
            id: (row["id"] as Int64).apiID, taskID: (row["task_id"] as Int64).apiID,
            userID: (row["user_id"] as Int64).apiID, type: offset == nil ? .absolute : .relative, minuteOffset: offset,
            at: (row["at"] as Int64?).map(Date.init(micros:)), fireAt: (row["fire_at"] as Int64?).map(Date.init(micros:)),
            firedAt: (row["fired_at"] as Int64?).map(Date.init(micros:)), nag: row["nag"], again: row["again"],
            createdAt: Date(micros: row["created_at"]))
    }
}
