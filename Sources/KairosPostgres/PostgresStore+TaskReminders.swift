import Foundation
import KairosCore
import KairosStore
import PostgresNIO

/// The reminder rows a task write changes with it: new ones from a quick add, and those that follow its due.
extension PostgresStore {
    /// Writes a new reminder inside the caller's transaction; returns its id.
    @discardableResult
    static func insertReminder(
        _ write: PostgresWrite, user: Int64, task: Int64, time: ReminderTime, now: Date
    ) async throws -> Int64 {
        let inserted: PostgresRow?
        switch time {
        case .at(let instant):
            inserted = try await write.firstRow(
                """
                INSERT INTO reminders (user_id, task_id, at, fire_at, created_at)
                VALUES (\(user), \(task), \(instant.micros), \(instant.micros), \(now.micros))
                RETURNING id
                """)
        case .beforeDue(let minutes):
            inserted = try await write.firstRow(
                """
                INSERT INTO reminders (user_id, task_id, minute_offset, fire_at, created_at)
                VALUES (\(user), \(task), \(minutes), (SELECT due_at - \(Int64(minutes) * 60_000_000) FROM tasks
                                                      WHERE id = \(task)), \(now.micros))
                RETURNING id
                """)
        }
        return try require(inserted, "Reminder").decode(Int64.self)
    }

    /// Brings back the fixed-time reminders that went off for a recurring task's occurrence, for its next
    /// one: the same wall time in their owner's zone, as many days later as the task moved.
    static func carryFiredReminders(_ write: PostgresWrite, task: Int64, days: Int) async throws {
        let fired = try await write.rows(
            """
            SELECT r.id, r.at, users.timezone FROM reminders r JOIN users ON users.id = r.user_id
            WHERE r.task_id = \(task) AND r.at IS NOT NULL AND r.fired_at IS NOT NULL
            """)
        for row in fired {
            let (reminder, at, timezone) = try row.decode((Int64, Int64, String).self)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: timezone) ?? .gmt
            guard let moved = calendar.date(byAdding: .day, value: days, to: Date(micros: at)) else { continue }
            try await write.query(
                """
                UPDATE reminders SET at = \(moved.micros), fire_at = \(moved.micros), fired_at = NULL, again = false,
                    repeats = 0
                WHERE id = \(reminder)
                """)
        }
    }

    /// Moves the task's relative reminders with its due, inside the write that changed it; one whose
    /// moment changes (a new date, the next occurrence) waits to go off again.
    static func rearmRelativeReminders(_ write: PostgresWrite, task: Int64) async throws {
        try await write.query(
            """
            UPDATE reminders SET fire_at = t.due_at - reminders.minute_offset * 60000000,
                fired_at = NULL, again = false, repeats = 0
            FROM tasks t
            WHERE t.id = \(task) AND reminders.task_id = t.id AND reminders.minute_offset IS NOT NULL
                AND reminders.fire_at IS DISTINCT FROM t.due_at - reminders.minute_offset * 60000000
            """)
    }
}
