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

    @Test("A new user has exactly one Inbox; a taken email is a conflict and creates nothing")
    func signUp() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user("ada@example.com")
        let projects = try await temp.store.projects(userID: user.id, archived: false, page: PageRequest())
        #expect(projects.results.map(\.name) == ["Inbox"])
        #expect(projects.results.first?.isInbox == true)
        await #expect(throws: KairosError.self) { _ = try await temp.user("ada@example.com") }
        #expect(try await temp.store.credentials(email: "ada@example.com")?.user == user)
    }

    @Test("Tasks keep their labels, due and order; FTS finds them by prefix")
    func createAndSearch() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let first = try await temp.task("Buy oat milk", for: user) {
            $0.labels = ["errand", "shop"]
            $0.due = Due(date: LocalDate(year: 2026, month: 3, day: 4)!, string: "today")
        }
        let second = try await temp.task("Call the dentist", for: user) { $0.description = "about the crown" }
        #expect(first.labels == ["errand", "shop"])
        #expect(first.due?.date.iso == "2026-03-04")
        #expect(second.childOrder == first.childOrder + 1)
        #expect(
            try await temp.store.searchTasks(userID: user.id, text: "mil", page: PageRequest()).results.map(\.id) == [
                first.id
            ])
        #expect(
            try await temp.store.searchTasks(userID: user.id, text: "crown", page: PageRequest()).results.map(\.id) == [
                second.id
            ])
        _ = try await temp.store.updateTask(
            userID: user.id, id: first.id,
            changes: {
                var c = TaskChanges(); c.content = "Buy bread"; return c
            }(), now: temp.now)
        #expect(try await temp.store.searchTasks(userID: user.id, text: "milk", page: PageRequest()).results.isEmpty)
    }

    @Test("Filters: today, overdue, no date, negation over missing dates, labels, projects")
    func filters() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let today = LocalDate(year: 2026, month: 3, day: 4)!
        let dueToday = try await temp.task("today", for: user) { $0.due = Due(date: today, string: "today") }
        let late = try await temp.task("late", for: user) { $0.due = Due(date: today.adding(days: -2), string: "mon") }
        let soon = try await temp.task("soon", for: user) {
            $0.due = Due(date: today.adding(days: 3), string: "sat")
            $0.priority = 4
            $0.labels = ["home"]
        }
        let undated = try await temp.task("undated", for: user) { $0.priority = 4 }
        #expect(try await temp.ids("today", for: user) == [dueToday.id])
        #expect(try await temp.ids("overdue", for: user) == [late.id])
        #expect(try await temp.ids("today | overdue", for: user) == [dueToday.id, late.id])
        #expect(try await temp.ids("no date", for: user) == [undated.id])
        #expect(try await temp.ids("!overdue", for: user) == [dueToday.id, soon.id, undated.id])
        #expect(try await temp.ids("!no date & p1", for: user) == [soon.id])
        #expect(try await temp.ids("7 days", for: user) == [dueToday.id, soon.id])
        #expect(try await temp.ids("@home", for: user) == [soon.id])
        #expect(try await temp.ids("#inbox", for: user) == [dueToday.id, late.id, soon.id, undated.id])
        #expect(try await temp.ids("due: 2026-03-07", for: user) == [soon.id])
        #expect(
            try await temp.ids("due after: 2026-03-01 & due before: 2026-03-07", for: user) == [dueToday.id, late.id])
        #expect(try await temp.ids("due after: 2026-03-04", for: user) == [soon.id])

        // 00:30 tomorrow at UTC+14 was 10:30 this morning here: overdue although its date is tomorrow.
        let passedAbroad = try await temp.task("passed abroad", for: user) {
            $0.due = Due(
                date: today.adding(days: 1), time: LocalTime(hour: 0, minute: 30), timezone: "Pacific/Kiritimati",
                string: "tomorrow at 00:30")
        }
        #expect(try await temp.ids("overdue", for: user) == [late.id, passedAbroad.id])
        #expect(try await temp.ids("today | overdue", for: user) == [dueToday.id, late.id, passedAbroad.id])
        #expect(try await temp.ids("tomorrow & overdue", for: user) == [passedAbroad.id])
    }

    @Test("A due time without a zone is its writer's clock time: 10:00 in New York is not overdue at 09:30 there")
    func floatingDueTimeIsTheWritersClock() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.store.createUser(
            email: "ny@example.com", name: "Ny", passwordHash: "x", timezone: "America/New_York", now: temp.now)
        let today = LocalDate(year: 2026, month: 3, day: 4)!
        // temp.now is 14:30 UTC, 09:30 in New York.
        let later = try await temp.task("at ten", for: user) {
            $0.due = Due(date: today, time: LocalTime(hour: 10, minute: 0), string: "today at 10")
        }
        let earlier = try await temp.task("at nine", for: user) {
            $0.due = Due(date: today, time: LocalTime(hour: 9, minute: 0), string: "today at 9")
        }
        #expect(try await temp.ids("overdue", for: user) == [earlier.id])
        #expect(try await temp.ids("today", for: user) == [later.id, earlier.id])
    }

    @Test("Pages follow the cursor without gaps or repeats")
    func pagination() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        var created: [String] = []
        for index in 0..<7 { created.append(try await temp.task("task \(index)", for: user).id) }
        var seen: [String] = []
        var page = PageRequest(limit: 3)
        while true {
            let result = try await temp.store.tasks(userID: user.id, query: temp.query(), page: page)
            seen += result.results.map(\.id)
            guard let next = result.nextCursor else { break }
            page = PageRequest(cursor: PageCursor(token: next, keyCount: 2), limit: 3)
        }
        #expect(seen == created)
    }

    @Test("Closing a parent closes its subtasks; reopening a subtask reopens its parent")
    func closeAndReopen() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let parent = try await temp.task("parent", for: user)
        let child = try await temp.task("child", for: user) { $0.parentID = parent.id }
        let grandchild = try await temp.task("grandchild", for: user) { $0.parentID = child.id }
        try await temp.store.closeTask(userID: user.id, id: parent.id, now: temp.now)
        for id in [parent.id, child.id, grandchild.id] {
            #expect(try await temp.store.task(userID: user.id, id: id)?.isCompleted == true)
        }
        try await temp.store.reopenTask(userID: user.id, id: grandchild.id, now: temp.now)
        for id in [parent.id, child.id, grandchild.id] {
            #expect(try await temp.store.task(userID: user.id, id: id)?.isCompleted == false)
        }
    }

    @Test("Moving a task carries its subtasks; a task cannot move under its own subtask")
    func move() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let project = try await temp.store.createProject(
            userID: user.id,
            draft: ProjectDraft(
                name: "Work", description: "", parentID: nil, color: "blue", isFavorite: false, viewStyle: "list"),
            now: temp.now)
        let parent = try await temp.task("parent", for: user)
        let child = try await temp.task("child", for: user) { $0.parentID = parent.id }
        try await temp.store.moveTask(
            userID: user.id, id: parent.id, to: .project(project.id), auditedIn: [], now: temp.now)
        #expect(try await temp.store.task(userID: user.id, id: child.id)?.projectID == project.id)
        await #expect(throws: KairosError.self) {
            try await temp.store.moveTask(
                userID: user.id, id: parent.id, to: .parent(child.id), auditedIn: [], now: temp.now)
        }
    }

    @Test("Deleting a project moves its tasks to the Inbox; the Inbox itself cannot be deleted")
    func deleteProject() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let inbox = try await temp.store.inbox(userID: user.id)
        let project = try await temp.store.createProject(
            userID: user.id,
            draft: ProjectDraft(
                name: "Trip", description: "", parentID: nil, color: "blue", isFavorite: false, viewStyle: "list"),
            now: temp.now)
        let section = try await temp.store.createSection(
            userID: user.id, projectID: project.id, name: "Pack", order: nil, now: temp.now)
        let task = try await temp.task("passport", for: user) { $0.sectionID = section.id }
        try await temp.store.deleteProject(userID: user.id, id: project.id, moveTasksToInbox: true, now: Date())
        let moved = try #require(try await temp.store.task(userID: user.id, id: task.id))
        #expect(moved.projectID == inbox.id)
        #expect(moved.sectionID == nil)
        await #expect(throws: KairosError.self) {
            try await temp.store.deleteProject(userID: user.id, id: inbox.id, moveTasksToInbox: true, now: Date())
        }
    }

    @Test("Another user's ids are invisible and untouchable")
    func isolation() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let bob = try await temp.user()
        let task = try await temp.task("secret", for: ada)
        #expect(try await temp.store.task(userID: bob.id, id: task.id) == nil)
        await #expect(throws: KairosError.missing("Task")) {
            try await temp.store.deleteTask(userID: bob.id, id: task.id, now: Date())
        }
        await #expect(throws: KairosError.self) {
            _ = try await temp.task("sneaky", for: bob) { $0.parentID = task.id }
        }
        #expect(try await temp.store.tasks(userID: bob.id, query: temp.query(), page: PageRequest()).results.isEmpty)
        #expect(try await temp.store.task(userID: ada.id, id: task.id)?.content == "secret")
    }

    @Test("A failed write leaves nothing behind")
    func atomicity() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        await #expect(throws: KairosError.self) {
            _ = try await temp.task("lost", for: user) { $0.sectionID = "999999" }
        }
        #expect(try await temp.store.tasks(userID: user.id, query: temp.query(), page: PageRequest()).results.isEmpty)
    }

    @Test("Renaming a label renames it on tasks; deleting it removes it from them")
    func labels() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let label = try await temp.store.createLabel(
            userID: user.id, name: "home", color: "blue", order: nil, isFavorite: false)
        let task = try await temp.task("sweep", for: user) { $0.labels = ["home", "chores"] }
        _ = try await temp.store.updateLabel(
            userID: user.id, id: label.id, name: "house", color: nil, order: nil, isFavorite: nil)
        #expect(try await temp.store.task(userID: user.id, id: task.id)?.labels == ["house", "chores"])
        try await temp.store.deleteLabel(userID: user.id, id: label.id)
        #expect(try await temp.store.task(userID: user.id, id: task.id)?.labels == ["chores"])
    }

    @Test("A batch writes its new projects, tasks and comments together, or nothing when one task fails")
    func batch() async throws {
        let temp = try TemporaryStore()
        let user = try await temp.user()
        let other = try await temp.user()
        let garden = ProjectDraft(
            name: "Garden", description: "", parentID: nil, color: "green", isFavorite: false, viewStyle: "list")
        let theirs = try await temp.store.createProject(userID: other.id, draft: garden, now: temp.now)
        let plant = BatchTask(draft: TaskDraft(content: "Plant tulips"), newProject: 0, comment: "before the frost")
        let failing = TaskBatch(
            newProjects: [garden], tasks: [plant, BatchTask(draft: TaskDraft(content: "Sneak", projectID: theirs.id))])
        await #expect(throws: KairosError.missing("Project")) {
            _ = try await temp.store.createTasks(userID: user.id, batch: failing, now: temp.now)
        }
        let projects = { try await temp.store.projects(userID: user.id, archived: false, page: PageRequest()).results }
        #expect(try await projects().map(\.name) == ["Inbox"])
        #expect(try await temp.store.tasks(userID: user.id, query: temp.query(), page: PageRequest()).results.isEmpty)

        let created = try await temp.store.createTasks(
            userID: user.id,
            batch: TaskBatch(newProjects: [garden], tasks: [plant, BatchTask(draft: TaskDraft(content: "Call mom"))]),
            now: temp.now)
        let mine = try #require(try await projects().first { $0.name == "Garden" })
        #expect(created.map(\.content) == ["Plant tulips", "Call mom"])
        #expect(created.map(\.projectID) == [mine.id, try await temp.store.inbox(userID: user.id).id])
        #expect(created.map(\.noteCount) == [1, 0])
        #expect(try await temp.store.createTasks(userID: user.id, batch: TaskBatch(tasks: []), now: temp.now).isEmpty)
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
