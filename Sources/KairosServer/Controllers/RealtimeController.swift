import Hummingbird
import HummingbirdWebSocket
import Logging

/// `/ws`: the realtime socket. Browsers cannot set headers on a WebSocket, so the client signs in with
/// its first frame rather than an `Authorization` header.
struct RealtimeController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<BasicWebSocketRequestContext>) {
        group.ws("ws") { inbound, outbound, context in
            try await RealtimeSession(
                accounts: services.accounts, conversations: services.conversations, feed: services.eventFeed,
                hub: services.realtime, authTimeout: services.socketAuthTimeout, logger: context.logger
            ).run(inbound: inbound, outbound: outbound)
        }
    }
}
