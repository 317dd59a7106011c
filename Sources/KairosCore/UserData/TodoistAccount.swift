import Foundation

/// What was read from a Todoist account through its API v1, in Todoist's own shapes: only the fields an import
/// uses, each read leniently so a field Todoist adds or leaves out does not stop the import.
public struct TodoistAccount: Sendable {
    public var projects: [Project]
    public var sections: [Section]
    public var labels: [Label]
    /// Open tasks, subtasks included.
    public var tasks: [Task]
    /// Comments on tasks and on projects.
    public var comments: [Comment]
    /// Reminders from Todoist's Sync API; nil when the source does not offer it.
    public var reminders: [Reminder]?

    public init(
        projects: [Project], sections: [Section] = [], labels: [Label] = [], tasks: [Task] = [],
        comments: [Comment] = [], reminders: [Reminder]? = nil
    ) {
        self.projects = projects
        self.sections = sections
        self.labels = labels
        self.tasks = tasks
        self.comments = comments
        self.reminders = reminders
    }

    /// A Todoist reminder (`POST /sync` with `resource_types=["reminders"]`): `relative` counts `minute_offset`
    /// back from its task's due time, `absolute` goes off at `due`; `location` ones have neither.
    public struct Reminder: Decodable, Sendable {
        public var taskID: String
        public var type: String
        public var minuteOffset: Int?
        public var due: Due?
        public var isDeleted: Bool

        public init(taskID: String, type: String, minuteOffset: Int? = nil, due: Due? = nil, isDeleted: Bool = false) {
            self.taskID = taskID
            self.type = type
            self.minuteOffset = minuteOffset
            self.due = due
            self.isDeleted = isDeleted
        }

