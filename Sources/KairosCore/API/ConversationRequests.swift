/// `POST /api/v1/conversations`: a direct message with one person, or a named group.
public struct ConversationCreateRequest: Codable, Sendable {
    public var kind: ConversationKind
    /// For a direct message: the other person, by id or by email.
    public var userID: String?
    public var email: String?
    /// For a group: its name and the people in it besides the caller, by ids and/or emails.
    public var name: String?
    public var memberIDs: [String]?
    public var memberEmails: [String]?

    public init(
        kind: ConversationKind, userID: String? = nil, email: String? = nil, name: String? = nil,
        memberIDs: [String]? = nil, memberEmails: [String]? = nil
    ) {
        self.kind = kind
        self.userID = userID
        self.email = email
        self.name = name
        self.memberIDs = memberIDs
        self.memberEmails = memberEmails
    }

    /// A direct message with the user `id`.
    public static func directMessage(userID: String) -> Self { Self(kind: .dm, userID: userID) }
    /// A direct message with whoever has `email`.
    public static func directMessage(email: String) -> Self { Self(kind: .dm, email: email) }
    /// A group named `name` with the given people besides the caller.
    public static func group(_ name: String, memberIDs: [String] = [], memberEmails: [String] = []) -> Self {
        Self(kind: .group, name: name, memberIDs: memberIDs, memberEmails: memberEmails)
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, email, name
        case userID = "user_id"
        case memberIDs = "member_ids"
        case memberEmails = "member_emails"
    }
}

/// `POST /api/v1/conversations/{id}`: a group's new name and project, and the caller's own settings.
public struct ConversationUpdateRequest: Codable, Sendable {
    public var name: String?
    /// One of the caller's projects to link a group to; `.clear` unlinks it.
    public var projectID: FieldUpdate<String> = .unchanged
    public var muted: Bool?
    public var notificationLevel: NotificationLevel?

    public init(
        name: String? = nil, projectID: FieldUpdate<String> = .unchanged, muted: Bool? = nil,
        notificationLevel: NotificationLevel? = nil
    ) {
        self.name = name
        self.projectID = projectID
        self.muted = muted
        self.notificationLevel = notificationLevel
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, muted
        case projectID = "project_id"
        case notificationLevel = "notification_level"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        projectID = try c.decodeUpdate(String.self, forKey: .projectID)
        muted = try c.decodeIfPresent(Bool.self, forKey: .muted)
        notificationLevel = try c.decodeIfPresent(NotificationLevel.self, forKey: .notificationLevel)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeUpdate(projectID, forKey: .projectID)
        try c.encodeIfPresent(muted, forKey: .muted)
        try c.encodeIfPresent(notificationLevel, forKey: .notificationLevel)
    }
}

/// `POST /api/v1/conversations/{id}/members`: people to add to a group, by ids and/or emails.
public struct ConversationMembersRequest: Codable, Sendable {
    public var memberIDs: [String]?
    public var memberEmails: [String]?

    public init(memberIDs: [String]? = nil, memberEmails: [String]? = nil) {
        self.memberIDs = memberIDs
        self.memberEmails = memberEmails
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case memberIDs = "member_ids"
        case memberEmails = "member_emails"
    }
}

/// `POST /api/v1/conversations/{id}/messages` and `POST /api/v1/messages/{id}`.
public struct MessageSendRequest: Codable, Sendable {
    /// May be empty (or absent) when the message carries attachments.
    public var text: String
    /// The sender's own id for this message: sending again with the same one returns the first message.
    public var clientID: String?
    /// The sender's uploads to attach, not yet posted anywhere (`POST /api/v1/attachments`).
    public var attachmentIDs: [String]

    public init(text: String, clientID: String? = nil, attachmentIDs: [String] = []) {
        self.text = text
        self.clientID = clientID
        self.attachmentIDs = attachmentIDs
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text
        case clientID = "client_id"
        case attachmentIDs = "attachment_ids"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decodeIfPresent(String.self, forKey: .text) ?? ""
        clientID = try c.decodeIfPresent(String.self, forKey: .clientID)
        attachmentIDs = try c.decodeIfPresent([String].self, forKey: .attachmentIDs) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(clientID, forKey: .clientID)
        if !attachmentIDs.isEmpty { try c.encode(attachmentIDs, forKey: .attachmentIDs) }
    }
}

/// `POST /api/v1/conversations/{id}/read`: everything up to this message has been read.
public struct ConversationReadRequest: Codable, Sendable {
    public var messageID: String

    public init(messageID: String) {
        self.messageID = messageID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case messageID = "message_id"
    }
}

/// `POST /api/v1/messages/{id}/task`: where the new task goes (the Inbox when absent) and, for an action item
/// of the thread, its title, assignee and due as proposed (Todoist's field names); without a title, the
/// message's first words.
public struct MessageTaskRequest: Codable, Sendable {
    public var projectID: String?
    public var content: String?
    public var assigneeID: String?
    public var dueDate: String?
    public var dueDatetime: String?

    public init(
        projectID: String? = nil, content: String? = nil, assigneeID: String? = nil, dueDate: String? = nil,
        dueDatetime: String? = nil
    ) {
        self.projectID = projectID
        self.content = content
        self.assigneeID = assigneeID
        self.dueDate = dueDate
        self.dueDatetime = dueDatetime
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case content
        case projectID = "project_id"
        case assigneeID = "assignee_id"
        case dueDate = "due_date"
        case dueDatetime = "due_datetime"
    }
}

/// `POST /api/v1/conversations/{id}/tasks`: one of the caller's tasks to show in the conversation.
public struct TaskShareRequest: Codable, Sendable {
    public var taskID: String

    public init(taskID: String) {
        self.taskID = taskID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case taskID = "task_id"
    }
}
