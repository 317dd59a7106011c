import Foundation
import GRDB
import KairosCore

@testable import KairosStore

/// A fresh SQLite store in its own temp folder, removed when the test ends.
final class TemporaryStore {
    let folder: URL
    let store: SQLiteStore
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z, a Wednesday

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("kairos.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func user(_ email: String = "ada-\(UUID().uuidString.prefix(8))@example.com") async throws -> User {
        try await store.createUser(email: email, name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
    }

    func task(
        _ content: String, for user: User, _ configure: (inout TaskDraft) -> Void = { _ in }
    ) async throws -> TaskItem {
        var draft = TaskDraft(content: content)
        configure(&draft)
        return try await store.createTask(userID: user.id, draft: draft, now: now)
    }

    func query(_ filter: String? = nil, projectID: String? = nil) throws -> TaskQuery {
        TaskQuery(
            projectID: projectID, filter: try filter.map { try TaskFilter.parse($0) },
            today: LocalDate(now, in: .gmt), now: now)
    }

    func ids(_ filter: String, for user: User) async throws -> Set<String> {
        Set(
            try await store.tasks(userID: user.id, query: query(filter), page: PageRequest(limit: 200)).results.map(
                \.id))
    }
}

extension SQLiteStore {
    /// A message from a member, whatever their role: these tests check the store, not the permission guard.
    func postMessage(_ draft: MessageDraft, now: Date) async throws -> (message: Message, created: Bool) {
        try await postMessage(draft, now: now) { _ in }
    }
}

/// A database left at `migration` with `rows` written into it, opened by the store (which brings it up to
/// date) for `body`; the folder goes afterwards.
func upgraded(
    from migration: String, rows: String, _ body: (SQLiteStore) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kairos-upgrade-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("kairos.sqlite").path
    let old = try DatabaseQueue(path: path)
    try SchemaMigrations.migrator.migrate(old, upTo: migration)
    try await old.write { db in try db.execute(sql: rows) }
    try old.close()
    try await body(try SQLiteStore(path: path))
}
