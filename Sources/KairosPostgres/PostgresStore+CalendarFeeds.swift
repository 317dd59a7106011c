import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: CalendarFeedStore {
    public func createCalendarFeed(
        userID: String, projectID: String?, tokenHash: String, now: Date
    ) async throws -> CalendarFeed {
        let owner = try require(userID.rowID, "User")
        let project = try projectID.map { id throws(KairosError) in try require(id.rowID, "Project") }
        return try await write { write in
            if let project,
                try await Self.project(write.connection, viewer: owner, id: project, logger: write.logger) == nil
            {
                throw KairosError.missing("Project")
            }
            // The owner's row is locked first, so two feeds added at once are counted one after the other.
            try await write.query("SELECT 1 FROM users WHERE id = \(owner) FOR UPDATE")
            let count =
                try await write.firstRow("SELECT count(*) FROM calendar_feeds WHERE user_id = \(owner)")?
                .decode(Int64.self) ?? 0
            guard count < Limits.calendarFeedsPerUser else {
                throw KairosError.conflict(
                    "You have \(Limits.calendarFeedsPerUser) calendar feeds already. "
                        + "Delete one you no longer use first.")
            }
            let id = try require(
                try await write.firstRow(
                    """
                    INSERT INTO calendar_feeds (user_id, project_id, token_hash, created_at)
                    VALUES (\(owner), \(project), \(tokenHash), \(now.micros))
                    RETURNING id
                    """), "Calendar feed"
            ).decode(Int64.self)
            return CalendarFeed(id: id.apiID, projectID: projectID, createdAt: now)
        }
    }

    public func calendarFeeds(userID: String) async throws -> [CalendarFeed] {
        let owner = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                "SELECT \(unescaped: CalendarFeed.columns) FROM calendar_feeds WHERE user_id = \(owner) ORDER BY id",
                logger: logger
            ).map(CalendarFeed.init(row:))
        }
    }

    public func deleteCalendarFeed(userID: String, id: String) async throws {
        let owner = try require(userID.rowID, "User")
        let feed = try require(id.rowID, "Calendar feed")
        try await write { write in
            let deleted = try await write.rows(
                "DELETE FROM calendar_feeds WHERE id = \(feed) AND user_id = \(owner) RETURNING id")
            guard !deleted.isEmpty else { throw KairosError.missing("Calendar feed") }
        }
    }

    public func calendarFeed(tokenHash: String) async throws -> (feed: CalendarFeed, user: User)? {
        try await read { connection in
            guard
                let row = try await connection.firstRow(
                    """
                    SELECT \(unescaped: CalendarFeed.columns), user_id FROM calendar_feeds
                    WHERE token_hash = \(tokenHash)
                    """, logger: logger),
                let user = try await Self.user(
                    connection, id: try row.makeRandomAccess()["user_id"].decode(Int64.self), logger: logger)
            else { return nil }
            return (try CalendarFeed(row: row), user)
        }
    }
}

extension CalendarFeed {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, project_id, created_at"

    /// A feed from a row that starts with `columns`.
    init(row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        let (id, project, createdAt) = (
            try cells[0].decode(Int64.self), try cells[1].decode(Int64?.self), try cells[2].decode(Int64.self)
        )
        self.init(id: id.apiID, projectID: project?.apiID, createdAt: Date(micros: createdAt))
    }
}
