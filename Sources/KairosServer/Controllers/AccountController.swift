import Hummingbird
import KairosCore

/// Sign-up and login (no token needed), and the signed-in user's profile and API tokens.
struct AccountController {
    let accounts: AccountService

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("signup") { request, _ -> EditedResponse<AuthResponse> in
            let body = try await request.decodeJSON(as: SignupRequest.self)
            return EditedResponse(status: .created, response: try await accounts.signUp(body))
        }
        group.post("login") { request, _ -> AuthResponse in
            try await accounts.logIn(try await request.decodeJSON(as: LoginRequest.self))
        }
    }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("user") { _, context -> User in context.user }
        group.post("user") { request, context -> User in
            try await accounts.update(context.user, with: try await request.decodeJSON(as: UserUpdateRequest.self))
        }
        group.get("tokens") { _, context -> Page<APITokenInfo> in
            Page(results: try await accounts.tokens(of: context.user), nextCursor: nil)
        }
        group.post("tokens") { request, context -> EditedResponse<TokenCreatedResponse> in
            let body = try await request.decodeJSON(as: TokenCreateRequest.self)
            return EditedResponse(
                status: .created, response: try await accounts.issueToken(for: context.user, name: body.name))
        }
        group.delete("tokens/:id") { _, context -> Response in
            try await accounts.revokeToken(try context.parameters.require("id"), of: context.user)
            return Response(status: .noContent)
        }
    }
}
