import Foundation
import KairosCore

/// What CalDAV reads of a project a person can see: its tasks with the number of each one's latest change,
/// and what changed after a given number (`calendar_changes`).
public protocol CalendarStore: Sendable {
    /// The number of the project's latest change, which is its collection tag and sync token; 0 for a project
    /// nothing has happened in; nil when the person cannot see the project.
    func calendarVersion(userID: String, projectID: String) async throws -> Int64?
    /// Every task of the project, completed ones too, each with the person's own reminders on it.
    func calendarEntries(userID: String, projectID: String) async throws -> [CalendarEntry]
    /// The tasks among `taskIDs` that are in the project.
    func calendarEntries(userID: String, projectID: String, taskIDs: [String]) async throws -> [CalendarEntry]
    /// What changed in the project after `since`: the tasks there now that changed, and the ids of those that
    /// left it; with the project's version. Nil when the person cannot see the project.
    func calendarChanges(userID: String, projectID: String, since: Int64) async throws -> CalendarChanges?
}

/// A task as a calendar object: the task, the reminders of the person reading it, and its latest change.
public struct CalendarEntry: Sendable, Equatable {
    public var task: TaskItem
    public var reminders: [Reminder]
    /// The number of the task's latest change in this project: its entity tag.
    public var version: Int64

    public init(task: TaskItem, reminders: [Reminder], version: Int64) {
        self.task = task
        self.reminders = reminders
        self.version = version
    }
}

/// What changed in a calendar after a sync token.
public struct CalendarChanges: Sendable, Equatable {
    public var changed: [CalendarEntry]
    public var removedTaskIDs: [String]
    public var version: Int64

    public init(changed: [CalendarEntry], removedTaskIDs: [String], version: Int64) {
        self.changed = changed
        self.removedTaskIDs = removedTaskIDs
        self.version = version
    }
}

/// Calendar feeds: secret addresses for a person's due tasks.
public protocol CalendarFeedStore: Sendable {
    /// Adds a feed; `conflict` past `Limits.calendarFeedsPerUser`, `not found` for a project the person cannot see.
    func createCalendarFeed(userID: String, projectID: String?, tokenHash: String, now: Date) async throws -> CalendarFeed
    /// The person's feeds, oldest first, without their addresses.
    func calendarFeeds(userID: String) async throws -> [CalendarFeed]
    /// Ends a feed; another person's is not found.
    func deleteCalendarFeed(userID: String, id: String) async throws
    /// The feed whose secret hashes to `tokenHash`, and whose it is.
    func calendarFeed(tokenHash: String) async throws -> (feed: CalendarFeed, user: User)?
}
