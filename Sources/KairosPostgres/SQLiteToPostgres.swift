import Foundation
import KairosStore
import Logging
import PostgresNIO

/// Copies an embedded server's SQLite database into an empty PostgreSQL database, all in one transaction,
/// and checks the copy before committing it: each table must hold as many rows as it did in SQLite, with the
/// same checksum of their values. Ids are kept, and each id sequence resumes above every id SQLite ever handed
/// out, so no id is given twice.
///
/// The tables and their columns are read from PostgreSQL's catalog, so the copy follows the schema as
/// migrations change it. Tables are filled parents first; a column naming a row of its own table (a task's
/// parent) is filled once every row is in.
public struct SQLiteToPostgres {
    /// One table as copied.
    public struct TableCopy: Sendable, Equatable {
        public let table: String
        public let rows: Int
        /// Order-independent, over every copied value: the same on both sides when the copy is faithful.
        public let checksum: String
    }

    let source: SQLiteStore
    let target: PostgresStore
    /// Rows per statement: a statement takes at most 65,535 values.
    let batchSize: Int

    public init(from source: SQLiteStore, to target: PostgresStore, batchSize: Int = 500) {
        self.source = source
        self.target = target
        self.batchSize = batchSize
    }

    /// Copies every table and returns them in the order they were filled; `progress` hears of each.
    public func run(progress: @Sendable (TableCopy) -> Void = { _ in }) async throws -> [TableCopy] {
        let sourceTables = try await source.exportedTables()
        let handedOut = try await source.handedOutIDs()
        return try await target.write { write in
            let schema = try await PostgresSchema.read(write)
            let missing = sourceTables.subtracting(schema.tables.map(\.name)).sorted()
            guard missing.isEmpty else {
                throw SQLiteToPostgresError(
                    "The PostgreSQL schema has no table \(missing.joined(separator: ", ")). Copy with the same "
                        + "version of kairos that last opened the SQLite data folder.")
            }
            guard try await write.firstRow("SELECT EXISTS (SELECT 1 FROM users)")?.decode(Bool.self) == false else {
                throw SQLiteToPostgresError(
                    "The PostgreSQL database already has accounts. Copy into a new, empty database: kairos "
                        + "creates its tables there on first connection.")
            }
            let ordered = try schema.fillingOrder()
            // The journals are copied as they are: the triggers that keep them log nothing meanwhile.
            try await write.query("SELECT set_config('kairos.copying', 'on', true)")
            try await write.query(
                PostgresQuery(
                    unsafeSQL: "TRUNCATE " + ordered.map { quoted($0.name) }.joined(separator: ", ")
                        + " RESTART IDENTITY"))
            var copies: [TableCopy] = []
            for table in ordered where sourceTables.contains(table.name) {
                let copied = try await copy(table, write)
                try await resumeIDs(of: table, above: handedOut[table.name] ?? 0, write)
                let stored = try await checksum(of: table, write)
                guard stored == copied else {
                    throw SQLiteToPostgresError(
                        "The copy of \(table.name) does not match: SQLite has \(copied.rows) rows (checksum "
                            + "\(copied.checksum)), PostgreSQL \(stored.rows) (\(stored.checksum)). Nothing was "
                            + "copied.")
                }
                progress(copied)
                copies.append(copied)
            }
            return copies
        }
    }

