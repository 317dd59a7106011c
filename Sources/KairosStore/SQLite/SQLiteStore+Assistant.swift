import Foundation
import GRDB
import KairosCore

extension SQLiteStore: AssistantStore {
    public func appendAssistantExchange(
        userID: String, question: AssistantMessage, answer: AssistantMessage
    ) async throws -> AssistantMessage {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            if let clientID = question.clientID,
                let earlier = try Self.assistantAnswer(db, user: user, clientID: clientID)
            {
                return earlier
            }
            try db.run(
                sql: """
                    INSERT INTO assistant_messages (user_id, role, text, client_id, created_at)
                    VALUES (?, 'user', ?, ?, ?)
                    """,
                arguments: [user, question.text, question.clientID, question.createdAt.micros])
            let questionID = db.lastInsertedRowID
            try db.run(
                sql: """
                    INSERT INTO assistant_messages (user_id, role, type, text, cards, client_id, reply_to, created_at)
                    VALUES (?, 'assistant', ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user, answer.type?.rawValue, answer.text, answer.cards.storedJSON, question.clientID,
                    questionID, answer.createdAt.micros,
                ])
            return try require(try Self.assistantMessage(db, user: user, id: db.lastInsertedRowID), "Message")
        }
    }

    public func assistantAnswer(userID: String, clientID: String) async throws -> AssistantMessage? {
        guard let user = userID.rowID else { return nil }
        return try await pool.read { db in try Self.assistantAnswer(db, user: user, clientID: clientID) }
    }

    public func assistantMessage(userID: String, id: String) async throws -> AssistantMessage? {
        guard let user = userID.rowID, let message = id.rowID else { return nil }
        return try await pool.read { db in try Self.assistantMessage(db, user: user, id: message) }
    }

    public func assistantMessages(userID: String, page: PageRequest) async throws -> Page<AssistantMessage> {
        let user = try require(userID.rowID, "User")
        let before = page.cursor?.keys.first ?? Int64.max
        return try await pool.read { db in
            let rows = try db.fetchRows(
                sql: "SELECT * FROM assistant_messages WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
                arguments: [user, before, page.fetchLimit]
            ).map(Self.assistantMessage(row:))
            let cut = page.page(rows) { [$0.id.rowID ?? 0] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func updateAssistantCard(
        userID: String, messageID: String, index: Int, card: AssistantCard
    ) async throws -> AssistantMessage {
        let user = try require(userID.rowID, "User")
        let id = try require(messageID.rowID, "Message")
        return try await write { db in
            var message = try require(try Self.assistantMessage(db, user: user, id: id), "Message")
            guard message.cards.indices.contains(index) else { throw KairosError.missing("Card") }
            message.cards[index] = card
            try db.run(
                sql: "UPDATE assistant_messages SET cards = ? WHERE id = ? AND user_id = ?",
                arguments: [message.cards.storedJSON, id, user])
            return message
        }
    }

    // MARK: Rows

    private static func assistantAnswer(_ db: Database, user: Int64, clientID: String) throws -> AssistantMessage? {
        try db.fetchRow(
            sql: """
                SELECT a.* FROM assistant_messages q JOIN assistant_messages a ON a.reply_to = q.id
                WHERE q.user_id = ? AND q.role = 'user' AND q.client_id = ?
                """,
            arguments: [user, clientID]
        ).map(assistantMessage(row:))
    }

    private static func assistantMessage(_ db: Database, user: Int64, id: Int64) throws -> AssistantMessage? {
        try db.fetchRow(
            sql: "SELECT * FROM assistant_messages WHERE id = ? AND user_id = ?", arguments: [id, user]
        ).map(assistantMessage(row:))
    }

    static func assistantMessage(row: Row) throws -> AssistantMessage {
        let cards: String = row["cards"]
        return AssistantMessage(
            id: (row["id"] as Int64).apiID, role: AssistantMessage.Role(rawValue: row["role"]) ?? .assistant,
            type: (row["type"] as String?).flatMap(AssistantMessage.Kind.init(rawValue:)), text: row["text"],
            cards: try [AssistantCard](storedJSON: cards),
            clientID: row["client_id"], createdAt: Date(micros: row["created_at"]))
    }
}
