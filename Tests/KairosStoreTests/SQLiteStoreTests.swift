import Foundation
import GRDB
import KairosCore
import Testing

@testable import KairosStore

@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test("Migrations are named and applied once; reopening the file keeps the data")
    func migrations() async throws {
        let temp = try TemporaryStore()
        #expect(
            try temp.store.appliedMigrations() == [
                "v1-accounts-projects-tasks", "v2-time-tracking", "v3-conversations-messages", "v4-attachments",
                "v5-sharing", "v6-invites", "v7-notifications", "v8-assignees", "v9-realtime", "v10-attachment-sweep",
                "v11-task-client-id", "v12-user-preferences",
                "v13-task-activity", "v14-reminders", "v15-partial-task-indexes",
                "v16-events-by-conversation-message", "v17-event-projects",
                "v18-events-outlive-subjects", "v19-message-notifications-on-read",
                "v20-conversation-events", "v21-message-terms", "v22-ids-never-reused", "v23-audit-task-moves",
                "v24-time-outlives-its-task", "v25-task-batch-client-id", "v26-project-and-task-mutes",
                "v27-sign-in-links", "v28-notice-people", "v29-due-from-completion", "v30-project-icons",
                "v31-assistant-messages", "v32-ai-consent", "v33-notes", "v34-daily-brief-sent-on",
                "v35-app-opens", "v36-daily-brief-opening", "v37-deliveries",
                "v38-reminder-repeats", "v39-reach-settings", "v40-webhooks", "v41-mention-digests-sent",
                "v42-calendar-changes", "v43-calendar-feeds", "v44-calendar-objects",
                "v45-sync-changes", "v46-oidc-sign-in",
            ])
        let user = try await temp.user()
        let reopened = try SQLiteStore(path: temp.folder.appendingPathComponent("kairos.sqlite").path)
        #expect(try await reopened.user(id: user.id) == user)
    }

    @Test("Every commit is synced to disk: the writer runs with synchronous = FULL (2)")
    func commitsAreSynced() async throws {
        let temp = try TemporaryStore()
        let level = try await temp.store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(level == 2)
    }

    @Test("The account count grows with writes to people and tokens only; the commit count with every write")
    func accountWritesAreCountedApart() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let (writes, accountWrites) = (temp.store.committedWrites, temp.store.committedAccountWrites)
        _ = try await temp.task("Water the plants", for: user)
        #expect(temp.store.committedWrites! > writes!)
        #expect(temp.store.committedAccountWrites == accountWrites)

        var changes = UserChanges()
        changes.timezone = "Europe/Paris"
        _ = try await temp.store.updateUser(id: user.id, changes: changes)
        #expect(temp.store.committedAccountWrites! == accountWrites! + 1)
        let token = try await temp.store.addToken(userID: user.id, name: "ci", tokenHash: "hash", now: Date())
        try await temp.store.revokeToken(userID: user.id, tokenID: token.id, now: Date())
        #expect(temp.store.committedAccountWrites! == accountWrites! + 3)
    }

    @Test("Writes waiting together commit together; one that fails is rolled back alone and announces nothing")
    func groupCommit() async throws {
        let temp = try TemporaryStore()
        let store = temp.store
        let announced = LockedList<NewEvent>()
        store.observeNewEvents { announced.append(contentsOf: $0) }
        let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for number in 1...40 {
                group.addTask {
                    do {
                        try await store.write { db in
                            try db.execute(
                                sql: """
                                    INSERT INTO users (id, email, name, password_hash, timezone, created_at)
                                    VALUES (?1, 'user' || ?1 || '@example.com', 'User', 'x', 'UTC', 0)
                                    """,
                                arguments: [number])
                            try SQLiteStore.insert(
                                .init(recipients: [String(number)], kind: .stopwatchChanged), db, now: Date(micros: 0))
                            if number.isMultiple(of: 4) { throw KairosError.conflict("Refused on purpose.") }
                        }
                        return (number, true)
                    } catch {
                        return (number, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        let committed = Set(outcomes.filter(\.value).map(\.key))
        #expect(committed == Set((1...40).filter { !$0.isMultiple(of: 4) }))
        let stored = try await store.pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM users") }
        #expect(Set(stored) == committed)
        #expect(Set(announced.items.map(\.userID)) == Set(committed.map(String.init)))
        #expect(announced.items.count == committed.count)
    }

    @Test("v11 and v12 upgrade a file that already holds people and tasks: Monday to Friday at 08:00, no client ids")
    func upgradeKeepsData() async throws {
        let temp = try TemporaryStore()
        let path = temp.folder.appendingPathComponent("before-v11.sqlite").path
        try SchemaMigrations.migrator.migrate(try DatabaseQueue(path: path), upTo: "v10-attachment-sweep")
        try await DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    INSERT INTO users (id, email, name, password_hash, timezone, created_at)
                        VALUES (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0);
                    INSERT INTO projects (id, user_id, name, color, child_order, is_inbox, created_at, updated_at)
                        VALUES (1, 1, 'Inbox', 'charcoal', 0, 1, 0, 0);
                    INSERT INTO tasks (id, user_id, project_id, content, child_order, added_by, added_at, updated_at)
                        VALUES (1, 1, 1, 'Water the plants', 0, 1, 0, 0);
                    """)
        }
        let store = try SQLiteStore(path: path)
        let ada = try #require(try await store.user(id: "1"))
        #expect(ada.workdays == [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(ada.dailyBriefTime.hourMinute == "08:00")
        #expect(try await store.task(userID: "1", id: "1")?.content == "Water the plants")
        let draft = TaskDraft(content: "Buy stamps", clientID: "c-1")
        let first = try await store.createTask(userID: "1", draft: draft, now: temp.now)
        #expect(try await store.createTask(userID: "1", draft: draft, now: temp.now) == first)
        #expect(first.id != "1")
    }

    @Test("v22 keeps every id, and no id is handed out again: not a deleted one, nor one deleted before the upgrade")
    func idsAreNeverReused() async throws {
        try await upgraded(
            from: "v21-message-terms",
            rows: """
                INSERT INTO users (id, email, name, password_hash, timezone, created_at)
                    VALUES (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0);
                INSERT INTO projects (id, user_id, name, color, child_order, is_inbox, created_at, updated_at)
                    VALUES (1, 1, 'Inbox', 'charcoal', 0, 1, 0, 0), (7, 1, 'Garden', 'green', 1, 0, 0, 0);
                INSERT INTO tasks (id, user_id, project_id, content, child_order, added_by, added_at, updated_at)
                    VALUES (3, 1, 1, 'Water the plants', 0, 1, 0, 0), (30, 1, 7, 'Prune the roses', 0, 1, 0, 0);
                INSERT INTO events (user_id, seq, kind, created_at, project_id, removed_task_id)
                    VALUES (1, 1, 'task.deleted', 0, 1, 31);
                UPDATE event_counter SET last = 1;
                INSERT INTO comments (id, user_id, task_id, content, posted_at) VALUES (12, 1, 30, 'Before May', 0);
                """
        ) { store in
            #expect(try await store.task(userID: "1", id: "3")?.content == "Water the plants")
            #expect(try await store.task(userID: "1", id: "30")?.projectID == "7")
            #expect(try await store.comment(userID: "1", id: "12")?.content == "Before May")
            // The full-text index and its triggers came through: old tasks are found, new ones too.
            let found = try await store.searchTasks(userID: "1", text: "roses", page: PageRequest())
            #expect(found.results.map(\.id) == ["30"])

            let roses = try #require(try await store.task(userID: "1", id: "30"))
            try await store.deleteTask(userID: "1", id: roses.id, now: Date())
            let next = try await store.createTask(userID: "1", draft: TaskDraft(content: "Rake leaves"), now: Date())
            #expect(next.id == "32")
            try await store.deleteTask(userID: "1", id: next.id, now: Date())
            let after = try await store.createTask(userID: "1", draft: TaskDraft(content: "Rake"), now: Date())
            #expect(after.id == "33")
            #expect(try await store.task(userID: "1", id: "32") == nil)
            let raked = try await store.searchTasks(userID: "1", text: "rake", page: PageRequest())
            #expect(raked.results.map(\.id) == ["33"])

            let schema = try await store.pool.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'")
            }
            #expect(
                Set(schema) == [
                    "users", "api_tokens", "projects", "sections", "labels", "tasks", "comments", "time_sessions",
                    "conversations", "messages", "attachments", "audit_log", "invites", "outbox", "notifications",
                    "task_activity", "reminders", "sign_in_links", "assistant_messages", "notes", "push_subscriptions",
                    "deliveries", "webhooks", "calendar_changes", "calendar_feeds", "calendar_objects", "sync_changes",
                    "oidc_attempts", "oidc_handoffs",
                ])
            let triggers = try await store.pool.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            }
            #expect(
                triggers == [
                    "calendar_label_added", "calendar_label_removed", "calendar_label_renamed",
                    "calendar_object_added", "calendar_object_changed", "calendar_object_removed",
                    "calendar_reminder_added", "calendar_reminder_moved", "calendar_reminder_removed",
                    "calendar_task_added", "calendar_task_changed", "calendar_task_removed",
                    "conversation_members_feed_start", "messages_fts_delete", "messages_fts_insert",
                    "messages_fts_update", "notes_fts_delete", "notes_fts_insert", "notes_fts_update",
                    "sync_comment_added", "sync_comment_changed", "sync_comment_removed",
                    "sync_label_added", "sync_label_changed", "sync_label_removed",
                    "sync_member_added", "sync_member_changed", "sync_member_removed",
                    "sync_project_added", "sync_project_changed", "sync_project_removed",
                    "sync_reminder_added", "sync_reminder_changed", "sync_reminder_removed",
                    "sync_section_added", "sync_section_changed", "sync_section_removed",
                    "sync_task_added", "sync_task_changed", "sync_task_label_added", "sync_task_label_removed",
                    "sync_task_label_renamed", "sync_task_removed", "sync_user_changed",
                    "tasks_fts_delete", "tasks_fts_insert", "tasks_fts_update",
                ])
        }
    }
}

/// Items gathered from callbacks on other threads.
final class LockedList<Item: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Item] = []

    var items: [Item] { lock.withLock { stored } }

    func append(contentsOf items: [Item]) {
        lock.withLock { stored += items }
    }

    /// The items once there are at least `count` of them; fails after `seconds`.
    func waitFor(_ count: Int, seconds: Double = 10) async throws -> [Item] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while items.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        // A moment more, so that an item too many is seen too.
        try await Task.sleep(for: .milliseconds(50))
        return items
    }
}
