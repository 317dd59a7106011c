import Foundation
import Hummingbird
import KairosCapture
import KairosCore
import Testing

extension TestAPI {
    func createNote(_ text: String, source: String? = nil, clientID: String? = nil) async throws -> Note {
        let reply = try await post("notes", NoteCreateRequest(text: text, source: source, clientID: clientID))
        return try expectOK(reply, .created, as: Note.self)
    }

    func note(_ id: String) async throws -> Note {
        try expectOK(try await get("notes/\(id)"), as: Note.self)
    }

    /// The user's notes, newest first (one page of up to 200).
    func notes(_ query: KeyValuePairs<String, String> = [:]) async throws -> [Note] {
        var parameters = query.map { ($0.key, $0.value) }
        parameters.append(("limit", "200"))
        return try expectOK(try await get("notes" + queryString(parameters)), as: Page<Note>.self).results
    }

    func extractTasks(fromNote id: String) async throws -> CaptureResult {
        try expectOK(try await post("notes/\(id)/extract"), as: CaptureResult.self)
    }

    func addTasks(
        _ tasks: [CaptureCommitTask], toNote id: String, clientID: String? = nil
    ) async throws -> NoteTasksResponse {
        let reply = try await post("notes/\(id)/tasks", CaptureCommitRequest(tasks: tasks, clientID: clientID))
        return try expectOK(reply, as: NoteTasksResponse.self)
    }
}

// Ada's moment (`withAda`'s default): Wednesday 2026-03-04 09:30 in New York.

@Suite("Notes: personal notes, search, and Extract tasks linked back to the note")
struct NoteTests {
    @Test("A note is kept, listed newest first, read, edited and deleted, in the documented JSON shape")
    func lifecycle() async throws {
        try await withAda { ada in
            let reply = try await ada.post("notes", json: #"{"text": "  Ideas for the offsite  "}"#)
            #expect(reply.status == .created)
            let object = try #require(reply.object)
            #expect(
                Set(object.keys) == ["id", "text", "source", "task_ids", "client_id", "created_at", "updated_at"])
            let first = try reply.decode(Note.self)
            #expect(first.text == "Ideas for the offsite")
            #expect(first.source == .typed)
            #expect(first.taskIDs.isEmpty)
            #expect(first.createdAt == ada.clock.now)

            ada.clock.set("2026-03-04T15:00:00Z")
            let second = try await ada.createNote("so I was thinking on the walk", source: "voice")
            #expect(second.source == .voice)
            #expect(try await ada.notes().map(\.id) == [second.id, first.id])
            #expect(try await ada.note(first.id) == first)

            ada.clock.set("2026-03-04T16:00:00Z")
            let edited = try expectOK(
                try await ada.post("notes/\(first.id)", NoteUpdateRequest(text: "Ideas for the spring offsite")),
                as: Note.self)
            #expect(edited.text == "Ideas for the spring offsite")
            #expect(edited.source == .typed)
            #expect(edited.createdAt == first.createdAt)
            #expect(edited.updatedAt == ada.clock.now)
            #expect(try await ada.note(first.id) == edited)

            try expectNoContent(try await ada.delete("notes/\(second.id)"))
            #expect(try await ada.notes().map(\.id) == [first.id])
            expectError(try await ada.get("notes/\(second.id)"), .notFound, code: "not_found")
            expectError(try await ada.delete("notes/\(second.id)"), .notFound, code: "not_found")
        }
    }

    @Test("Notes page newest first, and a query finds those holding every word, each by its beginning")
    func pagingAndSearch() async throws {
        try await withAda { ada in
            let texts = [
                "Dentist on Friday", "Groceries: milk, eggs", "Call the dentist about the bill", "Plan the trip",
            ]
            var notes: [Note] = []
            for text in texts { notes.append(try await ada.createNote(text)) }
            let page = try expectOK(try await ada.get("notes", ["limit": "3"]), as: Page<Note>.self)
            #expect(page.results.map(\.text) == texts.reversed().prefix(3).map { $0 })
            let cursor = try #require(page.nextCursor)
            let rest = try expectOK(try await ada.get("notes", ["limit": "3", "cursor": cursor]), as: Page<Note>.self)
            #expect(rest.results.map(\.id) == [notes[0].id])
            #expect(rest.nextCursor == nil)

            #expect(try await ada.notes(["query": "dentist"]).map(\.id) == [notes[2].id, notes[0].id])
            #expect(try await ada.notes(["query": "dent bill"]).map(\.id) == [notes[2].id])
            #expect(try await ada.notes(["query": "MILK"]).map(\.id) == [notes[1].id])
            #expect(try await ada.notes(["query": "holiday"]).isEmpty)
            #expect(try await ada.notes(["query": "\"*:("]).isEmpty)

            _ = try expectOK(
                try await ada.post("notes/\(notes[3].id)", NoteUpdateRequest(text: "Plan the dentist visit")),
                as: Note.self)
            #expect(try await ada.notes(["query": "trip"]).isEmpty)
            #expect(try await ada.notes(["query": "dentist"]).count == 3)
            try expectNoContent(try await ada.delete("notes/\(notes[0].id)"))
            #expect(try await ada.notes(["query": "dentist"]).map(\.id) == [notes[3].id, notes[2].id])

            expectError(
                try await ada.get("notes", ["query": String(repeating: "a", count: 501)]), .badRequest,
                code: "invalid_field", mentioning: "query")
            expectError(
                try await ada.get("notes", ["cursor": "nonsense"]), .badRequest, code: "invalid_field",
                mentioning: "cursor")
        }
    }