    private func copy(_ table: PostgresSchema.Table, _ write: PostgresWrite) async throws -> TableCopy {
        let key = try await source.primaryKey(of: table.name)
        let columns = table.columns.map(\.name)
        var tally = RowTally()
        var after: [StoredValue]?
        var laterParents: [(key: Int64, column: Int, value: Int64)] = []
        while true {
            let rows = try await source.exportedRows(
                of: table.name, columns: columns, keyColumns: key, after: after, limit: batchSize)
            guard let last = rows.last else { break }
            after = Array(last.prefix(key.count))
            var bindings = PostgresBindings(capacity: rows.count * columns.count)
            var tuples: [String] = []
            for row in rows {
                let values = try zip(table.columns, row.dropFirst(key.count)).map { column, value in
                    try column.type.converting(value, column: "\(table.name).\(column.name)")
                }
                tally.add(values)
                var placeholders: [String] = []
                for (index, (column, value)) in zip(table.columns, values).enumerated() {
                    if table.selfReferences.contains(column.name), case .integer(let parent) = value {
                        guard case .integer(let id) = row[0], key.count == 1 else {
                            throw SQLiteToPostgresError(
                                "\(table.name).\(column.name) names rows of its own table, which needs a one-column "
                                    + "integer key to copy.")
                        }
                        laterParents.append((id, index, parent))
                        bindings.appendNull()
                    } else {
                        column.type.bind(value, to: &bindings)
                    }
                    placeholders.append("$\(bindings.count)")
                }
                tuples.append("(" + placeholders.joined(separator: ", ") + ")")
            }
            try await write.query(
                PostgresQuery(
                    unsafeSQL: "INSERT INTO \(quoted(table.name)) (\(columns.map(quoted).joined(separator: ", "))) "
                        + "VALUES " + tuples.joined(separator: ", "),
                    binds: bindings))
        }
        for (index, column) in table.columns.enumerated() where table.selfReferences.contains(column.name) {
            let updates = laterParents.filter { $0.column == index }
            for start in stride(from: 0, to: updates.count, by: batchSize) {
                let batch = updates[start..<min(start + batchSize, updates.count)]
                var bindings = PostgresBindings()
                bindings.append(batch.map(\.key))
                bindings.append(batch.map(\.value))
                try await write.query(
                    PostgresQuery(
                        unsafeSQL: "UPDATE \(quoted(table.name)) AS t SET \(quoted(column.name)) = v.value "
                            + "FROM unnest($1::bigint[], $2::bigint[]) AS v(id, value) WHERE t.id = v.id",
                        binds: bindings))
            }
        }
        return tally.copy(of: table.name)
    }

    /// Sets each id sequence past the highest id in the table and every id SQLite handed out.
    private func resumeIDs(
        of table: PostgresSchema.Table, above handedOut: Int64, _ write: PostgresWrite
    )
        async throws
    {
        for column in table.columns where column.isIdentity {
            let highest =
                try await write.firstRow(
                    PostgresQuery(
                        unsafeSQL: "SELECT COALESCE(max(\(quoted(column.name))), 0) FROM \(quoted(table.name))")
                )?.decode(Int64.self) ?? 0
            let next = max(highest, handedOut)
            try await write.query(
                """
                SELECT setval(pg_get_serial_sequence(\(quoted(table.name)), \(column.name)), \(max(next, 1)),
                    \(next > 0))
                """)
        }
    }

    /// The count and checksum of what PostgreSQL now holds in `table`.
    private func checksum(of table: PostgresSchema.Table, _ write: PostgresWrite) async throws -> TableCopy {
        var tally = RowTally()
        let rows = try await write.query(
            PostgresQuery(
                unsafeSQL: "SELECT \(table.columns.map { quoted($0.name) }.joined(separator: ", ")) "
                    + "FROM \(quoted(table.name))"))
        for try await row in rows {
            tally.add(try zip(table.columns, row).map { column, cell in try column.type.read(cell) })
        }
        return tally.copy(of: table.name)
    }
}

/// The copy cannot be made; nothing was written. The message says what to do.
public struct SQLiteToPostgresError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The tables of the PostgreSQL schema as the copy needs them, read from the catalog.
struct PostgresSchema {
    struct Column {
        let name: String
        let type: ColumnType
        let isIdentity: Bool
    }

    struct Table {
        let name: String
        /// Those filled by the copy: generated columns are left to the database.
        var columns: [Column]
        /// The tables its foreign keys name, itself left out.
        var parents: Set<String>
        /// Its columns whose foreign keys name its own rows.
        var selfReferences: Set<String>
    }

    let tables: [Table]

    static func read(_ write: PostgresWrite) async throws -> PostgresSchema {
        var tables: [String: Table] = [:]
        for row in try await write.rows(
            """
            SELECT c.table_name, c.column_name, c.data_type, c.is_identity = 'YES'
            FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
                AND c.table_name <> 'kairos_migrations' AND c.is_generated = 'NEVER'
            ORDER BY c.table_name, c.ordinal_position
            """)
        {
            let (table, column, dataType, isIdentity) = try row.decode((String, String, String, Bool).self)
            guard let type = ColumnType(rawValue: dataType) else {
                throw SQLiteToPostgresError(
                    "\(table).\(column) is of type \(dataType), which this kairos cannot copy yet.")
            }
            tables[table, default: Table(name: table, columns: [], parents: [], selfReferences: [])].columns.append(
                Column(name: column, type: type, isIdentity: isIdentity))
        }
        for row in try await write.rows(
            """
            SELECT child.relname, a.attname, parent.relname
            FROM pg_constraint k
            JOIN pg_class child ON child.oid = k.conrelid
            JOIN pg_class parent ON parent.oid = k.confrelid
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
            WHERE k.contype = 'f' AND child.relnamespace = current_schema()::regnamespace
            """)
        {
            let (child, column, parent) = try row.decode((String, String, String).self)
            if child == parent {
                tables[child]?.selfReferences.insert(column)
            } else {
                tables[child]?.parents.insert(parent)
            }
        }
        return PostgresSchema(tables: tables.values.sorted { $0.name < $1.name })
    }

