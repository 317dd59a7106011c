import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `CommitmentStore`'s behaviour, the same on every backend: what ties the viewer to one other person.
@Suite("Commitment store, on every backend")
struct CommitmentStoreSuite {
    @Test(
        "The conversations two people are both in, most recently active first, named only for groups",
        arguments: StoreBackend.all)
    func sharedConversations(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob, carol) = (
                try await store.person("Ada"), try await store.person("Bob"),
                try await store.person("Carol")
            )
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: suiteNow)
            let team = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id, carol.id], notice: "made", now: suiteNow)
            let book = try await store.createGroup(
                userID: carol.id, name: "Book club", memberIDs: [ada.id], notice: "made", now: suiteNow)
            _ = try await store.post(
                MessageDraft(conversationID: dm.id, authorID: bob.id, kind: .text, text: "hi"), now: suiteNow + 60)

            #expect(
                try await store.sharedConversations(userID: ada.id, otherID: bob.id) == [
                    SharedConversation(id: dm.id, groupName: nil), SharedConversation(id: team.id, groupName: "Team"),
                ])
            #expect(
                try await store.sharedConversations(userID: ada.id, otherID: carol.id).map(\.id) == [book.id, team.id])
            #expect(try await store.sharedConversations(userID: bob.id, otherID: carol.id).map(\.id) == [team.id])
            #expect(try await store.sharedConversations(userID: ada.id, otherID: "x").isEmpty)
            #expect(try await store.sharedConversations(userID: ada.id, otherID: "999999").isEmpty)
            await #expect(throws: KairosError.missing("User")) {
                try await store.sharedConversations(userID: "x", otherID: bob.id)
            }
        }
    }

    @Test(
        "A person's tasks: assigned between the two, made from a message both saw, or theirs and followed",
        arguments: StoreBackend.all)
    func personTasks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob, carol) = (
                try await store.person("Ada"), try await store.person("Bob"),
                try await store.person("Carol")
            )
            let launch = try await store.project("Launch", for: ada)
            for member in [bob, carol] {
                _ = try await store.setProjectMember(
                    projectID: launch.id, userID: member.id, role: .editor, by: ada.id, now: suiteNow)
            }
            let deck = try await store.task("Send the deck", for: ada, at: suiteNow + 1) {
                $0.projectID = launch.id
                $0.assigneeIDs = [bob.id, carol.id]
            }
            let budget = try await store.task("Review the budget", for: bob, at: suiteNow + 2) {
                $0.projectID = launch.id
                $0.assigneeIDs = [ada.id]
            }
            let hall = try await store.task("Book the hall", for: carol, at: suiteNow + 3) {
                $0.projectID = launch.id
                $0.assigneeIDs = [bob.id]
            }
            // Carol's task for Bob counts once Ada follows it.
            let chairs = try await store.task("Rent chairs", for: carol, at: suiteNow + 4) {
                $0.projectID = launch.id
                $0.assigneeIDs = [bob.id]
            }
            try await store.follow(taskID: chairs.id, userID: ada.id, now: suiteNow)
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: suiteNow)
            let ask = try await store.post(
                MessageDraft(conversationID: dm.id, authorID: bob.id, kind: .text, text: "can you print flyers?"),
                now: suiteNow + 5)
            let flyers = try await store.createTask(
                fromMessage: ask.id, userID: ada.id, draft: TaskDraft(content: "Print flyers"), notice: "made",
                now: suiteNow + 6)
            // Made from a message in a group Bob is not in: it does not tie Ada to Bob.
            let crew = try await store.createGroup(
                userID: ada.id, name: "Crew", memberIDs: [carol.id], notice: "made", now: suiteNow)
            let elsewhere = try await store.post(
                MessageDraft(conversationID: crew.id, authorID: carol.id, kind: .text, text: "paint the sign"),
                now: suiteNow + 7)
            _ = try await store.createTask(
                fromMessage: elsewhere.id, userID: ada.id, draft: TaskDraft(content: "Paint the sign"),
                notice: "made", now: suiteNow + 8)
            // Bob's own task for himself, which Ada cannot see.
            _ = try await store.task("Bob's secret", for: bob, at: suiteNow + 9) { $0.assigneeIDs = [bob.id] }
            // Done long ago: left out; done lately: in.
            let old = try await store.task("Old errand", for: ada, at: suiteNow + 10) {
                $0.projectID = launch.id
                $0.assigneeIDs = [bob.id]
            }
            try await store.closeTask(userID: ada.id, id: old.id, now: suiteNow + 11)
            try await store.closeTask(userID: ada.id, id: deck.id, now: suiteNow + 20)

            let tasks = try await store.personTasks(userID: ada.id, personID: bob.id, completedSince: suiteNow + 15)
            #expect(tasks.map(\.id) == [flyers.id, chairs.id, budget.id, deck.id], "\(tasks.map(\.content))")
            let sent = try #require(tasks.first)
            #expect(
                sent.source
                    == PersonTaskSource(
                        messageID: ask.id, conversationID: dm.id, conversationName: nil, authorID: bob.id,
                        sentAt: suiteNow + 5))
            #expect(sent.addedByID == ada.id && sent.assigneeIDs.isEmpty && sent.isFollowed)
            let chairsSeen = tasks[1]
            #expect(chairsSeen.source == nil && chairsSeen.isFollowed && chairsSeen.assigneeIDs == [bob.id])
            #expect(chairsSeen.addedByID == carol.id && chairsSeen.assignedByID == carol.id)
            #expect(tasks[2].assignedByID == bob.id && tasks[2].assigneeIDs == [ada.id])
            #expect(tasks[3].assigneeIDs == [bob.id, carol.id] && tasks[3].completedAt == suiteNow + 20)
            #expect(tasks[3].addedAt == suiteNow + 1 && tasks[3].content == "Send the deck")
            #expect(!tasks.contains { $0.id == hall.id })

            // Bob sees from his side what he can see of the same ties.
            let bobs = try await store.personTasks(userID: bob.id, personID: ada.id, completedSince: suiteNow)
            #expect(bobs.map(\.id).contains(budget.id) && bobs.map(\.id).contains(old.id))
            #expect(bobs.first { $0.id == flyers.id } == nil, "Bob cannot see Ada's Inbox task")
            #expect(try await store.personTasks(userID: ada.id, personID: "x", completedSince: suiteNow).isEmpty)
            await #expect(throws: KairosError.missing("User")) {
                try await store.personTasks(userID: "x", personID: bob.id, completedSince: suiteNow)
            }
        }
    }
}
