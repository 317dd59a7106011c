import Hummingbird
import KairosCore

/// `/notices/{id}/{done|snooze|acknowledge}?token=...`: a notice's own buttons, answered without a session.
/// The signed token in the link stands for the person, for that notice alone; `for` (or `until`) picks a snooze.
struct NoticeActionController {
    let actions: NoticeActionService

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("notices/:id/:action") { request, context -> Response in
            try await actions.act(
                try context.parameters.require("action"), notificationID: try context.parameters.require("id"),
                token: request.query("token"), snooze: request.query("for"), until: request.query("until"))
            return Response(status: .noContent)
        }
    }
}
