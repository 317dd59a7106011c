import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `MessageTaskLinkStore`'s behaviour, the same on every backend.
@Suite("Message task links, on every backend")
struct MessageTaskLinkStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    @Test(
        "A task made from a message is found from either side, by those who may see both", arguments: StoreBackend.all)
    func links(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            let message = try await store.post(
                MessageDraft(conversationID: group.id, authorID: bob.id, kind: .text, text: "buy paint"), now: now)
            let project = try await SharedFixtures.project(store, owner: ada, name: "Home", now: now)
            let task = try await SharedFixtures.task(store, "Buy paint", in: project, by: ada, now: now)
            try await SharedFixtures.link(store, task: task, toMessage: message.id)

            #expect(
                try await store.tasksMade(fromMessages: [message.id, "x"], by: ada.id) == [
                    MessageTaskLink(messageID: message.id, taskID: task, content: "Buy paint")
                ])
            #expect(try await store.tasksMade(fromMessages: [message.id], by: bob.id).isEmpty)
            #expect(try await store.tasksMade(fromMessages: [], by: ada.id).isEmpty)

            let sources = try await store.sources(ofTask: task, viewerID: ada.id)
            #expect(sources.map(\.messageID) == [message.id])
            #expect(sources.first?.conversationName == "Team" && sources.first?.authorName == "Bob")
            #expect(sources.first?.conversationKind == .group && sources.first?.sentAt == now)
            // Bob is in the conversation but cannot see the task; Carol can see neither.
            #expect(try await store.sources(ofTask: task, viewerID: bob.id).isEmpty)
            #expect(try await store.sources(ofTask: task, viewerID: carol.id).isEmpty)
            #expect(try await store.sources(ofTask: "x", viewerID: ada.id).isEmpty)
            // Shared with the project, Bob sees where it came from.
            _ = try await store.setProjectMember(
                projectID: project, userID: bob.id, role: .editor, by: ada.id, now: now)
            #expect(try await store.sources(ofTask: task, viewerID: bob.id).map(\.messageID) == [message.id])
            #expect(try await store.linkedTasks(in: group.id, hiddenFrom: carol.id) == [])
        }
    }

    @Test("The tasks linked to a conversation that a member cannot open are listed", arguments: StoreBackend.all)
    func hiddenLinkedTasks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            let project = try await SharedFixtures.project(store, owner: ada, name: "Home", now: now)
            let task = try await SharedFixtures.task(store, "Paint", in: project, by: ada, now: now)
            _ = try await store.post(
                MessageDraft(conversationID: group.id, authorID: ada.id, kind: .taskCard, text: "Paint", taskID: task),
                now: now)
            let again = try await store.postMessage(
                MessageDraft(conversationID: group.id, authorID: ada.id, kind: .taskCard, text: "Paint", taskID: task),
                now: now
            ) { _ in }
            #expect(!again.created)
            #expect(again.message.task?.content == "Paint")
            #expect(try await store.linkedTasks(in: group.id, hiddenFrom: bob.id) == [task])
            #expect(try await store.linkedTasks(in: group.id, hiddenFrom: ada.id).isEmpty)
            #expect(try await store.linkedTasks(in: "x", hiddenFrom: bob.id).isEmpty)
        }
    }
}
