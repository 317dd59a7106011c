import Foundation
import KairosCore

/// Each user's chat with the assistant: their messages and the answers, newest first.
public protocol AssistantStore: Sendable {
    /// Appends the user's message and the assistant's answer in one transaction and returns the stored answer.
    /// When the user already sent a message with the question's `clientID`, writes nothing and returns the answer
    /// that message got. The ids and times given are replaced by the stored ones.
    func appendAssistantExchange(
        userID: String, question: AssistantMessage, answer: AssistantMessage
    ) async throws -> AssistantMessage
    /// The answer to the user's message sent with `clientID`, if they sent one.
    func assistantAnswer(userID: String, clientID: String) async throws -> AssistantMessage?
    /// One of the user's messages or answers.
    func assistantMessage(userID: String, id: String) async throws -> AssistantMessage?
    /// The user's messages and answers, newest first.
    func assistantMessages(userID: String, page: PageRequest) async throws -> Page<AssistantMessage>
    /// Replaces one card of one of the user's answers; `missing` when the answer or the card is not theirs.
    func updateAssistantCard(
        userID: String, messageID: String, index: Int, card: AssistantCard
    ) async throws -> AssistantMessage
}

extension [AssistantCard] {
    /// The cards as the stores keep them: a JSON array in the answer's row.
    package var storedJSON: String { String(decoding: JSONWriter.encode(self), as: UTF8.self) }

    package init(storedJSON: String) throws {
        self = try APICoding.makeDecoder().decode([AssistantCard].self, from: Data(storedJSON.utf8))
    }
}
