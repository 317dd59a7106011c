import Foundation

/// An unread mention of someone, as the store reads it for their digest: in a conversation they are still in,
/// in a message they can see.
public struct MissedMention: Hashable, Sendable {
    /// The mention's notification, marked read when the digest is dismissed.
    public var notificationID: String
    public var conversationID: String
    /// The group's name; nil for a direct message.
    public var groupName: String?
    /// In a direct message, the other person's name.
    public var otherPersonName: String?
    public var messageID: String
    /// Nil once the author's account is gone.
    public var authorID: String?
    public var authorName: String?
    public var text: String
    public var createdAt: Date

    public init(
        notificationID: String, conversationID: String, groupName: String?, otherPersonName: String?,
        messageID: String, authorID: String?, authorName: String?, text: String, createdAt: Date
    ) {
        self.notificationID = notificationID
        self.conversationID = conversationID
        self.groupName = groupName
        self.otherPersonName = otherPersonName
        self.messageID = messageID
        self.authorID = authorID
        self.authorName = authorName
        self.text = text
        self.createdAt = createdAt
    }
}

/// What someone was mentioned in while they were away (`GET /api/v1/mentions/digest`), grouped by conversation,
/// as `MentionDigestRules` decides.
public struct MentionDigest: Decodable, Hashable, Sendable {
    /// One mention as the digest shows it.
    public struct Mention: Decodable, Hashable, Sendable {
        public var messageID: String
        public var authorID: String?
        public var author: String
        /// The message's text on one line, cut to `NotificationText.excerptLength` characters.
        public var excerpt: String
        public var createdAt: Date

        public init(messageID: String, authorID: String?, author: String, excerpt: String, createdAt: Date) {
            self.messageID = messageID
            self.authorID = authorID
            self.author = author
            self.excerpt = excerpt
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case author, excerpt
            case messageID = "message_id"
            case authorID = "author_id"
            case createdAt = "created_at"
        }
    }

    /// The mentions of one conversation.
    public struct Group: Decodable, Hashable, Sendable {
        public var conversationID: String
        /// The group's name, or the other person's in a direct message.
        public var conversationName: String
        /// Every mention of the person there while they were away.
        public var count: Int
        /// The latest `MentionDigestRules.mentionsPerGroup` of them, newest first.
        public var mentions: [Mention]

        public init(conversationID: String, conversationName: String, count: Int, mentions: [Mention]) {
            self.conversationID = conversationID
            self.conversationName = conversationName
            self.count = count
            self.mentions = mentions
        }

        enum CodingKeys: String, CodingKey {
            case count, mentions
            case conversationID = "conversation_id"
            case conversationName = "conversation_name"
        }
    }

    /// Whether the person was away before their latest open; when not, the digest is empty.
    public var away: Bool
    /// The previous open, from which mentions count; nil when not away.
    public var since: Date?
    /// The latest open, up to which mentions count; nil when not away.
    public var until: Date?
    /// All the mentions in the groups.
    public var total: Int
    /// Newest mention first.
    public var groups: [Group]

    public init(away: Bool, since: Date?, until: Date?, total: Int, groups: [Group]) {
        self.away = away
        self.since = since
        self.until = until
        self.total = total
        self.groups = groups
    }

    enum CodingKeys: String, CodingKey {
        case away, since, until, total, groups
    }
}

extension MentionDigest: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("away"); json.bool(away)
            json.key("since"); json.date(since)
            json.key("until"); json.date(until)
            json.key("total"); json.int(total)
            json.key("groups")
            json.array(groups) { json, group in
                json.object { json in
                    json.key("conversation_id"); json.string(group.conversationID)
                    json.key("conversation_name"); json.string(group.conversationName)
                    json.key("count"); json.int(group.count)
                    json.key("mentions")
                    json.array(group.mentions) { json, mention in
                        json.object { json in
                            json.key("message_id"); json.string(mention.messageID)
                            json.key("author_id"); json.string(mention.authorID)
                            json.key("author"); json.string(mention.author)
                            json.key("excerpt"); json.string(mention.excerpt)
                            json.key("created_at"); json.date(mention.createdAt)
                        }
                    }
                }
            }
        }
    }
}

/// A missed-mention digest that was sent: when, and the newest mention it gathered, after which the next
/// one starts.
public struct SentMentionDigest: Hashable, Sendable {
    public var at: Date
    public var through: Date

    public init(at: Date, through: Date) {
        self.at = at
        self.through = through
    }
}
