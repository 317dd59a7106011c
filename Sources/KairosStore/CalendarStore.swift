import Foundation
import KairosCore

/// What CalDAV reads of a project a person can see: its tasks and the objects clients stored in it, each with
/// the number of its latest change, and what changed after a given number (`calendar_changes`).
public protocol CalendarStore: Sendable {
    /// The number of the project's latest change, which is its collection tag and sync token; 0 for a project
    /// nothing has happened in; nil when the person cannot see the project.
    func calendarVersion(userID: String, projectID: String) async throws -> Int64?
    /// Every object of the project's calendar: its tasks, completed ones too, each with the person's own
    /// reminders on it, and the objects kept as stored.
    func calendarEntries(userID: String, projectID: String) async throws -> [CalendarEntry]
    /// The objects among `names` that are in the project's calendar.
    func calendarEntries(userID: String, projectID: String, names: [String]) async throws -> [CalendarEntry]
    /// The object of the project's calendar whose UID is `uid`.
    func calendarEntry(userID: String, projectID: String, uid: String) async throws -> CalendarEntry?
    /// What changed in the project after `since`: the objects there now that changed, and the names of those
    /// that left it; with the project's version. Nil when the person cannot see the project.
    func calendarChanges(userID: String, projectID: String, since: Int64) async throws -> CalendarChanges?
    /// The names the person's clients gave the calendars they made, by project.
    func calendarCollectionNames(userID: String) async throws -> [String: String]
    /// The project a calendar the person's client made is, by the name it gave it.
    func calendarProjectID(userID: String, collectionName: String) async throws -> String?
    /// The properties the person's clients set on their calendars that Kairos does not model, by project.
    func calendarProperties(userID: String) async throws -> [String: [CalendarProperty]]
}

/// Objects CalDAV clients store. The CalDAV service decides who may store what; this only keeps them.
public protocol CalendarObjectStore: Sendable {
    /// Keeps a client's object: a task's (replacing the one it had) when `taskID` is given, else an object that
    /// is no to-do, replacing the one of that name in the project.
    func saveCalendarObject(_ object: CalendarObject, projectID: String, taskID: String?) async throws
    /// Forgets a kept object that is no to-do; a task's object goes with its task.
    func deleteCalendarObject(projectID: String, name: String) async throws
    /// Sets (a value) or removes (nil) properties of a calendar for the person, all at once.
    func setCalendarProperties(userID: String, projectID: String, _ changes: [CalendarProperty]) async throws
    /// Keeps the name the person's client gave a calendar it made as the project's address for them.
    func nameCalendarCollection(userID: String, projectID: String, name: String) async throws
    /// The tasks of the project whose objects name `parentUID` as their parent while no object had that UID,
    /// which stop waiting: their parent has come.
    func takeTasksWaiting(forParentUID parentUID: String, projectID: String) async throws -> [String]
}

/// A property a client set on a calendar: its XML name and its text; nil as a change removes it.
public struct CalendarProperty: Sendable, Equatable {
    public var namespace: String
    public var name: String
    public var value: String?

    public init(namespace: String, name: String, value: String?) {
        self.namespace = namespace
        self.name = name
        self.value = value
    }
}

/// An object as a CalDAV client stored it.
public struct CalendarObject: Sendable, Equatable {
    /// The name the client gave it in its calendar.
    public var name: String
    public var uid: String
    /// The iCalendar text the client sent.
    public var text: String
    /// The parent's UID the object names while the parent's object has not arrived; nil once linked.
    public var waitingParentUID: String?

    public init(name: String, uid: String, text: String, waitingParentUID: String? = nil) {
        self.name = name
        self.uid = uid
        self.text = text
        self.waitingParentUID = waitingParentUID
    }
}

/// One object of a calendar: a task, with what its client stored if one did, or an object that is no to-do.
public struct CalendarEntry: Sendable, Equatable {
    /// Its name in the calendar: the one its client chose, or `task-<id>.ics` for a task made in Kairos.
    public var name: String
    /// The number of its latest change in this project: its entity tag.
    public var version: Int64
    /// What a client stored under this name; nil for a task made in Kairos.
    public var object: CalendarObject?
    /// The task it is; nil for an object that is no to-do, kept as stored.
    public var task: TaskItem?
    /// The reminders of the person reading it on the task.
    public var reminders: [Reminder]
    /// The UID a client gave the object of the task's parent; nil when the parent's object is Kairos' own.
    public var parentObjectUID: String?

    public init(
        name: String, version: Int64, object: CalendarObject? = nil, task: TaskItem? = nil,
        reminders: [Reminder] = [], parentObjectUID: String? = nil
    ) {
        self.name = name
        self.version = version
        self.object = object
        self.task = task
        self.reminders = reminders
        self.parentObjectUID = parentObjectUID
    }
}

/// What changed in a calendar after a sync token.
public struct CalendarChanges: Sendable, Equatable {
    public var changed: [CalendarEntry]
    /// The objects that left the calendar, none of them among `changed`.
    public var removed: [Removal]
    public var version: Int64

    /// An object's name that left, and the number of that change.
    public struct Removal: Sendable, Equatable {
        public var name: String
        public var version: Int64

        public init(name: String, version: Int64) {
            self.name = name
            self.version = version
        }
    }

    public init(changed: [CalendarEntry], removed: [Removal], version: Int64) {
        self.changed = changed
        self.removed = removed
        self.version = version
    }
}

/// Calendar feeds: secret addresses for a person's due tasks.
public protocol CalendarFeedStore: Sendable {
    /// Adds a feed; `conflict` past `Limits.calendarFeedsPerUser`, `not found` for a project the person cannot see.
    func createCalendarFeed(
        userID: String, projectID: String?, tokenHash: String, now: Date
    ) async throws -> CalendarFeed
    /// The person's feeds, oldest first, without their addresses.
    func calendarFeeds(userID: String) async throws -> [CalendarFeed]
    /// Ends a feed; another person's is not found.
    func deleteCalendarFeed(userID: String, id: String) async throws
    /// The feed whose secret hashes to `tokenHash`, and whose it is.
    func calendarFeed(tokenHash: String) async throws -> (feed: CalendarFeed, user: User)?
}
