import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: NoteStore {
    public func createNote(userID: String, draft: NoteDraft, now: Date) async throws -> Note {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            // A retried create that races the first finds its row through the unique client id, not a conflict.
            let inserted = try await write.firstRow(
                """
                INSERT INTO notes (user_id, text, source, client_id, created_at, updated_at)
                VALUES (\(user), \(draft.text), \(draft.source.rawValue), \(draft.clientID), \(now.micros),
                    \(now.micros))
                ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
                RETURNING id
                """)
            let note: Int64
            if let inserted {
                note = try inserted.decode(Int64.self)
            } else {
                note = try require(
                    try await write.firstRow(
                        "SELECT id FROM notes WHERE user_id = \(user) AND client_id = \(draft.clientID)"), "Note"
                ).decode(Int64.self)
            }
            return try require(
                try await Self.note(write.connection, user: user, id: note, logger: write.logger), "Note")
        }
    }

    public func note(userID: String, id: String) async throws -> Note? {
        guard let user = userID.rowID, let note = id.rowID else { return nil }
        return try await read { connection in try await Self.note(connection, user: user, id: note, logger: logger) }
    }

    public func notes(userID: String, query: NoteQuery, page: PageRequest) async throws -> Page<Note> {
        let user = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        var text = """
            SELECT \(Note.columns) FROM notes
            WHERE notes.user_id = \(sql.bind(user)) AND notes.id < \(sql.bind(page.cursor?.keys.first ?? Int64.max))
            """
        if let words = query.text {
            guard let pattern = TextSearchQuery.allPrefixes(in: words) else {
                return Page(results: [], nextCursor: nil)
            }
            text += " AND notes.search_vector @@ to_tsquery('kairos_search', \(sql.bind(pattern)))"
        }
        if let taskID = query.taskID {
            text += " AND notes.id IN (SELECT note_id FROM note_tasks WHERE task_id = \(sql.bind(taskID.rowID ?? 0)))"
        }
        text += " ORDER BY notes.id DESC LIMIT \(sql.bind(page.fetchLimit))"
        let notes = try await read { connection in
            try await Self.notes(
                connection, user: user, rows: try await connection.rows(sql.query(text), logger: logger), logger: logger
            )
        }
        let cut = page.page(notes) { [$0.id.rowID ?? 0] }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    public func updateNote(
        userID: String, id: String, text: String, source: Note.Source, now: Date
    ) async throws -> Note {
        let user = try require(userID.rowID, "User")
        let note = try require(id.rowID, "Note")
        return try await write { write in
            let updated = try await write.rows(
                """
                UPDATE notes SET text = \(text), source = \(source.rawValue), updated_at = \(now.micros)
                WHERE id = \(note) AND user_id = \(user)
                RETURNING id
                """)
            guard !updated.isEmpty else { throw KairosError.missing("Note") }
            return try require(
                try await Self.note(write.connection, user: user, id: note, logger: write.logger), "Note")
        }
    }

    public func deleteNote(userID: String, id: String) async throws {
        let user = try require(userID.rowID, "User")
        let note = try require(id.rowID, "Note")
        try await write { write in
            let deleted = try await write.rows(
                "DELETE FROM notes WHERE id = \(note) AND user_id = \(user) RETURNING id")
            guard !deleted.isEmpty else { throw KairosError.missing("Note") }
        }
    }

    public func linkNoteTasks(userID: String, noteID: String, taskIDs: [String], now: Date) async throws -> Note {
        let user = try require(userID.rowID, "User")
        let note = try require(noteID.rowID, "Note")
        let tasks = try taskIDs.map { id throws(KairosError) in try require(id.rowID, "Task") }
        return try await write { write in
            guard try await write.firstRow("SELECT 1 FROM notes WHERE id = \(note) AND user_id = \(user)") != nil
            else { throw KairosError.missing("Note") }
            for task in tasks {
                let sql = QueryBuilder()
                let visible = try await write.firstRow(
                    sql.query(
                        "SELECT 1 FROM tasks WHERE id = \(sql.bind(task)) AND \(Visibility.tasks(sql.bind(user)))"))
                guard visible != nil else { throw KairosError.missing("Task") }
                try await write.query(
                    """
                    INSERT INTO note_tasks (note_id, task_id, linked_at) VALUES (\(note), \(task), \(now.micros))
                    ON CONFLICT DO NOTHING
                    """)
            }
            return try require(
                try await Self.note(write.connection, user: user, id: note, logger: write.logger), "Note")
        }
    }

    // MARK: Rows

    private static func note(
        _ connection: PostgresConnection, user: Int64, id: Int64, logger: Logger
    ) async throws -> Note? {
        let rows = try await connection.rows(
            "SELECT \(unescaped: Note.columns) FROM notes WHERE id = \(id) AND user_id = \(user)", logger: logger)
        return try await notes(connection, user: user, rows: rows, logger: logger).first
    }

    /// The notes of `rows` (each starting with `Note.columns`) with the ids of the tasks made from each that
    /// the user can still see, oldest link first. The links of one call share their time; among them, the
    /// task made first (the lower id) comes first, as tasks are made in the order they are linked.
    static func notes(
        _ connection: PostgresConnection, user: Int64, rows: [PostgresRow], logger: Logger
    ) async throws -> [Note] {
        let notes = try rows.map(Note.init(row:))
        let ids = notes.compactMap(\.id.rowID)
        guard !ids.isEmpty else { return notes }
        let sql = QueryBuilder()
        let links = try await connection.rows(
            sql.query(
                """
                SELECT note_tasks.note_id, note_tasks.task_id FROM note_tasks
                JOIN tasks ON tasks.id = note_tasks.task_id
                WHERE note_tasks.note_id = ANY(\(sql.bind(ids))) AND \(Visibility.tasks(sql.bind(user)))
                ORDER BY note_tasks.linked_at, note_tasks.task_id
                """), logger: logger)
        var linked: [String: [String]] = [:]
        for link in links {
            let (note, task) = try link.decode((Int64, Int64).self)
            linked[note.apiID, default: []].append(task.apiID)
        }
        return notes.map { note in
            var note = note
            note.taskIDs = linked[note.id] ?? []
            return note
        }
    }
}

extension Note {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "notes.id, notes.text, notes.source, notes.client_id, notes.created_at, notes.updated_at"

    /// A note from a row that starts with `columns`, before its tasks are read.
    init(row: PostgresRow) throws {
        let (id, text, source, clientID, createdAt, updatedAt) = try row.decode(
            (Int64, String, String, String?, Int64, Int64).self)
        self.init(
            id: id.apiID, text: text, source: Source(rawValue: source) ?? .typed, clientID: clientID,
            createdAt: Date(micros: createdAt), updatedAt: Date(micros: updatedAt))
    }
}
