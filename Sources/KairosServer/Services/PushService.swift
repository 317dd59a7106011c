import Foundation
import KairosCore
import KairosStore

/// The devices a person subscribed to Web Push.
public struct PushService: Sendable {
    let store: any PushSubscriptionStore
    let clock: Clock
    let endpoints: PushEndpointRule

    public init(store: any PushSubscriptionStore, clock: Clock, endpoints: PushEndpointRule) {
        self.store = store
        self.clock = clock
        self.endpoints = endpoints
    }

    /// Keeps the browser's subscription for the caller, checked by `PushEndpointRule`.
    public func subscribe(_ request: PushSubscriptionRequest, for user: User) async throws -> PushSubscription {
        let checked = try endpoints.check(request)
        return try await store.savePushSubscription(
            userID: user.id, endpoint: checked.endpoint, p256dh: checked.p256dh, auth: checked.auth, now: clock.now())
    }

    public func subscriptions(of user: User) async throws -> [PushSubscription] {
        try await store.pushSubscriptions(userID: user.id)
    }

    public func unsubscribe(_ id: String, for user: User) async throws {
        try await store.deletePushSubscription(userID: user.id, id: id)
    }
}
