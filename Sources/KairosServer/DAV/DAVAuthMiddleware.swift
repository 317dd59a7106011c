import Foundation
import Hummingbird
import KairosCore

/// Signs CalDAV clients in: HTTP Basic with the account's email and an app password (an API token made for
/// the device), as Apple Reminders, DAVx5 and Thunderbird send it, or a bearer token. Without either the
/// answer is a 401 asking for Basic, which is what makes a client show its password prompt. OPTIONS needs no
/// sign-in, since clients probe with it first.
struct DAVAuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let accounts: AccountService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method == .options { return try await next(request, context) }
        guard let user = try await user(of: request) else {
            return Response(
                status: .unauthorized,
                headers: [
                    .wwwAuthenticate: #"Basic realm="Kairos", charset="UTF-8""#,
                    .contentType: "text/plain; charset=utf-8",
                ],
                body: .init(
                    byteBuffer: .init(
                        string:
                            "Sign in with your Kairos email and an app password (kairos token create --name \"iPhone\", or Settings).\n"
                    )))
        }
        var context = context
        context.user = user
        return try await next(request, context)
    }

    private func user(of request: Request) async throws -> User? {
        if let token = request.bearerToken { return try await accounts.user(forToken: token) }
        guard let (email, password) = request.basicCredentials,
            let user = try await accounts.user(forToken: password),
            user.email.caseInsensitiveCompare(email) == .orderedSame
        else { return nil }
        return user
    }
}

extension Request {
    /// The user name and password of an `Authorization: Basic` header.
    var basicCredentials: (user: String, password: String)? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
}
