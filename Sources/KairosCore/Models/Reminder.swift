import Foundation

/// A nudge about a task at a moment: a fixed time (`absolute`), or minutes before the task's due time
/// (`relative`, which follows the due when it moves). On a recurring task either comes again with each
/// occurrence. It belongs to the person who set it and is delivered only to them.
public struct Reminder: Decodable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case absolute, relative
    }

    public var id: String
    public var taskID: String
    /// The person it reminds: whoever set it.
    public var userID: String
    public var type: Kind
    /// For `relative`: minutes before the task's due time.
    public var minuteOffset: Int?
    /// For `absolute`: the moment it was set for.
    public var at: Date?
    /// When it goes off next; nil while a relative reminder's task has no due time.
    public var fireAt: Date?
    /// When it last went off (for this occurrence of a relative one); nil while it waits.
    public var firedAt: Date?
    public var createdAt: Date

    public init(
        id: String, taskID: String, userID: String, type: Kind, minuteOffset: Int?, at: Date?, fireAt: Date?,
        firedAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.taskID = taskID
        self.userID = userID
        self.type = type
        self.minuteOffset = minuteOffset
        self.at = at
        self.fireAt = fireAt
        self.firedAt = firedAt
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, type, due
        case taskID = "task_id"
        case userID = "notify_uid"
        case minuteOffset = "minute_offset"
        case fireAt = "fire_at"
        case firedAt = "fired_at"
        case createdAt = "created_at"
    }

    enum DueKeys: String, CodingKey { case datetime }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        taskID = try c.decode(String.self, forKey: .taskID)
        userID = try c.decode(String.self, forKey: .userID)
        type = try c.decode(Kind.self, forKey: .type)
        minuteOffset = try c.decodeIfPresent(Int.self, forKey: .minuteOffset)
        at =
            try c.contains(.due) && !c.decodeNil(forKey: .due)
            ? c.nestedContainer(keyedBy: DueKeys.self, forKey: .due).decode(Date.self, forKey: .datetime) : nil
        fireAt = try c.decodeIfPresent(Date.self, forKey: .fireAt)
        firedAt = try c.decodeIfPresent(Date.self, forKey: .firedAt)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
    }
}

extension Reminder: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("task_id"); json.string(taskID)
            json.key("notify_uid"); json.string(userID)
            json.key("type"); json.string(type.rawValue)
            json.key("minute_offset"); json.int(minuteOffset)
            json.key("due")
            if let at {
                json.object { json in
                    json.key("datetime"); json.date(at)
                }
            } else {
                json.null()
            }
            json.key("fire_at"); json.date(fireAt)
            json.key("fired_at"); json.date(firedAt)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

/// `POST /reminders`: `{task_id, type: "absolute", due: {datetime | string}}` or
/// `{task_id, type: "relative", minute_offset}`.
public struct ReminderCreateRequest: Codable, Sendable {
    /// When an absolute reminder goes off: an exact `datetime`, or a `string` such as "tomorrow at 9am".
    public struct When: Codable, Sendable {
        public var datetime: String?
        public var string: String?

        public init(datetime: String? = nil, string: String? = nil) {
            self.datetime = datetime
            self.string = string
        }
    }

    public var taskID: String
    public var type: String
    public var due: When?
    public var minuteOffset: Int?

    public init(taskID: String, type: String, due: When? = nil, minuteOffset: Int? = nil) {
        self.taskID = taskID
        self.type = type
        self.due = due
        self.minuteOffset = minuteOffset
    }

    enum CodingKeys: String, CodingKey {
        case type, due
        case taskID = "task_id"
        case minuteOffset = "minute_offset"
    }
}
