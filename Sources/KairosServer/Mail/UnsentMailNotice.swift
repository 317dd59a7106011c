import KairosCore
import KairosStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// With no mail command configured, emails stay in the outbox and the log says each one is waiting, without
/// its text: invitation and sign-in links are credentials. `kairos admin outbox` prints them for the
/// administrator to pass on by hand.
public struct UnsentMailNotice: Service {
    let store: any CredentialStore
    /// The data folder, for the command the log suggests.
    let dataDirectory: String
    let logger: Logger
    let pollInterval: Duration

    public init(
        store: any CredentialStore, dataDirectory: String, logger: Logger, pollInterval: Duration = .seconds(1)
    ) {
        self.store = store
        self.dataDirectory = dataDirectory
        self.logger = logger
        self.pollInterval = pollInterval
    }

    public func run() async throws {
        let waiting = try await store.unsentMail(afterID: nil, limit: .max)
        if !waiting.isEmpty {
            logger.notice(
                "\(waiting.count) email(s) are waiting, as no mail command is set (KAIROS_SENDMAIL). \(hint)")
        }
        let lastSeen = NIOLockedValueBox(waiting.last?.id)
        try await repeatUntilShutdown(every: pollInterval, task: "mail_outbox", logger: logger, failure: "The mail outbox could not be read") {
            for queued in try await store.unsentMail(afterID: lastSeen.withLockedValue { $0 }, limit: 100) {
                logger.notice(
                    "An email to \(queued.mail.recipient) is waiting, as no mail command is set (KAIROS_SENDMAIL). \(hint)",
                    metadata: ["subject": "\(queued.mail.subject)"])
                lastSeen.withLockedValue { $0 = queued.id }
            }
        }
    }

    private var hint: String { "Print it with: kairos admin outbox --data \(dataDirectory)" }
}
