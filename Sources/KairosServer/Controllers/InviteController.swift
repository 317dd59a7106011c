import Hummingbird
import KairosCore

/// `/invites`: inviting by email (signed in), and reading and accepting a link (the link is the credential).
struct InviteController {
    let invites: InviteService

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("invites/:token") { _, context -> Invite in
            try await invites.preview(token: try context.parameters.require("token"))
        }
        group.post("invites/accept") { request, _ -> InviteAcceptResponse in
            try await invites.accept(try await request.decodeJSON(as: InviteAcceptRequest.self))
        }
    }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("invites") { request, context -> EditedResponse<Invite> in
            let body = try await request.decodeJSON(as: InviteRequest.self)
            return EditedResponse(status: .created, response: try await invites.invite(body, by: context.user))
        }
    }
}
