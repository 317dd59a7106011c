import GRDB

extension SchemaMigrations {
    // A recurring due given as "every! 3 days" moves on from the day its task is completed, not from its due
    // date. The RRULE cannot say so, so the task keeps it beside the rule.
    static func addDueFromCompletion(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE tasks ADD COLUMN due_from_completion INTEGER NOT NULL DEFAULT 0
                    CHECK (due_from_completion IN (0, 1));
                """)
    }
}
