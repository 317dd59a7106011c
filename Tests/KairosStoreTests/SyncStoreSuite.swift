import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `SyncStore`'s behaviour, the same on every backend.
@Suite("Sync store, on every backend")
struct SyncStoreSuite {
    @Test(
        "A command's outcome is kept for its person once, until it is old enough to forget", arguments: StoreBackend.all
    )
    func outcomes(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let first = Data(#"{"new_id":"1"}"#.utf8)
            try await store.recordSyncOutcome(
                userID: ada.id, uuid: "u-1", outcome: first, now: suiteNow, forgetBefore: suiteNow - 60)
            #expect(try await store.syncOutcome(userID: ada.id, uuid: "u-1") == first)
            #expect(try await store.syncOutcome(userID: bob.id, uuid: "u-1") == nil)
            #expect(try await store.syncOutcome(userID: ada.id, uuid: "u-2") == nil)
            // The first outcome stands.
            try await store.recordSyncOutcome(
                userID: ada.id, uuid: "u-1", outcome: Data("{}".utf8), now: suiteNow, forgetBefore: suiteNow - 60)
            #expect(try await store.syncOutcome(userID: ada.id, uuid: "u-1") == first)
            try await store.recordSyncOutcome(
                userID: bob.id, uuid: "u-1", outcome: Data("{}".utf8), now: suiteNow, forgetBefore: suiteNow - 60)
            #expect(try await store.syncOutcome(userID: bob.id, uuid: "u-1") == Data("{}".utf8))

            // Recording forgets the person's outcomes older than asked, not another's.
            let later = suiteNow + 3600
            try await store.recordSyncOutcome(
                userID: ada.id, uuid: "u-2", outcome: Data("[]".utf8), now: later, forgetBefore: later - 60)
            #expect(try await store.syncOutcome(userID: ada.id, uuid: "u-1") == nil)
            #expect(try await store.syncOutcome(userID: ada.id, uuid: "u-2") == Data("[]".utf8))
            #expect(try await store.syncOutcome(userID: bob.id, uuid: "u-1") == Data("{}".utf8))
            await #expect(throws: KairosError.missing("User")) {
                _ = try await store.syncOutcome(userID: "x", uuid: "u-1")
            }
        }
    }

    @Test(
        "A full sync holds what the person sees: open tasks, their own labels and reminders, shared projects' objects",
        arguments: StoreBackend.all)
    func everything(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let carol = try await store.person("Carol")
            let home = try await store.project("Home", for: ada)
            _ = try await store.setProjectMember(
                projectID: home.id, userID: bob.id, role: .editor, by: ada.id, now: suiteNow)
            let private_ = try await store.project("Private", for: ada)
            let section = try await store.createSection(
                userID: ada.id, projectID: home.id, name: "Kitchen", order: nil, now: suiteNow)
            let paint = try await store.task("Paint", for: ada) {
                $0.projectID = home.id
                $0.labels = ["home"]
            }
            let done = try await store.task("Done", for: ada) { $0.projectID = home.id }
            try await store.closeTask(userID: ada.id, id: done.id, now: suiteNow)
            let secret = try await store.task("Secret", for: ada) { $0.projectID = private_.id }
            let label = try await store.createLabel(
                userID: ada.id, name: "errand", color: "red", order: nil, isFavorite: false)
            let onPaint = try await store.createComment(
                userID: ada.id, taskID: paint.id, projectID: nil, content: "blue?", now: suiteNow)
            _ = try await store.createComment(
                userID: ada.id, taskID: done.id, projectID: nil, content: "done", now: suiteNow)
            let onHome = try await store.createComment(
                userID: ada.id, taskID: nil, projectID: home.id, content: "plan", now: suiteNow)
            let adas = try await store.createReminder(
                userID: ada.id, taskID: paint.id, time: .at(suiteNow + 3600), nag: nil, now: suiteNow)
            let bobs = try await store.createReminder(
                userID: bob.id, taskID: paint.id, time: .at(suiteNow + 7200), nag: nil, now: suiteNow)

            let (mine, position) = try await store.syncEverything(userID: ada.id)
            let latest = try await store.syncPosition()
            #expect(position == latest)
            let adaInbox = try await store.inbox(userID: ada.id)
            #expect(Set(mine.projects.map(\.id)) == [adaInbox.id, home.id, private_.id])
            #expect(mine.sections.map(\.id) == [section.id])
            #expect(mine.items.map(\.id) == [paint.id, secret.id])
            #expect(mine.items.first?.labels == ["home"])
            #expect(mine.labels.map(\.id).contains(label.id))
            #expect(mine.notes.map(\.id) == [onPaint.id])
            #expect(mine.projectNotes.map(\.id) == [onHome.id])
            #expect(mine.reminders.map(\.id) == [adas.id])
            #expect(mine.user?.id == ada.id && mine.inboxProjectID == adaInbox.id)
            #expect(mine.deleted.isEmpty)

            let (bobsObjects, _) = try await store.syncEverything(userID: bob.id)
            let bobInbox = try await store.inbox(userID: bob.id)
            #expect(Set(bobsObjects.projects.map(\.id)) == [bobInbox.id, home.id])
            #expect(bobsObjects.projects.first { $0.id == home.id }?.role == .editor)
            #expect(bobsObjects.sections.map(\.id) == [section.id])
            #expect(bobsObjects.items.map(\.id) == [paint.id])
            #expect(bobsObjects.labels.isEmpty)
            #expect(bobsObjects.notes.map(\.id) == [onPaint.id] && bobsObjects.projectNotes.map(\.id) == [onHome.id])
            #expect(bobsObjects.reminders.map(\.id) == [bobs.id])
            #expect(bobsObjects.user?.id == bob.id && bobsObjects.inboxProjectID == bobInbox.id)

            let (carols, _) = try await store.syncEverything(userID: carol.id)
            #expect(carols.projects.count == 1 && carols.items.isEmpty && carols.sections.isEmpty)
            #expect(carols.notes.isEmpty && carols.projectNotes.isEmpty && carols.reminders.isEmpty)
            await #expect(throws: KairosError.missing("User")) { _ = try await store.syncEverything(userID: "x") }
        }
    }

    @Test(
        "Changes after a position hold what changed in the person's sight, and the ids of what went",
        arguments: StoreBackend.all)
    func changes(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let carol = try await store.person("Carol")
            let home = try await store.project("Home", for: ada)
            let paint = try await store.task("Paint", for: ada) { $0.projectID = home.id }
            let shop = try await store.task("Shop", for: ada) { $0.projectID = home.id }
            let start = try await store.syncPosition()
            #expect(start > 0)
            let (_, everything) = try await store.syncEverything(userID: ada.id)
            #expect(everything == start)

            // Nothing after the end; no position past it.
            let none = try #require(try await store.syncChanges(userID: ada.id, after: start))
            #expect(none.position == start && none.objects.items.isEmpty && none.objects.deleted.isEmpty)
            #expect(try await store.syncChanges(userID: ada.id, after: start + 1) == nil)

            _ = try await store.updateTask(
                userID: ada.id, id: paint.id, changes: .with { $0.content = "Paint walls" }, now: suiteNow)
            try await store.deleteTask(userID: ada.id, id: shop.id, now: suiteNow)
            let label = try await store.createLabel(
                userID: ada.id, name: "errand", color: "red", order: nil, isFavorite: false)
            let note = try await store.createComment(
                userID: ada.id, taskID: nil, projectID: home.id, content: "plan", now: suiteNow)
            let read = try #require(try await store.syncChanges(userID: ada.id, after: start))
            let now = try await store.syncPosition()
            #expect(read.position > start && read.position == now)
            #expect(read.objects.items.map(\.content) == ["Paint walls"])
            #expect(read.objects.deleted[.items] == [shop.id])
            #expect(read.objects.deleted[.projects] == [])
            #expect(read.objects.labels.map(\.id) == [label.id])
            #expect(read.objects.projectNotes.map(\.id) == [note.id] && read.objects.notes.isEmpty)
            #expect(read.objects.user == nil)

            // Another person hears nothing of it.
            let carols = try #require(try await store.syncChanges(userID: carol.id, after: start))
            #expect(carols.position == read.position)
            #expect(
                carols.objects.items.isEmpty && carols.objects.labels.isEmpty && carols.objects.projectNotes.isEmpty)
            #expect(carols.objects.deleted.values.allSatisfy { $0.isEmpty })

            // A changed profile comes with the person's Inbox.
            var rename = UserChanges()
            rename.name = "Ada L."
            _ = try await store.updateUser(id: ada.id, changes: rename)
            let profile = try #require(try await store.syncChanges(userID: ada.id, after: read.position))
            #expect(profile.objects.user?.name == "Ada L.")
            let inbox = try await store.inbox(userID: ada.id)
            #expect(profile.objects.inboxProjectID == inbox.id)
            #expect(try await store.syncChanges(userID: carol.id, after: read.position)?.objects.user == nil)
            await #expect(throws: KairosError.missing("User")) {
                _ = try await store.syncChanges(userID: "x", after: 0)
            }
        }
    }

    @Test(
        "A project shared with a person comes whole in their next changes; once they leave, all of it goes",
        arguments: StoreBackend.all)
    func sharing(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let home = try await store.project("Home", for: ada)
            let section = try await store.createSection(
                userID: ada.id, projectID: home.id, name: "Kitchen", order: nil, now: suiteNow)
            let paint = try await store.task("Paint", for: ada) { $0.projectID = home.id }
            let done = try await store.task("Done", for: ada) { $0.projectID = home.id }
            try await store.closeTask(userID: ada.id, id: done.id, now: suiteNow)
            let onPaint = try await store.createComment(
                userID: ada.id, taskID: paint.id, projectID: nil, content: "blue?", now: suiteNow)
            let onHome = try await store.createComment(
                userID: ada.id, taskID: nil, projectID: home.id, content: "plan", now: suiteNow)
            let before = try await store.syncPosition()

            _ = try await store.setProjectMember(
                projectID: home.id, userID: bob.id, role: .editor, by: ada.id, now: suiteNow)
            let joined = try #require(try await store.syncChanges(userID: bob.id, after: before))
            #expect(joined.objects.projects.map(\.id) == [home.id])
            #expect(joined.objects.sections.map(\.id) == [section.id])
            #expect(joined.objects.items.map(\.id) == [paint.id])
            #expect(joined.objects.notes.map(\.id) == [onPaint.id])
            #expect(joined.objects.projectNotes.map(\.id) == [onHome.id])

            let reminder = try await store.createReminder(
                userID: bob.id, taskID: paint.id, time: .at(suiteNow + 3600), nag: nil, now: suiteNow)
            let shared = try await store.syncPosition()
            try await store.removeProjectMember(projectID: home.id, userID: bob.id, by: ada.id, now: suiteNow)
            let left = try #require(try await store.syncChanges(userID: bob.id, after: shared))
            #expect(left.objects.projects.isEmpty && left.objects.items.isEmpty && left.objects.sections.isEmpty)
            #expect(left.objects.deleted[.projects] == [home.id])
            #expect(left.objects.deleted[.sections] == [section.id])
            #expect(Set(left.objects.deleted[.items] ?? []) == [paint.id, done.id])
            #expect(Set(left.objects.deleted[.notes] ?? []) == [onPaint.id, onHome.id])
            #expect(left.objects.deleted[.projectNotes] == left.objects.deleted[.notes])
            #expect(left.objects.deleted[.reminders] == [reminder.id])
            // The owner hears only that the project's members changed.
            let owners = try #require(try await store.syncChanges(userID: ada.id, after: shared))
            #expect(owners.objects.projects.map(\.id) == [home.id] && owners.objects.deleted[.projects] == [])
        }
    }
}
