import GRDB

extension SchemaMigrations {
    /// Objects CalDAV clients store, by the names they chose, and the names clients gave calendars they made: a to-do's row links it to its task and keeps the
    /// client's text, so what Kairos does not model comes back unchanged; an object that is not a to-do (an event,
    /// a journal entry) is kept as it is. A task's row goes with the task.
    ///
    /// The journal learns names: a task's object that leaves a calendar is recorded under its name there (none
    /// for a task made in Kairos, whose name follows from its id), and so is a kept object. Gone names are kept
    /// as rows of their own, so a later change of the same task cannot erase that a client must drop one.
    static func createCalendarObjects(_ db: Database) throws {
        let touch = { (task: String) in
            """
            DELETE FROM calendar_changes WHERE task_id = \(task) AND removed = 0
                    AND project_id = (SELECT project_id FROM tasks WHERE id = \(task));
                INSERT INTO calendar_changes (project_id, task_id) SELECT project_id, id FROM tasks WHERE id = \(task);
            """
        }
        let nameOf = { (task: String) in "(SELECT name FROM calendar_objects WHERE task_id = \(task))" }
        try db.execute(
            sql: """
                CREATE TABLE calendar_objects (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    task_id INTEGER UNIQUE,
                    -- The parent the client named, while no object of that UID is there to link the task to.
                    parent_uid TEXT,
                    ics TEXT NOT NULL
                );
                CREATE INDEX calendar_objects_by_name ON calendar_objects(name);
                CREATE INDEX calendar_objects_by_uid ON calendar_objects(uid);
                CREATE INDEX calendar_objects_kept ON calendar_objects(project_id) WHERE task_id IS NULL;
                CREATE INDEX calendar_objects_waiting ON calendar_objects(parent_uid) WHERE parent_uid IS NOT NULL;
                ALTER TABLE calendar_changes ADD COLUMN name TEXT;
                -- The name a person's client gave a calendar it made (MKCALENDAR), which stays its address for them.
                CREATE TABLE calendar_collections (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    PRIMARY KEY (user_id, name)
                ) WITHOUT ROWID;
                -- Properties a person's client set on a calendar that Kairos does not model (RFC 4918 dead properties).
                CREATE TABLE calendar_properties (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    namespace TEXT NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (user_id, project_id, namespace, name)
                ) WITHOUT ROWID;

                DROP TRIGGER calendar_task_changed;
                DROP TRIGGER calendar_task_removed;
                DROP TRIGGER calendar_label_added;
                DROP TRIGGER calendar_label_renamed;
                DROP TRIGGER calendar_label_removed;
                DROP TRIGGER calendar_reminder_added;
                DROP TRIGGER calendar_reminder_moved;
                DROP TRIGGER calendar_reminder_removed;

                CREATE TRIGGER calendar_task_changed AFTER UPDATE ON tasks BEGIN
                    DELETE FROM calendar_changes
                        WHERE task_id = NEW.id AND removed = 0 AND project_id IN (OLD.project_id, NEW.project_id);
                    INSERT INTO calendar_changes (project_id, task_id, removed, name)
                        SELECT OLD.project_id, OLD.id, 1, \(nameOf("OLD.id")) WHERE OLD.project_id <> NEW.project_id;
                    INSERT INTO calendar_changes (project_id, task_id) VALUES (NEW.project_id, NEW.id);
                END;
                CREATE TRIGGER calendar_task_removed AFTER DELETE ON tasks BEGIN
                    DELETE FROM calendar_changes WHERE task_id = OLD.id AND removed = 0 AND project_id = OLD.project_id;
                    INSERT INTO calendar_changes (project_id, task_id, removed, name)
                        VALUES (OLD.project_id, OLD.id, 1, \(nameOf("OLD.id")));
                    DELETE FROM calendar_objects WHERE task_id = OLD.id;
                END;
                CREATE TRIGGER calendar_label_added AFTER INSERT ON task_labels BEGIN \(touch("NEW.task_id")) END;
                CREATE TRIGGER calendar_label_renamed AFTER UPDATE OF name ON task_labels BEGIN \(touch("NEW.task_id")) END;
                CREATE TRIGGER calendar_label_removed AFTER DELETE ON task_labels BEGIN \(touch("OLD.task_id")) END;
                CREATE TRIGGER calendar_reminder_added AFTER INSERT ON reminders BEGIN \(touch("NEW.task_id")) END;
                CREATE TRIGGER calendar_reminder_moved AFTER UPDATE OF at, minute_offset ON reminders BEGIN
                    \(touch("NEW.task_id"))
                END;
                CREATE TRIGGER calendar_reminder_removed AFTER DELETE ON reminders BEGIN \(touch("OLD.task_id")) END;

                CREATE TRIGGER calendar_object_added AFTER INSERT ON calendar_objects BEGIN
                    INSERT INTO calendar_changes (project_id, object_id) SELECT NEW.project_id, NEW.id WHERE NEW.task_id IS NULL;
                    \(touch("NEW.task_id"))
                END;
                CREATE TRIGGER calendar_object_changed AFTER UPDATE OF ics ON calendar_objects BEGIN
                    DELETE FROM calendar_changes WHERE object_id = NEW.id AND removed = 0;
                    INSERT INTO calendar_changes (project_id, object_id) SELECT NEW.project_id, NEW.id WHERE NEW.task_id IS NULL;
                    \(touch("NEW.task_id"))
                END;
                CREATE TRIGGER calendar_object_removed AFTER DELETE ON calendar_objects WHEN OLD.task_id IS NULL BEGIN
                    DELETE FROM calendar_changes WHERE object_id = OLD.id AND removed = 0;
                    INSERT INTO calendar_changes (project_id, object_id, removed, name)
                        VALUES (OLD.project_id, OLD.id, 1, OLD.name);
                END;
                """)
    }
}
