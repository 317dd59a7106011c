import Foundation
import KairosCore
import KairosStore

/// The rules for reminders: who may set one, and when it goes off.
public struct ReminderService: Sendable {
    let store: any ReminderStore
    let clock: Clock
    let tasks: TaskService

    public init(store: any ReminderStore, clock: Clock, tasks: TaskService) {
        self.store = store
        self.clock = clock
        self.tasks = tasks
    }

    /// The caller's own reminders, on a task they can see or on all their tasks.
    public func reminders(of user: User, taskID: String?, page: PageRequest) async throws -> Page<Reminder> {
        if let taskID { _ = try await tasks.task(taskID, of: user) }
        return try await store.reminders(userID: user.id, taskID: taskID, page: page)
    }

    /// One of the caller's own reminders, on a task they can still see.
    public func reminder(_ id: String, of user: User) async throws -> Reminder {
        try require(try await store.reminder(userID: user.id, id: id), "Reminder")
    }

    /// Sets a reminder for the caller on a task they may edit.
    public func create(_ request: ReminderCreateRequest, for user: User) async throws -> Reminder {
        let kind = try Self.kind(type: request.type, reminderType: request.reminderType)
        try Self.requireService(request.service)
        let task = try await tasks.task(request.taskID, allowing: .update, for: user)
        let now = clock.now()
        let time: ReminderTime
        switch kind {
        case .absolute:
            if request.minuteOffset != nil {
                throw KairosError.invalidField(
                    field: "minute_offset", message: "minute_offset is for relative reminders; give due alone.")
            }
            time = .at(try Self.moment(request.due, for: user, now: now))
        case .relative:
            if request.due != nil {
                throw KairosError.invalidField(
                    field: "due", message: "due is for absolute reminders; give minute_offset alone.")
            }
            guard let minutes = request.minuteOffset else {
                throw KairosError.invalidField(field: "minute_offset", message: "minute_offset is required.")
            }
            time = try Self.beforeDue(minutes, of: task)
        }
        return try await store.createReminder(
            userID: user.id, taskID: task.id, time: time, nag: request.nag, now: now)
    }

    /// Moves one of the caller's reminders: a new `due` makes it absolute, a new `minute_offset` relative.
    public func update(_ id: String, _ request: ReminderUpdateRequest, for user: User) async throws -> Reminder {
        let reminder = try await self.reminder(id, of: user)
        try Self.requireService(request.service)
        let now = clock.now()
        let time: ReminderTime?
        switch (request.due, request.minuteOffset) {
        case (.some, .some):
            throw KairosError.invalidField(
                field: "minute_offset",
                message: "Give due (a fixed time) or minute_offset (before the due time), not both.")
        case (let due?, nil):
            time = .at(try Self.moment(due, for: user, now: now))
        case (nil, let minutes?):
            time = try Self.beforeDue(minutes, of: try await tasks.task(reminder.taskID, of: user))
        case (nil, nil):
            guard request.nag != .unchanged else { return reminder }
            time = nil
        }
        _ = try await tasks.task(reminder.taskID, allowing: .update, for: user)
        return try await store.updateReminder(userID: user.id, id: id, time: time, nag: request.nag, now: now)
    }

