import Foundation
import KairosCore

/// Which page of a list to read.
public struct PageRequest: Sendable {
    public var cursor: PageCursor?
    public var limit: Int

    public init(cursor: PageCursor? = nil, limit: Int = PageLimit.default) {
        self.cursor = cursor
        self.limit = limit
    }
}

/// Users, their password hashes and their API tokens.
public protocol AccountStore: Sendable {
    /// Creates the user and their Inbox in one transaction; `conflict` if the email is taken.
    func createUser(email: String, name: String, passwordHash: String, timezone: String, now: Date) async throws -> User
    func credentials(email: String) async throws -> (user: User, passwordHash: String)?
    func user(id: String) async throws -> User?
    /// The accounts with these ids; unknown ids are left out.
    func users(ids: [String]) async throws -> [User]
    /// The accounts with these emails (compared without case); unknown emails are left out.
    func users(emails: [String]) async throws -> [User]
    /// Changes the given fields; nil (or unchanged) ones stay as they are.
    func updateUser(id: String, changes: UserChanges) async throws -> User
    func addToken(userID: String, name: String, tokenHash: String, now: Date) async throws -> APITokenInfo
    /// The user a live (unrevoked) token belongs to.
    func user(tokenHash: String) async throws -> User?
    func tokens(userID: String) async throws -> [APITokenInfo]
    /// Revokes a token; `notFound` if it is not one of the user's live tokens.
    func revokeToken(userID: String, tokenID: String, now: Date) async throws
}

/// Validated changes to a user's profile and preferences; nil (or unchanged) fields stay as they are.
public struct UserChanges: Sendable {
    public var name: String?
    public var timezone: String?
    public var quietHours: FieldUpdate<QuietHours> = .unchanged
    public var hideReadReceipts: Bool?
    public var workdays: [Weekday]?
    public var dailyBriefTime: LocalTime?
    public var assistantAddsWithoutAsking: Bool?
    public var aiEnabled: Bool?
    public var nagReminders: Bool?

    public init() {}
}

/// A new project's settled values.
public struct ProjectDraft: Sendable {
    public var name: String
    public var description: String
    public var parentID: String?
    public var color: String
    public var icon: String?
    public var isFavorite: Bool
    public var viewStyle: String

    public init(
        name: String, description: String, parentID: String?, color: String, icon: String? = nil, isFavorite: Bool,
        viewStyle: String
    ) {
        self.name = name
        self.description = description
        self.parentID = parentID
        self.color = color
        self.icon = icon
        self.isFavorite = isFavorite
        self.viewStyle = viewStyle
    }
}

/// Validated changes to a project; nil fields stay as they are.
public struct ProjectChanges: Sendable {
    public var name: String?
    public var description: String?
    public var color: String?
    public var icon: FieldUpdate<String>
    public var isFavorite: Bool?
    public var viewStyle: String?
    public var childOrder: Int?
    public var isCollapsed: Bool?
    public var isArchived: Bool?
    public var commentersCanComplete: Bool?

    public init(
        name: String? = nil, description: String? = nil, color: String? = nil, icon: FieldUpdate<String> = .unchanged,
        isFavorite: Bool? = nil, viewStyle: String? = nil, childOrder: Int? = nil, isCollapsed: Bool? = nil,
        isArchived: Bool? = nil, commentersCanComplete: Bool? = nil
    ) {
        self.commentersCanComplete = commentersCanComplete
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.isFavorite = isFavorite
        self.viewStyle = viewStyle
        self.childOrder = childOrder
        self.isCollapsed = isCollapsed
        self.isArchived = isArchived
    }
}

/// Projects, sections and labels: the containers tasks are organised in.
public protocol ProjectStore: Sendable {
    func projects(userID: String, archived: Bool, page: PageRequest) async throws -> Page<Project>
    func project(userID: String, id: String) async throws -> Project?
    func inbox(userID: String) async throws -> Project
    func createProject(userID: String, draft: ProjectDraft, now: Date) async throws -> Project
    func updateProject(userID: String, id: String, changes: ProjectChanges, now: Date) async throws -> Project
    /// Deletes a project, its sections and subprojects; its tasks move to the Inbox or are deleted.
    func deleteProject(userID: String, id: String, moveTasksToInbox: Bool, now: Date) async throws

