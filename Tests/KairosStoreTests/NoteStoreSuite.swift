import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `NoteStore`'s behaviour, the same on every backend.
@Suite("Note store, on every backend")
struct NoteStoreSuite {
    @Test("A note is written, read, changed and deleted by its owner only", arguments: StoreBackend.all)
    func lifecycle(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let note = try await store.createNote(
                userID: ada.id, draft: NoteDraft(text: "buy milk", source: .typed), now: suiteNow)
            #expect(note.text == "buy milk" && note.source == .typed && note.taskIDs.isEmpty && note.clientID == nil)
            #expect(note.createdAt == suiteNow && note.updatedAt == suiteNow)
            #expect(try await store.note(userID: ada.id, id: note.id) == note)

            #expect(try await store.note(userID: bob.id, id: note.id) == nil)
            #expect(try await store.note(userID: ada.id, id: "nope") == nil)
            await #expect(throws: KairosError.missing("Note")) {
                _ = try await store.updateNote(userID: bob.id, id: note.id, text: "x", source: .voice, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Note")) {
                try await store.deleteNote(userID: bob.id, id: note.id)
            }
            await #expect(throws: KairosError.missing("Note")) {
                _ = try await store.linkNoteTasks(userID: bob.id, noteID: note.id, taskIDs: [], now: suiteNow)
            }

            let later = suiteNow.addingTimeInterval(60)
            let changed = try await store.updateNote(
                userID: ada.id, id: note.id, text: "buy oat milk", source: .voice, now: later)
            #expect(changed.text == "buy oat milk" && changed.source == .voice && changed.updatedAt == later)
            #expect(changed.createdAt == suiteNow)
            try await store.deleteNote(userID: ada.id, id: note.id)
            #expect(try await store.note(userID: ada.id, id: note.id) == nil)
            await #expect(throws: KairosError.missing("Note")) {
                try await store.deleteNote(userID: ada.id, id: note.id)
            }
        }
    }

    @Test("A create retried with the same client id gives back the first note", arguments: StoreBackend.all)
    func retriedCreate(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let draft = NoteDraft(text: "idea", source: .voice, clientID: "c-1")
            let first = try await store.createNote(userID: ada.id, draft: draft, now: suiteNow)
            let again = try await store.createNote(
                userID: ada.id, draft: NoteDraft(text: "other", source: .typed, clientID: "c-1"), now: suiteNow)
            #expect(again == first && first.clientID == "c-1")
            // Retries at the same moment still make one note.
            let racing = try await withThrowingTaskGroup(of: Note.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await store.createNote(
                            userID: ada.id, draft: NoteDraft(text: "race", source: .typed, clientID: "c-2"),
                            now: suiteNow)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(racing.map(\.id)).count == 1)
            // Another person's client id is theirs.
            let bobs = try await store.createNote(userID: bob.id, draft: draft, now: suiteNow)
            #expect(bobs.id != first.id)
            let all = try await store.notes(userID: ada.id, query: NoteQuery(), page: PageRequest())
            #expect(all.results.count == 2)
        }
    }

    @Test(
        "Notes list newest first, page by page, matching words they begin and the task made from them",
        arguments: StoreBackend.all)
    func listing(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            var made: [Note] = []
            for text in ["Call the plumber", "Plumbing quote from Zoë", "Groceries: apples", "café with Léa"] {
                made.append(
                    try await store.createNote(
                        userID: ada.id, draft: NoteDraft(text: text, source: .typed), now: suiteNow))
            }
            _ = try await store.createNote(
                userID: bob.id, draft: NoteDraft(text: "plumber for Bob", source: .typed), now: suiteNow)

            func ids(_ query: NoteQuery, limit: Int = 50) async throws -> [String] {
                try await store.notes(userID: ada.id, query: query, page: PageRequest(limit: limit)).results.map(\.id)
            }
            #expect(try await ids(NoteQuery()) == made.reversed().map(\.id))
            let first = try await store.notes(userID: ada.id, query: NoteQuery(), page: PageRequest(limit: 3))
            let cursor = try #require(first.nextCursor.flatMap { PageCursor(token: $0, keyCount: 1) })
            let rest = try await store.notes(
                userID: ada.id, query: NoteQuery(), page: PageRequest(cursor: cursor, limit: 3))
            #expect(rest.results.map(\.id) == [made[0].id] && rest.nextCursor == nil)

            #expect(try await ids(NoteQuery(text: "plumb")) == [made[1].id, made[0].id])
            #expect(try await ids(NoteQuery(text: "PLUMBER call")) == [made[0].id])
            #expect(try await ids(NoteQuery(text: "umber")).isEmpty)
            #expect(try await ids(NoteQuery(text: "apple")) == [made[2].id])
            #expect(try await ids(NoteQuery(text: "cafe lea")) == [made[3].id])
            #expect(try await ids(NoteQuery(text: "zoe")) == [made[1].id])
            #expect(try await ids(NoteQuery(text: "  ?! ")).isEmpty)

            let task = try await store.task("Book the plumber", for: ada)
            _ = try await store.linkNoteTasks(userID: ada.id, noteID: made[0].id, taskIDs: [task.id], now: suiteNow)
            #expect(try await ids(NoteQuery(taskID: task.id)) == [made[0].id])
            #expect(try await ids(NoteQuery(text: "plumb", taskID: task.id)) == [made[0].id])
            #expect(try await ids(NoteQuery(taskID: "nope")).isEmpty)
        }
    }

    @Test(
        "Tasks made from a note are linked once, in order; unseen tasks are refused; deleted ones drop out",
        arguments: StoreBackend.all)
    func linkingTasks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let note = try await store.createNote(
                userID: ada.id, draft: NoteDraft(text: "plan the trip", source: .voice), now: suiteNow)
            let book = try await store.task("book flights", for: ada)
            let pack = try await store.task("pack", for: ada)
            let bobs = try await store.task("Bob's", for: bob)

            let linked = try await store.linkNoteTasks(
                userID: ada.id, noteID: note.id, taskIDs: [book.id, pack.id], now: suiteNow)
            #expect(linked.taskIDs == [book.id, pack.id])
            // Linking again keeps the first link; a later link comes after.
            let visa = try await store.task("visa", for: ada)
            let again = try await store.linkNoteTasks(
                userID: ada.id, noteID: note.id, taskIDs: [visa.id, book.id], now: suiteNow.addingTimeInterval(5))
            #expect(again.taskIDs == [book.id, pack.id, visa.id])

            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.linkNoteTasks(userID: ada.id, noteID: note.id, taskIDs: [bobs.id], now: suiteNow)
            }
            await #expect(throws: KairosError.self) {
                _ = try await store.linkNoteTasks(userID: ada.id, noteID: note.id, taskIDs: ["nope"], now: suiteNow)
            }
            #expect(try await store.note(userID: ada.id, id: note.id)?.taskIDs == [book.id, pack.id, visa.id])

            try await store.deleteTask(userID: ada.id, id: pack.id, now: suiteNow)
            #expect(try await store.note(userID: ada.id, id: note.id)?.taskIDs == [book.id, visa.id])
            // Deleting the note leaves its tasks.
            try await store.deleteNote(userID: ada.id, id: note.id)
            #expect(try await store.task(userID: ada.id, id: book.id) != nil)
        }
    }
}