    /// Every table after the tables it names, by name where the order is free.
    func fillingOrder() throws -> [Table] {
        var placed: Set<String> = []
        var ordered: [Table] = []
        var waiting = tables
        while !waiting.isEmpty {
            let ready = waiting.filter { $0.parents.isSubset(of: placed) }
            guard !ready.isEmpty else {
                throw SQLiteToPostgresError(
                    "The tables \(waiting.map(\.name).joined(separator: ", ")) name each other in a circle, "
                        + "which this kairos cannot copy.")
            }
            ordered += ready
            placed.formUnion(ready.map(\.name))
            waiting.removeAll { placed.contains($0.name) }
        }
        return ordered
    }
}

/// The PostgreSQL column types of the schema, with how a SQLite value becomes one.
enum ColumnType: String {
    case bigint
    case boolean
    case text
    case bytea

    /// `value` as this type stores it, in the form the checksum reads back: booleans as 0 and 1.
    func converting(_ value: StoredValue, column: String) throws -> StoredValue {
        switch (self, value) {
        case (_, .null): return .null
        case (.bigint, .integer), (.text, .text), (.bytea, .blob): return value
        case (.bigint, .real(let real)) where real.rounded() == real && abs(real) < 9e18: return .integer(Int64(real))
        case (.boolean, .integer(let flag)) where flag == 0 || flag == 1: return value
        case (.text, .integer(let integer)): return .text(String(integer))
        case (.text, .real(let real)): return .text(String(real))
        case (.bytea, .text(let text)): return .blob(Array(text.utf8))
        default:
            throw SQLiteToPostgresError("\(column) holds \(value), which is not a \(rawValue). Nothing was copied.")
        }
    }

    func bind(_ value: StoredValue, to bindings: inout PostgresBindings) {
        switch (self, value) {
        case (.boolean, .integer(let flag)): bindings.append(flag != 0)
        case (_, .integer(let integer)): bindings.append(integer)
        case (_, .text(let text)): bindings.append(text)
        case (_, .blob(let bytes)): bindings.append(ByteBuffer(bytes: bytes))
        case (_, .real(let real)): bindings.append(real)
        case (_, .null): bindings.appendNull()
        }
    }

    /// A value PostgreSQL returned, in the form `converting` gives.
    func read(_ cell: PostgresCell) throws -> StoredValue {
        switch self {
        case .bigint: try cell.decode(Int64?.self).map(StoredValue.integer) ?? .null
        case .boolean: try cell.decode(Bool?.self).map { .integer($0 ? 1 : 0) } ?? .null
        case .text: try cell.decode(String?.self).map(StoredValue.text) ?? .null
        case .bytea: try cell.decode(ByteBuffer?.self).map { .blob(Array($0.readableBytesView)) } ?? .null
        }
    }
}

/// A count and an order-independent checksum of rows: the sum of each row's 64-bit FNV-1a hash. It finds
/// a value changed, lost or added in the copy; it does not guard against anyone crafting collisions.
struct RowTally {
    private(set) var rows = 0
    private var sum: UInt64 = 0

    mutating func add(_ values: [StoredValue]) {
        var hash = FNV1a()
        for value in values {
            switch value {
            case .null: hash.add([0])
            case .integer(let integer): hash.add([1] + withUnsafeBytes(of: integer.littleEndian, Array.init))
            case .real(let real): hash.add([2] + withUnsafeBytes(of: real.bitPattern.littleEndian, Array.init))
            case .text(let text): hash.add([3] + withUnsafeBytes(of: UInt64(text.utf8.count), Array.init) + text.utf8)
            case .blob(let bytes): hash.add([4] + withUnsafeBytes(of: UInt64(bytes.count), Array.init) + bytes)
            }
        }
        rows += 1
        sum &+= hash.value
    }

    func copy(of table: String) -> SQLiteToPostgres.TableCopy {
        .init(table: table, rows: rows, checksum: String(sum, radix: 16))
    }
}

private struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }
}

/// A table or column name as SQL quotes it; names come from the catalog, never from input.
private func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
