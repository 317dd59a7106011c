import Foundation
import Hummingbird
import KairosCore
import NIOCore

/// A context that knows the client's address as throttling and budgets count it.
public protocol ClientAddressRequestContext: RequestContext {
    var clientAddress: String { get }
}

/// The context of every request: the caller, once the bearer token has been checked.
public struct AppRequestContext: ClientAddressRequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `BearerAuthMiddleware` when the request carries a live token.
    public var user: User?
    /// The peer of the connection (not a header a client could set).
    public let remoteAddress: SocketAddress?
    /// The client's IP address as throttling counts it: the peer, or the client a trusted proxy names
    /// (`ForwardedClientMiddleware`); one shared name when there is none (tests).
    public var clientAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        user = nil
        remoteAddress = source.channel.remoteAddress
        clientAddress = remoteAddress?.ipAddress ?? "unknown"
    }

    public var maxUploadSize: Int { Limits.maxBodyBytes }
}

/// The context of routes that need a signed-in caller; it cannot exist without one,
/// so a handler cannot forget the check.
public struct AuthenticatedContext: ChildRequestContext, ClientAddressRequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let user: User
    public let remoteAddress: SocketAddress?
    public let clientAddress: String

    public init(context: AppRequestContext) throws {
        guard let user = context.user else {
            throw KairosError.unauthorized(
                "Sign in first: send Authorization: Bearer <token> (from POST /api/v1/auth/login or kairos login).")
        }
        coreContext = context.coreContext
        self.user = user
        remoteAddress = context.remoteAddress
        clientAddress = context.clientAddress
    }

    public var maxUploadSize: Int { Limits.maxBodyBytes }
}

/// The source of the current time, replaceable in tests.
public struct Clock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = Clock { Date() }
}
