import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `UserDataStore`'s behaviour, the same on every backend: everything of one person read out, and written back
/// into another account with new ids.
@Suite("User data store, on every backend")
struct UserDataStoreSuite {
    /// Ada's projects, labels, tasks, comments, reminder, time, conversation with Bob, upload, note and chat;
    /// Bob's own project and task beside them.
    private func adaWithData(_ store: any SharedStore) async throws -> (ada: User, bob: User) {
        let (ada, bob) = (try await store.person("Ada"), try await store.person("Bob"))
        let home = try await store.project("Home", for: ada)
        let garden = try await store.project("Garden", for: ada, parentID: home.id)
        let section = try await store.createSection(
            userID: ada.id, projectID: home.id, name: "Kitchen", order: nil, now: suiteNow)
        _ = try await store.createLabel(userID: ada.id, name: "errand", color: "red", order: 2, isFavorite: true)
        _ = try await store.createLabel(userID: ada.id, name: "home", color: "blue", order: 1, isFavorite: false)
        let paint = try await store.task("Paint the wall", for: ada) {
            $0.projectID = home.id
            $0.sectionID = section.id
            $0.labels = ["home"]
            $0.priority = 3
            $0.due = Due(date: LocalDate(iso: "2026-03-06")!, time: LocalTime(iso: "09:00"), string: "friday 9am")
        }
        _ = try await store.task("Buy brushes", for: ada) {
            $0.projectID = home.id
            $0.parentID = paint.id
        }
        let seeds = try await store.task("Sow seeds", for: ada) { $0.projectID = garden.id }
        try await store.closeTask(userID: ada.id, id: seeds.id, now: suiteNow + 60)
        _ = try await store.createComment(
            userID: ada.id, taskID: paint.id, projectID: nil, content: "white", now: suiteNow)
        _ = try await store.createComment(
            userID: ada.id, taskID: nil, projectID: home.id, content: "whole house", now: suiteNow)
        _ = try await store.createReminder(
            userID: ada.id, taskID: paint.id, time: .beforeDue(minutes: 30), nag: true, now: suiteNow)
        _ = try await store.addSession(
            userID: ada.id,
            draft: TimeSessionDraft(taskID: paint.id, startedAt: suiteNow - 3600, endedAt: suiteNow - 1800),
            now: suiteNow)
        let dm = try await store.directMessage(between: ada.id, and: bob.id, now: suiteNow)
        _ = try await store.post(
            MessageDraft(conversationID: dm.id, authorID: ada.id, kind: .text, text: "Lunch?"), now: suiteNow)
        _ = try await store.post(
            MessageDraft(conversationID: dm.id, authorID: bob.id, kind: .text, text: "Sure"), now: suiteNow + 1)
        _ = try await store.createAttachment(
            AttachmentDraft(
                uploaderID: ada.id, name: "plan.png", mediaType: .png, size: 100,
                sha256: String(repeating: "a", count: 64),
                dimensions: ImageDimensions(width: 4, height: 3)),
            now: suiteNow)
        _ = try await store.createNote(userID: ada.id, draft: NoteDraft(text: "colours", source: .typed), now: suiteNow)
        _ = try await store.appendAssistantExchange(
            userID: ada.id, question: AssistantMessage(id: "", role: .user, text: "hi", createdAt: suiteNow),
            answer: AssistantMessage(id: "", role: .assistant, type: .conversation, text: "hello", createdAt: suiteNow))

        let work = try await store.project("Bob's work", for: bob)
        _ = try await store.task("Bob's report", for: bob) { $0.projectID = work.id }
        _ = try await store.createLabel(userID: bob.id, name: "work", color: "red", order: nil, isFavorite: false)
        _ = try await store.createNote(userID: bob.id, draft: NoteDraft(text: "bob's", source: .typed), now: suiteNow)
        return (ada, bob)
    }

