import Hummingbird
import KairosCapture
import KairosCore

/// `/conversations/{id}/actions`: a conversation's action items for one of its members; and
/// `/tasks/{id}/sources`: the messages a task was made from.
struct ThreadActionController {
    let actions: ThreadActionService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("conversations/:id/actions") { request, context -> Response in
            let body = try await request.decodeJSON(as: LatestMessagesRequest.self, allowEmpty: true)
            return try await actions.actions(in: try context.parameters.require("id"), body, for: context.user)
                .jsonResponse()
        }
        group.get("tasks/:id/sources") { _, context -> TaskSources in
            try await actions.sources(ofTask: try context.parameters.require("id"), for: context.user)
        }
    }
}
