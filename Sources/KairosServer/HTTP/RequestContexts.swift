import Foundation
import Hummingbird
import KairosCore

/// The context of every request: the caller, once the bearer token has been checked.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `BearerAuthMiddleware` when the request carries a live token.
    public var user: User?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        user = nil
    }

    public var maxUploadSize: Int { Limits.maxBodyBytes }
}

/// The context of routes that need a signed-in caller; it cannot exist without one,
/// so a handler cannot forget the check.
public struct AuthenticatedContext: ChildRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let user: User

    public init(context: AppRequestContext) throws {
        guard let user = context.user else {
            throw KairosError.unauthorized(
                "Sign in first: send Authorization: Bearer <token> (from POST /api/v1/auth/login or kairos login).")
        }
        coreContext = context.coreContext
        self.user = user
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