    @Test(
        "The export holds everything of the person's, in order, and nothing of anyone else's",
        arguments: StoreBackend.all)
    func export(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob) = try await adaWithData(store)
            let data = try await store.userData(userID: ada.id, now: suiteNow + 600)
            #expect(data.exportedAt == suiteNow + 600 && data.account == ada)
            #expect(data.projects.map(\.name) == ["Inbox", "Home", "Garden"])
            #expect(data.projects[2].parentID == data.projects[1].id)
            #expect(data.sections.map(\.name) == ["Kitchen"])
            #expect(data.labels.map(\.name) == ["home", "errand"])
            #expect(data.tasks.map(\.content) == ["Paint the wall", "Buy brushes", "Sow seeds"])
            let paint = data.tasks[0]
            #expect(paint.labels == ["home"] && paint.priority == 3 && paint.sectionID == data.sections[0].id)
            #expect(paint.due?.time == LocalTime(iso: "09:00") && data.tasks[1].parentID == paint.id)
            #expect(data.tasks[2].completedAt == suiteNow + 60)
            #expect(data.comments.map(\.content) == ["white", "whole house"])
            #expect(data.reminders.map(\.minuteOffset) == [30] && data.reminders.first?.nag == true)
            #expect(data.timeSessions.map(\.startedAt) == [suiteNow - 3600])
            #expect(data.conversations.map(\.kind) == [.dm])
            #expect(data.conversations.first?.members.map(\.userID).sorted() == [ada.id, bob.id].sorted())
            #expect(data.messages.map(\.text) == ["Lunch?", "Sure"])
            #expect(data.attachments.map(\.name) == ["plan.png"])
            #expect(data.attachments.first?.dimensions == ImageDimensions(width: 4, height: 3))
            #expect(data.notes.map(\.text) == ["colours"])
            #expect(data.assistantMessages.map(\.text) == ["hi", "hello"])

            let bobs = try await store.userData(userID: bob.id, now: suiteNow)
            #expect(bobs.projects.map(\.name) == ["Inbox", "Bob's work"])
            #expect(bobs.tasks.map(\.content) == ["Bob's report"] && bobs.labels.map(\.name) == ["work"])
            #expect(bobs.comments.isEmpty && bobs.reminders.isEmpty && bobs.timeSessions.isEmpty)
            #expect(bobs.messages.map(\.text) == ["Lunch?", "Sure"] && bobs.attachments.isEmpty)
            #expect(bobs.notes.map(\.text) == ["bob's"] && bobs.assistantMessages.isEmpty)
            await #expect(throws: KairosError.missing("User")) { try await store.userData(userID: "x", now: suiteNow) }
        }
    }

    @Test(
        "An import writes the plan with new ids: the Inbox is the account's, labels it has stay as they are",
        arguments: StoreBackend.all)
    func importBack(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, _) = try await adaWithData(store)
            let carol = try await store.person("Carol")
            _ = try await store.createLabel(userID: carol.id, name: "HOME", color: "green", order: 7, isFavorite: false)
            let exported = try await store.userData(userID: ada.id, now: suiteNow)
            let plan = try UserDataImportPlan(exported)
            let result = try await store.importUserData(userID: carol.id, plan: plan, now: suiteNow + 3600)
            #expect(result.projects == 2 && result.sections == 1 && result.labels == 1 && result.tasks == 3)
            #expect(result.comments == 2 && result.reminders == 1 && result.timeSessions == 1)
            #expect(result.newProjects.map(\.name) == ["Home", "Garden"])

            let data = try await store.userData(userID: carol.id, now: suiteNow)
            #expect(data.projects.map(\.name) == ["Inbox", "Home", "Garden"])
            #expect(Set(data.projects.map(\.id)).isDisjoint(with: exported.projects.dropFirst().map(\.id)))
            #expect(data.projects[2].parentID == data.projects[1].id)
            #expect(result.newProjects.map(\.id) == [data.projects[1].id, data.projects[2].id])
            #expect(data.labels.map(\.name) == ["errand", "HOME"])
            #expect(data.labels.last?.color == "green" && data.labels.last?.order == 7)
            #expect(data.sections.map(\.projectID) == [data.projects[1].id])
            #expect(data.tasks.map(\.content) == ["Paint the wall", "Buy brushes", "Sow seeds"])
            let paint = data.tasks[0]
            #expect(paint.userID == carol.id && paint.addedByUID == carol.id && paint.sectionID == data.sections[0].id)
            #expect(paint.due == exported.tasks[0].due && paint.labels == ["home"] && paint.priority == 3)
            #expect(data.tasks[1].parentID == paint.id && data.tasks[2].completedAt == suiteNow + 60)
            #expect(data.comments.map(\.content) == ["white", "whole house"])
            #expect(data.comments.map(\.taskID) == [paint.id, nil])
            #expect(data.reminders.map(\.minuteOffset) == [30] && data.reminders.first?.nag == true)
            #expect(data.reminders.first?.taskID == paint.id)
            #expect(data.timeSessions.map(\.taskID) == [paint.id])
            // Conversations, uploads, notes and the chat are not imported.
            #expect(data.conversations.isEmpty && data.attachments.isEmpty && data.notes.isEmpty)

            // Nothing of Ada's changed.
            let adas = try await store.userData(userID: ada.id, now: suiteNow)
            #expect(adas.tasks.map(\.id) == exported.tasks.map(\.id))
        }
    }
}
