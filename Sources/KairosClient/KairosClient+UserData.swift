import Foundation

extension KairosClient {
    /// Everything of the signed-in user's as the JSON document the server wrote (`GET /user/export`), unchanged,
    /// ready to save and to import elsewhere.
    public func exportData() async throws -> Data {
        try await fetch("user", "export").body
    }

    /// The user's tasks as an iCalendar file of VTODOs (`GET /user/export?format=ics`).
    public func exportCalendar() async throws -> String {
        try await sendForText(.get, "user", "export", query: ["format": "ics"], accept: "text/calendar")
    }

    /// Adds an export's projects, sections, labels, tasks, comments and time to the signed-in account
    /// (`POST /user/import`); a document with any problem adds nothing.
    public func importData(_ document: Data) async throws -> UserDataImportResult {
        try await send(.post, "user", "import", bytes: document, contentType: "application/json")
    }

    /// Deletes the signed-in account for good (`DELETE /user`); `sharedProjects` says what happens to the shared
    /// projects it owns, and is needed when it owns any.
    public func deleteAccount(password: String, sharedProjects: SharedProjectsChoice? = nil) async throws {
        let _: NoContent = try await send(
            .delete, "user", body: AccountDeletionRequest(password: password, sharedProjects: sharedProjects))
    }
}
