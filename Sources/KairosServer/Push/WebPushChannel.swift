import AsyncHTTPClient
import Foundation
import KairosCore
import KairosStore
import Logging
import NIOCore

/// Hands a queued notice to a device's push service: encrypted to the device, signed with the server's VAPID
/// key. A reminder or a mention goes at high urgency; a reminder's repeats share a `Topic`, so a phone that
/// was offline gets the latest once. The push service keeps it for `ttl` while the device is away.
public struct WebPushChannel: DeliveryChannel {
    let client: HTTPClient
    let builder: WebPushRequestBuilder
    let logger: Logger
    let deadline: Duration
    /// How long a push service keeps a notice for a device that is away: after half a day it is old news.
    static let ttl = 12 * 3600

    public init(client: HTTPClient, builder: WebPushRequestBuilder, logger: Logger, deadline: Duration = .seconds(15)) {
        self.client = client
        self.builder = builder
        self.logger = logger
        self.deadline = deadline
    }

    public func send(_ delivery: QueuedDelivery) async -> DeliveryOutcome {
        guard case .push(let device) = delivery.target else {
            return .failed(status: nil, reason: "Not a push delivery.")
        }
        let request: HTTPClientRequest
        do {
            let subscription = try WebPushSubscription(endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth)
            request = try builder.request(
                for: subscription, payload: delivery.payload, ttl: Self.ttl,
                urgency: delivery.kind.asksForAttention ? .high : .normal,
                topic: delivery.topic.flatMap { $0.count <= WebPushRequestBuilder.maxTopicLength ? $0 : nil })
        } catch {
            return .failed(status: nil, reason: "The push message could not be made: \(error)")
        }
        return await client.attempt(request, deadline: deadline, goneOn404: true, logger: logger)
    }
}

extension HTTPClient {
    /// A client for push services: many messages at once to one service (each device's endpoint is on it),
    /// no redirects. Shut it down when done.
    public static func forPush() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout.connect = .seconds(5)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
