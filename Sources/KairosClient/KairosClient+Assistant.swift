import Foundation

extension KairosClient {
    /// Sends the assistant a message and returns its answer, with the cards it proposes or lists
    /// (`POST /assistant/messages`). Pass the same `clientID` when retrying a message whose answer was lost: the
    /// first answer comes back and nothing is answered or added twice.
    public func ask(_ text: String, clientID: String? = UUID().uuidString) async throws -> AssistantMessage {
        let response: AssistantMessageResponse = try await send(
            .post, "assistant", "messages", body: AssistantMessageRequest(text: text, clientID: clientID))
        return response.message
    }

    /// One page of your chat with the assistant, newest first (`GET /assistant/messages`).
    public func assistantHistory(cursor: String? = nil, limit: Int? = nil) async throws -> Page<AssistantMessage> {
        try await send(.get, "assistant", "messages", query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// Adds the task or list a card of an answer proposes, with the list's suggestions at `keeping` (all of them
    /// when nil); adding it again creates nothing more (`POST /assistant/messages/{id}/cards/{index}/add`).
    public func addAssistantCard(
        _ index: Int, of messageID: String, keeping suggestions: [Int]? = nil
    ) async throws -> AssistantMessage {
        let response: AssistantMessageResponse = try await send(
            .post, "assistant", "messages", messageID, "cards", String(index), "add",
            body: AssistantCardAddRequest(suggestions: suggestions))
        return response.message
    }

    /// Dismisses a card of an answer (`POST /assistant/messages/{id}/cards/{index}/dismiss`).
    public func dismissAssistantCard(_ index: Int, of messageID: String) async throws -> AssistantMessage {
        let response: AssistantMessageResponse = try await send(
            .post, "assistant", "messages", messageID, "cards", String(index), "dismiss")
        return response.message
    }
}
