import Foundation
import KairosStore
import Logging
import ServiceLifecycle

/// Removes uploads that no message took within a day, and their files when no other upload shares the
/// content: an app that uploads and then never sends leaves nothing behind for good.
public struct AttachmentSweeper: Service {
    /// How long an upload waits for a message to take it.
    public static let unpostedLifetime: TimeInterval = 24 * 3600

    let store: any AttachmentStore
    let files: AttachmentFiles
    let clock: Clock
    let logger: Logger
    let interval: Duration

    public init(
        store: any AttachmentStore, files: AttachmentFiles, clock: Clock = .system, logger: Logger,
        interval: Duration = .seconds(3600)
    ) {
        self.store = store
        self.files = files
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        try await repeatUntilShutdown(every: interval, task: "attachment_sweep", logger: logger, failure: "Unposted uploads could not be swept") {
            try await sweep()
        }
    }

    /// One pass; returns how many uploads were removed.
    @discardableResult
    public func sweep() async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-Self.unpostedLifetime)
        let (deleted, unused) = try await store.deleteUnpostedAttachments(createdBefore: cutoff)
        for sha256 in unused {
            try await files.removeUnused(sha256: sha256) { try await store.isContentInUse(sha256: sha256) }
        }
        if deleted > 0 {
            logger.info("Removed unposted uploads", metadata: ["uploads": "\(deleted)", "files": "\(unused.count)"])
        }
        return deleted
    }
}
