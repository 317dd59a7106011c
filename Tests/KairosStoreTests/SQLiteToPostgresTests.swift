import Foundation
import GRDB
import KairosCore
import KairosPostgresTesting
import Testing

@testable import KairosPostgres
@testable import KairosStore

/// Moving an embedded server's data into PostgreSQL (`kairos admin migrate-to-postgres`).
@Suite(.enabled(if: PostgresTestServer.url != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct SQLiteToPostgresTests {
    /// A small but varied SQLite server: two people, projects, a subtask under a task created after it, a
    /// comment, a group conversation with messages, and a deleted account whose id must never come back.
    private func populated() async throws -> (temp: TemporaryStore, ada: User, grace: User, subtask: TaskItem) {
        let temp = try TemporaryStore()
        let store = temp.store
        let ada = try await temp.user("ada@example.com")
        let grace = try await temp.user("grace@example.com")
        let gone = try await temp.user("gone@example.com")
        _ = try await store.addToken(userID: ada.id, name: "laptop", tokenHash: "hash-1", now: temp.now)
        let garden = try await store.createProject(
            userID: ada.id,
            draft: ProjectDraft(
                name: "Garden", description: "", parentID: nil, color: "green", isFavorite: false, viewStyle: "list"),
            now: temp.now)
        let subtask = try await temp.task("Buy bulbs", for: ada) { $0.projectID = garden.id }
        let parent = try await temp.task("Plant tulips", for: ada) { $0.projectID = garden.id }
        _ = try await store.moveTask(
            userID: ada.id, id: subtask.id, to: .parent(parent.id), auditedIn: [], now: temp.now)
        _ = try await store.createComment(
            userID: ada.id, taskID: parent.id, projectID: nil, content: "Red ones", now: temp.now)
        let group = try await store.createGroup(
            userID: ada.id, name: "Launch", memberIDs: [grace.id], notice: "Ada made the group", now: temp.now)
        for text in ["Ship it", "Ünïcode and emoji 🚀", "Line\nbreak"] {
            _ = try await store.postMessage(
                MessageDraft(conversationID: group.id, authorID: ada.id, kind: .text, text: text), now: temp.now)
        }
        try await store.pool.write { db in try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [gone.id]) }
        return (temp, ada, grace, try #require(try await store.task(userID: ada.id, id: subtask.id)))
    }

    @Test("Every table is copied with the same rows, checked by count and checksum, and ids resume above SQLite's")
    func copiesEverything() async throws {
        let (temp, ada, _, subtask) = try await populated()
        try await PostgresTestServer.withFreshDatabase { target in
            let copies = try await SQLiteToPostgres(from: temp.store, to: target, batchSize: 2).run()
            let rows = Dictionary(uniqueKeysWithValues: copies.map { ($0.table, $0.rows) })
            #expect(rows["users"] == 2)
            #expect(rows["messages"] == 4)  // the group's notice and three messages
            #expect(rows["tasks"] == 2)
            #expect(rows["event_counter"] == 1)
            // Parents before the rows that name them.
            let order = copies.map(\.table)
            #expect(try #require(order.firstIndex(of: "users")) < #require(order.firstIndex(of: "tasks")))

            #expect(try await target.user(id: ada.id) == ada)
            let parentID = try await target.read { connection in
                try await connection.firstRow(
                    "SELECT parent_id FROM tasks WHERE id = \(Int64(subtask.id)!)", logger: PostgresTestServer.logger
                )?.decode(Int64?.self)
            }
            #expect(parentID.map(String.init) == subtask.parentID)
            let newcomer = try await target.createUser(
                email: "new@example.com", name: "New", passwordHash: "x", timezone: "UTC", now: temp.now)
            #expect(try #require(Int64(newcomer.id)) == 4)  // 3 was the deleted account's
        }
    }

    @Test("A database that already has accounts is refused and left as it was")
    func refusesDatabaseInUse() async throws {
        let (temp, _, _, _) = try await populated()
        try await PostgresTestServer.withFreshDatabase { target in
            let someone = try await target.createUser(
                email: "someone@example.com", name: "Someone", passwordHash: "x", timezone: "UTC", now: temp.now)
            await #expect(throws: SQLiteToPostgresError.self) {
                try await SQLiteToPostgres(from: temp.store, to: target).run()
            }
            #expect(try await target.user(id: someone.id) == someone)
            #expect(try await target.credentials(email: "ada@example.com")?.user == nil)
        }
    }

    @Test("A value PostgreSQL cannot hold stops the copy with the table and column named, and nothing is copied")
    func refusesValueItCannotConvert() async throws {
        let (temp, _, _, _) = try await populated()
        // SQLite keeps a text where a number was declared; PostgreSQL would not.
        try await temp.store.pool.write { db in
            try db.execute(sql: "UPDATE tasks SET child_order = 'first' WHERE id = (SELECT max(id) FROM tasks)")
        }
        try await PostgresTestServer.withFreshDatabase { target in
            let error = await #expect(throws: SQLiteToPostgresError.self) {
                try await SQLiteToPostgres(from: temp.store, to: target).run()
            }
            #expect(error.map { "\($0)" }?.contains("tasks.child_order") == true)
            let ada = try await target.credentials(email: "ada@example.com")
            #expect(ada == nil)
        }
    }
}
