import GRDB

extension SchemaMigrations {
    /// A journal of what changed, for the Todoist Sync API's incremental answers: each object keeps its latest
    /// row per project it is or was in, numbered in the order of the changes. `project_id` says who may hear of
    /// it (everyone who sees that project), `user_id` the one person it is always for (the owner of a project's
    /// objects, a label's or reminder's owner, a member who joined or left). The database keeps it through
    /// triggers, so that no write path (a cascade included) can miss it; it records and decides nothing else.
    /// `sync_commands` keeps the commands each person already applied, by their uuid, with what they answered.
    static func createSyncChanges(_ db: Database) throws {
        // Deletes the object's earlier row in the project, then writes its new one.
        func note(_ kind: String, _ object: String, project: String, user: String) -> String {
            """
            DELETE FROM sync_changes WHERE kind = '\(kind)' AND object_id = \(object)
                    AND project_id IS \(project);
                INSERT INTO sync_changes (kind, object_id, project_id, user_id) VALUES ('\(kind)', \(object), \(project), \(user));
            """
        }
        let touchTask = { (task: String) in
            """
            DELETE FROM sync_changes WHERE kind = 'item' AND object_id = \(task)
                    AND project_id IS (SELECT project_id FROM tasks WHERE id = \(task));
                INSERT INTO sync_changes (kind, object_id, project_id, user_id)
                    SELECT 'item', id, project_id, user_id FROM tasks WHERE id = \(task);
            """
        }
        let taskProject = { (task: String) in "(SELECT project_id FROM tasks WHERE id = \(task))" }
        let noteProject = { (row: String) in "COALESCE(\(row).project_id, \(taskProject("\(row).task_id")))" }
        try db.execute(
            sql: """
                CREATE TABLE sync_changes (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('item', 'project', 'section', 'label', 'note', 'reminder', 'user', 'member')),
                    object_id INTEGER NOT NULL,
                    project_id INTEGER,
                    user_id INTEGER
                );
                CREATE INDEX sync_changes_by_object ON sync_changes(kind, object_id);
                CREATE TABLE sync_commands (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    uuid TEXT NOT NULL CHECK (uuid <> ''),
                    answer TEXT NOT NULL,
                    applied_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, uuid)
                ) WITHOUT ROWID;
                CREATE INDEX sync_commands_by_age ON sync_commands(applied_at);

                CREATE TRIGGER sync_task_added AFTER INSERT ON tasks BEGIN
                    INSERT INTO sync_changes (kind, object_id, project_id, user_id) VALUES ('item', NEW.id, NEW.project_id, NEW.user_id);
                END;
                CREATE TRIGGER sync_task_changed AFTER UPDATE ON tasks BEGIN
                    DELETE FROM sync_changes WHERE kind = 'item' AND object_id = NEW.id
                        AND project_id IN (OLD.project_id, NEW.project_id);
                    INSERT INTO sync_changes (kind, object_id, project_id, user_id)
                        SELECT 'item', OLD.id, OLD.project_id, OLD.user_id WHERE OLD.project_id <> NEW.project_id;
                    INSERT INTO sync_changes (kind, object_id, project_id, user_id) VALUES ('item', NEW.id, NEW.project_id, NEW.user_id);
                END;
                CREATE TRIGGER sync_task_removed AFTER DELETE ON tasks BEGIN
                    \(note("item", "OLD.id", project: "OLD.project_id", user: "OLD.user_id"))
                END;
                CREATE TRIGGER sync_task_label_added AFTER INSERT ON task_labels BEGIN \(touchTask("NEW.task_id")) END;
                CREATE TRIGGER sync_task_label_renamed AFTER UPDATE OF name ON task_labels BEGIN \(touchTask("NEW.task_id")) END;
                CREATE TRIGGER sync_task_label_removed AFTER DELETE ON task_labels BEGIN \(touchTask("OLD.task_id")) END;

                CREATE TRIGGER sync_project_added AFTER INSERT ON projects BEGIN
                    \(note("project", "NEW.id", project: "NEW.id", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_project_changed AFTER UPDATE ON projects BEGIN
                    \(note("project", "NEW.id", project: "NEW.id", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_project_removed AFTER DELETE ON projects BEGIN
                    \(note("project", "OLD.id", project: "OLD.id", user: "OLD.user_id"))
                END;
                CREATE TRIGGER sync_member_added AFTER INSERT ON project_members BEGIN
                    \(note("member", "NEW.user_id", project: "NEW.project_id", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_member_changed AFTER UPDATE ON project_members BEGIN
                    \(note("member", "NEW.user_id", project: "NEW.project_id", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_member_removed AFTER DELETE ON project_members BEGIN
                    \(note("member", "OLD.user_id", project: "OLD.project_id", user: "OLD.user_id"))
                END;

                CREATE TRIGGER sync_section_added AFTER INSERT ON sections BEGIN
                    \(note("section", "NEW.id", project: "NEW.project_id", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_section_changed AFTER UPDATE ON sections BEGIN
                    \(note("section", "NEW.id", project: "NEW.project_id", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_section_removed AFTER DELETE ON sections BEGIN
                    \(note("section", "OLD.id", project: "OLD.project_id", user: "OLD.user_id"))
                END;

                CREATE TRIGGER sync_label_added AFTER INSERT ON labels BEGIN
                    \(note("label", "NEW.id", project: "NULL", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_label_changed AFTER UPDATE ON labels BEGIN
                    \(note("label", "NEW.id", project: "NULL", user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_label_removed AFTER DELETE ON labels BEGIN
                    \(note("label", "OLD.id", project: "NULL", user: "OLD.user_id"))
                END;

                CREATE TRIGGER sync_comment_added AFTER INSERT ON comments BEGIN
                    \(note("note", "NEW.id", project: noteProject("NEW"), user: "NEW.user_id"))
                    \(touchTask("NEW.task_id"))
                END;
                CREATE TRIGGER sync_comment_changed AFTER UPDATE ON comments BEGIN
                    \(note("note", "NEW.id", project: noteProject("NEW"), user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_comment_removed AFTER DELETE ON comments BEGIN
                    \(note("note", "OLD.id", project: noteProject("OLD"), user: "OLD.user_id"))
                    \(touchTask("OLD.task_id"))
                END;

                CREATE TRIGGER sync_reminder_added AFTER INSERT ON reminders BEGIN
                    \(note("reminder", "NEW.id", project: taskProject("NEW.task_id"), user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_reminder_changed AFTER UPDATE ON reminders BEGIN
                    \(note("reminder", "NEW.id", project: taskProject("NEW.task_id"), user: "NEW.user_id"))
                END;
                CREATE TRIGGER sync_reminder_removed AFTER DELETE ON reminders BEGIN
                    \(note("reminder", "OLD.id", project: taskProject("OLD.task_id"), user: "OLD.user_id"))
                END;

                CREATE TRIGGER sync_user_changed AFTER UPDATE OF email, name, timezone ON users BEGIN
                    \(note("user", "NEW.id", project: "NULL", user: "NEW.id"))
                END;
                """)
    }
}
