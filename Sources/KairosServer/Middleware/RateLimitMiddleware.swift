import Foundation
import Hummingbird
import KairosCore
import NIOConcurrencyHelpers

/// The request budgets of this process (`RateLimit`), shared by every route, with the clock they read.
public final class RequestBudgets: Sendable {
    private let limit: NIOLockedValueBox<RateLimit>
    private let clock: Clock
    /// Whether any group has a budget at all.
    let isOn: Bool

    /// Budgets per `RateLimitGroup`; an empty map limits nothing.
    public init(budgets: [RateLimitGroup: TokenBucket.Budget], clock: Clock = .system) {
        limit = NIOLockedValueBox(RateLimit(budgets: budgets))
        self.clock = clock
        isOn = !budgets.isEmpty
    }

    func admit(caller: String, group: RateLimitGroup) -> RateLimit.Decision {
        let now = clock.now()
        return limit.withLockedValue { $0.admit(caller: caller, group: group, now: now) }
    }
}

/// Applies the request budgets (`RateLimit`) to the API routes behind it: a signed-in caller spends the
/// budget of the API token it sent, anyone else that of their client address. Past the budget, the
/// answer is 429 with `Retry-After`, and nothing is done.
///
/// Put it after `BearerAuthMiddleware` on signed-in routes, so only a token that was accepted gets a
/// budget of its own (a made-up token must not buy a fresh one).
struct RateLimitMiddleware<Context: ClientAddressRequestContext>: RouterMiddleware {
    let budgets: RequestBudgets
    /// Whether the caller is signed in, from the context.
    let isSignedIn: @Sendable (Context) -> Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard budgets.isOn, let route = context.endpointPath,
            let group = RateLimitGroup.of(method: request.method.rawValue, route: route)
        else { return try await next(request, context) }
        let caller =
            if isSignedIn(context), let token = request.bearerToken {
                "token:" + AccountService.hash(token: token)
            } else {
                "address:" + context.clientAddress
            }
        if case .retryAfter(let seconds) = budgets.admit(caller: caller, group: group) {
            throw KairosError.tooManyRequests(
                "Too many \(Self.requests(of: group)) in a short time. Try again in \(seconds) second"
                    + (seconds == 1 ? "" : "s") + ".",
                retryAfter: seconds)
        }
        return try await next(request, context)
    }

    /// The kind of request, as the refusal names it.
    static func requests(of group: RateLimitGroup) -> String {
        switch group {
        case .capture: "capture requests"
        case .search: "searches"
        case .assistant: "assistant requests"
        case .attachments: "uploads"
        case .imports: "imports"
        case .writes: "changes"
        }
    }
}
