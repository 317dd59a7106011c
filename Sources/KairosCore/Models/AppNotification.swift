import Foundation

/// Something that happened that one person should hear about, in their notification feed.
public struct AppNotification: Decodable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Someone mentioned you in a conversation.
        case mention
        /// A new message in a conversation whose notification level is `all`.
        case message
        /// A task was assigned to you.
        case assigned
        /// A task you follow was completed or reopened.
        case taskCompleted = "task.completed"
        case taskReopened = "task.reopened"
        /// A reminder the person set on a task went off.
        case reminder
        /// The person's daily brief is ready, at their brief time on a workday.
        case brief
        /// What they were mentioned in and have not read, after an hour away (`MentionDigestRules`).
        case digest
    }

    public var id: String
    public var kind: Kind
    public var text: String
    public var actorID: String?
    public var conversationID: String?
    public var messageID: String?
    public var taskID: String?
    /// Made during the person's quiet hours: kept in the feed, never pushed.
    public var quiet: Bool
    public var createdAt: Date
    public var readAt: Date?

    public init(
        id: String, kind: Kind, text: String, actorID: String?, conversationID: String?, messageID: String?,
        taskID: String?, quiet: Bool, createdAt: Date, readAt: Date?
    ) {
        self.id = id
        self.kind = kind
        self.text = text
        self.actorID = actorID
        self.conversationID = conversationID
        self.messageID = messageID
        self.taskID = taskID
        self.quiet = quiet
        self.createdAt = createdAt
        self.readAt = readAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, text, quiet
        case actorID = "actor_id"
        case conversationID = "conversation_id"
        case messageID = "message_id"
        case taskID = "task_id"
        case createdAt = "created_at"
        case readAt = "read_at"
    }
}

extension AppNotification: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("kind"); json.string(kind.rawValue)
            json.key("text"); json.string(text)
            json.key("actor_id"); json.string(actorID)
            json.key("conversation_id"); json.string(conversationID)
            json.key("message_id"); json.string(messageID)
            json.key("task_id"); json.string(taskID)
            json.key("quiet"); json.bool(quiet)
            json.key("created_at"); json.date(createdAt)
            json.key("read_at"); json.date(readAt)
        }
    }
}

/// The one place notification texts are worded.
public enum NotificationText {
    /// Long message texts are cut to this many characters, with an ellipsis.
    static let excerptLength = 120

    public static func mention(by actor: String, in conversation: String, text: String) -> String {
        "\(actor) mentioned you in \(conversation): \(excerpt(text))"
    }

    /// A message with no text carries only attachments.
    public static func message(by actor: String, in conversation: String, text: String) -> String {
        text.isEmpty ? "\(actor) sent a file in \(conversation)" : "\(actor) in \(conversation): \(excerpt(text))"
    }

    public static func assigned(_ task: String, by actor: String) -> String {
        "\(actor) assigned you \u{201C}\(task)\u{201D}"
    }

    public static func completed(_ task: String, by actor: String) -> String {
        "\(actor) completed \u{201C}\(task)\u{201D}"
    }

    public static func reopened(_ task: String, by actor: String) -> String {
        "\(actor) reopened \u{201C}\(task)\u{201D}"
    }

    /// Gentle on purpose: a nudge, never an alarm.
    public static func reminder(_ task: String) -> String {
        "Whenever you\u{2019}re ready: \(task)"
    }

    /// The words under a reminder's task when it shows on a device.
    public static let reminderNudge = "Whenever you\u{2019}re ready."

    /// The heading of a notification shown on a device or sent to a hook.
    public static func noticeTitle(of kind: AppNotification.Kind) -> String {
        switch kind {
        case .mention: "You were mentioned"
        case .message: "New message"
        case .assigned: "A task for you"
        case .taskCompleted: "Task done"
        case .taskReopened: "Task reopened"
        case .reminder: "Reminder"
        case .brief: "Your daily brief"
        case .digest: "While you were away"
        }
    }

