import Foundation
import KairosCore

/// The reads a commitment question needs: what ties the viewer to one other person. Every call is scoped to
/// what `userID` can see.
public protocol CommitmentStore: Sendable {
    /// The conversations both are members of, most recently active first.
    func sharedConversationIDs(userID: String, otherID: String) async throws -> [String]
    /// The tasks the viewer can see, open or completed since `completedSince`, that are assigned by one of the
    /// two to the other, made from a message in a conversation both are in, or assigned to the person and
    /// followed by the viewer.
    func personTasks(userID: String, personID: String, completedSince: Date) async throws -> [PersonTask]
}