    @Test("A retried create with the same client_id gives back the first note and adds none")
    func retryWithClientID() async throws {
        try await withAda { ada in
            let first = try await ada.createNote("Book the venue", clientID: "note-1")
            #expect(first.clientID == "note-1")
            let retry = try await ada.createNote("Book the venue", clientID: "note-1")
            #expect(retry == first)
            #expect(try await ada.notes().count == 1)

            // The same client id from someone else is their own note.
            let bob = try await ada.with(token: nil).signUp("bob@example.com", name: "Bob")
            let theirs = try await bob.createNote("Book the venue", clientID: "note-1")
            #expect(theirs.id != first.id)
            #expect(try await ada.notes().count == 1)
        }
    }

    @Test("Bad input is a 400 naming the field, and nothing is written")
    func badInput() async throws {
        try await withAda { ada in
            let kept = try await ada.createNote("Keep me")
            let failures: [(String, String)] = [
                (#"{"text": "   "}"#, "text"),
                (#"{}"#, "text"),
                (#"{"text": 5}"#, "text"),
                (#"{"text": "hello", "source": "whisper"}"#, "source"),
                (#"{"text": "hello", "title": "x"}"#, "title"),
                (#"{"text": "hello", "client_id": "\#(String(repeating: "c", count: 101))"}"#, "client_id"),
                (#"{"text": "\#(String(repeating: "a", count: 10_001))"}"#, "text"),
                (#"{"text": "\#(String(repeating: "a", count: 20_001))", "source": "voice"}"#, "text"),
            ]
            for (body, field) in failures {
                let reply = try await ada.post("notes", json: body)
                expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
                #expect(reply.error?.message.hasPrefix(field) == true, "\(reply)")
            }
            for (body, field) in [
                (#"{"source": "whisper"}"#, "source"), (#"{"text": ""}"#, "text"),
                (#"{"text": "\#(String(repeating: "a", count: 10_001))"}"#, "text"),
                (#"{"done": true}"#, "done"),
            ] {
                expectError(
                    try await ada.post("notes/\(kept.id)", json: body), .badRequest, code: "invalid_field",
                    mentioning: field)
            }
            #expect(try await ada.notes() == [kept])

            let commit = try await ada.post(
                "notes/\(kept.id)/tasks",
                json: #"{"tasks": [{"title": "Fine"}, {"title": "Call mom", "due": "friday"}]}"#)
            expectError(commit, .badRequest, code: "invalid_field", mentioning: "tasks[1].due")
            expectError(
                try await ada.post("notes/\(kept.id)/tasks", json: #"{"tasks": []}"#), .badRequest,
                code: "invalid_field", mentioning: "tasks")
            #expect(try await ada.tasks().isEmpty)
            #expect(try await ada.note(kept.id).taskIDs.isEmpty)
        }
    }

    @Test("A voice transcript longer than a typed note is kept whole, and Extract tasks reads it as capture does")
    func voiceTranscriptKeptWhole() async throws {
        try await withAda { ada in
            let rambling = String(repeating: "the weather was lovely on the walk today. ", count: 300)
            let transcript = "remind me to call mom friday at 5pm. " + rambling + "and that was the walk"
            #expect(transcript.count > Limits.messageText.upperBound)
            let note = try await ada.createNote(transcript, source: "voice")
            #expect(try await ada.note(note.id).text == transcript)
            let proposals = try await ada.extractTasks(fromNote: note.id)
            let call = try #require(proposals.tasks.first { $0.title.lowercased().contains("call mom") })
            #expect(call.due?.iso == "2026-03-06T17:00")
            #expect(proposals.tasks == (try await ada.capture(transcript)).tasks)
            // A typed note may not hold as much, so turning it into one is refused and changes nothing.
            expectError(
                try await ada.post("notes/\(note.id)", NoteUpdateRequest(source: "typed")), .badRequest,
                code: "invalid_field", mentioning: "text")
            #expect(try await ada.note(note.id).source == .voice)
        }
    }

    @Test("Extract tasks proposes what capture would, writes nothing, and the reviewed tasks are linked to the note")
    func extractAndLink() async throws {
        try await withAda { ada in
            let text = "call mom friday at 5pm and buy milk tomorrow"
            let note = try await ada.createNote(text)
            let proposals = try await ada.extractTasks(fromNote: note.id)
            let captured = try await ada.capture(text)
            #expect(proposals.tasks == captured.tasks)
            #expect(proposals.model == .off)
            #expect(proposals.tasks.count == 2)
            #expect(try await ada.tasks().isEmpty)

            let reviewed = proposals.tasks.map(CaptureCommitTask.init)
            let added = try await ada.addTasks(reviewed, toNote: note.id, clientID: "from-note-1")
            #expect(added.tasks.map(\.content) == proposals.tasks.map(\.title))
            #expect(added.note.taskIDs == added.tasks.map(\.id))
            #expect(try await ada.note(note.id).taskIDs == added.tasks.map(\.id))
            #expect(try await ada.task(added.tasks[0].id).due?.date.iso == "2026-03-06")

            // A retry makes no task twice and no link twice.
            let retried = try await ada.addTasks(reviewed, toNote: note.id, clientID: "from-note-1")
            #expect(retried.tasks.map(\.id) == added.tasks.map(\.id))
            #expect(retried.note.taskIDs == added.tasks.map(\.id))
            #expect(try await ada.tasks().count == 2)

            // A task made from the note says so: the notes it was made from.
            let other = try await ada.createNote("Nothing to do here")
            #expect(try await ada.notes(["task_id": added.tasks[1].id]).map(\.id) == [note.id])
            #expect(try await ada.notes(["task_id": "999"]).isEmpty)
            #expect(try await ada.notes().map(\.id) == [other.id, note.id])

            // A deleted task drops out of the note.
            try expectNoContent(try await ada.delete("tasks/\(added.tasks[0].id)"))
            #expect(try await ada.note(note.id).taskIDs == [added.tasks[1].id])
        }
    }

    @Test("Extract tasks goes through the server's model as capture does, and not for a user who turned it off")
    func extractThroughTheModel() async throws {
        let model = ScriptedModel(
            ModelCaptureTests.split([
                ("Call the vet", "ring the vet for errands"), ("Pay the rent", "the rent is due friday"),
            ]))
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com")
            let note = try await ada.createNote(ModelCaptureTests.transcript, source: "voice")
            let result = try await ada.extractTasks(fromNote: note.id)
            #expect(result.model == .used)
            #expect(result.tasks.map(\.title) == ["Call the vet", "Pay the rent"])
            #expect(result.tasks[1].due?.date.iso == "2026-03-06")

            _ = try expectOK(try await ada.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            let offline = try await ada.extractTasks(fromNote: note.id)
            #expect(offline.model == .optedOut)
            #expect(offline.tasks.map(\.engine) == [.offline, .offline])
        }
        #expect(model.prompts.count == 1)
    }

    @Test("Deleting a note keeps the tasks made from it")
    func deletingANoteKeepsItsTasks() async throws {
        try await withAda { ada in
            let note = try await ada.createNote("water the ferns tomorrow")
            let proposals = try await ada.extractTasks(fromNote: note.id)
            let added = try await ada.addTasks(proposals.tasks.map(CaptureCommitTask.init), toNote: note.id)
            #expect(added.tasks.count == 1)
            try expectNoContent(try await ada.delete("notes/\(note.id)"))
            #expect(try await ada.tasks().map(\.id) == added.tasks.map(\.id))
            #expect(try await ada.notes(["task_id": added.tasks[0].id]).isEmpty)
        }
    }

    @Test("Another user's note is a 404 everywhere, is never listed or searched, and nothing of it changes")
    func isolation() async throws {
        try await withAda { ada in
            let note = try await ada.createNote("call mom friday about the secret party")
            let bob = try await ada.with(token: nil).signUp("bob@example.com", name: "Bob")
            expectError(try await bob.get("notes/\(note.id)"), .notFound, code: "not_found")
            expectError(
                try await bob.post("notes/\(note.id)", NoteUpdateRequest(text: "mine now")), .notFound,
                code: "not_found")
            expectError(try await bob.delete("notes/\(note.id)"), .notFound, code: "not_found")
            expectError(try await bob.post("notes/\(note.id)/extract"), .notFound, code: "not_found")
            expectError(
                try await bob.post("notes/\(note.id)/tasks", CaptureCommitRequest(tasks: [.init(title: "Sneak")])),
                .notFound, code: "not_found")
            expectError(try await bob.get("notes/nonsense"), .notFound, code: "not_found")
            #expect(try await bob.notes().isEmpty)
            #expect(try await bob.notes(["query": "secret"]).isEmpty)
            #expect(try await bob.tasks().isEmpty)

            let added = try await ada.addTasks([.init(title: "Call mom")], toNote: note.id)
            #expect(try await bob.notes(["task_id": added.tasks[0].id]).isEmpty)
            #expect(try await ada.notes() == [added.note])
            #expect(added.note.text == note.text)
            expectError(try await ada.with(token: nil).get("notes"), .unauthorized, code: "unauthorized")
        }
    }
}
