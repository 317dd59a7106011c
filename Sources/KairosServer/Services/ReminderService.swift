import Foundation
import KairosCore
import KairosStore

/// The rules for reminders: who may set one, and when it goes off.
public struct ReminderService: Sendable {
    let store: any DataStore
    let clock: Clock
    let tasks: TaskService

    public init(store: any DataStore, clock: Clock, tasks: TaskService) {
        self.store = store
        self.clock = clock
        self.tasks = tasks
    }

    /// The caller's own reminders, on a task they can see or on all their tasks.
    public func reminders(of user: User, taskID: String?, page: PageRequest) async throws -> Page<Reminder> {
        if let taskID { _ = try await tasks.task(taskID, of: user) }
        return try await store.reminders(userID: user.id, taskID: taskID, page: page)
    }

    /// Sets a reminder for the caller on a task they may edit.
    public func create(_ request: ReminderCreateRequest, for user: User) async throws -> Reminder {
        let task = try await tasks.task(request.taskID, allowing: .update, for: user)
        let now = clock.now()
        let time: ReminderTime
        switch request.type {
        case Reminder.Kind.absolute.rawValue:
            if request.minuteOffset != nil {
                throw KairosError.invalidField(
                    field: "minute_offset", message: "minute_offset is for relative reminders; give due alone.")
            }
            time = .at(try moment(request.due, for: user, now: now))
        case Reminder.Kind.relative.rawValue:
            if request.due != nil {
                throw KairosError.invalidField(
                    field: "due", message: "due is for absolute reminders; give minute_offset alone.")
            }
            guard let minutes = request.minuteOffset else {
                throw KairosError.invalidField(field: "minute_offset", message: "minute_offset is required.")
            }
            guard Limits.reminderMinuteOffset.contains(minutes) else {
                throw KairosError.invalidField(
                    field: "minute_offset",
                    message: "minute_offset must be 0 to \(Limits.reminderMinuteOffset.upperBound) minutes before the due time.")
            }
            guard task.due?.time != nil else {
                throw KairosError.invalidField(
                    field: "minute_offset",
                    message: "minute_offset counts back from the task's due time, and it has none. Give the task a due "
                        + "time, or set an absolute reminder.")
            }
            time = .beforeDue(minutes: minutes)
        default:
            throw KairosError.invalidField(field: "type", message: "type must be absolute or relative.")
        }
        return try await store.createReminder(userID: user.id, taskID: task.id, time: time, now: now)
    }

    public func delete(_ id: String, for user: User) async throws {
        try await store.deleteReminder(userID: user.id, id: id, now: clock.now())
    }

    /// The moment an absolute reminder is for, read like a due (`datetime`, or a `string` such as
    /// "tomorrow at 9am" in the caller's zone). A time earlier today means the same time tomorrow.
    private func moment(_ when: ReminderCreateRequest.When?, for user: User, now: Date) throws -> Date {
        guard let when, (when.datetime == nil) != (when.string == nil) else {
            throw KairosError.invalidField(
                field: "due", message: "due needs a datetime (2026-03-12T09:00:00) or a string (tomorrow at 9am).")
        }
        let field = when.string == nil ? "due.datetime" : "due.string"
        let resolver = DueResolver(user: user, now: now)
        var moment: Date?
        do {
            if let datetime = when.datetime {
                moment = try resolver.instant(datetime: datetime)
            } else if let due = try resolver.due(string: when.string, date: nil, datetime: nil, lang: nil),
                due.recurrence == nil
            {
                moment = due.instant(fallback: user.timeZone)
            }
        } catch {
            guard case .invalidField(let old, let message) = error else { throw error }
            throw KairosError.invalidField(field: field, message: message.replacingOccurrences(of: old, with: field))
        }
        guard var instant = moment else {
            throw KairosError.invalidField(
                field: field, message: "\(field) must name one date and time, such as tomorrow at 9am.")
        }
        if instant <= now, now.timeIntervalSince(instant) < 86_400 {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = user.timeZone
            instant = calendar.date(byAdding: .day, value: 1, to: instant) ?? instant
        }
        guard instant > now else {
            throw KairosError.invalidField(field: field, message: "\(field) is in the past. Give a time ahead.")
        }
        return instant
    }
}
