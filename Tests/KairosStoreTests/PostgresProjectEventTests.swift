import Foundation
import KairosCore
import KairosPostgresTesting
import KairosStore
import Testing

@testable import KairosPostgres

/// What the PostgreSQL store tells the people of a shared project when its projects, tasks and stopwatches
/// change. (The project is shared by writing its member row directly: these tests check the events, not
/// sharing.)
@Suite(.enabled(if: PostgresTestServer.url != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct PostgresProjectEventTests {
    @Test("Changes in a shared project reach its owner and members; a personal project's reach no one")
    func sharedProjectEvents() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let personal = try await store.project("Personal", for: ada)
            _ = try await store.task("alone", for: ada) { $0.projectID = personal.id }
            #expect(try await events(store).isEmpty)

            let shared = try await store.project("Shared", for: ada)
            let owner = try #require(Int64(ada.id))
            let member = try #require(Int64(bob.id))
            let project = try #require(Int64(shared.id))
            try await store.write { write in
                try await write.query(
                    """
                    INSERT INTO project_members (project_id, user_id, role, added_by, added_at)
                    VALUES (\(project), \(member), 'editor', \(owner), 0)
                    """)
            }
            _ = try await store.updateProject(
                userID: ada.id, id: shared.id, changes: ProjectChanges(name: "Ours"), now: suiteNow)
            let task = try await store.task("together", for: bob) { $0.projectID = shared.id }
            try await store.deleteTask(userID: ada.id, id: task.id, now: suiteNow)
            let written = try await events(store)
            let kinds = Set(written.map(\.kind))
            #expect(kinds == ["project.updated", "task.updated", "task.deleted"])
            for kind in kinds {
                #expect(Set(written.filter { $0.kind == kind }.map(\.user)) == [owner, member], "\(kind)")
            }
            let deleted = try #require(written.first { $0.kind == "task.deleted" })
            #expect(deleted.removedTask == Int64(task.id) && deleted.project == project)
        }
    }

    @Test("A stopwatch change reaches its owner's own feed only")
    func stopwatchEvents() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.person()
            let task = try await store.task("write", for: ada)
            _ = try await store.startStopwatch(userID: ada.id, taskID: task.id, now: suiteNow)
            let written = try await events(store)
            #expect(written.map(\.kind) == ["stopwatch.changed"])
            #expect(written.map(\.user) == [Int64(ada.id)])
        }
    }

    private struct WrittenEvent {
        let user: Int64
        let kind: String
        let project: Int64?
        let removedTask: Int64?
    }

    private func events(_ store: PostgresStore) async throws -> [WrittenEvent] {
        try await store.read { connection in
            try await connection.rows(
                "SELECT user_id, kind, project_id, removed_task_id FROM events ORDER BY seq, user_id",
                logger: PostgresTestServer.logger
            ).map { row in
                let (user, kind, project, removed) = try row.decode((Int64, String, Int64?, Int64?).self)
                return WrittenEvent(user: user, kind: kind, project: project, removedTask: removed)
            }
        }
    }
}
