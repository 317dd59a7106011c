import Foundation

/// Whether a conversation is between exactly two people or a named group.
public enum ConversationKind: String, Codable, Sendable, CaseIterable {
    case dm, group
}

/// How much of a conversation a member wants to be told about.
public enum NotificationLevel: String, Codable, Sendable, CaseIterable {
    case all, mentions, muted
}

/// Someone in a conversation, as the other members see them, with how far messages reached them:
/// a message whose id is at most `lastDeliveredMessageID` was delivered to them, at most
/// `lastReadMessageID` read by them.
public struct ConversationMember: Decodable, Hashable, Sendable {
    public var userID: String
    public var name: String
    public var role: Role
    public var joinedAt: Date
    public var lastDeliveredMessageID: String?
    /// Nil while they have read nothing, and always when they or the one asking hide read receipts.
    public var lastReadMessageID: String?

    public init(
        userID: String, name: String, role: Role, joinedAt: Date, lastDeliveredMessageID: String? = nil,
        lastReadMessageID: String? = nil
    ) {
        self.userID = userID
        self.name = name
        self.role = role
        self.joinedAt = joinedAt
        self.lastDeliveredMessageID = lastDeliveredMessageID
        self.lastReadMessageID = lastReadMessageID
    }

    enum CodingKeys: String, CodingKey {
        case name, role
        case userID = "user_id"
        case joinedAt = "joined_at"
        case lastDeliveredMessageID = "last_delivered_message_id"
        case lastReadMessageID = "last_read_message_id"
    }
}

/// A direct message or a group, with the caller's own settings and unread count.
public struct Conversation: Decodable, Hashable, Sendable {
    public var id: String
    public var kind: ConversationKind
    /// The group's name; nil for a direct message.
    public var name: String?
    public var projectID: String?
    public var createdBy: String
    public var createdAt: Date
    public var members: [ConversationMember]
    /// The caller's settings in this conversation.
    public var muted: Bool
    public var notificationLevel: NotificationLevel
    public var lastReadMessageID: String?
    public var unreadCount: Int

    public init(
        id: String, kind: ConversationKind, name: String?, projectID: String?, createdBy: String, createdAt: Date,
        members: [ConversationMember], muted: Bool, notificationLevel: NotificationLevel,
        lastReadMessageID: String?, unreadCount: Int
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.projectID = projectID
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.members = members
        self.muted = muted
        self.notificationLevel = notificationLevel
        self.lastReadMessageID = lastReadMessageID
        self.unreadCount = unreadCount
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, name, members, muted
        case projectID = "project_id"
        case createdBy = "created_by"
        case createdAt = "created_at"
        case notificationLevel = "notification_level"
        case lastReadMessageID = "last_read_message_id"
        case unreadCount = "unread_count"
    }

    /// The role `userID` holds here, nil if they are not a member.
    public func role(of userID: String) -> Role? {
        members.first { $0.userID == userID }?.role
    }

    /// What the permission guard decides on.
    public var accessScope: AccessScope {
        .conversation(
            members: Dictionary(members.map { ($0.userID, $0.role) }, uniquingKeysWith: { first, _ in first }))
    }
}

extension ConversationMember: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("user_id"); json.string(userID)
            json.key("name"); json.string(name)
            json.key("role"); json.string(role.rawValue)
            json.key("joined_at"); json.date(joinedAt)
            json.key("last_delivered_message_id"); json.string(lastDeliveredMessageID)
            json.key("last_read_message_id"); json.string(lastReadMessageID)
        }
    }
}

extension Conversation: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("kind"); json.string(kind.rawValue)
            json.key("name"); json.string(name)
            json.key("project_id"); json.string(projectID)
            json.key("created_by"); json.string(createdBy)
            json.key("created_at"); json.date(createdAt)
            json.key("members"); members.write(to: &json)
            json.key("muted"); json.bool(muted)
            json.key("notification_level"); json.string(notificationLevel.rawValue)
            json.key("last_read_message_id"); json.string(lastReadMessageID)
            json.key("unread_count"); json.int(unreadCount)
        }
    }
}
