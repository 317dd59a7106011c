extension PostgresMigration {
    /// The change journals the Todoist Sync API (`sync_changes`) and CalDAV (`calendar_changes`) read: each
    /// object's latest change, kept by triggers on the tables they describe, as SQLite's are.
    ///
    /// Readers go by number ("what changed after 41"), so the numbers must follow commit order, which an
    /// identity column does not: a transaction that took 41 may commit after one that took 42, and a reader
    /// that saw 42 would never see 41. So a change first takes a pending, negative number; when its
    /// transaction commits, a deferred trigger takes the event counter's lock (held to the end of the
    /// commit, as for events) and renumbers the transaction's pending changes from the identity, in the order
    /// they were made. Other transactions never see a negative number.
    ///
    /// While `kairos.copying` is on (the copy from SQLite, which brings the journals along), nothing is logged.
    static let changeJournals = PostgresMigration(
        version: 3, name: "change-journals", statements: journalStatements + rowJournals)

    /// The functions that log, the triggers of tasks and what belongs to them, and the numbering at commit.
    private static let journalStatements = [
        "CREATE SEQUENCE journal_pending INCREMENT BY -1 MAXVALUE -1 START WITH -1",

        // The latest change of one object for the Sync API, replacing the one before it in that project.
        """
        CREATE FUNCTION journal_sync(of_kind text, of_object bigint, in_project bigint, by_user bigint)
        RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('kairos.copying', true) = 'on' THEN RETURN; END IF;
            DELETE FROM sync_changes
                WHERE kind = of_kind AND object_id = of_object AND project_id IS NOT DISTINCT FROM in_project;
            INSERT INTO sync_changes (seq, kind, object_id, project_id, user_id)
                VALUES (nextval('journal_pending'), of_kind, of_object, in_project, by_user);
        END $$
        """,
        // A task changed for the Sync API where it is now (its labels, its comments).
        """
        CREATE FUNCTION journal_sync_task(of_task bigint) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            task record;
        BEGIN
            SELECT id, project_id, user_id INTO task FROM tasks WHERE id = of_task;
            IF FOUND THEN PERFORM journal_sync('item', task.id, task.project_id, task.user_id); END IF;
        END $$
        """,
        // A task changed in its project's calendar.
        """
        CREATE FUNCTION journal_calendar_task(of_task bigint) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            in_project bigint;
        BEGIN
            IF current_setting('kairos.copying', true) = 'on' THEN RETURN; END IF;
            SELECT project_id INTO in_project FROM tasks WHERE id = of_task;
            IF NOT FOUND THEN RETURN; END IF;
            DELETE FROM calendar_changes WHERE task_id = of_task AND NOT removed AND project_id = in_project;
            INSERT INTO calendar_changes (seq, project_id, task_id)
                VALUES (nextval('journal_pending'), in_project, of_task);
        END $$
        """,
        // A task left a calendar: its change there says so, under the name its client gave it.
        """
        CREATE FUNCTION journal_calendar_task_left(of_task bigint, from_project bigint) RETURNS void
        LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('kairos.copying', true) = 'on' THEN RETURN; END IF;
            DELETE FROM calendar_changes WHERE task_id = of_task AND NOT removed AND project_id = from_project;
            INSERT INTO calendar_changes (seq, project_id, task_id, removed, name)
                VALUES (nextval('journal_pending'), from_project, of_task, true,
                    (SELECT name FROM calendar_objects WHERE task_id = of_task));
        END $$
        """,

        """
        CREATE FUNCTION journal_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM journal_sync('item', OLD.id, OLD.project_id, OLD.user_id);
                PERFORM journal_calendar_task_left(OLD.id, OLD.project_id);
                DELETE FROM calendar_objects WHERE task_id = OLD.id;
                RETURN NULL;
            END IF;
            IF TG_OP = 'UPDATE' AND OLD.project_id <> NEW.project_id THEN
                PERFORM journal_sync('item', OLD.id, OLD.project_id, OLD.user_id);
                PERFORM journal_calendar_task_left(OLD.id, OLD.project_id);
            END IF;
            PERFORM journal_sync('item', NEW.id, NEW.project_id, NEW.user_id);
            PERFORM journal_calendar_task(NEW.id);
            RETURN NULL;
        END $$
        """,
        "CREATE TRIGGER journal_tasks AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION journal_tasks()",

        // Labels, reminders and comments are part of their task, in both journals.
        """
        CREATE FUNCTION journal_task_parts() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            part record;
        BEGIN
            IF TG_OP = 'DELETE' THEN part := OLD; ELSE part := NEW; END IF;
            PERFORM journal_sync_task(part.task_id);
            PERFORM journal_calendar_task(part.task_id);
            RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER journal_task_labels AFTER INSERT OR UPDATE OF name OR DELETE ON task_labels
            FOR EACH ROW EXECUTE FUNCTION journal_task_parts()
        """,

        // A calendar shows a reminder's time on its task, not whether it went off.
        """
        CREATE FUNCTION journal_reminder_times() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            reminder record;
        BEGIN
            IF TG_OP = 'DELETE' THEN reminder := OLD; ELSE reminder := NEW; END IF;
            PERFORM journal_calendar_task(reminder.task_id);
            RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER journal_reminder_times AFTER INSERT OR UPDATE OF at, minute_offset OR DELETE ON reminders
            FOR EACH ROW EXECUTE FUNCTION journal_reminder_times()
        """,

        // A comment is a note of its own, and a change of its task when it is on one (not when edited).
        """
        CREATE FUNCTION journal_comments() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            comment record;
        BEGIN
            IF TG_OP = 'DELETE' THEN comment := OLD; ELSE comment := NEW; END IF;
            PERFORM journal_sync(
                'note', comment.id,
                COALESCE(comment.project_id, (SELECT project_id FROM tasks WHERE id = comment.task_id)),
                comment.user_id);
            IF TG_OP <> 'UPDATE' AND comment.task_id IS NOT NULL THEN
                PERFORM journal_sync_task(comment.task_id);
            END IF;
            RETURN NULL;
        END $$
        """,
        "CREATE TRIGGER journal_comments AFTER INSERT OR UPDATE OR DELETE ON comments FOR EACH ROW EXECUTE FUNCTION journal_comments()",

        """
        CREATE FUNCTION journal_users() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM journal_sync('user', NEW.id, NULL, NEW.id);
            RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER journal_users AFTER UPDATE OF email, name, timezone ON users
            FOR EACH ROW EXECUTE FUNCTION journal_users()
        """,

        // What clients store: objects that are no to-do change on their own; a task's object is its task.
        """
        CREATE FUNCTION journal_calendar_objects() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('kairos.copying', true) = 'on' THEN RETURN NULL; END IF;
            IF TG_OP = 'DELETE' THEN
                IF OLD.task_id IS NULL THEN
                    DELETE FROM calendar_changes WHERE object_id = OLD.id AND NOT removed;
                    INSERT INTO calendar_changes (seq, project_id, object_id, removed, name)
                        VALUES (nextval('journal_pending'), OLD.project_id, OLD.id, true, OLD.name);
                END IF;
                RETURN NULL;
            END IF;
            IF NEW.task_id IS NULL THEN
                DELETE FROM calendar_changes WHERE object_id = NEW.id AND NOT removed;
                INSERT INTO calendar_changes (seq, project_id, object_id)
                    VALUES (nextval('journal_pending'), NEW.project_id, NEW.id);
            ELSE
                PERFORM journal_calendar_task(NEW.task_id);
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER journal_calendar_objects AFTER INSERT OR UPDATE OF ics OR DELETE ON calendar_objects
            FOR EACH ROW EXECUTE FUNCTION journal_calendar_objects()
        """,

        // At commit: the transaction's pending changes take their numbers, in the order they were made.
        """
        CREATE FUNCTION journal_number() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('kairos.journal_numbered', true) = 'on' THEN RETURN NULL; END IF;
            PERFORM set_config('kairos.journal_numbered', 'on', true);
            PERFORM 1 FROM event_counter FOR UPDATE;
            UPDATE sync_changes AS c SET seq = numbered.seq
                FROM (
                    SELECT pending, nextval(pg_get_serial_sequence('sync_changes', 'seq')) AS seq
                    FROM (SELECT seq AS pending FROM sync_changes WHERE seq < 0 ORDER BY seq DESC) AS o
                ) AS numbered
                WHERE c.seq = numbered.pending;
            UPDATE calendar_changes AS c SET seq = numbered.seq
                FROM (
                    SELECT pending, nextval(pg_get_serial_sequence('calendar_changes', 'seq')) AS seq
                    FROM (SELECT seq AS pending FROM calendar_changes WHERE seq < 0 ORDER BY seq DESC) AS o
                ) AS numbered
                WHERE c.seq = numbered.pending;
            RETURN NULL;
        END $$
        """,
        """
        CREATE CONSTRAINT TRIGGER sync_changes_numbered AFTER INSERT ON sync_changes
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.seq < 0) EXECUTE FUNCTION journal_number()
        """,
        """
        CREATE CONSTRAINT TRIGGER calendar_changes_numbered AFTER INSERT ON calendar_changes
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.seq < 0) EXECUTE FUNCTION journal_number()
        """,
    ]

    /// Tables whose rows the Sync API lists on their own, each change logged as the row's latest.
    private static let rowJournals =
        syncJournal(of: "projects", as: "project", project: "changed.id")
        + syncJournal(of: "sections", as: "section", project: "changed.project_id")
        + syncJournal(of: "labels", as: "label", project: "NULL")
        + syncJournal(
            of: "reminders", as: "reminder", project: "(SELECT project_id FROM tasks WHERE id = changed.task_id)")
        + syncJournal(of: "project_members", as: "member", object: "changed.user_id", project: "changed.project_id")

    /// A trigger that logs each row of `table` inserted, changed or deleted as the Sync API's `kind`, with
    /// `object` and `project` as expressions of the row, `changed`, and its `user_id`.
    private static func syncJournal(
        of table: String, as kind: String, object: String = "changed.id", project: String
    ) -> [String] {
        [
            """
            CREATE FUNCTION journal_\(table)() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                changed record;
            BEGIN
                IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
                PERFORM journal_sync('\(kind)', \(object), \(project), changed.user_id);
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER journal_\(table) AFTER INSERT OR UPDATE OR DELETE ON \(table)
                FOR EACH ROW EXECUTE FUNCTION journal_\(table)()
            """,
        ]
    }
}
