import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// The assistant chat's store: an exchange written at once, retries by client id, pages newest first, cards.
@Suite struct AssistantStoreTests {
    func exchange(
        _ text: String, clientID: String? = nil, cards: [AssistantCard] = [], at now: Date
    ) -> (AssistantMessage, AssistantMessage) {
        (
            AssistantMessage(id: "", role: .user, text: text, clientID: clientID, createdAt: now),
            AssistantMessage(
                id: "", role: .assistant, type: .reminder, text: "Answer to \(text)", cards: cards, clientID: clientID,
                createdAt: now)
        )
    }

    @Test func aRetriedMessageGetsTheFirstAnswerAndWritesNothing() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let card = AssistantCard(content: .task(CaptureCommitTask(title: "Call mom", due: "2026-03-06T17:00")))
        let (question, answer) = exchange("call mom friday at 5", clientID: "c-1", cards: [card], at: temp.now)
        let first = try await temp.store.appendAssistantExchange(userID: ada.id, question: question, answer: answer)
        #expect(first.cards.first?.state == .proposed)
        let (retry, other) = exchange("something else", clientID: "c-1", at: temp.now)
        #expect(try await temp.store.appendAssistantExchange(userID: ada.id, question: retry, answer: other) == first)
        #expect(try await temp.store.assistantAnswer(userID: ada.id, clientID: "c-1") == first)
        #expect(try await temp.store.assistantMessages(userID: ada.id, page: PageRequest()).results.count == 2)

        let bob = try await temp.user()
        #expect(try await temp.store.assistantAnswer(userID: bob.id, clientID: "c-1") == nil)
        #expect(try await temp.store.assistantMessage(userID: bob.id, id: first.id) == nil)
    }

    @Test func historyPagesNewestFirstAndCardsChangeOneByOne() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        var answers: [AssistantMessage] = []
        for text in ["one", "two", "three"] {
            let (question, answer) = exchange(
                text, cards: [AssistantCard(content: .list(title: text, items: []))], at: temp.now)
            answers.append(
                try await temp.store.appendAssistantExchange(userID: ada.id, question: question, answer: answer))
        }
        let first = try await temp.store.assistantMessages(userID: ada.id, page: PageRequest(limit: 4))
        #expect(first.results.map(\.text) == ["Answer to three", "three", "Answer to two", "two"])
        let cursor = try #require(first.nextCursor.flatMap { PageCursor(token: $0, keyCount: 1) })
        let rest = try await temp.store.assistantMessages(userID: ada.id, page: PageRequest(cursor: cursor, limit: 4))
        #expect(rest.results.map(\.text) == ["Answer to one", "one"])
        #expect(rest.nextCursor == nil)

        let added = AssistantCard(content: .list(title: "two", items: []), state: .added(taskIDs: ["7"]))
        let updated = try await temp.store.updateAssistantCard(
            userID: ada.id, messageID: answers[1].id, index: 0, card: added)
        #expect(updated.cards == [added])
        #expect(try await temp.store.assistantMessage(userID: ada.id, id: answers[1].id) == updated)
        let bob = try await temp.user()
        await #expect(throws: KairosError.self) {
            try await temp.store.updateAssistantCard(userID: bob.id, messageID: answers[1].id, index: 0, card: added)
        }
        await #expect(throws: KairosError.self) {
            try await temp.store.updateAssistantCard(userID: ada.id, messageID: answers[1].id, index: 1, card: added)
        }
    }
}
