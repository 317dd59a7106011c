import Foundation
import KairosCore
import KairosStore
import Logging
import Metrics
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Takes notices out of Kairos: turns each new notification into deliveries on the channels
/// `NotificationPolicy` picks (one per receiver: each subscribed device, each hook), then sends what is due,
/// retrying with `DeliveryBackoff`.
///
/// The queue is in the database, so nothing acknowledged is lost across a restart. An attempt is written
/// after its receiver answers; one cut off by a crash is sent again, the same notice: its unchanged `Topic`
/// and tag keep a device from showing it twice.
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
        store: any DeliveryStore, push: (any DeliveryChannel)?, hooks: (any DeliveryChannel)? = nil,
        publicURL: String, actionKey: NoticeActionKey?, clock: Clock = .system,
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

    /// Queues and sends side by side: a slow receiver never holds back the queueing of new notices.
    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                try await repeatUntilShutdown(
                    every: interval, task: "notice_queueing", logger: logger, failure: "Notices could not be queued"
                ) {
                    while try await queueNew() > 0 {}
                }
            }
            group.addTask {
                try await repeatUntilShutdown(
                    every: interval, task: "notice_delivery", logger: logger, failure: "Notices could not be sent"
                ) {
                    while try await deliverDue() > 0 {}
                }
            }
        }
    }

    /// Queues every new notification and sends everything due, until neither has more.
    public func pass() async throws {
        while try await queueNew() > 0 {}
        while try await deliverDue() > 0 {}
    }

    static let batch = 500
    /// Deliveries taken at a time: two rounds of `concurrency`, so that a process that dies holds few.
    var takenAtOnce: Int { concurrency * 2 }
    /// How long a taken delivery waits for its outcome before another process (or this one, restarted) may
    /// take it: well past the two rounds a take lasts, each attempt being bounded by its channel's deadline
    /// (15 seconds at most), and short enough that a restart soon sends what a crash cut off.
    static let lease = Duration.seconds(90)

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

    /// Sends the deliveries due now, `concurrency` at a time, and returns how many it tried. Their outcomes
    /// are written beside the sending, each write taking all that came since the last: an answer not yet
    /// written when the process dies is sent again.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let now = clock.now()
        let due = try await store.takeDueDeliveries(
            now: now, leasedUntil: now.addingTimeInterval(Self.lease.seconds), limit: takenAtOnce)
        guard !due.isEmpty else { return 0 }
        let answered = NIOLockedValueBox<[(deliveryID: String, record: DeliveryRecord)]>([])
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let writeAnswered: @Sendable () async throws -> Void = {
            let records = answered.withLockedValue { records in
                defer { records.removeAll() }
                return records
            }
            try await store.recordDeliveries(records, now: clock.now())
        }
        try await withThrowingTaskGroup(of: Void.self) { writer in
            writer.addTask {
                for await _ in wakes { try await writeAnswered() }
                try await writeAnswered()
            }
            await withTaskGroup(of: Void.self) { group in
                let attempt: @Sendable (QueuedDelivery) async -> Void = { delivery in
                    let record = record(of: await send(delivery), for: delivery)
                    answered.withLockedValue { $0.append((delivery.id, record)) }
                    wake.yield()
                }
                var waiting = due[...]
                for _ in 0..<concurrency {
                    guard let next = waiting.popFirst() else { break }
                    group.addTask { await attempt(next) }
                }
                while await group.next() != nil {
                    if let next = waiting.popFirst() { group.addTask { await attempt(next) } }
                }
            }
            wake.finish()
            try await writer.waitForAll()
        }
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
        case .failed, .retry:
            let channel = if case .push = delivery.target { "push" } else { "webhook" }
            Counter(label: "kairos_delivery_failures_total", dimensions: [("channel", channel)]).increment()
        case .delivered, .gone:
            break
        }
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
