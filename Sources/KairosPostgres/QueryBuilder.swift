import KairosStore
import PostgresNIO

/// A query put together from parts, for queries whose shape depends on the request (optional conditions,
/// filters, keysets). The text is only ever constant SQL and `$n` placeholders; every value is bound.
///
/// A class, so that placeholders bound while the text of `query(_:)` is being built land in the query.
final class QueryBuilder {
    private(set) var binds = PostgresBindings()

    /// Binds `value` and returns its placeholder (`$1`, `$2`...), to write into the text where it goes.
    func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds `value`, or NULL when there is none, and returns its placeholder.
    func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// The query of `sql`, whose placeholders all came from this builder.
    func query(_ sql: String) -> PostgresQuery {
        PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}

extension QueryBuilder {
    /// Keyset condition for a list ordered ascending by `columns`: the rows after the page's cursor, as
    /// `" AND (a, b) > ($1, $2)"`, or nothing on the first page.
    func ascendingKeyset(_ page: PageRequest, columns: [String]) -> String {
        guard let keys = page.cursor?.keys, keys.count == columns.count else { return "" }
        var placeholders: [String] = []
        for key in keys { placeholders.append(bind(key)) }
        return " AND (\(columns.joined(separator: ", "))) > (\(placeholders.joined(separator: ", ")))"
    }
}
