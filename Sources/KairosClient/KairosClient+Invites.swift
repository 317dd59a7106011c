import Foundation

extension KairosClient {
    /// Invites someone by email to a project (as `editor` or `commenter`) or a group (`POST /invites`).
    public func invite(
        email: String, projectID: String? = nil, conversationID: String? = nil, role: Role? = nil
    ) async throws -> Invite {
        try await send(
            .post, "invites",
            body: InviteRequest(
                email: email, projectID: projectID, conversationID: conversationID, role: role?.rawValue))
    }

    /// What an invitation link invites to; no token needed (`GET /invites/{token}`).
    public func invite(token: String) async throws -> Invite {
        try await send(.get, "invites", token)
    }

    /// Uses an invitation link; set `token` from the answer to act as the invitee (`POST /invites/accept`).
    public func acceptInvite(token: String, name: String? = nil, timezone: String? = nil) async throws
        -> InviteAcceptResponse
    {
        try await send(.post, "invites", "accept", body: InviteAcceptRequest(token: token, name: name, timezone: timezone))
    }
}
