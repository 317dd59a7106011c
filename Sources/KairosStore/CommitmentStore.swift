import Foundation
import KairosCore

/// The reads a commitment question needs: what ties the viewer to one other person. Every call is scoped to
/// what `userID` can see.
public protocol CommitmentStore: Sendable {
    /// The conversations both are members of, most recently active first.
    func sharedConversations(userID: String, otherID: String) async throws -> [SharedConversation]
    /// The tasks the viewer can see, open or completed since `completedSince`, that are assigned by one of the
    /// two to the other, made from a message in a conversation both are in, or assigned to the person and
    /// followed by the viewer.
    func personTasks(userID: String, personID: String, completedSince: Date) async throws -> [PersonTask]
}

/// A conversation two people are both in.
public struct SharedConversation: Hashable, Sendable {
    public var id: String
    /// The group's name; nil for a direct message.
    public var groupName: String?

    public init(id: String, groupName: String?) {
        self.id = id
        self.groupName = groupName
    }
}
