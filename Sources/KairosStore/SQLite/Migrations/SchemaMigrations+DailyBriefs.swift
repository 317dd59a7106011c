import GRDB

extension SchemaMigrations {
    // The last day (the user's own date, YYYY-MM-DD) their daily brief was sent: written with its
    // notification, so a restart or a second server process never sends the same day's brief again.
    static func addDailyBriefSentOn(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE users ADD COLUMN daily_brief_sent_on TEXT")
    }

    /// The opening paragraph the server's model wrote for the day's brief (`daily_brief_sent_on`), or why it
    /// did not.
    static func addDailyBriefOpening(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE users ADD COLUMN daily_brief_opening TEXT")
        try db.execute(sql: "ALTER TABLE users ADD COLUMN daily_brief_opening_reason TEXT")
    }
}
