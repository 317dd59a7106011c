import Foundation
import KairosClient
import Testing

@Suite("KairosClient notes against a live server")
struct KairosClientNoteTests {
    @Test("Keep, search, edit and delete notes; extract a note's tasks and add them linked to it")
    func notesAndExtractTasks() async throws {
        try await withSignedInClient { client in
            let note = try await client.createNote("call the plumber tomorrow at 9am", clientID: "n-1")
            #expect(note.source == .typed)
            #expect(try await client.createNote("call the plumber tomorrow at 9am", clientID: "n-1") == note)
            let voice = try await client.createNote("so the garden needs work", source: .voice)
            #expect(try await client.notes().results.map(\.id) == [voice.id, note.id])
            #expect(try await client.notes(query: "plumb").results.map(\.id) == [note.id])
            let firstPage = try await client.notes(limit: 1)
            #expect(firstPage.results.map(\.id) == [voice.id])
            #expect(try await client.notes(cursor: firstPage.nextCursor, limit: 1).results.map(\.id) == [note.id])

            let proposals = try await client.extractTasks(fromNote: note.id)
            #expect(proposals.tasks.map(\.title) == ["Call the plumber"])
            #expect(try await client.tasks().results.isEmpty)
            let added = try await client.addTasks(proposals.tasks.map(CaptureCommitTask.init), toNote: note.id)
            #expect(added.tasks.map(\.content) == ["Call the plumber"])
            #expect(added.note.taskIDs == added.tasks.map(\.id))
            #expect(try await client.note(id: note.id).taskIDs == added.tasks.map(\.id))
            #expect(try await client.notes(taskID: added.tasks[0].id).results.map(\.id) == [note.id])

            let edited = try await client.updateNote(id: voice.id, text: "so the garden needs weeding")
            #expect(edited.text == "so the garden needs weeding")
            #expect(edited.source == .voice)
            try await client.deleteNote(id: note.id)
            #expect(try await client.notes().results.map(\.id) == [voice.id])
            #expect(try await client.tasks().results.map(\.id) == added.tasks.map(\.id))
            do {
                _ = try await client.note(id: note.id)
                Issue.record("a deleted note must be a 404")
            } catch let KairosClientError.server(status, code, _) {
                #expect(status == 404)
                #expect(code == "not_found")
            }
        }
    }
}
