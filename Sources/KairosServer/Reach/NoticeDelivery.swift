import Foundation
import KairosCore
import KairosStore
import Logging
import ServiceLifecycle

/// Takes notices out of Kairos: turns each new notification into deliveries on the channels
/// `NotificationPolicy` picks (one per receiver: each subscribed device, each hook), then sends what is due,
/// retrying with `DeliveryBackoff`.
///
/// The queue is in the database, so nothing acknowledged is lost across a restart. An attempt is written
/// after its receiver answers; one cut off by a crash is sent again, and the notice's unchanged `id` (the
/// device's notification tag) keeps a device from showing it twice.
public struct NoticeDelivery: Service {
    let store: any DeliveryStore
    let push: (any DeliveryChannel)?
    let hooks: (any DeliveryChannel)?
    let publicURL: String
    /// Signs the links of each notice's Done and Snooze; without it, notices carry Open alone.
    let actionKey: NoticeActionKey?
    let clock: Clock
    let logger: Logger
    let interval: Duration
    /// How many attempts are in flight at once.
    let concurrency: Int

    public init(
        store: any DeliveryStore, push: (any DeliveryChannel)?, hooks: (any DeliveryChannel)? = nil, publicURL: String,
        actionKey: NoticeActionKey?,
        clock: Clock = .system,
        logger: Logger = Logger(label: "kairos.delivery"), interval: Duration = .milliseconds(200),
        concurrency: Int = 64
    ) {
        self.store = store
        self.push = push
        self.hooks = hooks
        self.publicURL = publicURL
        self.actionKey = actionKey
        self.clock = clock
        self.logger = logger
        self.interval = interval
        self.concurrency = concurrency
    }

    public func run() async throws {
        try await repeatUntilShutdown(every: interval, logger: logger, failure: "Notices could not be sent") {
            try await pass()
        }
    }

    /// Queues every new notification and sends everything due, until neither has more.
    public func pass() async throws {
        while try await queueNew() == Self.batch {}
        while try await deliverDue() == Self.batch {}
    }

    static let batch = 500
    static let recordBatch = 8

    /// Turns the next notifications into deliveries; returns how many notifications it read.
    @discardableResult
    public func queueNew() async throws -> Int {
        let notices = try await store.unqueuedNotices(limit: Self.batch)
        guard let last = notices.last else { return 0 }
        var drafts: [DeliveryDraft] = []
        for unqueued in notices {
            let channels = NotificationPolicy.channels(
                for: unqueued.facts.kind, quiet: unqueued.quiet, settings: unqueued.settings,
                hasPushDevice: unqueued.hasPushDevice)
            guard !channels.isEmpty else { continue }
            let notice = Notice(unqueued.facts)
            let token = actionKey?.token(notificationID: notice.id, userID: unqueued.userID)
            let payload = notice.json(publicURL: publicURL, actionToken: token)
            for channel in channels {
                let mail = channel == .email ? self.mail(of: notice, to: unqueued) : nil
                guard channel != .email || mail != nil else { continue }
                drafts.append(
                    DeliveryDraft(
                        notificationID: notice.id, userID: unqueued.userID, kind: notice.kind, channel: channel,
                        payload: payload, topic: notice.tag, mail: mail))
            }
        }
        try await store.queueDeliveries(drafts, throughNotificationID: last.facts.notificationID, now: clock.now())
        return notices.count
    }

    /// The email of a notice, with its one-click unsubscribe from that kind; nil without a key to sign it.
    private func mail(of notice: Notice, to person: UnqueuedNotice) -> OutgoingMail? {
        guard let actionKey, let topic = ReachSettings.Topic(notice.kind) else { return nil }
        let token = actionKey.unsubscribeToken(topic: topic, userID: person.userID)
        let unsubscribe = "\(root)/api/v1/unsubscribe/\(topic.rawValue)?token=\(token)"
        return OutgoingMail(
            recipient: person.email, subject: notice.title,
            body: NotificationText.noticeEmail(
                body: notice.body, link: notice.url(publicURL: publicURL), topic: topic, unsubscribe: unsubscribe),
            unsubscribeURL: unsubscribe)
    }

    private var root: String { publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }

    /// Sends the deliveries due now, `concurrency` at a time, writing their outcomes as they come (a few at a
    /// time); returns how many it tried.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let due = try await store.dueDeliveries(now: clock.now(), limit: Self.batch)
        guard !due.isEmpty else { return 0 }
        var records: [(deliveryID: String, record: DeliveryRecord)] = []
        try await withThrowingTaskGroup(of: (QueuedDelivery, DeliveryOutcome).self) { group in
            var waiting = due[...]
            for _ in 0..<concurrency {
                guard let next = waiting.popFirst() else { break }
                group.addTask { (next, await send(next)) }
            }
            while let (delivery, outcome) = try await group.next() {
                records.append((delivery.id, record(of: outcome, for: delivery)))
                // Written in small batches: an answer not yet written when the process dies is sent again.
                if records.count >= Self.recordBatch {
                    try await store.recordDeliveries(records, now: clock.now())
                    records.removeAll(keepingCapacity: true)
                }
                if let next = waiting.popFirst() { group.addTask { (next, await send(next)) } }
            }
        }
        try await store.recordDeliveries(records, now: clock.now())
        return due.count
    }

    private func send(_ delivery: QueuedDelivery) async -> DeliveryOutcome {
        switch delivery.target {
        case .push:
            guard let push else { return .failed(status: nil, reason: "Web Push is not set up on this server.") }
            return await push.send(delivery)
        case .webhook:
            guard let hooks else { return .failed(status: nil, reason: "Hooks are not set up on this server.") }
            return await hooks.send(delivery)
        }
    }

    private func record(of outcome: DeliveryOutcome, for delivery: QueuedDelivery) -> DeliveryRecord {
        switch outcome {
        case .delivered(let status):
            return .delivered(status: status)
        case .gone(let status):
            return .gone(status: status)
        case .failed(let status, let reason):
            logger.warning("A notice was refused", metadata: ["delivery": "\(delivery.id)", "reason": "\(reason)"])
            return .failed(status: status, error: reason)
        case .retry(let status, let reason, let after):
            guard let wait = DeliveryBackoff.delay(afterAttempt: delivery.attempts + 1, retryAfter: after) else {
                return .failed(status: status, error: "Given up after \(delivery.attempts + 1) attempts: \(reason)")
            }
            return .retry(at: clock.now().addingTimeInterval(wait.seconds), status: status, error: reason)
        }
    }
}