    /// An email's text for a notice: what it says, where it leads, and how to stop this kind of email.
    public static func noticeEmail(body: String, link: String, topic: ReachSettings.Topic, unsubscribe: String) -> String {
        "\(body)\n\nOpen it in Kairos: \(link)\n\n--\nYou get this because email is on for "
            + "\(topic.label.lowercased()) in your Kairos settings. To stop these emails: \(unsubscribe)\n"
    }

    /// A digest of missed mentions: how many, then a line for each of the newest conversations (who wrote
    /// the latest mention, and where unless it was a direct message) and how many more places there were.
    public static func mentionDigest(_ digest: MentionDigest) -> String {
        let times = digest.total == 1 ? "once" : "\(digest.total) times"
        var lines = ["You were mentioned \(times) while you were away"]
        for group in digest.groups.prefix(MentionDigestRules.conversationsSent) {
            guard let latest = group.mentions.first else { continue }
            let who = latest.author == group.conversationName ? latest.author : "\(latest.author) in \(group.conversationName)"
            let more = group.count > 1 ? " (and \(group.count - 1) more)" : ""
            lines.append("\(who): \u{201C}\(latest.excerpt)\u{201D}\(more)")
        }
        let others = digest.groups.count - MentionDigestRules.conversationsSent
        if others > 0 { lines.append(others == 1 ? "and 1 more conversation" : "and \(others) more conversations") }
        return lines.joined(separator: "\n")
    }

    /// Names the brief's Top 3, the first task first.
    public static func dailyBrief(topThree: [String]) -> String {
        let names = topThree.map { "\u{201C}\($0)\u{201D}" }
        guard let last = names.last else { return "Your brief is ready: your list is clear" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
        return "Your brief is ready: \(list) first"
    }

    static func excerpt(_ text: String) -> String {
        text.count <= excerptLength ? text : text.prefix(excerptLength - 1) + "\u{2026}"
    }
}

/// A daily window, in the person's own time zone, during which notifications are kept but not pushed.
/// A window whose end is before its start runs over midnight (22:00 to 07:00).
public struct QuietHours: Hashable, Sendable, Codable {
    public var start: LocalTime
    public var end: LocalTime

    public init(start: LocalTime, end: LocalTime) {
        self.start = start
        self.end = end
    }

    public func contains(_ time: LocalTime) -> Bool {
        if start == end { return false }
        return start < end ? (start <= time && time < end) : (time >= start || time < end)
    }

    public func contains(_ instant: Date, in timeZone: TimeZone) -> Bool {
        contains(LocalTime(instant, in: timeZone))
    }

    /// "HH:MM".
    public static func text(_ time: LocalTime) -> String { time.hourMinute }

    enum CodingKeys: String, CodingKey { case start, end }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> LocalTime {
            let raw = try c.decode(String.self, forKey: key)
            guard raw.count == 5, let time = LocalTime(iso: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "quiet_hours.\(key.rawValue) must be a time such as 22:00.")
            }
            return time
        }
        start = try time(.start)
        end = try time(.end)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.text(start), forKey: .start)
        try c.encode(Self.text(end), forKey: .end)
    }
}

/// `POST /api/v1/notifications/read`: mark some notifications (or all) as read.
public struct NotificationReadRequest: Codable, Sendable {
    public var ids: [String]?
    public var all: Bool?

    public init(ids: [String]? = nil, all: Bool? = nil) {
        self.ids = ids
        self.all = all
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case ids, all
    }
}

/// How many notifications are still unread.
public struct UnreadCount: Decodable, Sendable, JSONWritable {
    public var unreadCount: Int

    public init(unreadCount: Int) { self.unreadCount = unreadCount }

    enum CodingKeys: String, CodingKey { case unreadCount = "unread_count" }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("unread_count"); json.int(unreadCount)
        }
    }
}
