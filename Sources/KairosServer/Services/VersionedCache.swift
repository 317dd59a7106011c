import Foundation

/// Keeps values read from the store until the store commits a write that could change them (`version`
/// grows), or `lifetime` passes (for answers that depend on the time of day, such as what is overdue). Reads far outnumber writes in a task
/// manager: every client refreshes its Today view, and each refresh is the same query.
final class VersionedCache<Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        let version: UInt64
        let storedAt: Date
        let value: Value
    }

    private let version: @Sendable () -> UInt64?
    private let lifetime: TimeInterval
    private let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// `version` is a count of commits (see `ChangeTracking`); nil keeps nothing.
    init(version: @escaping @Sendable () -> UInt64?, lifetime: TimeInterval, capacity: Int) {
        self.version = version
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The value kept under `key` if nothing was committed since it was read; otherwise reads it afresh.
    func value(for key: String, now: Date, read: () async throws -> Value) async throws -> Value {
        // The count is taken before the read: a write committed during it leaves the entry already stale.
        guard let version = version() else { return try await read() }
        let kept = lock.withLock { entries[key] }
        if let kept, kept.version == version, now >= kept.storedAt, now.timeIntervalSince(kept.storedAt) < lifetime {
            return kept.value
        }
        let value = try await read()
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(version: version, storedAt: now, value: value)
        }
        return value
    }
}
