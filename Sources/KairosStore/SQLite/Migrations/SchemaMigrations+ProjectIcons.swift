import GRDB

extension SchemaMigrations {
    // A project may show a named icon instead of the plain list glyph; NULL keeps the glyph. Which names are
    // allowed is Core's `ProjectIcon` rule, so the list can grow without a migration.
    static func addProjectIcons(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE projects ADD COLUMN icon TEXT")
    }
}
