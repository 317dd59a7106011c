import Foundation
import GRDB
import KairosCore

extension SQLiteStore: NoteStore {
    public func createNote(userID: String, draft: NoteDraft, now: Date) async throws -> Note {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            if let clientID = draft.clientID,
                let earlier = try db.fetchValue(
                    Int64.self, sql: "SELECT id FROM notes WHERE user_id = ? AND client_id = ?",
                    arguments: [user, clientID])
            {
                return try require(try Self.note(db, user: user, id: earlier), "Note")
            }
            try db.run(
                sql: """
                    INSERT INTO notes (user_id, text, source, client_id, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [user, draft.text, draft.source.rawValue, draft.clientID, now.micros, now.micros])
            return try require(try Self.note(db, user: user, id: db.lastInsertedRowID), "Note")
        }
    }

    public func note(userID: String, id: String) async throws -> Note? {
        guard let user = userID.rowID, let note = id.rowID else { return nil }
        return try await pool.read { db in try Self.note(db, user: user, id: note) }
    }

    public func notes(userID: String, query: NoteQuery, page: PageRequest) async throws -> Page<Note> {
        let user = try require(userID.rowID, "User")
        var conditions = ["notes.user_id = ?", "notes.id < ?"]
        var arguments: StatementArguments = [user, page.cursor?.keys.first ?? Int64.max]
        if let text = query.text {
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else {
                return Page(results: [], nextCursor: nil)
            }
            conditions.append("notes.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)")
            arguments += [pattern.rawPattern]
        }
        if let taskID = query.taskID {
            conditions.append("notes.id IN (SELECT note_id FROM note_tasks WHERE task_id = ?)")
            arguments += [taskID.rowID ?? 0]
        }
        // Four shapes at most (with or without each condition), so the statement is cached.
        let sql =
            "SELECT * FROM notes WHERE \(conditions.joined(separator: " AND ")) ORDER BY notes.id DESC LIMIT ?"
        return try await pool.read { [arguments] db in
            let rows = try db.fetchRows(sql: sql, arguments: arguments + [page.fetchLimit])
            let notes = try Self.notes(db, user: user, rows: rows)
            let cut = page.page(notes) { [$0.id.rowID ?? 0] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func updateNote(
        userID: String, id: String, text: String, source: Note.Source, now: Date
    ) async throws -> Note {
        let user = try require(userID.rowID, "User")
        let note = try require(id.rowID, "Note")
        return try await write { db in
            try db.run(
                sql: "UPDATE notes SET text = ?, source = ?, updated_at = ? WHERE id = ? AND user_id = ?",
                arguments: [text, source.rawValue, now.micros, note, user])
            guard db.changesCount > 0 else { throw KairosError.missing("Note") }
            return try require(try Self.note(db, user: user, id: note), "Note")
        }
    }

    public func deleteNote(userID: String, id: String) async throws {
        let user = try require(userID.rowID, "User")
        let note = try require(id.rowID, "Note")
        try await write { db in
            try db.run(sql: "DELETE FROM notes WHERE id = ? AND user_id = ?", arguments: [note, user])
            guard db.changesCount > 0 else { throw KairosError.missing("Note") }
        }
    }

    public func linkNoteTasks(userID: String, noteID: String, taskIDs: [String], now: Date) async throws -> Note {
        let user = try require(userID.rowID, "User")
        let note = try require(noteID.rowID, "Note")
        let tasks = try taskIDs.map { id throws(KairosError) in try require(id.rowID, "Task") }
        return try await write { db in
            guard
                try db.fetchValue(
                    Bool.self, sql: "SELECT 1 FROM notes WHERE id = ? AND user_id = ?", arguments: [note, user])
                    != nil
            else { throw KairosError.missing("Note") }
            for task in tasks {
                guard
                    try db.fetchValue(
                        Bool.self, sql: "SELECT 1 FROM tasks WHERE id = ? AND \(Visible.tasks)",
                        arguments: [task] + Visible.arguments(user)) != nil
                else { throw KairosError.missing("Task") }
                try db.run(
                    sql: "INSERT OR IGNORE INTO note_tasks (note_id, task_id, linked_at) VALUES (?, ?, ?)",
                    arguments: [note, task, now.micros])
            }
            return try require(try Self.note(db, user: user, id: note), "Note")
        }
    }

    // MARK: Rows

    private static func note(_ db: Database, user: Int64, id: Int64) throws -> Note? {
        let rows = try db.fetchRows(sql: "SELECT * FROM notes WHERE id = ? AND user_id = ?", arguments: [id, user])
        return try notes(db, user: user, rows: rows).first
    }

    /// The notes of `rows` with the ids of the tasks made from each that the user can still see, oldest link first.
    static func notes(_ db: Database, user: Int64, rows: [Row]) throws -> [Note] {
        let ids = rows.map { $0["id"] as Int64 }
        var linked: [Int64: [String]] = [:]
        if !ids.isEmpty {
            let links = try db.fetchRows(
                sql: """
                    SELECT note_tasks.note_id, note_tasks.task_id FROM note_tasks
                    JOIN tasks ON tasks.id = note_tasks.task_id
                    WHERE note_tasks.note_id IN (SELECT value FROM json_each(?)) AND \(Visible.tasks)
                    ORDER BY note_tasks.rowid
                    """,
                arguments: [ids.jsonArray] + Visible.arguments(user))
            for link in links {
                linked[link[0], default: []].append((link[1] as Int64).apiID)
            }
        }
        return rows.map { row in
            let id: Int64 = row["id"]
            return Note(
                id: id.apiID, text: row["text"], source: Note.Source(rawValue: row["source"]) ?? .typed,
                taskIDs: linked[id] ?? [], clientID: row["client_id"], createdAt: Date(micros: row["created_at"]),
                updatedAt: Date(micros: row["updated_at"]))
        }
    }
}