    func sections(userID: String, projectID: String?, page: PageRequest) async throws -> Page<Section>
    func section(userID: String, id: String) async throws -> Section?
    func createSection(userID: String, projectID: String, name: String, order: Int?, now: Date) async throws -> Section
    func updateSection(
        userID: String, id: String, name: String?, order: Int?, isCollapsed: Bool?, now: Date
    ) async throws -> Section
    /// Deletes a section; the tasks in it go with it, or stay in its project outside any section.
    func deleteSection(userID: String, id: String, keepTasks: Bool, now: Date) async throws
    /// Sets `child_order` on projects `userID` owns, all or none: a project that is not theirs is `notFound`.
    func reorderProjects(userID: String, orders: [(id: String, order: Int)], now: Date) async throws
    /// Sets `section_order` on sections `userID` can see, all or none: one they cannot see is `notFound`.
    func reorderSections(userID: String, orders: [(id: String, order: Int)], now: Date) async throws
    /// The open tasks `userID` can see, counted by project and section and by whether they are sub-tasks.
    func openTaskTallies(userID: String) async throws -> [OpenTaskTally]

    func labels(userID: String, page: PageRequest) async throws -> Page<Label>
    func label(userID: String, id: String) async throws -> Label?
    func createLabel(userID: String, name: String, color: String, order: Int?, isFavorite: Bool) async throws -> Label
    /// Updates a label; a rename also renames it on every task that carries it.
    func updateLabel(
        userID: String, id: String, name: String?, color: String?, order: Int?, isFavorite: Bool?
    ) async throws -> Label
    /// Deletes a label and removes it from the user's tasks.
    func deleteLabel(userID: String, id: String) async throws
}

/// A new task's settled values; the store checks where it goes.
public struct TaskDraft: Sendable {
    public var content: String
    public var description: String
    public var projectID: String?
    public var sectionID: String?
    public var parentID: String?
    public var labels: [String]
    public var priority: Int
    public var due: Due?
    public var deadline: Deadline?
    public var duration: TaskDuration?
    /// Everyone the task is assigned to, first the Todoist `responsible_uid`.
    public var assigneeIDs: [String]
    public var childOrder: Int?
    public var dayOrder: Int
    /// The creating client's own id: a second create by the same person with it gives back the first task.
    public var clientID: String?

    public init(
        content: String, description: String = "", projectID: String? = nil, sectionID: String? = nil,
        parentID: String? = nil, labels: [String] = [], priority: Int = 1, due: Due? = nil, deadline: Deadline? = nil,
        duration: TaskDuration? = nil, assigneeIDs: [String] = [], childOrder: Int? = nil, dayOrder: Int = -1,
        clientID: String? = nil
    ) {
        self.clientID = clientID
        self.content = content
        self.description = description
        self.projectID = projectID
        self.sectionID = sectionID
        self.parentID = parentID
        self.labels = labels
        self.priority = priority
        self.due = due
        self.deadline = deadline
        self.duration = duration
        self.assigneeIDs = assigneeIDs
        self.childOrder = childOrder
        self.dayOrder = dayOrder
    }
}

/// One task of a `TaskBatch`.
public struct BatchTask: Sendable {
    public var draft: TaskDraft
    /// The index of one of the batch's new projects to put the task in; it then overrides the draft's placement.
    public var newProject: Int?
    /// A first comment on the task (a quick-add note).
    public var comment: String?
    /// Reminders for the author on the new task (a quick add's `reminder` and `auto_reminder`).
    public var reminders: [ReminderTime]

    public init(draft: TaskDraft, newProject: Int? = nil, comment: String? = nil, reminders: [ReminderTime] = []) {
        self.draft = draft
        self.newProject = newProject
        self.comment = comment
        self.reminders = reminders
    }
}

/// Tasks written together, all or none, with the projects they need created first.
public struct TaskBatch: Sendable {
    public var newProjects: [ProjectDraft]
    public var tasks: [BatchTask]
    /// The creating client's own id for the whole batch: a second batch by the same person with it writes
    /// nothing and gives back the first batch's tasks.
    public var clientID: String?

    public init(newProjects: [ProjectDraft] = [], tasks: [BatchTask], clientID: String? = nil) {
        self.newProjects = newProjects
        self.tasks = tasks
        self.clientID = clientID
    }
}

/// Validated changes to a task.
public struct TaskChanges: Sendable {
    public var content: String?
    public var description: String?
    public var labels: [String]?
    public var priority: Int?
    public var due: FieldUpdate<Due> = .unchanged
    public var deadline: FieldUpdate<Deadline> = .unchanged
    public var duration: FieldUpdate<TaskDuration> = .unchanged
    /// The new assignees, all at once; nil leaves them, empty clears them.
    public var assigneeIDs: [String]?
    public var childOrder: Int?
    public var dayOrder: Int?
    public var isCollapsed: Bool?
    /// What the task's activity keeps of this write, instead of what differs field by field (a recurring
    /// task completed and moved to its next date).
    public var recordedAs: TaskChange?

