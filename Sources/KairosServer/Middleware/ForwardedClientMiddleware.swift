import HTTPTypes
import Hummingbird
import KairosCore

/// Takes the client's address from `X-Forwarded-For` when the connection comes from a trusted proxy, so
/// sign-in throttling and rate limits count each client behind the proxy on its own.
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let proxies: TrustedProxies

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let peer = context.remoteAddress?.ipAddress {
            context.clientAddress = proxies.client(
                peer: peer, forwardedFor: request.headers[values: .xForwardedFor])
        }
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
