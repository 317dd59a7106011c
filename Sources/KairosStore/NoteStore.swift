import Foundation
import KairosCore

/// A new note's checked values.
public struct NoteDraft: Sendable {
    public var text: String
    public var source: Note.Source
    /// The client's own id: a second create by the same person with it gives back the first note.
    public var clientID: String?

    public init(text: String, source: Note.Source, clientID: String? = nil) {
        self.text = text
        self.source = source
        self.clientID = clientID
    }
}

/// Which of a user's notes to list.
public struct NoteQuery: Sendable {
    /// Words every listed note holds (each matching the words it begins); nil lists them all.
    public var text: String?
    /// Only the notes this task was made from.
    public var taskID: String?

    public init(text: String? = nil, taskID: String? = nil) {
        self.text = text
        self.taskID = taskID
    }
}

/// Each user's personal notes and the tasks made from them. Every call is scoped to the user: another user's
/// note is nil or `notFound`.
public protocol NoteStore: Sendable {
    /// Creates the note; when the user already created one with the draft's `clientID`, returns that one instead.
    func createNote(userID: String, draft: NoteDraft, now: Date) async throws -> Note
    func note(userID: String, id: String) async throws -> Note?
    /// The user's notes matching `query`, newest first.
    func notes(userID: String, query: NoteQuery, page: PageRequest) async throws -> Page<Note>
    /// Replaces the note's text and source.
    func updateNote(userID: String, id: String, text: String, source: Note.Source, now: Date) async throws -> Note
    /// Deletes the note; the tasks made from it stay.
    func deleteNote(userID: String, id: String) async throws
    /// Records that the tasks were made from the note (a link already there stays as it is) and returns the note.
    func linkNoteTasks(userID: String, noteID: String, taskIDs: [String], now: Date) async throws -> Note
}
