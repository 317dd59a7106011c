import Hummingbird
import KairosCapture
import KairosCore

/// `/notes`: the user's personal notes, searched and edited, "Summarize", and "Extract tasks" with its reviewed
/// tasks linked back to the note.
struct NoteController {
    let notes: NoteService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("notes") { request, context -> Response in
            let body = try await request.decodeJSON(as: NoteCreateRequest.self)
            return try await notes.create(body, for: context.user).jsonResponse(status: .created)
        }
        group.get("notes") { request, context -> Page<Note> in
            try await notes.notes(
                of: context.user, query: request.query("query"), taskID: request.query("task_id"),
                page: try request.pageRequest(cursorKeys: 1))
        }
        group.get("notes/:id") { _, context -> Note in
            try await notes.note(try context.parameters.require("id"), of: context.user)
        }
        group.post("notes/:id") { request, context -> Note in
            try await notes.update(
                try context.parameters.require("id"), try await request.decodeJSON(as: NoteUpdateRequest.self),
                for: context.user)
        }
        group.delete("notes/:id") { _, context -> Response in
            try await notes.delete(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("notes/:id/extract") { _, context -> CaptureResult in
            try await notes.extractTasks(from: try context.parameters.require("id"), for: context.user)
        }
        group.post("notes/:id/summary") { request, context -> NoteSummary in
            _ = try await request.decodeJSON(as: NoteSummaryRequest.self, allowEmpty: true)
            return try await notes.summary(of: try context.parameters.require("id"), for: context.user)
        }
        group.post("notes/:id/tasks") { request, context -> NoteTasksResponse in
            try await notes.addTasks(
                try await request.decodeJSON(as: CaptureCommitRequest.self),
                toNote: try context.parameters.require("id"), for: context.user)
        }
    }
}
