import Foundation
import KairosCore

/// Each person's devices subscribed to Web Push. A device's endpoint belongs to one person at a time: whoever
/// subscribed on it last.
public protocol PushSubscriptionStore: Sendable {
    /// Keeps the subscription for `userID`, or updates the one with the same endpoint (taking it over from
    /// whoever had it); past `Limits.pushSubscriptionsPerUser`, the person's oldest goes.
    func savePushSubscription(
        userID: String, endpoint: String, p256dh: String, auth: String, now: Date
    )
        async throws -> PushSubscription
    /// The user's subscriptions, oldest first.
    func pushSubscriptions(userID: String) async throws -> [PushSubscription]
    /// Removes one of the user's subscriptions and what waits to go to it; `notFound` for anyone else's.
    func deletePushSubscription(userID: String, id: String) async throws
}

/// A notification written since the last were queued, with what its notice says and what its person chose.
public struct UnqueuedNotice: Sendable, Equatable {
    public var userID: String
    public var email: String
    public var facts: NoticeFacts
    /// It fell in the person's quiet hours.
    public var quiet: Bool
    public var settings: ReachSettings
    public var hasPushDevice: Bool

    public init(
        userID: String, email: String, facts: NoticeFacts, quiet: Bool, settings: ReachSettings = ReachSettings(),
        hasPushDevice: Bool
    ) {
        self.userID = userID
        self.email = email
        self.facts = facts
        self.quiet = quiet
        self.settings = settings
        self.hasPushDevice = hasPushDevice
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
    /// What a push service may replace a notice not yet delivered with (RFC 8030 `Topic`): a reminder's repeats.
    public var topic: String?
    /// For `email`: the message, which goes to the outbox.
    public var mail: OutgoingMail?

    public init(
        notificationID: String, userID: String, kind: AppNotification.Kind, channel: NotificationPolicy.Channel,
        payload: [UInt8], topic: String? = nil, mail: OutgoingMail? = nil
    ) {
        self.notificationID = notificationID
        self.userID = userID
        self.kind = kind
        self.channel = channel
        self.payload = payload
        self.topic = topic
        self.mail = mail
    }
}

/// A notice waiting to go to one receiver, with the receiver's address.
public struct QueuedDelivery: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case push(PushSubscription)
        case webhook(WebhookTarget)
    }

    public var id: String
    public var userID: String
    public var notificationID: String
    public var kind: AppNotification.Kind
    public var payload: [UInt8]
    public var topic: String?
    /// How many attempts were made before this one.
    public var attempts: Int
    public var target: Target

    public init(
        id: String, userID: String, notificationID: String, kind: AppNotification.Kind, payload: [UInt8],
        topic: String? = nil, attempts: Int, target: Target
    ) {
        self.id = id
        self.userID = userID
        self.notificationID = notificationID
        self.kind = kind
        self.payload = payload
        self.topic = topic
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
    /// Queues each draft for every receiver the person has on its channel (an email into the outbox) and marks
    /// every notification up to `throughNotificationID` queued, in one write; a draft already queued, or for a
    /// notification another process has queued meanwhile, is not queued again.
    func queueDeliveries(_ drafts: [DeliveryDraft], throughNotificationID: String, now: Date) async throws
    /// Takes the deliveries due by `now`, the longest waiting first, and leaves each not due again before
    /// `leasedUntil`: no other process takes it meanwhile, and if this one dies before recording it, it comes
    /// due again then.
    func takeDueDeliveries(now: Date, leasedUntil: Date, limit: Int) async throws -> [QueuedDelivery]
    /// Writes what became of attempts, in one write.
    func recordDeliveries(_ records: [(deliveryID: String, record: DeliveryRecord)], now: Date) async throws
    /// Forgets the deliveries that finished (delivered, failed or dropped) before `finishedBefore`; returns how
    /// many. Waiting ones stay, however old.
    func forgetFinishedDeliveries(finishedBefore: Date) async throws -> Int
}

/// Each person's choice of channels per kind of notice.
public protocol ReachSettingsStore: Sendable {
    func reachSettings(userID: String) async throws -> ReachSettings
    /// Replaces the person's choices with what `change` makes of them, in one write, and returns them.
    func updateReachSettings(
        userID: String, _ change: @escaping @Sendable (ReachSettings) throws -> ReachSettings
    ) async throws -> ReachSettings
}
