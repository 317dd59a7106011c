import Foundation
import GRDB
import KairosCore
import Testing

@testable import KairosStore

@Suite("SQLite store: attachments")
struct AttachmentStoreTests {
    private static let sha = String(repeating: "ab", count: 32)

    private func upload(_ name: String, by user: User, in temp: TemporaryStore) async throws -> KairosCore.Attachment {
        try await temp.store.createAttachment(
            AttachmentDraft(
                uploaderID: user.id, name: name, mediaType: .png, size: 120, sha256: Self.sha,
                dimensions: ImageDimensions(width: 3, height: 2)),
            now: temp.now)
    }

    @Test("A message takes its author's unposted uploads in the given order; the record knows its conversation")
    func postWithAttachments() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let bob = try await temp.user()
        let group = try await temp.store.createGroup(
            userID: ada.id, name: "Trip", memberIDs: [bob.id], notice: "Ada started Trip", now: temp.now)
        let first = try await upload("a.png", by: ada, in: temp)
        let second = try await upload("b.png", by: ada, in: temp)
        #expect(try await temp.store.attachment(id: first.id)?.conversationID == nil)

        let posted = try await temp.store.postMessage(
            MessageDraft(
                conversationID: group.id, authorID: ada.id, kind: .text, text: "",
                attachmentIDs: [second.id, first.id]),
            now: temp.now
        ).message
        #expect(posted.text == "")
        #expect(posted.attachments.map(\.id) == [second.id, first.id])
        #expect(posted.attachments.first == second.summary)
        let stored = try #require(try await temp.store.attachment(id: first.id))
        #expect(stored.conversationID == group.id)
        #expect(stored.uploaderID == ada.id)
        #expect(stored.attachment == first)
        let history = try await temp.store.messages(conversationID: group.id, page: PageRequest(limit: 10))
        #expect(history.results.first?.attachments.map(\.name) == ["b.png", "a.png"])
    }

    @Test("Someone else's upload, a posted one or an unknown id fails the whole message, naming its place")
    func claimsAreAllOrNothing() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let bob = try await temp.user()
        let group = try await temp.store.createGroup(
            userID: ada.id, name: "Trip", memberIDs: [bob.id], notice: "Ada started Trip", now: temp.now)
        let mine = try await upload("mine.png", by: ada, in: temp)
        let bobs = try await upload("bob.png", by: bob, in: temp)
        let before = try await temp.store.messages(conversationID: group.id, page: PageRequest(limit: 10)).results

        for ids in [[mine.id, bobs.id], [mine.id, "999"]] {
            let field = "attachment_ids[1]"
            let draft = MessageDraft(
                conversationID: group.id, authorID: ada.id, kind: .text, text: "look", attachmentIDs: ids)
            do {
                _ = try await temp.store.postMessage(draft, now: temp.now)
                Issue.record("\(ids) were posted")
            } catch KairosError.invalidField(let failed, _) {
                #expect(failed == field)
            }
        }
        #expect(try await temp.store.messages(conversationID: group.id, page: PageRequest(limit: 10)).results == before)
        #expect(try await temp.store.attachment(id: mine.id)?.conversationID == nil)

        _ = try await temp.store.postMessage(
            MessageDraft(conversationID: group.id, authorID: ada.id, kind: .text, text: "", attachmentIDs: [mine.id]),
            now: temp.now)
        await #expect(throws: KairosError.self) {
            _ = try await temp.store.postMessage(
                MessageDraft(
                    conversationID: group.id, authorID: ada.id, kind: .text, text: "again", attachmentIDs: [mine.id]),
                now: temp.now)
        }
    }

    @Test("Upgrading a v3 database keeps its messages, their search index, triggers and links")
    func upgradeFromV3() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-v3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("kairos.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try SchemaMigrations.migrator.migrate(queue, upTo: "v3-conversations-messages")
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO users (id, email, name, password_hash, timezone, created_at)
                            VALUES (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0);
                        INSERT INTO conversations (id, kind, name, created_by, last_activity, created_at)
                            VALUES (1, 'group', 'Trip', 1, 2, 0);
                        INSERT INTO conversation_members (conversation_id, user_id, role, joined_at)
                            VALUES (1, 1, 'owner', 0);
                        INSERT INTO messages (id, conversation_id, author_id, kind, body, created_at)
                            VALUES (1, 1, NULL, 'system', 'Ada started Trip', 0),
                                   (2, 1, 1, 'text', 'the ferry leaves at noon', 0);
                        INSERT INTO message_mentions (message_id, user_id) VALUES (2, 1);
                        INSERT INTO events (user_id, seq, kind, conversation_id, message_id, created_at)
                            VALUES (1, 1, 'message.created', 1, 2, 0);
                        """)
            }
        }

        let store = try SQLiteStore(path: path)
        #expect(try store.appliedMigrations().contains("v4-attachments"))
        let history = try await store.messages(conversationID: "1", page: PageRequest(limit: 10)).results
        #expect(history.map(\.text) == ["the ferry leaves at noon", "Ada started Trip"])
        #expect(history.first?.mentions == ["1"])
        #expect(try await store.events(userID: "1", after: 0, limit: 10).results.map(\.messageID) == ["2"])
        let found = try await store.search(
            userID: "1", query: SearchQuery(text: "ferry"), page: PageRequest(limit: 10))
        #expect(found.results.map(\.id) == ["2"])

        _ = try await store.postMessage(
            MessageDraft(conversationID: "1", authorID: "1", kind: .text, text: "bring sunscreen"), now: Date())
        let afterPost = try await store.search(
            userID: "1", query: SearchQuery(text: "sunscreen"), page: PageRequest(limit: 10))
        #expect(afterPost.results.count == 1)
        try await store.pool.read { db in
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let schema = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE tbl_name = 'messages' ORDER BY name")
            #expect(
                Set(schema).isSuperset(of: [
                    "messages", "messages_by_conversation", "messages_by_task", "messages_fts_insert",
                    "messages_fts_delete", "messages_fts_update",
                ]))
            let table = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'messages'")
            #expect(table?.contains("messages_v4") == false)
        }
        await #expect(throws: (any Error).self) {
            try await store.pool.write { db in
                try db.execute(
                    sql: "INSERT INTO messages (conversation_id, kind, body, created_at) VALUES (1, 'system', '', 0)")
            }
        }
    }
}
