import Foundation
import KairosCore
import Testing

/// Helpers for the messaging stories; each fails the test on an unexpected status.
extension TestAPI {
    func directMessage(with other: TestAPI) async throws -> Conversation {
        try expectOK(
            try await post("conversations", ConversationCreateRequest.directMessage(userID: other.me.id)),
            as: Conversation.self)
    }

    func group(_ name: String, with others: [TestAPI]) async throws -> Conversation {
        try expectOK(
            try await post("conversations", ConversationCreateRequest.group(name, memberIDs: others.map(\.me.id))),
            as: Conversation.self)
    }

    func conversations() async throws -> [Conversation] {
        try expectOK(try await get("conversations", ["limit": "200"]), as: Page<Conversation>.self).results
    }

    func conversation(_ id: String) async throws -> Conversation {
        try expectOK(try await get("conversations/\(id)"), as: Conversation.self)
    }

    @discardableResult
    func send(_ text: String, to conversationID: String, clientID: String? = nil) async throws -> PostedMessage {
        try expectOK(
            try await post(
                "conversations/\(conversationID)/messages", MessageSendRequest(text: text, clientID: clientID)),
            as: PostedMessage.self)
    }

    /// The latest messages of a conversation, newest first (one page of up to 200).
    func history(_ conversationID: String) async throws -> [Message] {
        try expectOK(
            try await get("conversations/\(conversationID)/messages", ["limit": "200"]), as: Page<Message>.self
        ).results
    }

    func share(_ taskID: String, into conversationID: String) async throws -> Message {
        try expectOK(
            try await post("conversations/\(conversationID)/tasks", TaskShareRequest(taskID: taskID)),
            as: Message.self)
    }
}

/// Ada, Bob and Carol signed up on a fresh server.
func withAdaBobAndCarol(
    _ body: @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ carol: TestAPI) async throws -> Void
) async throws {
    try await withAPI { api in
        let ada = try await api.signUp("ada@example.com", name: "Ada Lovelace")
        let bob = try await api.signUp("bob@example.com", name: "Bob")
        let carol = try await api.signUp("carol@example.com", name: "Carol")
        try await body(ada, bob, carol)
    }
}
