import Foundation

/// What an import from Todoist added, and what it left out: the same facts `kairos import` prints.
public struct TodoistImportReport: Decodable, Hashable, Sendable, JSONWritable {
    /// Where the data came from.
    public enum Source: String, Codable, Hashable, Sendable {
        /// A Todoist account, read through its API with a token.
        case account = "todoist"
        /// A project Todoist exported as CSV.
        case csv = "todoist-csv"
    }

    /// A recurring due whose rule Kairos could not read: the task keeps its next date, without repeating.
    public struct UnreadRecurrence: Codable, Hashable, Sendable {
        public var task: String
        public var dueString: String

        public init(task: String, dueString: String) {
            self.task = task
            self.dueString = dueString
        }

        enum CodingKeys: String, CodingKey {
            case task
            case dueString = "due_string"
        }
    }

    public var source: Source
    public var imported: UserDataImportResult
    public var unreadRecurrences: [UnreadRecurrence]
    /// Reminders left out: location ones, past ones, and those before a due time their task does not have.
    public var skippedReminders: Int
    /// Whether reminders could be read at all: false for a CSV, and for a Todoist without its Sync API.
    public var remindersRead: Bool

    public init(
        source: Source, imported: UserDataImportResult, unreadRecurrences: [UnreadRecurrence] = [],
        skippedReminders: Int = 0, remindersRead: Bool
    ) {
        self.source = source
        self.imported = imported
        self.unreadRecurrences = unreadRecurrences
        self.skippedReminders = skippedReminders
        self.remindersRead = remindersRead
    }

    enum CodingKeys: String, CodingKey {
        case source, imported
        case unreadRecurrences = "unread_recurrences"
        case skippedReminders = "skipped_reminders"
        case remindersRead = "reminders_read"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("source"); json.string(source.rawValue)
            json.key("imported"); imported.write(to: &json)
            json.key("unread_recurrences")
            json.array(unreadRecurrences) { json, unread in
                json.object { json in
                    json.key("task"); json.string(unread.task)
                    json.key("due_string"); json.string(unread.dueString)
                }
            }
            json.key("skipped_reminders"); json.int(skippedReminders)
            json.key("reminders_read"); json.bool(remindersRead)
        }
    }
}

/// `POST /api/v1/user/import/todoist`: the person's Todoist API token, used for this one reading.
public struct TodoistTokenRequest: Codable, Sendable, ClosedRequestBody {
    public var token: String

    public init(token: String) {
        self.token = token
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case token
    }
}
