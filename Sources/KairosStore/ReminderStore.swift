import Foundation
import KairosCore

/// What happened to tasks. Entries are written by the task writes themselves, in their transactions.
public protocol TaskActivityStore: Sendable {
    /// The task's activity, newest first, if `userID` can see the task (an empty page otherwise).
    func taskActivity(userID: String, taskID: String, page: PageRequest) async throws -> Page<TaskActivity>
}

/// When a new reminder goes off.
public enum ReminderTime: Sendable, Equatable {
    case at(Date)
    /// Minutes before the task's due time.
    case beforeDue(minutes: Int)
}

/// A reminder that went off: its notification is written; other ways of delivering it start from here.
public struct FiredReminder: Sendable, Equatable {
    public var reminderID: String
    public var userID: String
    public var taskID: String
    public var taskContent: String
    /// Made during the person's quiet hours: in their feed, not pushed.
    public var quiet: Bool

    public init(reminderID: String, userID: String, taskID: String, taskContent: String, quiet: Bool) {
        self.reminderID = reminderID
        self.userID = userID
        self.taskID = taskID
        self.taskContent = taskContent
        self.quiet = quiet
    }
}

/// The task and reminder a notification is about, as far as it is about either.
public struct NoticeSubject: Sendable, Equatable {
    public var taskID: String?
    public var reminderID: String?

    public init(taskID: String?, reminderID: String?) {
        self.taskID = taskID
        self.reminderID = reminderID
    }
}

/// Reminders on tasks, each belonging to the person who set it. Every call but `fireDueReminders` is
/// scoped to that person: someone else's reminder is `notFound`.
public protocol ReminderStore: Sendable {
    /// The user's reminders, on one task or on all, oldest first.
    func reminders(userID: String, taskID: String?, page: PageRequest) async throws -> Page<Reminder>
    /// `conflict` when the user already has `Limits.maxRemindersPerTask` waiting on the task.
    /// `nag` is the reminder's own choice to come back until answered; nil follows its owner's setting.
    func createReminder(
        userID: String, taskID: String, time: ReminderTime, nag: Bool?, now: Date
    ) async throws
        -> Reminder
    /// One of the user's reminders, on a task they can still see; nil otherwise.
    func reminder(userID: String, id: String) async throws -> Reminder?
    /// Sets the reminder to go off at `time` (turning it absolute or relative), waiting again if it had fired;
    /// nil keeps its time. `nag` changes its own choice to come back until answered.
    func updateReminder(
        userID: String, id: String, time: ReminderTime?, nag: FieldUpdate<Bool>, now: Date
    )
        async throws -> Reminder
    func deleteReminder(userID: String, id: String, now: Date) async throws
    /// Sets off every reminder due by `now`, at most `limit`: each is marked fired in the same write as the
    /// notification it leaves, so none goes off twice. One that nags (its own `nag`, or its owner's
    /// `nag_reminders`) is set to come back as `ReminderRepeats` says instead. A reminder on a completed task,
    /// or one its owner can no longer see, is marked fired silently.
    func fireDueReminders(now: Date, limit: Int) async throws -> [FiredReminder]
    /// Sets the reminder to come back at `until` (counting its repeats afresh) and marks its notifications read.
    func snoozeReminder(userID: String, id: String, until: Date, now: Date) async throws -> Reminder
    /// Stops a reminder that is waiting to come back (repeating or snoozed) and marks its notifications read; one
    /// set again for a new time keeps it.
    func acknowledgeReminder(userID: String, id: String, now: Date) async throws -> Reminder
    /// What the user's notification `notificationID` is about; nil when it is not theirs.
    func noticeSubject(notificationID: String, userID: String) async throws -> NoticeSubject?
}