    /// Brings one of the caller's reminders back at the moment `request` chooses, in their zone.
    public func snooze(_ id: String, _ request: ReminderSnoozeRequest, for user: User) async throws -> Reminder {
        let now = clock.now()
        let until: Date
        switch (request.choice, request.until) {
        case (let raw?, nil):
            guard let choice = SnoozeChoice(rawValue: raw) else {
                throw KairosError.invalidField(
                    field: "for",
                    message: "for must be one of \(SnoozeChoice.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            until = choice.moment(from: now, in: user.timeZone)
        case (nil, let text?):
            let moment: Date
            do {
                moment = try DueResolver(user: user, now: now).instant(datetime: text)
            } catch {
                throw KairosError.invalidField(field: "until", message: "until must be a time such as 2026-03-12T15:00:00.")
            }
            guard moment > now, moment.timeIntervalSince(now) <= Limits.longestSnooze else {
                throw KairosError.invalidField(field: "until", message: "until must be ahead, within a week.")
            }
            until = moment
        default:
            throw KairosError.invalidField(
                field: "for",
                message: "Give for (\(SnoozeChoice.allCases.map(\.rawValue).joined(separator: ", "))) or until, one of them.")
        }
        _ = try await reminder(id, of: user)
        return try await store.snoozeReminder(userID: user.id, id: id, until: until, now: now)
    }

    /// Answers one of the caller's reminders: one waiting to come back stops, on every device.
    public func acknowledge(_ id: String, for user: User) async throws -> Reminder {
        _ = try await reminder(id, of: user)
        return try await store.acknowledgeReminder(userID: user.id, id: id, now: clock.now())
    }

    public func delete(_ id: String, for user: User) async throws {
        try await store.deleteReminder(userID: user.id, id: id, now: clock.now())
    }

    /// The kind asked for, under Kairos' name `type` or Todoist's `reminder_type`.
    private static func kind(type: String?, reminderType: String?) throws(KairosError) -> Reminder.Kind {
        if let type, let reminderType, type != reminderType {
            throw .invalidField(
                field: "reminder_type", message: "type and reminder_type disagree. Give one of them.")
        }
        guard let raw = type ?? reminderType else {
            throw .invalidField(field: "type", message: "type is required: absolute or relative.")
        }
        guard let kind = Reminder.Kind(rawValue: raw) else {
            throw .invalidField(
                field: type == nil ? "reminder_type" : "type",
                message: "\(type == nil ? "reminder_type" : "type") must be absolute or relative.")
        }
        return kind
    }

    /// Kairos delivers reminders as notifications, pushed to the user's devices: that is Todoist's `push`.
    private static func requireService(_ service: String?) throws(KairosError) {
        guard let service, service != Reminder.service else { return }
        throw .invalidField(
            field: "service",
            message: "service must be push: Kairos delivers reminders as notifications, not by email. "
                + "Leave it out or give push.")
    }

    /// A relative reminder `minutes` before the task's due time, which it must have.
    private static func beforeDue(_ minutes: Int, of task: TaskItem) throws(KairosError) -> ReminderTime {
        guard Limits.reminderMinuteOffset.contains(minutes) else {
            throw .invalidField(
                field: "minute_offset",
                message: "minute_offset must be 0 to \(Limits.reminderMinuteOffset.upperBound) minutes before the due time.")
        }
        guard task.due?.time != nil else {
            throw .invalidField(
                field: "minute_offset",
                message: "minute_offset counts back from the task's due time, and it has none. Give the task a due "
                    + "time, or set an absolute reminder.")
        }
        return .beforeDue(minutes: minutes)
    }

    /// The moment an absolute reminder is for, read like a due (`datetime`, or a `string` such as
    /// "tomorrow at 9am" in the caller's zone). A time earlier today means the same time tomorrow.
    static func moment(_ when: ReminderDue?, for user: User, now: Date) throws -> Date {
        let given = [when?.datetime, when?.date, when?.string].compactMap { $0 }
        guard let when, given.count == 1 else {
            throw KairosError.invalidField(
                field: "due",
                message: "due needs one of datetime or date (2026-03-12T09:00:00) or string (tomorrow at 9am).")
        }
        let field = when.string != nil ? "due.string" : when.date != nil ? "due.date" : "due.datetime"
        var zoned = user
        if let timezone = when.timezone {
            guard TimeZone(identifier: timezone) != nil else {
                throw KairosError.invalidField(
                    field: "due.timezone", message: "due.timezone must be a time zone name such as Europe/Paris.")
            }
            zoned.timezone = timezone
        }
        if let date = when.date, LocalDate(iso: date) != nil {
            throw KairosError.invalidField(
                field: "due.date", message: "due.date needs a time for a reminder, such as 2026-03-12T09:00:00.")
        }
        let resolver = DueResolver(user: zoned, now: now)
        var moment: Date?
        do {
            if let datetime = when.datetime ?? when.date {
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
