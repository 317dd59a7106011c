import Foundation
import KairosCapture
import KairosCore
import KairosStore

/// Personal notes: kept, listed and searched for their author alone; "Extract tasks" reads a note as capture
/// reads speech, and the reviewed tasks it proposes are made and linked back to the note.
public struct NoteService: Sendable {
    let store: any NoteStore
    let clock: Clock
    /// Reads a note's tasks (through the model where the user's consent and the server allow) and makes them.
    let capture: CaptureService
    /// Summaries through the server's model, where the user's consent allows; nil keeps them offline.
    let summaryModel: ModelSummary?
    private let summarizer = ThreadSummarizer()

    /// The longest search a list takes, in characters, as search takes.
    static let longestQuery = SearchService.longestQuery

    public init(store: any NoteStore, clock: Clock, capture: CaptureService, summaryModel: ModelSummary? = nil) {
        self.store = store
        self.clock = clock
        self.capture = capture
        self.summaryModel = summaryModel
    }

    // MARK: Notes

    /// Keeps a new note. A retry with the same `client_id` gives back the first note and writes nothing.
    public func create(_ request: NoteCreateRequest, for user: User) async throws -> Note {
        let source = try Self.source(request.source) ?? .typed
        let draft = NoteDraft(
            text: try Self.text(request.text, source: source),
            source: source, clientID: try request.clientID.map(Limits.requireClientID))
        return try await store.createNote(userID: user.id, draft: draft, now: clock.now())
    }

    /// The user's notes, newest first; with `query`, those holding every word of it (each word matching the
    /// words it begins); with `taskID`, those the task was made from.
    public func notes(
        of user: User, query: String?, taskID: String?, page: PageRequest
    ) async throws -> Page<Note> {
        if let query, query.count > Self.longestQuery {
            throw KairosError.invalidField(
                field: "query", message: "query may be at most \(Self.longestQuery) characters.")
        }
        let words = query.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        return try await store.notes(userID: user.id, query: NoteQuery(text: words, taskID: taskID), page: page)
    }

    public func note(_ id: String, of user: User) async throws -> Note {
        try require(try await store.note(userID: user.id, id: id), "Note")
    }

    /// Changes the note's text or source; a field left out stays. The text is checked against the new source's
    /// limit.
    public func update(_ id: String, _ request: NoteUpdateRequest, for user: User) async throws -> Note {
        let current = try await note(id, of: user)
        let source = try Self.source(request.source) ?? current.source
        let text = try Self.text(request.text ?? current.text, source: source)
        return try await store.updateNote(userID: user.id, id: id, text: text, source: source, now: clock.now())
    }

    /// Deletes the note; the tasks made from it stay.
    public func delete(_ id: String, for user: User) async throws {
        try await store.deleteNote(userID: user.id, id: id)
    }

    // MARK: Extract tasks

    /// The tasks the note's text holds, as capture proposes them for the same text now, in the user's zone and
    /// lists; nothing is written.
    public func extractTasks(from id: String, for user: User) async throws -> CaptureResult {
        let note = try await note(id, of: user)
        let context = try await capture.context(now: nil, tz: nil, for: user)
        return try await capture.capture(note.text, context: context, for: user)
    }

    /// Makes the reviewed tasks as a capture commit does (all or none; a retry with the same `client_id` makes
    /// none twice) and links each to the note.
    public func addTasks(
        _ request: CaptureCommitRequest, toNote id: String, for user: User
    ) async throws -> NoteTasksResponse {
        _ = try await note(id, of: user)
        let tasks = try await capture.commit(request, for: user)
        // The links are a second write: if it fails, a retry with the same client_id gets the same tasks back
        // from the commit and links them then, so no task is made twice and none stays unlinked.
        let note = try await store.linkNoteTasks(
            userID: user.id, noteID: id, taskIDs: tasks.map(\.id), now: clock.now())
        return NoteTasksResponse(note: note, tasks: tasks)
    }

    // MARK: Summarize

    /// The note summarised as a thread summary is (bullets, decisions, blockers, open questions, next steps),
    /// from its sentences, by the thread summarizer's rules or by the server's model where the user allows it;
    /// dates said in it count from when it was written. Nothing is written.
    public func summary(of id: String, for user: User) async throws -> NoteSummary {
        let note = try await note(id, of: user)
        let thread = ActionThread(
            note: note.text, author: ActionMember(id: user.id, name: user.name), writtenAt: note.createdAt,
            timeZone: user.timeZone)
        switch ModelConsent(model: summaryModel, user: user) {
        case .allowed(let model):
            let answer = await model.summary(of: thread, sharedTasks: [], source: .note)
            return NoteSummary(answer.summary, model: answer.model)
        case .refused(let use):
            return NoteSummary(summarizer.summary(of: thread, source: .note), model: use)
        }
    }

    // MARK: Rules

    /// A typed note holds as much as a message; a voice transcript is kept whole, up to the most text capture
    /// takes at once.
    static func textLimit(for source: Note.Source) -> ClosedRange<Int> {
        switch source {
        case .typed: Limits.messageText
        case .voice: 1...CaptureLimits.maxCharacters
        }
    }

    static func text(_ text: String, source: Note.Source) throws(KairosError) -> String {
        try Limits.requireText(text, textLimit(for: source), field: "text")
    }

    static func source(_ name: String?) throws(KairosError) -> Note.Source? {
        guard let name else { return nil }
        guard let source = Note.Source(rawValue: name) else {
            throw .invalidField(field: "source", message: "source must be typed or voice.")
        }
        return source
    }
}
