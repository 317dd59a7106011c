import Foundation
import GRDB

/// A value as SQLite stores it, for copying a database's rows elsewhere.
package enum StoredValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// The rows of the database, table by table, for `kairos admin migrate-to-postgres`.
extension SQLiteStore {
    /// The tables of the schema, FTS shadows and GRDB's bookkeeping left out, by name.
    package func exportedTables() async throws -> Set<String> {
        try await pool.read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                            AND name NOT LIKE '%_fts' AND name NOT LIKE '%_fts_%' AND name <> 'grdb_migrations'
                        """))
        }
    }

    /// The highest id each table with an ever-growing id has handed out, deleted rows included.
    package func handedOutIDs() async throws -> [String: Int64] {
        try await pool.read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence").map { ($0["name"], $0["seq"]) },
                uniquingKeysWith: max)
        }
    }

    /// Up to `limit` rows of `table` in the order of its primary key (`keyColumns`, see `primaryKey(of:)`),
    /// after the row whose key is `key`: each is the row's key, then its `columns` in that order. Table and
    /// column names come from the schema, never from input.
    package func exportedRows(
        of table: String, columns: [String], keyColumns: [String], after key: [StoredValue]?, limit: Int
    ) async throws -> [[StoredValue]] {
        let selected = (keyColumns + columns).map(Self.quoted).joined(separator: ", ")
        let keyList = keyColumns.map(Self.quoted).joined(separator: ", ")
        var sql = "SELECT \(selected) FROM \(Self.quoted(table))"
        var arguments = StatementArguments()
        if let key {
            sql += " WHERE (\(keyList)) > (\(Array(repeating: "?", count: key.count).joined(separator: ", ")))"
            arguments = StatementArguments(key.map(\.databaseValue))
        }
        sql += " ORDER BY \(keyList) LIMIT \(limit)"
        return try await pool.read { [sql, arguments] db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                row.databaseValues.map(StoredValue.init)
            }
        }
    }

    /// The columns of `table`'s primary key, in key order; `rowid` when it has none of its own.
    package func primaryKey(of table: String) async throws -> [String] {
        try await pool.read { db in try db.primaryKey(table).columns }
    }

    private static func quoted(_ name: String) -> String {
        name == "rowid" ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension StoredValue {
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }
}
