import GRDB

extension SchemaMigrations {
    /// A journal of where tasks changed, for CalDAV's sync tokens (RFC 6578) and collection tags: each task
    /// keeps its latest row per project it is or was in, numbered in the order of the changes; a task that left
    /// a project (deleted, or moved away) keeps a `removed` row there. The database keeps it, through triggers,
    /// so that no write path (a cascade included) can miss it; it records and decides nothing else. What shows
    /// in a calendar object (the task's own columns, its labels, its reminders) counts as a change of the task.
    static func createCalendarChanges(_ db: Database) throws {
        let touch = { (task: String) in
            """
            DELETE FROM calendar_changes WHERE task_id = \(task) AND project_id = (SELECT project_id FROM tasks WHERE id = \(task));
                INSERT INTO calendar_changes (project_id, task_id) SELECT project_id, id FROM tasks WHERE id = \(task);
            """
        }
        try db.execute(
            sql: """
                CREATE TABLE calendar_changes (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    project_id INTEGER NOT NULL,
                    task_id INTEGER,
                    -- An object a CalDAV client stored that is not a to-do, kept as it is.
                    object_id INTEGER,
                    removed INTEGER NOT NULL DEFAULT 0,
                    CHECK ((task_id IS NULL) <> (object_id IS NULL))
                );
                CREATE INDEX calendar_changes_by_project ON calendar_changes(project_id, seq);
                CREATE INDEX calendar_changes_by_task ON calendar_changes(task_id, project_id) WHERE task_id IS NOT NULL;
                INSERT INTO calendar_changes (project_id, task_id) SELECT project_id, id FROM tasks ORDER BY id;

                CREATE TRIGGER calendar_task_added AFTER INSERT ON tasks BEGIN
                    INSERT INTO calendar_changes (project_id, task_id) VALUES (NEW.project_id, NEW.id);
                END;
                CREATE TRIGGER calendar_task_changed AFTER UPDATE ON tasks BEGIN
                    DELETE FROM calendar_changes WHERE task_id = NEW.id AND project_id IN (OLD.project_id, NEW.project_id);
                    INSERT INTO calendar_changes (project_id, task_id, removed)
                        SELECT OLD.project_id, OLD.id, 1 WHERE OLD.project_id <> NEW.project_id;
                    INSERT INTO calendar_changes (project_id, task_id) VALUES (NEW.project_id, NEW.id);
                END;
                CREATE TRIGGER calendar_task_removed AFTER DELETE ON tasks BEGIN
                    DELETE FROM calendar_changes WHERE task_id = OLD.id AND project_id = OLD.project_id;
                    INSERT INTO calendar_changes (project_id, task_id, removed) VALUES (OLD.project_id, OLD.id, 1);
                END;
                CREATE TRIGGER calendar_label_added AFTER INSERT ON task_labels BEGIN \(touch("NEW.task_id")) END;
                CREATE TRIGGER calendar_label_renamed AFTER UPDATE OF name ON task_labels BEGIN \(touch("NEW.task_id")) END;
                CREATE TRIGGER calendar_label_removed AFTER DELETE ON task_labels BEGIN \(touch("OLD.task_id")) END;
                CREATE TRIGGER calendar_reminder_added AFTER INSERT ON reminders BEGIN \(touch("NEW.task_id")) END;
                CREATE TRIGGER calendar_reminder_moved AFTER UPDATE OF at, minute_offset ON reminders BEGIN
                    \(touch("NEW.task_id"))
                END;
                CREATE TRIGGER calendar_reminder_removed AFTER DELETE ON reminders BEGIN \(touch("OLD.task_id")) END;
                """)
    }
}

extension SchemaMigrations {
    /// Calendar feeds: each a person's secret address for their due tasks, or one project's, kept as the
    /// hash of its secret as API tokens are.
    static func createCalendarFeeds(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE calendar_feeds (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX calendar_feeds_by_user ON calendar_feeds(user_id, id);
                """)
    }
}
