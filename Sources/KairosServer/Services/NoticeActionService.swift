import Foundation
import KairosCore
import KairosStore

/// Answers a notice from where it was shown (a phone's notification, an ntfy button, a webhook's receiver):
/// Done completes its task, Snooze brings its reminder back later, Acknowledge stops a reminder that repeats.
/// The link's signed token stands for the person, for that notice alone.
public struct NoticeActionService: Sendable {
    public enum Action: String, Sendable, CaseIterable {
        case done, snooze, acknowledge
    }

    let key: NoticeActionKey?
    let store: any AccountStore & ReminderStore
    let tasks: TaskService
    let reminders: ReminderService

    public init(key: NoticeActionKey?, store: any AccountStore & ReminderStore, tasks: TaskService, reminders: ReminderService) {
        self.key = key
        self.store = store
        self.tasks = tasks
        self.reminders = reminders
    }

    /// Does `action` on the notice `notificationID` for the person `token` speaks for; `snooze` takes a
    /// `SnoozeChoice` or a moment `until` (10 minutes when neither is given).
    public func act(
        _ action: String, notificationID: String, token: String?, snooze: String?, until: String? = nil
    ) async throws {
        guard let action = Action(rawValue: action) else {
            throw KairosError.notFound("Action")
        }
        guard let key, let token, let userID = key.userID(of: token, notificationID: notificationID),
            let user = try await store.user(id: userID),
            let subject = try await store.noticeSubject(notificationID: notificationID, userID: userID)
        else {
            throw KairosError.notFound("Notice")
        }
        switch action {
        case .done:
            guard let taskID = subject.taskID else {
                throw KairosError.conflict("This notice is not about a task, so there is nothing to complete.")
            }
            try await tasks.close(taskID, for: user)
            if let reminderID = subject.reminderID { _ = try await reminders.acknowledge(reminderID, for: user) }
        case .snooze:
            guard let reminderID = subject.reminderID else {
                throw KairosError.conflict("Only a reminder can be snoozed.")
            }
            let choice = snooze ?? (until == nil ? SnoozeChoice.tenMinutes.rawValue : nil)
            _ = try await reminders.snooze(reminderID, ReminderSnoozeRequest(choice: choice, until: until), for: user)
        case .acknowledge:
            guard let reminderID = subject.reminderID else {
                throw KairosError.conflict("Only a reminder waits to be acknowledged.")
            }
            _ = try await reminders.acknowledge(reminderID, for: user)
        }
    }
}
