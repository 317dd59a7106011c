import Foundation
import GRDB
import KairosCore
import KairosPostgresTesting
import PostgresNIO
import Testing

@testable import KairosPostgres
@testable import KairosStore

/// `AccountDeletionStore`'s behaviour, the same on every backend: shared projects handed on or deleted, messages
/// kept without their author, everything else of the person's gone.
@Suite("Account deletion store, on every backend")
struct AccountDeletionStoreSuite {
    /// What Ada leaves behind, and the people around her.
    struct World {
        var ada, bob, carol, dave: User
        var launch, diary, bobs: Project
        var release, bobsPart, secret, handout: TaskItem
        var dm, team, solo: Conversation
        var upload: KairosCore.Attachment
    }

    /// Ada's shared "Launch" (Bob editor, Carol commenter, later Dave editor), her private "Diary", Bob's project
    /// shared with her where she assigned a task, a direct message with Bob, a group she started with Bob and
    /// Carol where she posted a file, a group of her own, and time, reminders, notes and feeds of hers.
    private func adaWithEverything(_ store: any SharedStore) async throws -> World {
        let (ada, bob) = (try await store.person("Ada"), try await store.person("Bob"))
        let (carol, dave) = (try await store.person("Carol"), try await store.person("Dave"))
        let launch = try await store.project("Launch", for: ada)
        for (member, role, at) in [(bob, Role.editor, 0.0), (carol, .commenter, 1), (dave, .editor, 2)] {
            _ = try await store.setProjectMember(
                projectID: launch.id, userID: member.id, role: role, by: ada.id, now: suiteNow + at)
        }
        let release = try await store.task("Write the press release", for: ada) {
            $0.projectID = launch.id
            $0.labels = ["press"]
        }
        let bobsPart = try await store.task("Book the venue", for: bob) { $0.projectID = launch.id }
        _ = try await store.addSession(
            userID: bob.id,
            draft: TimeSessionDraft(taskID: bobsPart.id, startedAt: suiteNow - 3600, endedAt: suiteNow - 1800),
            now: suiteNow)
        let diary = try await store.project("Diary", for: ada)
        let secret = try await store.task("xylophone lessons in secret", for: ada) { $0.projectID = diary.id }
        _ = try await store.addSession(
            userID: ada.id,
            draft: TimeSessionDraft(taskID: secret.id, startedAt: suiteNow - 7200, endedAt: suiteNow - 5400),
            now: suiteNow)
        _ = try await store.createReminder(
            userID: ada.id, taskID: secret.id, time: .at(suiteNow + 86400), nag: nil, now: suiteNow)
        _ = try await store.createNote(
            userID: ada.id, draft: NoteDraft(text: "dear diary", source: .typed), now: suiteNow)
        _ = try await store.createCalendarFeed(userID: ada.id, projectID: nil, tokenHash: "ada-feed", now: suiteNow)
        _ = try await store.createComment(
            userID: ada.id, taskID: bobsPart.id, projectID: nil, content: "the big hall", now: suiteNow)

        let bobs = try await store.project("Bob's plans", for: bob)
        _ = try await store.setProjectMember(
            projectID: bobs.id, userID: ada.id, role: .editor, by: bob.id, now: suiteNow)
        _ = try await store.setProjectMember(
            projectID: bobs.id, userID: carol.id, role: .editor, by: bob.id, now: suiteNow)
        // Ada gives Bob's task to herself and Carol: she is its first assignee, and she assigned it.
        let handout = try await store.task("Print the handout", for: bob) { $0.projectID = bobs.id }
        _ = try await store.updateTask(
            userID: ada.id, id: handout.id, changes: .with { $0.assigneeIDs = [ada.id, carol.id] }, now: suiteNow)

        let dm = try await store.directMessage(between: ada.id, and: bob.id, now: suiteNow)
        _ = try await store.post(
            MessageDraft(conversationID: dm.id, authorID: ada.id, kind: .text, text: "See you at the museum"),
            now: suiteNow)
        _ = try await store.post(
            MessageDraft(conversationID: dm.id, authorID: bob.id, kind: .text, text: "Great"), now: suiteNow + 1)
        let team = try await store.createGroup(
            userID: ada.id, name: "Team", memberIDs: [bob.id, carol.id], notice: "Ada created \u{201C}Team\u{201D}",
            now: suiteNow)
        let upload = try await store.createAttachment(
            AttachmentDraft(
                uploaderID: ada.id, name: "map.png", mediaType: .png, size: 10,
                sha256: String(repeating: "b", count: 64), dimensions: nil),
            now: suiteNow)
        _ = try await store.post(
            MessageDraft(conversationID: team.id, authorID: ada.id, kind: .text, text: "", attachmentIDs: [upload.id]),
            now: suiteNow + 2)
        _ = try await store.post(
            MessageDraft(conversationID: team.id, authorID: ada.id, kind: .text, text: "Hello team"), now: suiteNow + 3)
        let solo = try await store.createGroup(
            userID: ada.id, name: "Just me", memberIDs: [], notice: "Ada created \u{201C}Just me\u{201D}", now: suiteNow
        )
        return World(
            ada: ada, bob: bob, carol: carol, dave: dave, launch: launch, diary: diary, bobs: bobs, release: release,
            bobsPart: bobsPart, secret: secret, handout: handout, dm: dm, team: team, solo: solo, upload: upload)
    }

