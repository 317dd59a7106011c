import Foundation

/// A task the viewer can see that ties them to one other person: assigned between the two, made from a message
/// in a conversation both are in, or assigned to the person and followed by the viewer.
public struct PersonTask: Hashable, Sendable {
    public var id: String
    public var content: String
    public var addedAt: Date
    public var completedAt: Date?
    public var addedByID: String
    public var assignedByID: String?
    public var assigneeIDs: [String]
    /// The viewer follows the task.
    public var isFollowed: Bool
    /// The message it was made from, when that message is in a conversation both are in.
    public var source: PersonTaskSource?

    public init(
        id: String, content: String, addedAt: Date, completedAt: Date?, addedByID: String, assignedByID: String?,
        assigneeIDs: [String], isFollowed: Bool, source: PersonTaskSource?
    ) {
        self.id = id
        self.content = content
        self.addedAt = addedAt
        self.completedAt = completedAt
        self.addedByID = addedByID
        self.assignedByID = assignedByID
        self.assigneeIDs = assigneeIDs
        self.isFollowed = isFollowed
        self.source = source
    }

    /// Who has to do it: its assignees, or whoever added it when no one is assigned.
    public var doerIDs: [String] { assigneeIDs.isEmpty ? [addedByID] : assigneeIDs }
}

/// The message a task was made from.
public struct PersonTaskSource: Hashable, Sendable {
    public var messageID: String
    public var conversationID: String
    /// The group's name; nil in a direct message.
    public var conversationName: String?
    /// Nil when the author's account is gone.
    public var authorID: String?
    public var sentAt: Date

    public init(messageID: String, conversationID: String, conversationName: String?, authorID: String?, sentAt: Date) {
        self.messageID = messageID
        self.conversationID = conversationID
        self.conversationName = conversationName
        self.authorID = authorID
        self.sentAt = sentAt
    }
}
