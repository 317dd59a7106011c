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
    /// Its own choice to come back until answered (`ReminderRepeats`); nil follows its owner's setting.
    public var nag: Bool?
    /// Waiting to come back (repeating until answered, or snoozed) rather than for its set time.
    public var again: Bool
    public var createdAt: Date

    public init(
        id: String, taskID: String, userID: String, type: Kind, minuteOffset: Int?, at: Date?, fireAt: Date?,
        firedAt: Date?, nag: Bool? = nil, again: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.taskID = taskID
        self.userID = userID
        self.type = type
        self.minuteOffset = minuteOffset
        self.at = at
        self.fireAt = fireAt
        self.firedAt = firedAt
        self.nag = nag
        self.again = again
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, type, due, nag, again
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
        nag = try c.decodeIfPresent(Bool.self, forKey: .nag)
        again = try c.decodeIfPresent(Bool.self, forKey: .again) ?? false
        createdAt = try c.decode(Date.self, forKey: .createdAt)
    }
}

extension Reminder {
    /// How every reminder is delivered, in Todoist's words: as a notification, pushed.
    public static let service = "push"
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
                // Todoist's Due shape (`date`, `string`, ...) for its clients, and Kairos' exact `datetime`.
                let instant = APITimestamp.utcSeconds(at)
                json.object { json in
                    json.key("date"); json.string(instant)
                    json.key("string"); json.string(instant)
                    json.key("lang"); json.string("en")
                    json.key("is_recurring"); json.bool(false)
                    json.key("timezone"); json.null()
                    json.key("datetime"); json.date(at)
                }
            } else {
                json.null()
            }
            // Reminders reach people as Kairos notifications (pushed when they allow it), never by email or
            // as Todoist's urgent alarms; a deleted reminder is gone, not flagged.
            json.key("service"); json.string(Reminder.service)
            json.key("is_urgent"); json.bool(false)
            json.key("is_deleted"); json.bool(false)
            json.key("fire_at"); json.date(fireAt)
            json.key("fired_at"); json.date(firedAt)
            json.key("nag")
            if let nag { json.bool(nag) } else { json.null() }
            json.key("again"); json.bool(again)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

/// When a reminder goes off, as `due` in `POST /reminders` and `POST /reminders/{id}`: an exact `datetime`
/// (Kairos) or `date` (Todoist, with a time), or a `string` such as "tomorrow at 9am". A time without an offset
/// is read in `timezone`, or in the user's zone. `lang` is Todoist's language of `string`.
public struct ReminderDue: Codable, Sendable {
    public var datetime: String?
    public var date: String?
    public var string: String?
    public var lang: String?
    public var timezone: String?

    public init(
        datetime: String? = nil, date: String? = nil, string: String? = nil, lang: String? = nil,
        timezone: String? = nil
    ) {
        self.datetime = datetime
        self.date = date
        self.string = string
        self.lang = lang
        self.timezone = timezone
    }
}

/// `POST /reminders`: `{task_id, type: "absolute", due}` or `{task_id, type: "relative", minute_offset}`.
/// Todoist clients name the type `reminder_type` and may ask for a `service`.
public struct ReminderCreateRequest: Codable, Sendable {
    public var taskID: String
    public var type: String?
    /// Todoist's name for `type`.
    public var reminderType: String?
    public var due: ReminderDue?
    public var minuteOffset: Int?
    /// Todoist's delivery channel: `push` (what Kairos does) or `email` (refused).
    public var service: String?
    /// Come back until answered (`ReminderRepeats`); left out, the person's `nag_reminders` decides.
    public var nag: Bool?

    public init(
        taskID: String, type: String, due: ReminderDue? = nil, minuteOffset: Int? = nil, service: String? = nil,
        nag: Bool? = nil
    ) {
        self.taskID = taskID
        self.type = type
        self.due = due
        self.minuteOffset = minuteOffset
        self.service = service
        self.nag = nag
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case type, due, service, nag
        case taskID = "task_id"
        case reminderType = "reminder_type"
        case minuteOffset = "minute_offset"
    }
}

/// `POST /reminders/{id}`: a new `due` (absolute) or `minute_offset` (relative); either turns the reminder into
/// that kind. `nag` sets its own choice to come back until answered (`null` follows the person's setting).
/// Fields left out stay as they are.
public struct ReminderUpdateRequest: Codable, Sendable {
    public var due: ReminderDue?
    public var minuteOffset: Int?
    public var service: String?
    public var nag: FieldUpdate<Bool>

    public init(
        due: ReminderDue? = nil, minuteOffset: Int? = nil, service: String? = nil, nag: FieldUpdate<Bool> = .unchanged
    ) {
        self.due = due
        self.minuteOffset = minuteOffset
        self.service = service
        self.nag = nag
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case due, service, nag
        case minuteOffset = "minute_offset"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        due = try c.decodeIfPresent(ReminderDue.self, forKey: .due)
        minuteOffset = try c.decodeIfPresent(Int.self, forKey: .minuteOffset)
        service = try c.decodeIfPresent(String.self, forKey: .service)
        nag = try c.decodeUpdate(Bool.self, forKey: .nag)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(due, forKey: .due)
        try c.encodeIfPresent(minuteOffset, forKey: .minuteOffset)
        try c.encodeIfPresent(service, forKey: .service)
        try c.encodeUpdate(nag, forKey: .nag)
    }
}

/// `POST /reminders/{id}/snooze`: `{"for": "10m" | "1h" | "evening" | "morning"}` (`SnoozeChoice`), or
/// `{"until": "2026-03-12T15:00:00"}` for a moment of the person's own.
public struct ReminderSnoozeRequest: Codable, Sendable {
    public var choice: String?
    /// A moment (an offset, or the person's wall time), instead of a choice.
    public var until: String?

    public init(_ choice: SnoozeChoice) {
        self.choice = choice.rawValue
    }

    public init(choice: String?, until: String? = nil) {
        self.choice = choice
        self.until = until
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case choice = "for"
        case until
    }
}
