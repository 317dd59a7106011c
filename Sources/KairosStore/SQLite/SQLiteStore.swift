import Foundation
import GRDB
import KairosCore

/// The embedded default store: one SQLite file in WAL mode, foreign keys on, every commit synced to disk.
public final class SQLiteStore: ChangeTracking {
    let pool: DatabasePool
    let eventAnnouncer = EventAnnouncer()
    let signalObservers = SignalObservers()
    let messageTerms = MessageTermRecorder()
    let commitCounter = CommitCounter()
    let accountCommitCounter = CommitCounter(tables: ["users", "api_tokens"])
    /// Every write goes through it (`write`), so concurrent writes share commits.
    let groupCommit: GroupCommit
    /// The database file.
    let path: String
    /// A connection of its own for checkpoints, so they never hold up the writer.
    private let checkpointer: DatabaseQueue

    /// Where the database was copied before this open brought its schema up to date; nil when nothing was
    /// migrated, the database was new, or no `upgradeBackupFolder` was given.
    public let upgradeBackupPath: String?

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// With `upgradeBackupFolder`, an existing database that has migrations to apply is first copied there
    /// (`before-<newest pending migration>-<time>.sqlite`), so an upgrade can be undone. A database written
    /// by a newer Kairos (it has migrations this one does not know) is never opened: `NewerDatabaseError`.
    public init(path: String, upgradeBackupFolder: String? = nil, now: Date = Date()) throws {
        self.path = path
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // SQLite would checkpoint inside whichever commit crosses 1,000 pages of log, and that
            // request would wait for the copy and its disk syncs; `checkpoint()` does it off the
            // writer instead. The high threshold stays as a backstop when nothing calls it.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 20000")
            // A log that grew in a burst is cut back when it starts over, rather than kept at its largest.
            try db.execute(sql: "PRAGMA journal_size_limit = 16777216")
            // Grouping and sorting tables live in memory: on disk, each statement that needs one created,
            // locked and deleted a file (delivered receipts' grouping did so dozens of times a second).
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        // An acknowledged write must survive a power cut, not only a crash of this process. Set on the
        // writer after the pool is open: the pool sets its own (NORMAL) when it turns on the log.
        try pool.barrierWriteWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        upgradeBackupPath = try Self.prepareUpgrade(of: pool, backupFolder: upgradeBackupFolder, now: now)
        try SchemaMigrations.migrator.migrate(pool)
        try eventAnnouncer.install(on: pool)
        pool.add(transactionObserver: commitCounter, extent: .databaseLifetime)
        pool.add(transactionObserver: accountCommitCounter, extent: .databaseLifetime)
        checkpointer = try DatabaseQueue(path: path, configuration: configuration)
        groupCommit = GroupCommit(pool: pool, announcer: eventAnnouncer)
    }

    /// Runs `body` as one all-or-nothing write, committed (and synced) together with any writes waiting
    /// beside it; returns once it is on disk.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await groupCommit.write(body)
    }

    /// Copies committed pages from the write-ahead log into the database file without blocking
    /// writers or readers (a passive checkpoint). Call it often (every 50 ms or so): the disk sync of a
    /// small copy is short, while a long one holds up the sync every commit waits for.
    public func checkpoint() async throws {
        let log = try await checkpointer.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        // SQLite starts the log over only when a write begins with every frame copied, which steady
        // writes never allow to a checkpoint running beside them. Once the log is long, the writer
        // copies the last frames itself (the bulk is done, so the pause is short) and the next write
        // starts the log from the beginning.
        if log.walFrameCount > Self.longLogFrames {
            try await groupCommit.checkpoint()
        }
    }

    /// About 2 MB of log with 4 KiB pages.
    private static let longLogFrames = 500

    public var committedWrites: UInt64? { commitCounter.value }

    public var committedAccountWrites: UInt64? { accountCommitCounter.value }

    /// The names of the migrations applied so far, oldest first.
    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try SchemaMigrations.migrator.appliedMigrations(db) }
    }
}

// Statements are compiled once per connection and kept: compiling (and GRDB's authorizer pass over
// it) costs more than running most of these queries. Only statements whose text has a bounded number
// of shapes go through here; ad-hoc filter queries use `uncached`.
extension Database {
    func fetchRows(sql: String, arguments: StatementArguments = [], uncached: Bool = false) throws -> [Row] {
        try Row.fetchAll(uncached ? makeStatement(sql: sql) : cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchRow(sql: String, arguments: StatementArguments = []) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchRowCursor(sql: String, arguments: StatementArguments = [], uncached: Bool = false) throws -> RowCursor {
        try Row.fetchCursor(uncached ? makeStatement(sql: sql) : cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchValue<Value: DatabaseValueConvertible>(
        _ type: Value.Type, sql: String, arguments: StatementArguments = []
    ) throws -> Value? {
        try Value.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func run(sql: String, arguments: StatementArguments = [], uncached: Bool = false) throws {
        try (uncached ? makeStatement(sql: sql) : cachedStatement(sql: sql)).execute(arguments: arguments)
    }
}

extension Sequence<Int64> {
    /// The ids as one JSON array argument, matched in SQL with `IN (SELECT value FROM json_each(?))`: the
    /// statement then has one shape whatever the count, so it is compiled once and kept.
    var jsonArray: String { "[" + map(String.init).joined(separator: ",") + "]" }
}

extension String {
    /// The database id behind an API id; nil for text that cannot be one of ours.
    package var rowID: Int64? {
        guard let value = Int64(self), value > 0 else { return nil }
        return value
    }
}

extension Int64 {
    /// The API id of a database id: its decimal digits.
    package var apiID: String { String(self) }
}

extension Date {
    /// The instant as stored: micro-seconds since 1970.
    package var micros: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }
    package init(micros: Int64) { self.init(timeIntervalSince1970: TimeInterval(micros) / 1_000_000) }
}

extension PageRequest {
    /// Keyset condition for a list ordered ascending by `columns`: the rows after the cursor's key.
    func ascendingKeyset(columns: [String]) -> (sql: String, arguments: StatementArguments) {
        guard let keys = cursor?.keys, keys.count == columns.count else { return ("", []) }
        let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        return (" AND (\(columns.joined(separator: ", "))) > (\(placeholders))", StatementArguments(keys))
    }

    func ascendingKeyset(orderColumn: String, idColumn: String = "id") -> (sql: String, arguments: StatementArguments) {
        ascendingKeyset(columns: [orderColumn, idColumn])
    }

    /// Reads one extra row to know whether another page exists.
    package var fetchLimit: Int { limit + 1 }

    /// Cuts the extra row and builds the cursor for the next page from the last row kept.
    package func page<Item>(_ rows: [Item], key: (Item) -> [Int64]) -> (items: [Item], next: String?) {
        guard rows.count > limit else { return (rows, nil) }
        let kept = Array(rows.prefix(limit))
        return (kept, kept.last.map { PageCursor(keys: key($0)).token })
    }
}

/// Runs a write whose only expected constraint failure is a unique index (or a primary key) saying the value
/// is taken, reporting that as `conflict` rather than a server error.
func conflictOnUniqueViolation<T>(_ message: String, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as DatabaseError
        where [.SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY].contains(error.extendedResultCode)
    {
        throw KairosError.conflict(message)
    }
}
