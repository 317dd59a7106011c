import Foundation
import KairosCore

/// What the Todoist Sync API reads and keeps: one person's objects, whole or changed since a journal position,
/// and the commands they already applied.
public protocol SyncStore: Sendable {
    /// The journal's latest position: what a token handed out now stands for.
    func syncPosition() async throws -> Int64
    /// Everything `userID` can see (open tasks only), and the journal position it was read at, in one snapshot.
    func syncEverything(userID: String) async throws -> (objects: SyncObjects, position: Int64)
    /// What changed for `userID` after `position`, in one snapshot: what they can see changed, and the ids of
    /// what left their sight; nil when `position` is past the journal's end (not a position this store gave).
    func syncChanges(userID: String, after position: Int64) async throws -> (objects: SyncObjects, position: Int64)?
    /// The outcome of the command `uuid` that `userID` applied, if they did, as it was recorded.
    func syncOutcome(userID: String, uuid: String) async throws -> Data?
    /// Records what a command came to, and forgets those applied before `forgetBefore`.
    func recordSyncOutcome(userID: String, uuid: String, outcome: Data, now: Date, forgetBefore: Date) async throws
}
