import Foundation
import KairosCore

/// Each person's devices subscribed to Web Push. A device's endpoint belongs to one person at a time: whoever
/// subscribed on it last.
public protocol PushSubscriptionStore: Sendable {
    /// Keeps the subscription for `userID`, or updates the one with the same endpoint (taking it over from
    /// whoever had it); past `Limits.pushSubscriptionsPerUser`, the person's oldest goes.
    func savePushSubscription(userID: String, endpoint: String, p256dh: String, auth: String, now: Date)
        async throws -> PushSubscription
    /// The user's subscriptions, oldest first.
    func pushSubscriptions(userID: String) async throws -> [PushSubscription]
    /// Removes one of the user's subscriptions and what waits to go to it; `notFound` for anyone else's.
    func deletePushSubscription(userID: String, id: String) async throws
}

/// A notification written since the last were queued, with what its notice says.
public struct UnqueuedNotice: Sendable, Equatable {
    public var userID: String
    public var facts: NoticeFacts
    /// It fell in the person's quiet hours.
    public var quiet: Bool

    public init(userID: String, facts: NoticeFacts, quiet: Bool) {
        self.userID = userID
        self.facts = facts
        self.quiet = quiet
    }
}

/// A notice to queue on one channel: it goes to every receiver the person has there.
public struct DeliveryDraft: Sendable, Equatable {
    public var notificationID: String
    public var userID: String
    public var kind: AppNotification.Kind
    public var channel: NotificationPolicy.Channel
    /// The notice's JSON, as each receiver gets it.
    public var payload: [UInt8]

    public init(
        notificationID: String, userID: String, kind: AppNotification.Kind, channel: NotificationPolicy.Channel,
        payload: [UInt8]
    ) {
        self.notificationID = notificationID
        self.userID = userID
        self.kind = kind
        self.channel = channel
        self.payload = payload
    }
}

/// A notice waiting to go to one receiver, with the receiver's address.
public struct QueuedDelivery: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case push(PushSubscription)
    }

    public var id: String
    public var userID: String
    public var notificationID: String
    public var payload: [UInt8]
    /// How many attempts were made before this one.
    public var attempts: Int
    public var target: Target

    public init(
        id: String, userID: String, notificationID: String, payload: [UInt8], attempts: Int, target: Target
    ) {
        self.id = id
        self.userID = userID
        self.notificationID = notificationID
        self.payload = payload
        self.attempts = attempts
        self.target = target
    }
}

/// What to write of one attempt.
public enum DeliveryRecord: Sendable, Equatable {
    case delivered(status: Int)
    case retry(at: Date, status: Int?, error: String)
    case failed(status: Int?, error: String)
    /// The receiver is gone: it is removed, and what waited for it is dropped.
    case gone(status: Int)
}

/// Notices on their way out: a queue in the database, so a restart loses none and sends none twice that it
/// knew was sent, kept afterwards as the delivery log.
public protocol DeliveryStore: Sendable {
    /// Notifications written after the last ones queued, oldest first, at most `limit`.
    func unqueuedNotices(limit: Int) async throws -> [UnqueuedNotice]
    /// Queues each draft for every receiver the person has on its channel and marks every notification up to
    /// `throughNotificationID` queued, in one write; a draft already queued is not queued again.
    func queueDeliveries(_ drafts: [DeliveryDraft], throughNotificationID: String, now: Date) async throws
    /// The deliveries due by `now`, the longest waiting first.
    func dueDeliveries(now: Date, limit: Int) async throws -> [QueuedDelivery]
    /// Writes what became of attempts, in one write.
    func recordDeliveries(_ records: [(deliveryID: String, record: DeliveryRecord)], now: Date) async throws
}
