import Hummingbird
import KairosCore

/// Sign-up, login, password resets and emailed sign-in links (no token needed), and the signed-in user's
/// profile, password and API tokens.
struct AccountController {
    let accounts: AccountService

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("signup") { request, _ -> EditedResponse<AuthResponse> in
            let body = try await request.decodeJSON(as: SignupRequest.self)
            return EditedResponse(status: .created, response: try await accounts.signUp(body))
        }
        group.post("login") { request, context -> AuthResponse in
            try await accounts.logIn(
                try await request.decodeJSON(as: LoginRequest.self), from: context.clientAddress)
        }
        group.post("reset") { request, context -> Response in
            try await accounts.requestPasswordReset(
                try await request.decodeJSON(as: EmailLinkRequest.self), from: context.clientAddress)
            return Response(status: .accepted)
        }
        group.post("reset/confirm") { request, _ -> AuthResponse in
            try await accounts.confirmPasswordReset(try await request.decodeJSON(as: PasswordResetConfirmRequest.self))
        }
        group.post("link") { request, context -> Response in
            try await accounts.requestSignInLink(
                try await request.decodeJSON(as: EmailLinkRequest.self), from: context.clientAddress)
            return Response(status: .accepted)
        }
        group.post("link/confirm") { request, _ -> AuthResponse in
            try await accounts.confirmSignInLink(try await request.decodeJSON(as: SignInLinkConfirmRequest.self))
        }
    }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("user") { _, context -> User in context.user }
        group.post("user") { request, context -> User in
            try await accounts.update(context.user, with: try await request.decodeJSON(as: UserUpdateRequest.self))
        }
        group.post("user/password") { request, context -> Response in
            try await accounts.changePassword(
                of: context.user, try await request.decodeJSON(as: PasswordChangeRequest.self),
                keptToken: request.bearerToken ?? "", from: context.clientAddress)
            return Response(status: .noContent)
        }
        group.post("auth/logout") { request, context -> Response in
            try await accounts.signOut(context.user, token: request.bearerToken ?? "")
            return Response(status: .noContent)
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