        enum CodingKeys: String, CodingKey {
            case type, due
            case taskID = "item_id"
            case minuteOffset = "minute_offset"
            case isDeleted = "is_deleted"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                taskID: try c.decode(String.self, forKey: .taskID),
                type: try c.decodeIfPresent(String.self, forKey: .type) ?? "relative",
                minuteOffset: try c.decodeIfPresent(Int.self, forKey: .minuteOffset),
                due: try? c.decodeIfPresent(Due.self, forKey: .due),
                isDeleted: try c.decodeIfPresent(Bool.self, forKey: .isDeleted) ?? false)
        }
    }

    /// The parts of Todoist's Sync API answer the import reads: reminders, and comments on tasks (`notes`) and on
    /// projects (`project_notes`), deleted ones left out.
    public struct SyncAnswer: Decodable, Sendable {
        public var reminders: [Reminder]?
        public var notes: [Comment]?
        public var projectNotes: [Comment]?

        enum CodingKeys: String, CodingKey {
            case reminders, notes
            case projectNotes = "project_notes"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            reminders = try c.decodeIfPresent([Reminder].self, forKey: .reminders)
            notes = try c.decodeIfPresent([Comment].self, forKey: .notes)?.filter { !$0.isDeleted }
            projectNotes = try c.decodeIfPresent([Comment].self, forKey: .projectNotes)?.filter { !$0.isDeleted }
        }
    }

    /// A Todoist project (`GET /projects`).
    public struct Project: Decodable, Sendable {
        public var id: String
        public var name: String
        public var description: String
        public var parentID: String?
        public var childOrder: Int
        public var color: String
        public var isFavorite: Bool
        public var isCollapsed: Bool
        public var viewStyle: String
        public var isInbox: Bool

        public init(
            id: String, name: String, description: String = "", parentID: String? = nil, childOrder: Int = 0,
            color: String = "charcoal", isFavorite: Bool = false, isCollapsed: Bool = false, viewStyle: String = "list",
            isInbox: Bool = false
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.parentID = parentID
            self.childOrder = childOrder
            self.color = color
            self.isFavorite = isFavorite
            self.isCollapsed = isCollapsed
            self.viewStyle = viewStyle
            self.isInbox = isInbox
        }

        enum CodingKeys: String, CodingKey {
            case id, name, description, color
            case parentID = "parent_id"
            case childOrder = "child_order"
            case isFavorite = "is_favorite"
            case isCollapsed = "is_collapsed"
            case viewStyle = "view_style"
            case isInbox = "inbox_project"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                id: try c.decode(String.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                description: try c.decodeIfPresent(String.self, forKey: .description) ?? "",
                parentID: try c.decodeIfPresent(String.self, forKey: .parentID),
                childOrder: try c.decodeIfPresent(Int.self, forKey: .childOrder) ?? 0,
                color: try c.decodeIfPresent(String.self, forKey: .color) ?? "charcoal",
                isFavorite: try c.decodeIfPresent(Bool.self, forKey: .isFavorite) ?? false,
                isCollapsed: try c.decodeIfPresent(Bool.self, forKey: .isCollapsed) ?? false,
                viewStyle: try c.decodeIfPresent(String.self, forKey: .viewStyle) ?? "list",
                isInbox: try c.decodeIfPresent(Bool.self, forKey: .isInbox) ?? false)
        }
    }

    /// A Todoist section (`GET /sections`).
    public struct Section: Decodable, Sendable {
        public var id: String
        public var projectID: String
        public var name: String
        public var sectionOrder: Int
        public var isCollapsed: Bool

        public init(id: String, projectID: String, name: String, sectionOrder: Int = 0, isCollapsed: Bool = false) {
            self.id = id
            self.projectID = projectID
            self.name = name
            self.sectionOrder = sectionOrder
            self.isCollapsed = isCollapsed
        }

        enum CodingKeys: String, CodingKey {
            case id, name
            case projectID = "project_id"
            case sectionOrder = "section_order"
            case isCollapsed = "is_collapsed"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                id: try c.decode(String.self, forKey: .id), projectID: try c.decode(String.self, forKey: .projectID),
                name: try c.decode(String.self, forKey: .name),
                sectionOrder: try c.decodeIfPresent(Int.self, forKey: .sectionOrder) ?? 0,
                isCollapsed: try c.decodeIfPresent(Bool.self, forKey: .isCollapsed) ?? false)
        }
    }

    /// A Todoist personal label (`GET /labels`).
    public struct Label: Decodable, Sendable {
        public var name: String
        public var color: String
        public var order: Int
        public var isFavorite: Bool

        public init(name: String, color: String = "charcoal", order: Int = 0, isFavorite: Bool = false) {
            self.name = name
            self.color = color
            self.order = order
            self.isFavorite = isFavorite
        }

        enum CodingKeys: String, CodingKey {
            case name, color, order
            case isFavorite = "is_favorite"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                name: try c.decode(String.self, forKey: .name),
                color: try c.decodeIfPresent(String.self, forKey: .color) ?? "charcoal",
                order: try c.decodeIfPresent(Int.self, forKey: .order) ?? 0,
                isFavorite: try c.decodeIfPresent(Bool.self, forKey: .isFavorite) ?? false)
        }
    }

    /// A Todoist due: `date` is `YYYY-MM-DD`, a floating `YYYY-MM-DDTHH:MM:SS`, or a UTC instant with `timezone`;
    /// a recurring due says so with `is_recurring` and keeps its rule only in `string` ("every monday").
    public struct Due: Decodable, Sendable {
        public var date: String
        public var timezone: String?
        public var string: String
        public var lang: String
        public var isRecurring: Bool

        public init(date: String, timezone: String? = nil, string: String, lang: String = "en", isRecurring: Bool) {
            self.date = date
            self.timezone = timezone
            self.string = string
            self.lang = lang
            self.isRecurring = isRecurring
        }

        enum CodingKeys: String, CodingKey {
            case date, timezone, string, lang
            case isRecurring = "is_recurring"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let date = try c.decode(String.self, forKey: .date)
            self.init(
                date: date, timezone: try c.decodeIfPresent(String.self, forKey: .timezone),
                string: try c.decodeIfPresent(String.self, forKey: .string) ?? date,
                lang: try c.decodeIfPresent(String.self, forKey: .lang) ?? "en",
                isRecurring: try c.decodeIfPresent(Bool.self, forKey: .isRecurring) ?? false)
        }
    }

    /// A Todoist task (`GET /tasks`); `labels` are label names.
    public struct Task: Decodable, Sendable {
        public var id: String
        public var projectID: String
        public var sectionID: String?
        public var parentID: String?
        public var content: String
        public var description: String
        public var labels: [String]
        public var priority: Int
        public var due: Due?
        public var deadline: Deadline?
        public var duration: TaskDuration?
        public var childOrder: Int
        public var isCollapsed: Bool
        public var addedAt: Date?

        public init(
            id: String, projectID: String, sectionID: String? = nil, parentID: String? = nil, content: String,
            description: String = "", labels: [String] = [], priority: Int = 1, due: Due? = nil,
            deadline: Deadline? = nil, duration: TaskDuration? = nil, childOrder: Int = 0, isCollapsed: Bool = false,
            addedAt: Date? = nil
        ) {
            self.id = id
            self.projectID = projectID
            self.sectionID = sectionID
            self.parentID = parentID
            self.content = content
            self.description = description
            self.labels = labels
            self.priority = priority
            self.due = due
            self.deadline = deadline
            self.duration = duration
            self.childOrder = childOrder
            self.isCollapsed = isCollapsed
            self.addedAt = addedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, content, description, labels, priority, due, deadline, duration
            case projectID = "project_id"
            case sectionID = "section_id"
            case parentID = "parent_id"
            case childOrder = "child_order"
            case isCollapsed = "is_collapsed"
            case addedAt = "added_at"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                id: try c.decode(String.self, forKey: .id), projectID: try c.decode(String.self, forKey: .projectID),
                sectionID: try c.decodeIfPresent(String.self, forKey: .sectionID),
                parentID: try c.decodeIfPresent(String.self, forKey: .parentID),
                content: try c.decode(String.self, forKey: .content),
                description: try c.decodeIfPresent(String.self, forKey: .description) ?? "",
                labels: try c.decodeIfPresent([String].self, forKey: .labels) ?? [],
                priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 1,
                due: try c.decodeIfPresent(Due.self, forKey: .due),
                deadline: try? c.decodeIfPresent(Deadline.self, forKey: .deadline),
                duration: try? c.decodeIfPresent(TaskDuration.self, forKey: .duration),
                childOrder: try c.decodeIfPresent(Int.self, forKey: .childOrder) ?? 0,
                isCollapsed: try c.decodeIfPresent(Bool.self, forKey: .isCollapsed) ?? false,
                addedAt: (try? c.decodeIfPresent(String.self, forKey: .addedAt)).flatMap { $0 }.flatMap(
                    APITimestamp.parse))
        }
    }

    /// A Todoist comment (`GET /comments`), on a task (`item_id`, or `task_id`) or on a project.
    public struct Comment: Decodable, Sendable {
        public var taskID: String?
        public var projectID: String?
        public var content: String
        public var postedAt: Date?
        /// The attached file's name and address, for a comment that is only a file.
        public var attachment: (name: String, url: String)?
        /// Only the Sync API lists deleted comments, flagged.
        public var isDeleted: Bool

        public init(
            taskID: String?, projectID: String?, content: String, postedAt: Date? = nil,
            attachment: (name: String, url: String)? = nil, isDeleted: Bool = false
        ) {
            self.taskID = taskID
            self.projectID = projectID
            self.content = content
            self.postedAt = postedAt
            self.attachment = attachment
            self.isDeleted = isDeleted
        }

        enum CodingKeys: String, CodingKey {
            case content
            case itemID = "item_id"
            case taskID = "task_id"
            case projectID = "project_id"
            case postedAt = "posted_at"
            case fileAttachment = "file_attachment"
            case isDeleted = "is_deleted"
        }

        enum FileKeys: String, CodingKey {
            case name = "file_name"
            case url = "file_url"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            var attachment: (name: String, url: String)?
            if (try? c.decodeNil(forKey: .fileAttachment)) == false,
                let file = try? c.nestedContainer(keyedBy: FileKeys.self, forKey: .fileAttachment)
            {
                let name = (try? file.decodeIfPresent(String.self, forKey: .name)) ?? nil
                let url = (try? file.decodeIfPresent(String.self, forKey: .url)) ?? nil
                if name != nil || url != nil { attachment = (name ?? "", url ?? "") }
            }
            self.init(
                taskID: try c.decodeIfPresent(String.self, forKey: .itemID)
                    ?? c.decodeIfPresent(String.self, forKey: .taskID),
                projectID: try c.decodeIfPresent(String.self, forKey: .projectID),
                content: try c.decodeIfPresent(String.self, forKey: .content) ?? "",
                postedAt: (try? c.decodeIfPresent(String.self, forKey: .postedAt)).flatMap { $0 }.flatMap(
                    APITimestamp.parse),
                attachment: attachment, isDeleted: try c.decodeIfPresent(Bool.self, forKey: .isDeleted) ?? false)
        }
    }
}
