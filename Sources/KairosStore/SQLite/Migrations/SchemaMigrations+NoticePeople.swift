import GRDB

extension SchemaMigrations {
    // The people each conversation notice names ("Ada added Bob"): notices are stored worded, and a person who
    // deletes their account is renamed "Deleted user" in the notices that name them. Notices written before
    // this migration named no one here and keep their wording.
    static func createNoticePeople(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE notice_people (
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    PRIMARY KEY (message_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX notice_people_by_user ON notice_people(user_id);
                """)
    }
}
