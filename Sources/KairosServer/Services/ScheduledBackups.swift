import Foundation
import KairosStore
import Logging
import ServiceLifecycle

/// Backs the data folder up every `interval` into `folder` as `kairos-<time>.tar` (such as
/// `kairos-2026-11-28T040012Z.tar`), keeping the newest `keep`. The time since the newest archive decides
/// when the next is due, so restarts neither skip one nor add one; a server that finds none backs up at once.
public struct ScheduledBackups: Service {
    let backup: DataFolderBackup
    let store: SQLiteStore
    let folder: String
    let interval: Duration
    let keep: Int
    let clock: Clock
    let logger: Logger

    public init(
        backup: DataFolderBackup, store: SQLiteStore, folder: String, interval: Duration, keep: Int,
        clock: Clock = .system, logger: Logger
    ) {
        self.backup = backup
        self.store = store
        self.folder = folder
        self.interval = interval
        self.keep = max(1, keep)
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        removeLeftovers()
        // Looked at four times an interval (at most once a minute), so a backup is never late by more than that.
        let check = min(max(interval / 4, .milliseconds(250)), .seconds(60))
        try await repeatUntilShutdown(every: check, task: "backups", logger: logger, failure: "A scheduled backup failed") {
            try await backUpIfDue()
        }
    }

    /// One pass: backs up when the newest archive is `interval` old or there is none, then removes all but
    /// the newest `keep`. Returns the new archive's path, or nil when none was due.
    @discardableResult
    public func backUpIfDue() async throws -> String? {
        let now = clock.now()
        if let newest = archives().last?.date, now.timeIntervalSince(newest) < interval.timeInterval { return nil }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = (folder as NSString).appendingPathComponent(Self.archiveName(at: now))
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        let started = ContinuousClock.now
        let summary = try await backup.create(at: path, from: store, now: now)
        let removed = prune()
        logger.notice(
            "Backed up the data folder",
            metadata: [
                "archive": "\(path)", "files": "\(summary.files)", "bytes": "\(summary.bytes)",
                "seconds": "\((ContinuousClock.now - started).timeInterval)", "removed": "\(removed)",
            ])
        return path
    }

    /// `kairos-<time>.tar`.
    static func archiveName(at date: Date) -> String { "kairos-\(BackupTimestamp.string(for: date)).tar" }

    /// The scheduled archives in the folder, oldest first.
    func archives() -> [(name: String, date: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name -> (name: String, date: Date)? in
            guard name.hasPrefix("kairos-"), name.hasSuffix(".tar"),
                let date = BackupTimestamp.date(from: String(name.dropFirst(7).dropLast(4)))
            else { return nil }
            return (name, date)
        }
        .sorted { $0.date < $1.date }
    }

    /// Removes all but the newest `keep` scheduled archives (never the backups taken before upgrades);
    /// returns how many went.
    private func prune() -> Int {
        let old = archives().dropLast(keep)
        for archive in old {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(archive.name))
        }
        return old.count
    }

    /// Partial archives a crash left behind: never complete, so never worth keeping.
    private func removeLeftovers() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix("kairos-") && (name.hasSuffix(".tar.partial") || name.hasSuffix(".tar.partial-db")) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
