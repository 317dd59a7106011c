import Hummingbird
import KairosCore

/// Resolves `Authorization: Bearer <token>` to the user it belongs to; a bad token is a 401.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let accounts: AccountService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else { return try await next(request, context) }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer",
            let user = try await accounts.user(forToken: String(parts[1]))
        else {
            throw KairosError.unauthorized("The API token is not valid or was revoked. Log in again to get a new one.")
        }
        var context = context
        context.user = user
        return try await next(request, context)
    }
}
