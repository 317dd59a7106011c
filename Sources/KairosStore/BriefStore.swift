import Foundation
import KairosCore

/// One open task as the brief's ranking reads it: only what the score needs.
public struct OpenTaskFacts: Sendable, Hashable {
    public var taskID: String
    /// Todoist's scale: 4 is p1.
    public var priority: Int
    public var due: Due?
    public var deadline: LocalDate?
    public var estimate: TaskDuration?
    /// Who assigned it, and their name, when someone did.
    public var assignedByID: String?
    public var assignedByName: String?
    public var hasAssignees: Bool
    public var isAssignedToViewer: Bool

    public init(
        taskID: String, priority: Int, due: Due?, deadline: LocalDate?, estimate: TaskDuration?,
        assignedByID: String?, assignedByName: String?, hasAssignees: Bool, isAssignedToViewer: Bool
    ) {
        self.taskID = taskID
        self.priority = priority
        self.due = due
        self.deadline = deadline
        self.estimate = estimate
        self.assignedByID = assignedByID
        self.assignedByName = assignedByName
        self.hasAssignees = hasAssignees
        self.isAssignedToViewer = isAssignedToViewer
    }
}

/// A message someone else wrote in a conversation the viewer is in, to which a task is linked.
public struct LinkedTaskMessage: Sendable, Hashable {
    public var taskID: String
    public var authorName: String
    /// The group's name; nil for a direct message.
    public var conversationName: String?
    public var createdAt: Date
    /// The message carries the task (its card, a notice about it, or the message it was made from).
    public var isAboutTask: Bool
    public var mentionsViewer: Bool

    public init(
        taskID: String, authorName: String, conversationName: String?, createdAt: Date, isAboutTask: Bool,
        mentionsViewer: Bool
    ) {
        self.taskID = taskID
        self.authorName = authorName
        self.conversationName = conversationName
        self.createdAt = createdAt
        self.isAboutTask = isAboutTask
        self.mentionsViewer = mentionsViewer
    }
}

/// The reads the daily brief needs beyond the task lists. Every call is scoped to what `userID` can see.
public protocol BriefStore: Sendable {
    /// Every open task the user can see outside archived projects, in no particular order (the ranking
    /// breaks its own ties).
    func openTaskFacts(userID: String) async throws -> [OpenTaskFacts]
    /// In the conversations the user is in, for each task linked there: the latest message someone else wrote
    /// since `since` (one per conversation and task), and every message since then that mentions the user.
    func linkedTaskMessages(userID: String, since: Date) async throws -> [LinkedTaskMessage]
    /// The user's unread mentions, newest first.
    func unreadMentions(userID: String, limit: Int) async throws -> [AppNotification]
    /// The user's reminders on tasks they can see that go off in `from..<to`, soonest first.
    func reminders(userID: String, firingFrom from: Date, to: Date) async throws -> [Reminder]
    /// The opening of the user's last daily brief as it was sent, with its day; nil before the first.
    func sentOpening(userID: String) async throws -> SentBriefOpening?
}

/// The opening paragraph of a daily brief as it was sent: the model's words, or why the model did not write
/// them.
public struct SentBriefOpening: Sendable, Hashable {
    public var day: LocalDate
    /// The model's paragraph; nil when the model did not write one.
    public var text: String?
    public var model: ModelUse

    public init(day: LocalDate, text: String?, model: ModelUse) {
        self.day = day
        self.text = text
        self.model = model
    }
}

/// A person and the last day their daily brief was sent.
public struct BriefSchedule: Sendable {
    public var user: User
    public var lastSent: LocalDate?

    public init(user: User, lastSent: LocalDate?) {
        self.user = user
        self.lastSent = lastSent
    }
}

/// The record of daily briefs sent, which keeps each to once a day across restarts and processes.
public protocol DailyBriefStore: Sendable {
    /// Every account with the last day its brief was sent.
    func briefSchedules() async throws -> [BriefSchedule]
    /// Records that `day`'s brief was sent, with its opening, and adds its notification (as `NotificationPolicy`
    /// decides for a daily brief), in one write; false, writing nothing, when that day's brief was already
    /// recorded.
    func recordDailyBrief(
        userID: String, day: LocalDate, opening: SentBriefOpening?, text: String, now: Date
    ) async throws -> Bool
}
