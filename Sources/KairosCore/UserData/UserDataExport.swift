import Foundation

/// Everything a person keeps on the server, as one JSON document (`GET /api/v1/user/export`): their account
/// (without secrets), the projects they own with their sections, tasks (open and completed) and comments, their
/// labels, reminders and time, the conversations they are in with their messages, their uploads as links, their
/// notes and their chat with the assistant.
/// `POST /api/v1/user/import` reads the same document back.
public struct UserDataExport: Decodable, Sendable {
    /// Names the kind of document, so an import can tell it from any other JSON.
    public static let format = "kairos-export"
    /// Grows when the document changes shape in a way an older reader cannot follow.
    public static let version = 1

    public var format: String
    public var version: Int
    public var exportedAt: Date
    public var account: User?
    public var projects: [Project]
    public var sections: [Section]
    public var labels: [Label]
    public var tasks: [TaskItem]
    public var comments: [Comment]
    public var reminders: [Reminder]
    public var timeSessions: [TimeSession]
    public var conversations: [Conversation]
    public var messages: [Message]
    public var attachments: [Attachment]
    public var notes: [Note]
    /// The chat with the assistant, oldest first.
    public var assistantMessages: [AssistantMessage]

    public init(
        exportedAt: Date, account: User?, projects: [Project] = [], sections: [Section] = [], labels: [Label] = [],
        tasks: [TaskItem] = [], comments: [Comment] = [], reminders: [Reminder] = [],
        timeSessions: [TimeSession] = [], conversations: [Conversation] = [], messages: [Message] = [],
        attachments: [Attachment] = [], notes: [Note] = [], assistantMessages: [AssistantMessage] = []
    ) {
        self.notes = notes
        self.assistantMessages = assistantMessages
        format = Self.format
        version = Self.version
        self.exportedAt = exportedAt
        self.account = account
        self.projects = projects
        self.sections = sections
        self.labels = labels
        self.tasks = tasks
        self.comments = comments
        self.reminders = reminders
        self.timeSessions = timeSessions
        self.conversations = conversations
        self.messages = messages
        self.attachments = attachments
    }

    enum CodingKeys: String, CodingKey {
        case format, version, account, projects, sections, labels, tasks, comments, reminders, conversations
        case messages, attachments, notes
        case exportedAt = "exported_at"
        case assistantMessages = "assistant_messages"
        case timeSessions = "time_sessions"
    }

    /// Reads a document for import: `format` and `version` must say it is one, and the parts an import uses
    /// are read, reminders included; conversations, messages, uploads, notes and the assistant chat stay with the
    /// server they were on,
    /// so they are not read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(String.self, forKey: .format)
        guard format == Self.format else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: c,
                debugDescription: "must be \"\(Self.format)\": send the JSON that GET /api/v1/user/export gave")
        }
        version = try c.decode(Int.self, forKey: .version)
        guard version <= Self.version, version >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "must be 1 to \(Self.version); this server cannot read a newer export")
        }
        exportedAt = try c.decodeIfPresent(Date.self, forKey: .exportedAt) ?? Date(timeIntervalSince1970: 0)
        account = nil
        projects = try c.decodeIfPresent([Project].self, forKey: .projects) ?? []
        sections = try c.decodeIfPresent([Section].self, forKey: .sections) ?? []
        labels = try c.decodeIfPresent([Label].self, forKey: .labels) ?? []
        tasks = try c.decodeIfPresent([TaskItem].self, forKey: .tasks) ?? []
        comments = try c.decodeIfPresent([Comment].self, forKey: .comments) ?? []
        reminders = try c.decodeIfPresent([Reminder].self, forKey: .reminders) ?? []
        timeSessions = try c.decodeIfPresent([TimeSession].self, forKey: .timeSessions) ?? []
        conversations = []
        messages = []
        attachments = []
        notes = []
        assistantMessages = []
    }
}

extension UserDataExport: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("format"); json.string(format)
            json.key("version"); json.int(version)
            json.key("exported_at"); json.date(exportedAt)
            json.key("account"); json.value(account)
            json.key("projects"); json.array(projects) { json, item in item.write(to: &json) }
            json.key("sections"); json.array(sections) { json, item in item.write(to: &json) }
            json.key("labels"); json.array(labels) { json, item in item.write(to: &json) }
            json.key("tasks"); json.array(tasks) { json, item in item.write(to: &json) }
            json.key("comments"); json.array(comments) { json, item in item.write(to: &json) }
            json.key("reminders"); json.array(reminders) { json, item in item.write(to: &json) }
            json.key("time_sessions"); json.array(timeSessions) { json, item in item.write(to: &json) }
            json.key("conversations"); json.array(conversations) { json, item in item.write(to: &json) }
            json.key("messages"); json.array(messages) { json, item in item.write(to: &json) }
            json.key("attachments"); json.array(attachments) { json, item in item.write(to: &json) }
            json.key("notes"); json.array(notes) { json, item in item.write(to: &json) }
            json.key("assistant_messages"); json.array(assistantMessages) { json, item in item.write(to: &json) }
        }
    }
}

/// What an import added to the account.
public struct UserDataImportResult: Decodable, Hashable, Sendable, JSONWritable {
    public var projects: Int
    public var sections: Int
    public var labels: Int
    public var tasks: Int
    public var comments: Int
    public var reminders: Int
    public var timeSessions: Int
    /// The projects the import made (not the Inbox, which it fills), parents before subprojects.
    public var newProjects: [NewProject]

    /// A project an import made: its new id and its name.
    public struct NewProject: Codable, Hashable, Sendable {
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    public init(
        projects: Int, sections: Int, labels: Int, tasks: Int, comments: Int, reminders: Int = 0, timeSessions: Int,
        newProjects: [NewProject] = []
    ) {
        self.projects = projects
        self.sections = sections
        self.labels = labels
        self.tasks = tasks
        self.comments = comments
        self.reminders = reminders
        self.timeSessions = timeSessions
        self.newProjects = newProjects
    }

    enum CodingKeys: String, CodingKey {
        case projects, sections, labels, tasks, comments, reminders
        case timeSessions = "time_sessions"
        case newProjects = "new_projects"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        projects = try c.decode(Int.self, forKey: .projects)
        sections = try c.decode(Int.self, forKey: .sections)
        labels = try c.decode(Int.self, forKey: .labels)
        tasks = try c.decode(Int.self, forKey: .tasks)
        comments = try c.decode(Int.self, forKey: .comments)
        reminders = try c.decodeIfPresent(Int.self, forKey: .reminders) ?? 0
        timeSessions = try c.decode(Int.self, forKey: .timeSessions)
        newProjects = try c.decodeIfPresent([NewProject].self, forKey: .newProjects) ?? []
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("projects"); json.int(projects)
            json.key("sections"); json.int(sections)
            json.key("labels"); json.int(labels)
            json.key("tasks"); json.int(tasks)
            json.key("comments"); json.int(comments)
            json.key("reminders"); json.int(reminders)
            json.key("time_sessions"); json.int(timeSessions)
            json.key("new_projects")
            json.array(newProjects) { json, project in
                json.object { json in
                    json.key("id"); json.string(project.id)
                    json.key("name"); json.string(project.name)
                }
            }
        }
    }
}