    public init() {}
}

/// A task, a section or a project, with every task inside it (subtasks, and a project's subprojects).
public enum TaskGroup: Sendable, Equatable {
    case task(String)
    case section(String)
    case project(String)
}

/// Where to move a task: one of a project, a section or a parent task.
public enum TaskDestination: Sendable, Equatable {
    case project(String)
    case section(String)
    case parent(String)
}

/// What `tasks` returns: active tasks matching all the given conditions.
public struct TaskQuery: Sendable {
    public var projectID: String?
    public var sectionID: String?
    public var parentID: String?
    public var label: String?
    public var ids: [String]?
    public var filter: TaskFilter?
    /// What "today" and "now" mean for the filter, in the user's time zone.
    public var today: LocalDate
    public var now: Date

    public init(
        projectID: String? = nil, sectionID: String? = nil, parentID: String? = nil, label: String? = nil,
        ids: [String]? = nil, filter: TaskFilter? = nil, today: LocalDate, now: Date
    ) {
        self.projectID = projectID
        self.sectionID = sectionID
        self.parentID = parentID
        self.label = label
        self.ids = ids
        self.filter = filter
        self.today = today
        self.now = now
    }
}

/// Completed tasks between two instants, by when they were completed or by their due date.
public struct CompletedQuery: Sendable {
    public enum Basis: Sendable { case completionDate, dueDate }
    public var basis: Basis
    public var since: Date
    public var until: Date
    public var projectID: String?
    public var sectionID: String?
    public var parentID: String?
    public var timeZone: TimeZone

    public init(
        basis: Basis, since: Date, until: Date, projectID: String? = nil, sectionID: String? = nil,
        parentID: String? = nil, timeZone: TimeZone
    ) {
        self.basis = basis
        self.since = since
        self.until = until
        self.projectID = projectID
        self.sectionID = sectionID
        self.parentID = parentID
        self.timeZone = timeZone
    }
}

/// Tasks and their comments.
public protocol TaskStore: Sendable {
    func tasks(userID: String, query: TaskQuery, page: PageRequest) async throws -> Page<TaskItem>
    func task(userID: String, id: String) async throws -> TaskItem?
    /// Creates the task; when the user already created one with the draft's `clientID`, returns that one
    /// instead (`conflict` if they can no longer see it).
    func createTask(userID: String, draft: TaskDraft, now: Date) async throws -> TaskItem
    /// Creates the batch's projects, then its tasks and their comments, in one transaction: if any fails, nothing
    /// is written. Returns the tasks in batch order; a task whose `clientID` the user already used is the
    /// earlier one, its comment not added again.
    func createTasks(userID: String, batch: TaskBatch, now: Date) async throws -> [TaskItem]
    func updateTask(userID: String, id: String, changes: TaskChanges, now: Date) async throws -> TaskItem
    /// Saves the order the user gave tasks, in one transaction: with `.childOrder` the tasks (open siblings)
    /// take the places they held among their siblings, in the order of `ids` (`TaskOrder.reordering`); with
    /// `.dayOrder` their `day_order` becomes 0, 1, 2... in that order.
    func reorderTasks(userID: String, ids: [String], by order: TaskReorder, now: Date) async throws
    /// Completes a task and all its subtasks.
    func closeTask(userID: String, id: String, now: Date) async throws
    /// Reopens a task and any completed tasks above it.
    func reopenTask(userID: String, id: String, now: Date) async throws
    /// Moves a task and its subtasks; returns the ids of the assignees taken off them because they are not
    /// members of the destination project (the first who remains on a task stays its `responsible_uid`).
    /// The move is written in the audit log of each project of `auditedIn`.
    @discardableResult
    func moveTask(
        userID: String, id: String, to destination: TaskDestination, auditedIn: [String], now: Date
    ) async throws -> [String]
    /// Deletes a task with its subtasks and comments; the time tracked on them stays, under the title they had.
    /// `conflict` while a stopwatch runs on one of them.
    func deleteTask(userID: String, id: String, now: Date) async throws
    /// Deletes the tasks as `deleteTask` does, in one transaction: all of them or, if one fails, none. A
    /// subtask listed after its parent is already gone with it.
    func deleteTasks(userID: String, ids: [String], now: Date) async throws
    func completedTasks(userID: String, query: CompletedQuery, page: PageRequest) async throws -> CompletedPage
    /// Full-text search over content and description of active tasks, best matches first.
    func searchTasks(userID: String, text: String, page: PageRequest) async throws -> Page<TaskItem>

