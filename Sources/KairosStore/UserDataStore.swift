import Foundation
import KairosCore

/// A person's data as a whole: read for export, written by an import.
public protocol UserDataStore: Sendable {
    /// Everything of the user's (see `UserDataExport`), read in one transaction; `exportedAt` is `now`.
    func userData(userID: String, now: Date) async throws -> UserDataExport
    /// Writes the plan into the user's account with new ids, all or nothing.
    func importUserData(userID: String, plan: UserDataImportPlan, now: Date) async throws -> UserDataImportResult
}

/// Removing an account and what only it holds.
public protocol AccountDeletionStore: Sendable {
    /// The projects the user owns that are shared with someone, each with its members.
    func ownedSharedProjects(userID: String) async throws -> [OwnedSharedProject]
    /// In one transaction: hands on or deletes the shared projects as planned, keeps the user's messages in
    /// conversations others are in without an author, and deletes the user with everything else of theirs.
    /// Returns the content hashes of the user's uploads, for the caller to remove the files no one else uses.
    func deleteAccount(userID: String, plan: AccountDeletionPlan, now: Date) async throws -> [String]
}
