import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// The assistant chat's store, on every backend: an exchange written at once, retries by client id, pages newest
/// first, cards.
@Suite("Assistant store, on every backend")
struct AssistantStoreSuite {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

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

    @Test(arguments: StoreBackend.all)
    func aRetriedMessageGetsTheFirstAnswerAndWritesNothing(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let card = AssistantCard(content: .task(CaptureCommitTask(title: "Call mom", due: "2026-03-06T17:00")))
            let (question, answer) = exchange("call mom friday at 5", clientID: "c-1", cards: [card], at: now)
            let first = try await store.appendAssistantExchange(userID: ada.id, question: question, answer: answer)
            #expect(first.cards.first?.state == .proposed)
            let (retry, other) = exchange("something else", clientID: "c-1", at: now)
            #expect(try await store.appendAssistantExchange(userID: ada.id, question: retry, answer: other) == first)
            #expect(try await store.assistantAnswer(userID: ada.id, clientID: "c-1") == first)
            #expect(try await store.assistantMessages(userID: ada.id, page: PageRequest()).results.count == 2)

            let bob = try await person(store, "Bob")
            #expect(try await store.assistantAnswer(userID: bob.id, clientID: "c-1") == nil)
            #expect(try await store.assistantMessage(userID: bob.id, id: first.id) == nil)
        }
    }

    @Test(arguments: StoreBackend.all)
    func retriesArrivingTogetherGetOneAnswer(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let answers = try await withThrowingTaskGroup(of: AssistantMessage.self) { group in
                for index in 0..<4 {
                    let (question, answer) = exchange("try \(index)", clientID: "c-1", at: now)
                    group.addTask {
                        try await store.appendAssistantExchange(userID: ada.id, question: question, answer: answer)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(answers.map(\.id)).count == 1)
            #expect(try await store.assistantMessages(userID: ada.id, page: PageRequest()).results.count == 2)
        }
    }

    @Test(arguments: StoreBackend.all)
    func historyPagesNewestFirstAndCardsChangeOneByOne(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            var answers: [AssistantMessage] = []
            for text in ["one", "two", "three"] {
                let (question, answer) = exchange(
                    text, cards: [AssistantCard(content: .list(title: text, items: []))], at: now)
                answers.append(
                    try await store.appendAssistantExchange(userID: ada.id, question: question, answer: answer))
            }
            let first = try await store.assistantMessages(userID: ada.id, page: PageRequest(limit: 4))
            #expect(first.results.map(\.text) == ["Answer to three", "three", "Answer to two", "two"])
            let cursor = try #require(first.nextCursor.flatMap { PageCursor(token: $0, keyCount: 1) })
            let rest = try await store.assistantMessages(userID: ada.id, page: PageRequest(cursor: cursor, limit: 4))
            #expect(rest.results.map(\.text) == ["Answer to one", "one"])
            #expect(rest.nextCursor == nil)

            let added = AssistantCard(content: .list(title: "two", items: []), state: .added(taskIDs: ["7"]))
            let updated = try await store.updateAssistantCard(
                userID: ada.id, messageID: answers[1].id, index: 0, card: added)
            #expect(updated.cards == [added])
            #expect(try await store.assistantMessage(userID: ada.id, id: answers[1].id) == updated)
            let bob = try await person(store, "Bob")
            await #expect(throws: KairosError.self) {
                try await store.updateAssistantCard(userID: bob.id, messageID: answers[1].id, index: 0, card: added)
            }
            await #expect(throws: KairosError.self) {
                try await store.updateAssistantCard(userID: ada.id, messageID: answers[1].id, index: 1, card: added)
            }
        }
    }
}
