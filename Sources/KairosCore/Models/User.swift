import Foundation

/// A person with an account on this server.
public struct User: Decodable, Hashable, Sendable {
    public var id: String
    public var email: String
    public var name: String
    /// IANA time zone that defines the user's "today".
    public var timezone: String
    public var createdAt: Date
    /// Made by accepting an invitation: signs in through emailed links until they set a password.
    public var isGuest: Bool
    /// When notifications are kept in the feed but not pushed; nil for never.
    public var quietHours: QuietHours?
    /// When on, nobody sees how far this user has read, and this user sees nobody's read position
    /// (delivered ticks stay).
    public var hideReadReceipts: Bool
    /// The days the daily brief comes, Monday first.
    public var workdays: [Weekday]
    /// When the daily brief comes on a workday, on the wall clock of `timezone`.
    public var dailyBriefTime: LocalTime
    /// When on, the reminders the assistant proposes are added at once, without a tap on each card.
    public var assistantAddsWithoutAsking: Bool
    /// When off, nothing of this user's (their words, tasks or lists) is sent to the server's language model;
    /// the offline engines answer them.
    public var aiEnabled: Bool
    /// When on, every reminder of theirs comes back until answered (`ReminderRepeats`), unless the reminder
    /// says otherwise.
    public var nagReminders: Bool

    /// Monday to Friday, until the user says otherwise.
    public static let defaultWorkdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let defaultDailyBriefTime = LocalTime(unchecked: 8, minute: 0, second: 0)

    public init(
        id: String, email: String, name: String, timezone: String, createdAt: Date, isGuest: Bool = false,
        quietHours: QuietHours? = nil, hideReadReceipts: Bool = false, workdays: [Weekday] = User.defaultWorkdays,
        dailyBriefTime: LocalTime = User.defaultDailyBriefTime, assistantAddsWithoutAsking: Bool = false,
        aiEnabled: Bool = true, nagReminders: Bool = false
    ) {
        self.nagReminders = nagReminders
        self.assistantAddsWithoutAsking = assistantAddsWithoutAsking
        self.aiEnabled = aiEnabled
        self.quietHours = quietHours
        self.hideReadReceipts = hideReadReceipts
        self.workdays = workdays
        self.dailyBriefTime = dailyBriefTime
        self.id = id
        self.email = email
        self.name = name
        self.timezone = timezone
        self.createdAt = createdAt
        self.isGuest = isGuest
    }

    enum CodingKeys: String, CodingKey {
        case id, email, name, timezone
        case createdAt = "created_at"
        case isGuest = "is_guest"
        case quietHours = "quiet_hours"
        case hideReadReceipts = "hide_read_receipts"
        case workdays
        case dailyBriefTime = "daily_brief_time"
        case assistantAddsWithoutAsking = "assistant_adds_without_asking"
        case aiEnabled = "ai_enabled"
        case nagReminders = "nag_reminders"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        email = try c.decode(String.self, forKey: .email)
        name = try c.decode(String.self, forKey: .name)
        timezone = try c.decode(String.self, forKey: .timezone)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        isGuest = try c.decodeIfPresent(Bool.self, forKey: .isGuest) ?? false
        quietHours = try c.decodeIfPresent(QuietHours.self, forKey: .quietHours)
        hideReadReceipts = try c.decodeIfPresent(Bool.self, forKey: .hideReadReceipts) ?? false
        workdays = try c.decodeIfPresent([Weekday].self, forKey: .workdays) ?? Self.defaultWorkdays
        let briefTime = try c.decodeIfPresent(String.self, forKey: .dailyBriefTime)
        dailyBriefTime = briefTime.flatMap(LocalTime.init(iso:)) ?? Self.defaultDailyBriefTime
        assistantAddsWithoutAsking = try c.decodeIfPresent(Bool.self, forKey: .assistantAddsWithoutAsking) ?? false
        aiEnabled = try c.decodeIfPresent(Bool.self, forKey: .aiEnabled) ?? true
        nagReminders = try c.decodeIfPresent(Bool.self, forKey: .nagReminders) ?? false
    }

    /// The user's time zone, falling back to UTC if the stored name is unknown to this system.
    public var timeZone: TimeZone { TimeZone(identifier: timezone) ?? .gmt }
}

/// A personal API token's visible part; the secret is shown only once, at creation.
public struct APITokenInfo: Decodable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var createdAt: Date

    public init(id: String, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case createdAt = "created_at"
    }
}

/// Someone a project is shared with, as Todoist's collaborators endpoint lists them.
public struct Collaborator: Decodable, Hashable, Sendable {
    public var id: String
    public var email: String
    public var name: String

    public init(id: String, email: String, name: String) {
        self.id = id
        self.email = email
        self.name = name
    }
}

extension User: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("email"); json.string(email)
            json.key("name"); json.string(name)
            json.key("timezone"); json.string(timezone)
            json.key("created_at"); json.date(createdAt)
            json.key("is_guest"); json.bool(isGuest)
            json.key("quiet_hours")
            if let quietHours {
                json.object { json in
                    json.key("start"); json.string(QuietHours.text(quietHours.start))
                    json.key("end"); json.string(QuietHours.text(quietHours.end))
                }
            } else {
                json.null()
            }
            json.key("hide_read_receipts"); json.bool(hideReadReceipts)
            json.key("workdays"); json.array(workdays) { json, day in json.int(day.rawValue) }
            json.key("daily_brief_time"); json.string(dailyBriefTime.hourMinute)
            json.key("assistant_adds_without_asking"); json.bool(assistantAddsWithoutAsking)
            json.key("ai_enabled"); json.bool(aiEnabled)
            json.key("nag_reminders"); json.bool(nagReminders)
        }
    }
}

extension APITokenInfo: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("name"); json.string(name)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

extension Collaborator: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("email"); json.string(email)
            json.key("name"); json.string(name)
        }
    }
}
