import Foundation
import KairosCore
import KairosPostgresTesting
import KairosStore
import Testing

@testable import KairosPostgres

/// The change journals the Sync API and CalDAV read by number: kept by the database, numbered at commit.
@Suite(.enabled(if: PostgresTestServer.url != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct PostgresJournalTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("A change is numbered when its write commits, so no reader that saw a later number misses it")
    func numberedAtCommit() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let (started, start) = AsyncStream.makeStream(of: Void.self)
            let (released, release) = AsyncStream.makeStream(of: Void.self)
            let slow = Task {
                try await store.write { write in
                    try await write.query(
                        """
                        INSERT INTO labels (user_id, name, color, item_order)
                        VALUES (\(Int64(ada.id)!), 'begun first', 'red', 1)
                        """)
                    start.yield()
                    for await _ in released { break }
                }
            }
            for await _ in started { break }
            _ = try await store.createLabel(
                userID: ada.id, name: "committed first", color: "blue", order: 2, isFavorite: false)
            let meanwhile = try await journal(of: store)
            #expect(meanwhile.map(\.name) == ["committed first"])
            release.yield()
            try await slow.value

            let after = try await journal(of: store)
            #expect(after.map(\.name) == ["committed first", "begun first"])
            #expect(after.allSatisfy { $0.seq > 0 })
            #expect(after.first!.seq < after.last!.seq)
        }
    }

    @Test("A task moved, then deleted, leaves each calendar and both projects' sync changes their due")
    func taskJournals() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let home = try await project("Home", of: ada, in: store)
            let work = try await project("Work", of: ada, in: store)
            var draft = TaskDraft(content: "Call the plumber")
            draft.projectID = home.id
            let task = try await store.createTask(userID: ada.id, draft: draft, now: now)
            _ = try await store.moveTask(userID: ada.id, id: task.id, to: .project(work.id), auditedIn: [], now: now)

            let moved = try await calendarChanges(of: store, task: task.id)
            #expect(moved.map(\.project) == [home.id, work.id])
            #expect(moved.map(\.removed) == [true, false])

            try await store.deleteTask(userID: ada.id, id: task.id, now: now)
            let deleted = try await calendarChanges(of: store, task: task.id)
            #expect(deleted.map(\.project) == [home.id, work.id])
            #expect(deleted.map(\.removed) == [true, true])
            let items = try await store.read { connection in
                try await connection.rows(
                    """
                    SELECT project_id FROM sync_changes WHERE kind = 'item' AND object_id = \(Int64(task.id)!)
                    ORDER BY seq
                    """, logger: PostgresTestServer.logger
                ).map { String(try $0.decode(Int64.self)) }
            }
            #expect(items == [home.id, work.id])
        }
    }

    private func project(_ name: String, of user: User, in store: PostgresStore) async throws -> Project {
        try await store.createProject(
            userID: user.id,
            draft: ProjectDraft(
                name: name, description: "", parentID: nil, color: "green", isFavorite: false, viewStyle: "list"),
            now: now)
    }

    private func journal(of store: PostgresStore) async throws -> [(seq: Int64, name: String)] {
        try await store.read { connection in
            try await connection.rows(
                """
                SELECT c.seq, l.name FROM sync_changes c JOIN labels l ON l.id = c.object_id
                WHERE c.kind = 'label' ORDER BY c.seq
                """, logger: PostgresTestServer.logger
            ).map { row in
                let (seq, name) = try row.decode((Int64, String).self)
                return (seq, name)
            }
        }
    }

    private func calendarChanges(
        of store: PostgresStore, task: String
    ) async throws -> [(project: String, removed: Bool)] {
        try await store.read { connection in
            try await connection.rows(
                """
                SELECT project_id, removed FROM calendar_changes WHERE task_id = \(Int64(task)!) ORDER BY seq
                """, logger: PostgresTestServer.logger
            ).map { row in
                let (project, removed) = try row.decode((Int64, Bool).self)
                return (String(project), removed)
            }
        }
    }
}
