import Hummingbird
import KairosCore

/// Resolves `Authorization: Bearer <token>` to the user it belongs to; a bad token is a 401.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let accounts: AccountService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.headers[.authorization] != nil else { return try await next(request, context) }
        guard let token = request.bearerToken, let user = try await accounts.user(forToken: token) else {
            throw KairosError.unauthorized("The API token is not valid or was revoked. Log in again to get a new one.")
        }
        var context = context
        context.user = user
        return try await next(request, context)
    }
}

extension Request {
    /// The token of an `Authorization: Bearer <token>` header.
    var bearerToken: String? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1])
    }
}
