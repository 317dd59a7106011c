import Foundation

extension KairosClient {
    /// Creates an account (`POST /auth/signup`); set `token` from the answer to act as the new user.
    public func signUp(
        email: String, password: String, name: String, timezone: String? = nil
    ) async throws -> AuthResponse {
        try await send(
            .post, "auth", "signup",
            body: SignupRequest(email: email, password: password, name: name, timezone: timezone))
    }

    /// Signs in with a password (`POST /auth/login`); set `token` from the answer.
    public func logIn(email: String, password: String) async throws -> AuthResponse {
        try await send(.post, "auth", "login", body: LoginRequest(email: email, password: password))
    }

    /// The user the token belongs to (`GET /user`).
    public func currentUser() async throws -> User {
        try await send(.get, "user")
    }

    /// Changes the signed-in user's name, time zone, quiet hours, read receipts, workdays or daily-brief time
    /// (`POST /user`); fields the request leaves nil stay as they are.
    public func updateUser(_ request: UserUpdateRequest) async throws -> User {
        try await send(.post, "user", body: request)
    }

    /// The user's personal API tokens, without their secrets (`GET /tokens`).
    public func tokens() async throws -> [APITokenInfo] {
        let page: Page<APITokenInfo> = try await send(.get, "tokens")
        return page.results
    }

    /// Creates a named API token (`POST /tokens`); its secret is in the answer only.
    public func createToken(name: String) async throws -> TokenCreatedResponse {
        try await send(.post, "tokens", body: TokenCreateRequest(name: name))
    }

    /// Revokes an API token (`DELETE /tokens/{id}`).
    public func revokeToken(id: String) async throws {
        let _: NoContent = try await send(.delete, "tokens", id)
    }
}
