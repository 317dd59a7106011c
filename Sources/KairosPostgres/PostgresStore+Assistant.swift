import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: AssistantStore {
    public func appendAssistantExchange(
        userID: String, question: AssistantMessage, answer: AssistantMessage
    ) async throws -> AssistantMessage {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            // The person's row is locked first, so a retry arriving beside the first try waits and finds it.
            try await write.query("SELECT 1 FROM users WHERE id = \(user) FOR UPDATE")
            if let clientID = question.clientID,
                let earlier = try await Self.assistantAnswer(
                    write.connection, user: user, clientID: clientID, write.logger)
            {
                return earlier
            }
            let questionID = try require(
                try await write.firstRow(
                    """
                    INSERT INTO assistant_messages (user_id, role, text, client_id, created_at)
                    VALUES (\(user), 'user', \(question.text), \(question.clientID), \(question.createdAt.micros))
                    RETURNING id
                    """), "Message"
            ).decode(Int64.self)
            return try AssistantMessage(
                row: try require(
                    try await write.firstRow(
                        """
                        INSERT INTO assistant_messages (user_id, role, type, text, cards, client_id, reply_to,
                            created_at)
                        VALUES (\(user), 'assistant', \(answer.type?.rawValue), \(answer.text),
                            \(answer.cards.storedJSON), \(question.clientID), \(questionID),
                            \(answer.createdAt.micros))
                        RETURNING \(unescaped: AssistantMessage.columns)
                        """), "Message"))
        }
    }

    public func assistantAnswer(userID: String, clientID: String) async throws -> AssistantMessage? {
        guard let user = userID.rowID else { return nil }
        return try await read { connection in
            try await Self.assistantAnswer(connection, user: user, clientID: clientID, logger)
        }
    }

    public func assistantMessage(userID: String, id: String) async throws -> AssistantMessage? {
        guard let user = userID.rowID, let message = id.rowID else { return nil }
        return try await read { connection in
            try await Self.assistantMessage(connection, user: user, id: message, logger)
        }
    }

    public func assistantMessages(userID: String, page: PageRequest) async throws -> Page<AssistantMessage> {
        let user = try require(userID.rowID, "User")
        let before = page.cursor?.keys.first ?? Int64.max
        return try await read { connection in
            let messages = try await connection.rows(
                """
                SELECT \(unescaped: AssistantMessage.columns) FROM assistant_messages
                WHERE user_id = \(user) AND id < \(before) ORDER BY id DESC LIMIT \(Int64(page.fetchLimit))
                """, logger: logger
            ).map(AssistantMessage.init(row:))
            let cut = page.page(messages) { [$0.id.rowID ?? 0] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func updateAssistantCard(
        userID: String, messageID: String, index: Int, card: AssistantCard
    ) async throws -> AssistantMessage {
        let user = try require(userID.rowID, "User")
        let id = try require(messageID.rowID, "Message")
        return try await write { write in
            var message = try require(
                try await write.firstRow(
                    """
                    SELECT \(unescaped: AssistantMessage.columns) FROM assistant_messages
                    WHERE id = \(id) AND user_id = \(user) FOR UPDATE
                    """
                ).map(AssistantMessage.init(row:)), "Message")
            guard message.cards.indices.contains(index) else { throw KairosError.missing("Card") }
            message.cards[index] = card
            try await write.query(
                """
                UPDATE assistant_messages SET cards = \(message.cards.storedJSON)
                WHERE id = \(id) AND user_id = \(user)
                """)
            return message
        }
    }

    private static func assistantAnswer(
        _ connection: PostgresConnection, user: Int64, clientID: String, _ logger: Logger
    ) async throws -> AssistantMessage? {
        try await connection.firstRow(
            """
            SELECT \(unescaped: AssistantMessage.columnList(table: "a"))
            FROM assistant_messages q JOIN assistant_messages a ON a.reply_to = q.id
            WHERE q.user_id = \(user) AND q.role = 'user' AND q.client_id = \(clientID)
            """, logger: logger
        ).map(AssistantMessage.init(row:))
    }

    private static func assistantMessage(
        _ connection: PostgresConnection, user: Int64, id: Int64, _ logger: Logger
    ) async throws -> AssistantMessage? {
        try await connection.firstRow(
            """
            SELECT \(unescaped: AssistantMessage.columns) FROM assistant_messages WHERE id = \(id) AND user_id = \(user)
            """, logger: logger
        ).map(AssistantMessage.init(row:))
    }
}

extension AssistantMessage {
    /// The columns `init(row:)` reads, in its order.
    static let columns = columnList(table: nil)

    static func columnList(table: String?) -> String {
        let prefix = table.map { "\($0)." } ?? ""
        return ["id", "role", "type", "text", "cards", "client_id", "created_at"].map { prefix + $0 }
            .joined(separator: ", ")
    }

    init(row: PostgresRow) throws {
        let (id, role, type, text, cards, clientID, createdAt) = try row.decode(
            (Int64, String, String?, String, String, String?, Int64).self)
        self.init(
            id: id.apiID, role: AssistantMessage.Role(rawValue: role) ?? .assistant,
            type: type.flatMap(AssistantMessage.Kind.init(rawValue:)), text: text,
            cards: try [AssistantCard](storedJSON: cards),
            clientID: clientID, createdAt: Date(micros: createdAt))
    }
}
