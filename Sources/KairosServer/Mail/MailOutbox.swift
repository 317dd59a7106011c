import Foundation
import KairosCore
import KairosStore
import Logging
import Metrics
import ServiceLifecycle

/// Drains the outbox table: each email is handed to the transport and marked sent, or retried with
/// growing pauses. A row leaves the queue only once the transport took it, so a crash or a mail server
/// that is down loses nothing.
public struct MailOutbox: Service {
    let store: any InviteStore
    let transport: any MailTransport
    let sender: String
    let clock: Clock
    let logger: Logger
    /// The pause after a first failure; it doubles with each further one, up to an hour.
    let retryBase: Duration
    let pollInterval: Duration
    /// Emails taken at a time: one pass sends them one after another, so few, that a process that dies holds
    /// few.
    static let batch = 3
    /// How long taken emails wait for their outcome before another process (or this one, restarted) may take
    /// them again: past what `batch` sends take when each runs to the transport's 60-second timeout.
    static let lease = Duration.seconds(240)

    public init(
        store: any InviteStore, transport: any MailTransport, sender: String, clock: Clock = .system, logger: Logger,
        retryBase: Duration = .seconds(30), pollInterval: Duration = .seconds(1)
    ) {
        self.store = store
        self.transport = transport
        self.sender = sender
        self.clock = clock
        self.logger = logger
        self.retryBase = retryBase
        self.pollInterval = pollInterval
    }

    public func run() async throws {
        try await repeatUntilShutdown(
            every: pollInterval, task: "mail_outbox", logger: logger, failure: "The mail outbox could not be read"
        ) {
            try await deliverDue()
        }
    }

    /// One pass: tries every email that is due, a few taken at a time; returns how many were handed over.
    @discardableResult
    public func deliverDue() async throws -> Int {
        var sent = 0
        var tried: Set<String> = []
        while true {
            let now = clock.now()
            let due = try await store.takeDueMail(
                now: now, leasedUntil: now.addingTimeInterval(Self.lease.seconds), limit: Self.batch)
            for queued in due {
                if try await deliver(queued) { sent += 1 }
            }
            // The pass ends once everything due was taken, or once an email failed in it is due again.
            let repeated = due.contains { !tried.insert($0.id).inserted }
            if due.count < Self.batch || repeated { return sent }
        }
    }

    /// Hands one email over, or schedules its retry; true when it was handed over.
    private func deliver(_ queued: QueuedMail) async throws -> Bool {
        let message = MailMessage.render(queued.mail, id: queued.id, from: sender, date: clock.now())
        do {
            try await transport.deliver(message)
            try await store.markSent(mailID: queued.id, now: clock.now())
            return true
        } catch {
            Counter(label: "kairos_mail_failures_total").increment()
            let pause = retryPause(afterAttempts: queued.attempts + 1)
            logger.warning(
                "Email to \(queued.mail.recipient) not sent (attempt \(queued.attempts + 1)); retrying in \(pause): \(error)"
            )
            try await store.markFailed(
                mailID: queued.id, error: String(describing: error),
                retryAt: clock.now().addingTimeInterval(pause.seconds))
            return false
        }
    }

    public func retryPause(afterAttempts attempts: Int) -> Duration {
        min(retryBase * (1 << min(attempts - 1, 20)), .seconds(3600))
    }
}

extension Duration {
    var seconds: TimeInterval {
        let (whole, fraction) = components
        return TimeInterval(whole) + TimeInterval(fraction) / 1e18
    }
}
