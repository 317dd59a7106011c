import Foundation
import KairosCore

/// A task someone made from a message.
public struct MessageTaskLink: Hashable, Sendable {
    public var messageID: String
    public var taskID: String
    public var content: String

    public init(messageID: String, taskID: String, content: String) {
        self.messageID = messageID
        self.taskID = taskID
        self.content = content
    }
}

/// The links between messages and the tasks made from them, read from either side.
public protocol MessageTaskLinkStore: Sendable {
    /// The tasks `userID` made from these messages that they can still see.
    func tasksMade(fromMessages messageIDs: [String], by userID: String) async throws -> [MessageTaskLink]
    /// The messages task `taskID` was made from that `viewerID` can read: in a conversation they are in, sent
    /// after they joined. Empty for a task they cannot see.
    func sources(ofTask taskID: String, viewerID: String) async throws -> [TaskSourceMessage]
}
