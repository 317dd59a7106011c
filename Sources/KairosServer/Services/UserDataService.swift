import Foundation
import KairosCore
import KairosStore

/// A person's data in and out: the export document, their tasks as iCalendar, and imports of an export.
public struct UserDataService: Sendable {
    /// The largest import body taken: an export of years of work is larger than an ordinary request.
    public static let importBytes = 64 << 20

    let store: any UserDataStore
    let clock: Clock

    public init(store: any UserDataStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    /// Everything of the user's as one document.
    public func export(for user: User) async throws -> UserDataExport {
        try await store.userData(userID: user.id, now: clock.now())
    }

    /// The user's tasks, open and completed, as an iCalendar file of VTODOs.
    public func calendar(for user: User) async throws -> String {
        let data = try await export(for: user)
        let names = Dictionary(uniqueKeysWithValues: data.projects.map { ($0.id, $0.name) })
        return TaskCalendar.ics(tasks: data.tasks, projectNames: names, now: data.exportedAt)
    }

    /// Adds an export's projects, sections, labels, tasks, comments and time to the user's account, with new
    /// ids; a document with any problem adds nothing.
    public func importData(_ document: UserDataExport, into user: User) async throws -> UserDataImportResult {
        let plan = try UserDataImportPlan(document)
        return try await store.importUserData(userID: user.id, plan: plan, now: clock.now())
    }
}
