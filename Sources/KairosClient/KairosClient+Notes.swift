import Foundation

extension KairosClient {
    /// Keeps a personal note: typed text, or a voice transcript kept whole (`POST /notes`). Pass the same
    /// `clientID` when retrying a note whose answer was lost: the first note comes back and none is made twice.
    public func createNote(
        _ text: String, source: Note.Source = .typed, clientID: String? = UUID().uuidString
    ) async throws -> Note {
        try await send(
            .post, "notes", body: NoteCreateRequest(text: text, source: source.rawValue, clientID: clientID))
    }

    /// One page of your notes, newest first (`GET /notes`): with `query`, those holding every word of it; with
    /// `taskID`, those the task was made from.
    public func notes(
        query: String? = nil, taskID: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> Page<Note> {
        try await send(
            .get, "notes",
            query: ["query": query, "task_id": taskID, "cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// One of your notes, with the ids of the tasks made from it (`GET /notes/{id}`).
    public func note(id: String) async throws -> Note {
        try await send(.get, "notes", id)
    }

    /// Changes a note's text or source; nil leaves it as it is (`POST /notes/{id}`).
    public func updateNote(id: String, text: String? = nil, source: Note.Source? = nil) async throws -> Note {
        try await send(.post, "notes", id, body: NoteUpdateRequest(text: text, source: source?.rawValue))
    }

    /// Deletes a note; the tasks made from it stay (`DELETE /notes/{id}`).
    public func deleteNote(id: String) async throws {
        let _: NoContent = try await send(.delete, "notes", id)
    }

    /// The note summarised as a thread is: bullets, decisions, blockers, open questions and next steps, by the
    /// server's model where you allow it, offline otherwise; nothing is written (`POST /notes/{id}/summary`).
    public func summarize(note id: String) async throws -> NoteSummary {
        try await send(.post, "notes", id, "summary")
    }

    /// The tasks a note holds, as capture proposes them, to review; nothing is written (`POST /notes/{id}/extract`).
    public func extractTasks(fromNote id: String) async throws -> CaptureResult {
        try await send(.post, "notes", id, "extract")
    }

    /// Creates reviewed tasks as `commitCapture` does, all or none, and links each to the note
    /// (`POST /notes/{id}/tasks`). Pass the same `clientID` when retrying: the first tasks come back, none is made
    /// or linked twice.
    public func addTasks(
        _ tasks: [CaptureCommitTask], toNote id: String, createMissingLists: Bool = false,
        clientID: String? = UUID().uuidString
    ) async throws -> NoteTasksResponse {
        try await send(
            .post, "notes", id, "tasks",
            body: CaptureCommitRequest(tasks: tasks, createMissingLists: createMissingLists, clientID: clientID))
    }
}
