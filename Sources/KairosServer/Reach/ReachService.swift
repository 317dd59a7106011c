import AsyncHTTPClient
import KairosStore
import Logging
import ServiceLifecycle

/// Sends notices out (`NoticeDelivery`) with HTTP clients of its own, for push services and for hooks, made
/// when it starts and closed when it ends: a server that never runs holds none.
struct ReachService: Service {
    let services: AppServices
    let store: any DeliveryStore
    let signer: VAPIDSigner
    let logger: Logger

    func run() async throws {
        let push = HTTPClient.forPush()
        let hooks = HTTPClient.forHooks()
        let delivery = NoticeDelivery(
            store: store,
            push: WebPushChannel(client: push, builder: WebPushRequestBuilder(signer: signer), logger: logger),
            hooks: WebhookChannel(client: hooks, publicURL: services.publicURL, logger: logger),
            publicURL: services.publicURL, actionKey: services.noticeKey, logger: logger)
        do {
            try await delivery.run()
        } catch {
            try? await push.shutdown()
            try? await hooks.shutdown()
            throw error
        }
        try await push.shutdown()
        try await hooks.shutdown()
    }
}
