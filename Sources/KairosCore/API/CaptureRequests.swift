/// `POST /api/v1/capture`: text to turn into task proposals; nothing is written.
public struct CaptureRequest: Codable, Sendable {
    public var text: String
    /// The moment it was said: local time "YYYY-MM-DDTHH:MM" in `tz`, or an instant with an offset; default: now.
    public var now: String?
    /// An IANA time zone; default: the user's.
    public var tz: String?

    public init(text: String, now: String? = nil, tz: String? = nil) {
        self.text = text
        self.now = now
        self.tz = tz
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text, now, tz
    }
}

/// `POST /api/v1/capture/span`: a highlighted phrase of a transcript, to become one proposal.
public struct CaptureSpanRequest: Codable, Sendable {
    public var text: String
    /// Where the phrase starts and ends, as UTF-16 offsets (JavaScript string indices).
    public var start: Int
    public var end: Int
    public var now: String?
    public var tz: String?

    public init(text: String, start: Int, end: Int, now: String? = nil, tz: String? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.now = now
        self.tz = tz
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text, start, end, now, tz
    }
}

/// One reviewed proposal to create, as `POST /api/v1/capture/commit` takes it.
public struct CaptureCommitTask: Codable, Hashable, Sendable {
    public var title: String
    public var description: String?
    /// Local wall time "YYYY-MM-DDTHH:MM" in the user's time zone (with `recurrence`, the first occurrence), or a
    /// day "YYYY-MM-DD" for an all-day due.
    public var due: String?
    /// A due date in words, as `due_string` of `POST /tasks` ("friday at 3pm", "every monday"); instead of `due`.
    public var dueString: String?
    /// A list (project) name, matched to the user's lists ignoring case; none means the Inbox.
    public var list: String?
    /// 1 (highest) to 4, as the user sees it; stored Todoist-style (p1 is API priority 4).
    public var priority: Int?
    public var labels: [String]?
    /// An RRULE such as "FREQ=WEEKLY;BYDAY=MO"; needs `due`.
    public var recurrence: String?

    public init(
        title: String, description: String? = nil, due: String? = nil, dueString: String? = nil, list: String? = nil,
        priority: Int? = nil, labels: [String]? = nil, recurrence: String? = nil
    ) {
        self.title = title
        self.description = description
        self.due = due
        self.dueString = dueString
        self.list = list
        self.priority = priority
        self.labels = labels
        self.recurrence = recurrence
    }

    enum CodingKeys: String, CodingKey {
        case title, description, due, list, priority, labels, recurrence
        case dueString = "due_string"
    }
}

/// `POST /api/v1/capture/commit`: reviewed proposals, created all or none.
public struct CaptureCommitRequest: Codable, Sendable {
    public var tasks: [CaptureCommitTask]
    /// Whether lists the user does not have yet are created; otherwise naming one is an error.
    public var createMissingLists: Bool?
    /// The client's own id for this commit: a retry carrying it gets the first commit's tasks back.
    public var clientID: String?

    public init(tasks: [CaptureCommitTask], createMissingLists: Bool? = nil, clientID: String? = nil) {
        self.tasks = tasks
        self.createMissingLists = createMissingLists
        self.clientID = clientID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case tasks
        case createMissingLists = "create_missing_lists"
        case clientID = "client_id"
    }
}

/// The answer of `POST /api/v1/capture/commit`: the created tasks, in the order given.
public struct CaptureCommitResponse: Decodable, Sendable, JSONWritable {
    public var tasks: [TaskItem]

    public init(tasks: [TaskItem]) {
        self.tasks = tasks
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("tasks"); json.array(tasks) { json, task in task.write(to: &json) }
        }
    }
}

/// `POST /api/v1/tasks/quick`, with Todoist's field names: one task from quick-add text.
public struct QuickAddRequest: Codable, Sendable {
    public var text: String
    /// Becomes the task's first comment.
    public var note: String?
    /// A reminder at this moment, said the way due dates are ("tomorrow at 4pm").
    public var reminder: String?
    /// A reminder at the task's due time, when the text gives one.
    public var autoReminder: Bool?
    /// Accepted for Todoist clients; the answer is the task either way.
    public var meta: Bool?
    /// Kairos: the client's own id for this task, as in `TaskCreateRequest.clientID`.
    public var clientID: String?
    /// Kairos: the project the task goes to unless the text names one of the user's lists.
    public var projectID: String?
    /// Kairos: the section the task goes to, unless the text names a list other than the section's project.
    public var sectionID: String?
    /// Kairos: the day ("YYYY-MM-DD") the task is due unless the text gives a date.
    public var dueDate: String?

    public init(
        text: String, note: String? = nil, reminder: String? = nil, autoReminder: Bool? = nil, meta: Bool? = nil,
        clientID: String? = nil, projectID: String? = nil, sectionID: String? = nil, dueDate: String? = nil
    ) {
        self.clientID = clientID
        self.projectID = projectID
        self.sectionID = sectionID
        self.dueDate = dueDate
        self.text = text
        self.note = note
        self.reminder = reminder
        self.autoReminder = autoReminder
        self.meta = meta
    }

    enum CodingKeys: String, CodingKey {
        case text, note, reminder, meta
        case autoReminder = "auto_reminder"
        case clientID = "client_id"
        case projectID = "project_id"
        case sectionID = "section_id"
        case dueDate = "due_date"
    }
}