    @Test(
        "The shared projects a person owns, each with its members in the order they joined", arguments: StoreBackend.all
    )
    func ownedSharedProjects(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let world = try await adaWithEverything(store)
            let owned = try await store.ownedSharedProjects(userID: world.ada.id)
            #expect(owned.map(\.projectID) == [world.launch.id])
            #expect(owned.first?.members.map(\.userID) == [world.ada.id, world.bob.id, world.carol.id, world.dave.id])
            #expect(owned.first?.members.map(\.role) == [.owner, .editor, .commenter, .editor])
            #expect(try await store.ownedSharedProjects(userID: world.carol.id).isEmpty)
            #expect(try await store.ownedSharedProjects(userID: world.bob.id).map(\.projectID) == [world.bobs.id])
            await #expect(throws: KairosError.missing("User")) { try await store.ownedSharedProjects(userID: "x") }
        }
    }

    @Test(
        "Transfer: the heir owns the project and its tasks; her messages stay without her, the rest of hers goes",
        arguments: StoreBackend.all)
    func transfer(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let world = try await adaWithEverything(store)
            let (ada, bob, carol, dave) = (world.ada, world.bob, world.carol, world.dave)
            let plan = try AccountDeletionPlan(
                projects: try await store.ownedSharedProjects(userID: ada.id), choice: .transfer)
            #expect(plan.transfers == [.init(projectID: world.launch.id, heirID: bob.id)])
            let contents = try await store.deleteAccount(userID: ada.id, plan: plan, now: suiteNow + 60)
            #expect(contents == [world.upload.sha256])
            #expect(try await store.user(id: ada.id) == nil)
            #expect(try await store.credentials(email: ada.email) == nil)

            // Bob owns Launch with its tasks and labels; the others keep their roles.
            let members = try await store.projectMembers(projectID: world.launch.id)
            #expect(members.map(\.userID) == [bob.id, carol.id, dave.id])
            #expect(members.map(\.role) == [.owner, .commenter, .editor])
            let launch = try #require(try await store.project(userID: bob.id, id: world.launch.id))
            #expect(launch.ownerID == bob.id && launch.parentID == nil)
            let release = try #require(try await store.task(userID: dave.id, id: world.release.id))
            #expect(release.userID == bob.id && release.labels == ["press"])
            #expect(try await store.task(userID: bob.id, id: world.bobsPart.id)?.userID == bob.id)

            // Her private project and task are gone; so is her part of Bob's task.
            #expect(try await store.project(userID: bob.id, id: world.diary.id) == nil)
            #expect(try await store.task(userID: bob.id, id: world.secret.id) == nil)
            let handout = try #require(try await store.task(userID: bob.id, id: world.handout.id))
            #expect(handout.responsibleUID == carol.id && handout.assigneeIDs == [carol.id])
            #expect(handout.assignedByUID == nil)

            // Her messages stay for the others, without an author; she is no longer a member anywhere.
            let dm = try await store.messages(conversationID: world.dm.id, page: PageRequest(limit: 50)).results
            #expect(dm.map(\.text) == ["Great", "See you at the museum"])
            #expect(dm.map(\.authorID) == [bob.id, nil])
            #expect(try await store.conversation(id: world.dm.id, for: bob.id)?.members.map(\.userID) == [bob.id])
            let team = try #require(try await store.conversation(id: world.team.id, for: carol.id))
            #expect(team.members.map(\.userID) == [bob.id, carol.id] && team.createdBy == bob.id)
            #expect(team.members.first?.role == .owner)
            let said = try await store.messages(conversationID: world.team.id, page: PageRequest(limit: 50)).results
            // The message that was only her file went with the file; the notice that named her names no one.
            #expect(said.map(\.text) == ["Hello team", "Deleted user created \u{201C}Team\u{201D}"])
            #expect(try await store.attachment(id: world.upload.id) == nil)
            #expect(try await store.conversation(id: world.solo.id, for: bob.id) == nil)

            // What she caused reads "Deleted user".
            let told = try await store.notifications(userID: carol.id, unreadOnly: false, page: PageRequest(limit: 50))
            #expect(!told.results.isEmpty && told.results.allSatisfy { !$0.text.hasPrefix("Ada") })
            #expect(told.results.contains { $0.text.hasPrefix(DeletedUser.name) }, "\(told.results.map(\.text))")

            // The email can sign up again, as someone new who sees none of it.
            let again = try await store.createUser(
                email: ada.email, name: "Ada again", passwordHash: "x", timezone: "UTC", now: suiteNow + 120)
            #expect(again.id != ada.id)
            #expect(try await store.task(userID: again.id, id: world.secret.id) == nil)
            #expect(try await store.calendarFeed(tokenHash: "ada-feed") == nil)
            await #expect(throws: KairosError.missing("User")) {
                try await store.deleteAccount(userID: "x", plan: plan, now: suiteNow)
            }
        }
    }

    @Test("Delete: her shared projects go for every member, with their tasks", arguments: StoreBackend.all)
    func deleteShared(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let world = try await adaWithEverything(store)
            let plan = try AccountDeletionPlan(
                projects: try await store.ownedSharedProjects(userID: world.ada.id), choice: .delete)
            #expect(plan.deletions == [world.launch.id])
            _ = try await store.deleteAccount(userID: world.ada.id, plan: plan, now: suiteNow + 60)
            for other in [world.bob, world.carol, world.dave] {
                #expect(try await store.project(userID: other.id, id: world.launch.id) == nil)
                #expect(try await store.task(userID: other.id, id: world.bobsPart.id) == nil)
            }
            #expect(try await store.messages(conversationID: world.dm.id, page: PageRequest()).results.count == 2)
            // Bob's own project, which she was in, stays his.
            #expect(
                try await store.projectMembers(projectID: world.bobs.id).map(\.userID) == [
                    world.bob.id, world.carol.id,
                ])
        }
    }

    @Test("Both backends leave the same rows in every table")
    func sameRowsLeft() async throws {
        guard StoreBackend.all.contains(.postgres) else { return }
        var counts: [StoreBackend: [String: Int]] = [:]
        for backend in [StoreBackend.sqlite, .postgres] {
            try await backend.withStore { store in
                let world = try await adaWithEverything(store)
                let before = try await rowCounts(store)
                let plan = try AccountDeletionPlan(
                    projects: try await store.ownedSharedProjects(userID: world.ada.id), choice: .transfer)
                _ = try await store.deleteAccount(userID: world.ada.id, plan: plan, now: suiteNow + 60)
                var after = try await rowCounts(store)
                for (table, count) in before { after["before: " + table] = count }
                counts[backend] = after
            }
        }
        let (sqlite, postgres) = (try #require(counts[.sqlite]), try #require(counts[.postgres]))
        for table in sqlite.keys.sorted() {
            #expect(
                sqlite[table] == postgres[table], "\(table): SQLite \(sqlite[table]!), PostgreSQL \(postgres[table]!)")
        }
    }

    /// The tables both backends keep, without the change journals (written by triggers on one backend only, as
    /// yet) and the one-row counters.
    private static let tables = [
        "users", "api_tokens", "projects", "sections", "labels", "tasks", "task_labels", "comments", "time_sessions",
        "stopwatches", "deleted_tasks", "conversations", "conversation_members", "messages", "message_mentions",
        "message_task_links", "task_thread_links", "attachments", "project_members", "audit_log", "invites", "outbox",
        "notifications", "task_followers", "task_assignees", "events", "message_notification_reads",
        "conversation_events", "task_activity", "reminders", "task_batches", "project_mutes", "task_mutes",
        "sign_in_links", "notice_people", "assistant_messages", "notes", "note_tasks", "app_opens",
        "push_subscriptions", "deliveries", "webhooks", "calendar_feeds", "calendar_objects", "calendar_collections",
        "calendar_properties", "sync_commands", "oidc_attempts", "oidc_identities", "oidc_handoffs",
    ]

    /// How many rows each table holds. Table names are this suite's own constants, never input.
    private func rowCounts(_ store: any SharedStore) async throws -> [String: Int] {
        if let sqlite = store as? SQLiteStore {
            return try await sqlite.pool.read { db in
                var counts: [String: Int] = [:]
                for table in Self.tables {
                    counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1
                }
                return counts
            }
        }
        var counts: [String: Int] = [:]
        let postgres = try #require(store as? PostgresStore)
        for table in Self.tables {
            counts[table] =
                try await postgres.read { connection in
                    try await connection.firstRow(
                        PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: PostgresTestServer.logger
                    )?.decode(Int64.self)
                }.map(Int.init) ?? -1
        }
        return counts
    }
}