    func comments(userID: String, taskID: String?, projectID: String?, page: PageRequest) async throws -> Page<Comment>
    func comment(userID: String, id: String) async throws -> Comment?
    func createComment(
        userID: String, taskID: String?, projectID: String?, content: String, now: Date
    ) async throws -> Comment
    func updateComment(userID: String, id: String, content: String, now: Date) async throws -> Comment
    func deleteComment(userID: String, id: String, now: Date) async throws
}

/// A session to record, already validated.
public struct TimeSessionDraft: Sendable {
    public var taskID: String
    public var startedAt: Date
    public var endedAt: Date

    public init(taskID: String, startedAt: Date, endedAt: Date) {
        self.taskID = taskID
        self.startedAt = startedAt
        self.endedAt = endedAt
    }
}

/// The stopwatch and the sessions it and the user record. Every call is scoped to the user: another user's
/// task or session is `notFound`.
public protocol TimeStore: Sendable {
    func stopwatch(userID: String) async throws -> Stopwatch
    /// Starts timing the task; a stopwatch already running or paused on any task is stopped first, in the same
    /// transaction.
    func startStopwatch(userID: String, taskID: String, now: Date) async throws -> Stopwatch
    /// `conflict` unless running.
    func pauseStopwatch(userID: String, now: Date) async throws -> Stopwatch
    /// `conflict` unless paused.
    func resumeStopwatch(userID: String, now: Date) async throws -> Stopwatch
    /// Stops the stopwatch; stopping it again returns the same stopped stopwatch, so a retried request records
    /// nothing twice. `conflict` when it was never started.
    func stopStopwatch(userID: String, now: Date) async throws -> Stopwatch
    /// Stops every stopwatch, anyone's, running or paused on a task of `group`, as its owner stopping it would;
    /// returns those owners' ids.
    @discardableResult
    func stopStopwatches(on group: TaskGroup, now: Date) async throws -> [String]
    /// `conflict` naming the session it would overlap.
    func addSession(userID: String, draft: TimeSessionDraft, now: Date) async throws -> TimeSession
    func updateSession(userID: String, id: String, draft: TimeSessionDraft) async throws -> TimeSession
    func deleteSession(userID: String, id: String) async throws
    func session(userID: String, id: String) async throws -> TimeSession?
    /// Sessions overlapping `from..<to` (either end open), oldest first.
    func sessions(
        userID: String, from: Date?, to: Date?, taskID: String?, page: PageRequest
    ) async throws
        -> Page<TimeSession>
    /// Sessions overlapping `from..<to` with their task's project, labels and estimate; a running segment ends at `now`.
    /// A deleted task's sessions keep the title and project it had.
    func trackedSpans(userID: String, from: Date, to: Date, now: Date) async throws -> [TrackedSpan]
    /// The first instant of each tracked session and the last, for streaks: (start, end) pairs, running ones ending now.
    func trackedIntervals(userID: String, now: Date) async throws -> [(start: Date, end: Date)]
    /// Time on the task and its subtasks; a running segment counts up to `now`, as in reports.
    func taskTime(userID: String, taskID: String, now: Date) async throws -> TaskTime?
    func projectTime(userID: String, projectID: String, now: Date) async throws -> ProjectTime?
}

/// Ranked full-text search over what the user can see: their own open tasks and the messages of the
/// conversations they are in.
public protocol SearchStore: Sendable {
    func search(userID: String, query: SearchQuery, page: PageRequest) async throws -> Page<SearchHit>
}

/// A count of committed writes, which lets callers keep what they read until the data changes.
public protocol ChangeTracking: Sendable {
    /// Grows with every committed write, visible before that write's caller gets its answer; nil when
    /// the backend cannot tell (another process may write), and then nothing may be kept.
    var committedWrites: UInt64? { get }
    /// Grows with every committed write that changed a user or an API token, under the same rules.
    var committedAccountWrites: UInt64? { get }
}

/// Everything the server persists; each backend implements all of it.
public typealias DataStore = AccountStore & ProjectStore & TaskStore & TimeStore & ConversationStore & SearchStore
    & EventFeedStore
    & SharingStore & InviteStore & NotificationStore
    & AttachmentStore & ChangeTracking & TaskActivityStore & ReminderStore & CredentialStore
    & UserDataStore & AccountDeletionStore & AssistantStore & NoteStore & BriefStore & DailyBriefStore
    & MessageTaskLinkStore
    & MentionDigestStore
    & CommitmentStore
    & PushSubscriptionStore & DeliveryStore & ReachSettingsStore
    & WebhookStore
    & OIDCStore
    & CalendarStore & CalendarObjectStore & CalendarFeedStore
    & SyncStore
    & SignalStore
    & StoreHealth
