import Foundation
import GRDB
import KairosCore
import Testing

@testable import KairosStore

@Suite("SQLite store: conversations and messages")
struct ConversationStoreTests {
    @Test("A database made before messaging gains the conversation tables and keeps its data")
    func upgradeFromFirstSchema() async throws {
        try await upgraded(
            from: "v1-accounts-projects-tasks",
            rows: """
                INSERT INTO users (email, name, password_hash, timezone, created_at) VALUES
                    ('ada@example.com', 'Ada', 'x', 'UTC', 0), ('bob@example.com', 'Bob', 'x', 'UTC', 0)
                """
        ) { store in
            #expect(
                try store.appliedMigrations().prefix(4) == [
                    "v1-accounts-projects-tasks", "v2-time-tracking", "v3-conversations-messages", "v4-attachments",
                ])
            let dm = try await store.directMessage(between: "1", and: "2", now: Date())
            #expect(dm.members.map(\.name) == ["Ada", "Bob"])
        }
    }

    @Test("The realtime migration keeps every event and read position, and takes the new kinds")
    func upgradeEventsToRealtime() async throws {
        try await upgraded(
            from: "v3-conversations-messages",
            rows: """
                INSERT INTO users (id, email, name, password_hash, timezone, created_at) VALUES
                    (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0), (2, 'bob@example.com', 'Bob', 'x', 'UTC', 0);
                INSERT INTO conversations (id, kind, created_by, dm_key, last_activity, created_at)
                    VALUES (1, 'dm', 1, '1:2', 1, 0);
                INSERT INTO conversation_members (conversation_id, user_id, role, last_read_message_id, joined_at)
                    VALUES (1, 1, 'member', 1, 0), (1, 2, 'member', NULL, 0);
                INSERT INTO messages (id, conversation_id, author_id, kind, body, created_at)
                    VALUES (1, 1, 1, 'text', 'hello', 0);
                INSERT INTO events (user_id, seq, kind, conversation_id, message_id, created_at)
                    VALUES (1, 1, 'message.created', 1, 1, 0), (2, 1, 'message.created', 1, 1, 0);
                """
        ) { store in
            #expect(try await store.events(userID: "2", after: 0, limit: 10).results.map(\.messageID) == ["1"])
            let ada = try #require(try await store.conversation(id: "1", for: "2")?.members.first { $0.userID == "1" })
            #expect(ada.lastReadMessageID == "1" && ada.lastDeliveredMessageID == "1")
            try await store.markRead(conversationID: "1", userID: "2", messageID: "1", now: Date())
            let feed = try await store.events(userID: "1", after: 0, limit: 10).results
            #expect(feed.map(\.kind) == [.messageCreated, .conversationRead])
            #expect(feed.last?.userID == "2")
            #expect(try await store.latestEventSeq(userID: "1") == 2)
        }
    }

    @Test("Stored message notifications become read from the messages, keeping which were read and where each began")
    func upgradeMessageNotifications() async throws {
        // Carol joined after the first message; Bob read the second's notification but not the thread.
        try await upgraded(
            from: "v18-events-outlive-subjects",
            rows: """
                INSERT INTO users (id, email, name, password_hash, timezone, created_at) VALUES
                    (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0), (2, 'bob@example.com', 'Bob', 'x', 'UTC', 0),
                    (3, 'carol@example.com', 'Carol', 'x', 'UTC', 0);
                INSERT INTO conversations (id, kind, name, created_by, last_activity, created_at)
                    VALUES (1, 'group', 'Crew', 1, 3, 0);
                INSERT INTO conversation_members (conversation_id, user_id, role, last_read_message_id, joined_at)
                    VALUES (1, 1, 'owner', 3, 0), (1, 2, 'member', NULL, 0), (1, 3, 'member', NULL, 15);
                INSERT INTO messages (id, conversation_id, author_id, kind, body, created_at) VALUES
                    (1, 1, 1, 'text', 'one', 10), (2, 1, 1, 'text', 'two', 20), (3, 1, 1, 'text', 'three', 30);
                INSERT INTO notifications (user_id, kind, text, actor_id, conversation_id, message_id, created_at,
                        read_at) VALUES
                    (2, 'message', 'Ada in Crew: one', 1, 1, 1, 10, NULL),
                    (2, 'message', 'Ada in Crew: two', 1, 1, 2, 20, 25),
                    (2, 'message', 'Ada in Crew: three', 1, 1, 3, 30, NULL),
                    (3, 'message', 'Ada in Crew: two', 1, 1, 2, 20, NULL),
                    (3, 'message', 'Ada in Crew: three', 1, 1, 3, 30, NULL);
                """
        ) { store in
            let bobs = try await store.notifications(userID: "2", unreadOnly: false, page: PageRequest(limit: 10))
                .results
            #expect(bobs.map(\.messageID) == ["3", "2", "1"])
            #expect(bobs.map { $0.readAt != nil } == [false, true, false])
            #expect(try await store.unreadNotificationCount(userID: "2") == 2)
            let carols = try await store.notifications(userID: "3", unreadOnly: false, page: PageRequest(limit: 10))
                .results
            #expect(carols.map(\.text) == ["Ada in Crew: three", "Ada in Crew: two"])
            #expect(
                try await store.notifications(userID: "1", unreadOnly: false, page: PageRequest(limit: 10)).results
                    .isEmpty)
        }
    }

    @Test("Events numbered per person before the upgrade keep their numbers; new ones come after all of them")
    func upgradeToConversationEvents() async throws {
        try await upgraded(
            from: "v19-message-notifications-on-read",
            rows: """
                INSERT INTO users (id, email, name, password_hash, timezone, created_at) VALUES
                    (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0), (2, 'bob@example.com', 'Bob', 'x', 'UTC', 0);
                INSERT INTO conversations (id, kind, created_by, dm_key, last_activity, created_at)
                    VALUES (1, 'dm', 1, '1:2', 0, 0);
                INSERT INTO conversation_members (conversation_id, user_id, role, joined_at)
                    VALUES (1, 1, 'member', 0), (1, 2, 'member', 0);
                INSERT INTO events (user_id, seq, kind, created_at) VALUES
                    (1, 1, 'stopwatch.changed', 0), (1, 2, 'stopwatch.changed', 0),
                    (2, 1, 'stopwatch.changed', 0), (2, 2, 'stopwatch.changed', 0), (2, 3, 'stopwatch.changed', 0);
                """
        ) { store in
            #expect(try await store.latestEventSeq(userID: "1") == 3)
            let draft = MessageDraft(conversationID: "1", authorID: "1", kind: .text, text: "hello")
            let hello = try await store.postMessage(draft, now: Date()).message
            #expect(try await store.events(userID: "1", after: 0, limit: 10).results.map(\.seq) == [1, 2, 4])
            #expect(try await store.events(userID: "1", after: 2, limit: 10).results.map(\.messageID) == [hello.id])
            #expect(try await store.events(userID: "2", after: 3, limit: 10).results.map(\.seq) == [4])
        }
    }

    @Test("The words of messages written before the upgrade are recorded from the message index")
    func upgradeRecordsMessageTerms() async throws {
        try await upgraded(
            from: "v20-conversation-events",
            rows: """
                INSERT INTO users (id, email, name, password_hash, timezone, created_at) VALUES
                    (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0);
                INSERT INTO conversations (id, kind, name, created_by, last_activity, created_at)
                    VALUES (1, 'group', 'Crew', 1, 1, 0);
                INSERT INTO messages (id, conversation_id, author_id, kind, body, created_at)
                    VALUES (1, 1, 1, 'text', 'Déjà vu at the harbour', 0);
                """
        ) { store in
            let terms = try await store.pool.read { db in try String.fetchAll(db, sql: "SELECT term FROM message_terms")
            }
            #expect(terms == ["at", "deja", "harbour", "the", "vu"])
        }
    }

    @Test("The schema itself refuses a second message with the same author and client id")
    func clientIDIsUnique() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let bob = try await temp.user()
        let dm = try await temp.store.directMessage(between: ada.id, and: bob.id, now: temp.now)
        let draft = MessageDraft(conversationID: dm.id, authorID: ada.id, kind: .text, text: "hi", clientID: "k")
        let first = try await temp.store.postMessage(draft, now: temp.now)
        let again = try await temp.store.postMessage(draft, now: temp.now)
        #expect(first.created)
        #expect(!again.created)
        #expect(again.message == first.message)
        await #expect(throws: DatabaseError.self) {
            try await temp.store.pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO messages (conversation_id, author_id, kind, body, client_id, created_at)
                        VALUES (?, ?, 'text', 'dup', 'k', 0)
                        """,
                    arguments: [dm.id.rowID, ada.id.rowID])
            }
        }
    }

    @Test("Deleting a task keeps its cards without the task and drops its links")
    func deletingATask() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let bob = try await temp.user()
        let dm = try await temp.store.directMessage(between: ada.id, and: bob.id, now: temp.now)
        let task = try await temp.task("Report", for: ada)
        let card = try await temp.store.postMessage(
            MessageDraft(conversationID: dm.id, authorID: ada.id, kind: .taskCard, text: "Report", taskID: task.id),
            now: temp.now
        ).message
        #expect(card.task?.content == "Report")
        try await temp.store.closeTask(userID: ada.id, id: task.id, now: temp.now)
        let notice = try #require(
            try await temp.store.messages(conversationID: dm.id, page: PageRequest()).results.first)
        #expect(notice.text.contains("completed"))

        try await temp.store.deleteTask(userID: ada.id, id: task.id, now: Date())
        #expect(try await temp.store.message(id: card.id)?.task == nil)
        #expect(try await temp.store.messages(conversationID: dm.id, page: PageRequest()).results.count == 2)
    }
}
