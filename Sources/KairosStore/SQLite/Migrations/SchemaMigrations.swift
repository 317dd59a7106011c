import GRDB

/// The schema's history. Migrations are append-only: never edit one that has shipped, add a new one.
enum SchemaMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts-projects-tasks", migrate: createInitialSchema)
        migrator.registerMigration("v2-time-tracking", migrate: createTimeTracking)
        migrator.registerMigration("v3-conversations-messages", migrate: createConversations)
        migrator.registerMigration("v4-attachments", migrate: createAttachments)
        migrator.registerMigration("v5-sharing", migrate: createSharing)
        migrator.registerMigration("v6-invites", migrate: createInvites)
        migrator.registerMigration("v7-notifications", migrate: createNotifications)
        migrator.registerMigration("v8-assignees", migrate: createAssignees)
        migrator.registerMigration("v9-realtime", migrate: addReceipts)
        migrator.registerMigration("v10-attachment-sweep", migrate: indexAttachmentSweep)
        migrator.registerMigration("v11-task-client-id", migrate: addTaskClientID)
        migrator.registerMigration("v12-user-preferences", migrate: addUserPreferences)
        migrator.registerMigration("v13-task-activity", migrate: createTaskActivity)
        migrator.registerMigration("v14-reminders", migrate: createReminders)
        migrator.registerMigration("v15-partial-task-indexes", migrate: indexOnlyTasksInSectionsOrParents)
        migrator.registerMigration("v16-events-by-conversation-message", migrate: indexEventsByConversationMessage)
        migrator.registerMigration("v17-event-projects", migrate: addEventProjects)
        migrator.registerMigration("v18-events-outlive-subjects", migrate: keepEventsOfDeletedSubjects)
        migrator.registerMigration("v19-message-notifications-on-read", migrate: deriveMessageNotifications)
        migrator.registerMigration("v20-conversation-events", migrate: createConversationEvents)
        migrator.registerMigration("v21-message-terms", migrate: createMessageTerms)
        migrator.registerMigration("v22-ids-never-reused", migrate: neverReuseIDs)
        migrator.registerMigration("v23-audit-task-moves", migrate: auditTaskMoves)
        migrator.registerMigration("v24-time-outlives-its-task", migrate: keepTimeOfDeletedTasks)
        migrator.registerMigration("v25-task-batch-client-id", migrate: createTaskBatches)
        migrator.registerMigration("v26-project-and-task-mutes", migrate: createMutes)
        migrator.registerMigration("v27-sign-in-links", migrate: createSignInLinks)
        migrator.registerMigration("v28-notice-people", migrate: createNoticePeople)
        migrator.registerMigration("v29-due-from-completion", migrate: addDueFromCompletion)
        migrator.registerMigration("v30-project-icons", migrate: addProjectIcons)
        migrator.registerMigration("v31-assistant-messages", migrate: createAssistantMessages)
        migrator.registerMigration("v32-ai-consent", migrate: addAIConsent)
        migrator.registerMigration("v33-notes", migrate: createNotes)
        migrator.registerMigration("v34-daily-brief-sent-on", migrate: addDailyBriefSentOn)
        migrator.registerMigration("v35-app-opens", migrate: createAppOpens)
        migrator.registerMigration("v36-daily-brief-opening", migrate: addDailyBriefOpening)
        migrator.registerMigration("v37-deliveries", migrate: createDeliveries)
        migrator.registerMigration("v38-reminder-repeats", migrate: addReminderRepeats)
        migrator.registerMigration("v39-reach-settings", migrate: addReachSettings)
        migrator.registerMigration("v40-webhooks", migrate: createWebhooks)
        migrator.registerMigration("v41-mention-digests-sent", migrate: addMentionDigestsSent)
        migrator.registerMigration("v42-calendar-changes", migrate: createCalendarChanges)
        migrator.registerMigration("v43-calendar-feeds", migrate: createCalendarFeeds)
        migrator.registerMigration("v44-calendar-objects", migrate: createCalendarObjects)
        migrator.registerMigration("v45-sync-changes", migrate: createSyncChanges)
        migrator.registerMigration("v46-oidc-sign-in", migrate: createOIDCSignIn)
        return migrator
    }

    /// People a project is shared with and their roles (its owner is `projects.user_id`), and the audit
    /// trail of who changed membership. Audit rows outlive what they describe, so they hold plain ids.
    private static func createSharing(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE project_members (
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('editor', 'commenter')),
                    added_by INTEGER NOT NULL,
                    added_at INTEGER NOT NULL,
                    PRIMARY KEY (project_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX project_members_by_user ON project_members(user_id, project_id);
                ALTER TABLE projects ADD COLUMN commenters_can_complete INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE audit_log (
                    id INTEGER PRIMARY KEY,
                    actor_id INTEGER,
                    action TEXT NOT NULL,
                    project_id INTEGER,
                    conversation_id INTEGER,
                    subject_user_id INTEGER,
                    role TEXT,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX audit_log_by_project ON audit_log(project_id, id) WHERE project_id IS NOT NULL;
                CREATE INDEX audit_log_by_conversation ON audit_log(conversation_id, id)
                    WHERE conversation_id IS NOT NULL;
                """)
    }

    /// Email invitations to a project or a group, known by the hash of their secret link; the mail outbox
    /// a background worker drains (a row stays until its mail was handed over, so none is lost); guest
    /// accounts, made by accepting an invitation, have no password.
    private static func createInvites(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE invites (
                    id INTEGER PRIMARY KEY,
                    token_hash TEXT NOT NULL UNIQUE,
                    email TEXT NOT NULL COLLATE NOCASE,
                    inviter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('editor', 'commenter', 'member')),
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    accepted_at INTEGER,
                    accepted_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
                    CHECK ((project_id IS NULL) <> (conversation_id IS NULL))
                );
                CREATE INDEX invites_by_project ON invites(project_id) WHERE project_id IS NOT NULL;
                CREATE INDEX invites_by_conversation ON invites(conversation_id) WHERE conversation_id IS NOT NULL;
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY,
                    recipient TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    body TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER NOT NULL,
                    sent_at INTEGER,
                    last_error TEXT
                );
                CREATE INDEX outbox_due ON outbox(next_attempt_at, id) WHERE sent_at IS NULL;
                ALTER TABLE users ADD COLUMN is_guest INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE audit_log ADD COLUMN subject_email TEXT;
                """)
    }

    /// Each person's notification feed, who follows which task, and quiet hours ("HH:MM" in the user's
    /// own time zone). A notification made during quiet hours is `quiet`: kept, never pushed.
    private static func createNotifications(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE task_followers (
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    added_at INTEGER NOT NULL,
                    PRIMARY KEY (task_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX task_followers_by_user ON task_followers(user_id);
                CREATE TABLE notifications (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    text TEXT NOT NULL,
                    actor_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
                    message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
                    task_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                    quiet INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    read_at INTEGER
                );
                CREATE INDEX notifications_by_user ON notifications(user_id, id);
                CREATE INDEX notifications_unread ON notifications(user_id, id) WHERE read_at IS NULL;
                ALTER TABLE users ADD COLUMN quiet_start TEXT;
                ALTER TABLE users ADD COLUMN quiet_end TEXT;
                """)
    }

    /// Several assignees per task; `tasks.responsible` stays the first, as Todoist's `responsible_uid`.
    private static func createAssignees(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE task_assignees (
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (task_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX task_assignees_by_user ON task_assignees(user_id, task_id);
                INSERT INTO task_assignees (task_id, user_id, position)
                    SELECT id, responsible, 0 FROM tasks WHERE responsible IS NOT NULL;
                """)
    }

    /// Delivered and read receipts: each member's last delivered message, each user's choice to hide their
    /// read position, and `conversation.read` events. `events` is rebuilt without its list of kinds (the
    /// code checks kinds, so a new kind needs no migration) and with `actor_id`, who did what the event
    /// tells (the reader of a `conversation.read`).
    private static func addReceipts(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE conversation_members ADD COLUMN last_delivered_message_id INTEGER;
                UPDATE conversation_members SET last_delivered_message_id = last_read_message_id;
                ALTER TABLE users ADD COLUMN hide_read_receipts INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE events_v4 (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL CHECK (seq > 0),
                    kind TEXT NOT NULL CHECK (kind <> ''),
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
                    message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
                    task_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                    actor_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, seq)
                ) WITHOUT ROWID;
                INSERT INTO events_v4 (user_id, seq, kind, conversation_id, message_id, task_id, created_at)
                    SELECT user_id, seq, kind, conversation_id, message_id, task_id, created_at FROM events;
                DROP TABLE events;
                ALTER TABLE events_v4 RENAME TO events;
                CREATE INDEX events_by_message ON events(message_id) WHERE message_id IS NOT NULL;
                CREATE INDEX events_by_task ON events(task_id) WHERE task_id IS NOT NULL;
                CREATE INDEX events_by_conversation ON events(conversation_id) WHERE conversation_id IS NOT NULL;
                CREATE INDEX events_by_actor ON events(actor_id) WHERE actor_id IS NOT NULL;
                """)
    }

    /// Stopwatch segments and hand-made entries, and each user's stopwatch. A running segment has no end;
    /// at most one per user, which the partial unique index enforces even against racing requests.
    private static func createTimeTracking(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE time_sessions (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER,
                    source TEXT NOT NULL CHECK (source IN ('timer', 'manual')),
                    created_at INTEGER NOT NULL,
                    CHECK (ended_at IS NULL OR ended_at > started_at)
                );
                CREATE UNIQUE INDEX time_sessions_one_running ON time_sessions(user_id) WHERE ended_at IS NULL;
                CREATE INDEX time_sessions_by_user ON time_sessions(user_id, started_at, id);
                CREATE INDEX time_sessions_by_task ON time_sessions(task_id);
                CREATE TABLE stopwatches (
                    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    state TEXT NOT NULL CHECK (state IN ('running', 'paused', 'stopped')),
                    started_at INTEGER NOT NULL,
                    running_session_id INTEGER REFERENCES time_sessions(id) ON DELETE SET NULL,
                    accumulated INTEGER NOT NULL DEFAULT 0,
                    stopped_at INTEGER
                );
                """)
    }

    // Text length limits are counted in characters by `Limits`; SQLite's length() counts code points,
    // so the schema only rules out empty text.
    // Times are integer microseconds since 1970 (UTC). Due dates are local calendar dates (TEXT
    // YYYY-MM-DD), with `due_day` the same date as days since 1970 (`DueDay.none` when undated) so that
    // filters compare and sort on one indexed integer, and `due_at` the exact instant of timed dues.
    private static func createInitialSchema(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    name TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    timezone TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE api_tokens (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    revoked_at INTEGER
                );
                CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
                CREATE TABLE projects (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    parent_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
                    name TEXT NOT NULL CHECK (name <> ''),
                    description TEXT NOT NULL DEFAULT '',
                    color TEXT NOT NULL,
                    child_order INTEGER NOT NULL,
                    is_collapsed INTEGER NOT NULL DEFAULT 0,
                    is_favorite INTEGER NOT NULL DEFAULT 0,
                    is_archived INTEGER NOT NULL DEFAULT 0,
                    view_style TEXT NOT NULL DEFAULT 'list' CHECK (view_style IN ('list', 'board', 'calendar')),
                    is_inbox INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX projects_one_inbox_per_user ON projects(user_id) WHERE is_inbox = 1;
                CREATE INDEX projects_by_user ON projects(user_id, is_archived, child_order, id);
                CREATE INDEX projects_by_parent ON projects(parent_id);
                CREATE TABLE sections (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    name TEXT NOT NULL CHECK (name <> ''),
                    section_order INTEGER NOT NULL,
                    is_collapsed INTEGER NOT NULL DEFAULT 0,
                    added_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX sections_by_project ON sections(project_id, section_order, id);
                CREATE INDEX sections_by_user ON sections(user_id, section_order, id);
                CREATE TABLE labels (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL COLLATE NOCASE,
                    color TEXT NOT NULL,
                    item_order INTEGER NOT NULL,
                    is_favorite INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (user_id, name)
                );
                CREATE TABLE tasks (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    section_id INTEGER REFERENCES sections(id) ON DELETE CASCADE,
                    parent_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                    content TEXT NOT NULL CHECK (content <> ''),
                    description TEXT NOT NULL DEFAULT '',
                    priority INTEGER NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 4),
                    due_date TEXT,
                    due_day INTEGER NOT NULL DEFAULT 2147483647,
                    due_time TEXT,
                    due_timezone TEXT,
                    due_string TEXT,
                    due_lang TEXT,
                    due_rrule TEXT,
                    due_at INTEGER,
                    deadline_date TEXT,
                    deadline_lang TEXT,
                    duration_amount INTEGER CHECK (duration_amount > 0),
                    duration_unit TEXT CHECK (duration_unit IN ('minute', 'day')),
                    child_order INTEGER NOT NULL,
                    day_order INTEGER NOT NULL DEFAULT -1,
                    is_collapsed INTEGER NOT NULL DEFAULT 0,
                    added_by INTEGER NOT NULL,
                    assigned_by INTEGER,
                    responsible INTEGER,
                    completed_at INTEGER,
                    added_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    CHECK ((duration_amount IS NULL) = (duration_unit IS NULL)),
                    CHECK (due_date IS NOT NULL OR due_time IS NULL)
                );
                CREATE INDEX tasks_by_user ON tasks(user_id, completed_at, child_order, id);
                CREATE INDEX tasks_by_project ON tasks(project_id, completed_at, child_order, id);
                CREATE INDEX tasks_by_due ON tasks(user_id, completed_at, due_day, child_order, id);
                CREATE INDEX tasks_by_section ON tasks(section_id);
                CREATE INDEX tasks_by_parent ON tasks(parent_id);
                CREATE INDEX tasks_by_siblings ON tasks(project_id, parent_id, child_order);
                CREATE TABLE task_labels (
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL,
                    name TEXT NOT NULL COLLATE NOCASE,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (task_id, name)
                ) WITHOUT ROWID;
                CREATE INDEX task_labels_by_name ON task_labels(user_id, name);
                CREATE TABLE comments (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    task_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                    project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
                    content TEXT NOT NULL,
                    posted_at INTEGER NOT NULL,
                    CHECK ((task_id IS NULL) <> (project_id IS NULL))
                );
                CREATE INDEX comments_by_task ON comments(task_id, id);
                CREATE INDEX comments_by_project ON comments(project_id, id);
                CREATE VIRTUAL TABLE tasks_fts USING fts5(
                    content, description, content='tasks', content_rowid='id',
                    tokenize='unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
                    INSERT INTO tasks_fts(rowid, content, description) VALUES (new.id, new.content, new.description);
                END;
                CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
                    INSERT INTO tasks_fts(tasks_fts, rowid, content, description)
                    VALUES ('delete', old.id, old.content, old.description);
                END;
                CREATE TRIGGER tasks_fts_update AFTER UPDATE OF content, description ON tasks BEGIN
                    INSERT INTO tasks_fts(tasks_fts, rowid, content, description)
                    VALUES ('delete', old.id, old.content, old.description);
                    INSERT INTO tasks_fts(rowid, content, description) VALUES (new.id, new.content, new.description);
                END;
                """)
    }

    // A direct message's `dm_key` is "smallerUserID:largerUserID", so there is one per pair of people.
    // `last_activity` orders the conversation list: the id of its newest message, or, for one without
    // messages, the newest message id anywhere when it was created (ids grow; clocks can stand still).
    // Message text limits are counted in characters by `Limits`, as for tasks.
    // `events` is each user's feed of what happened in their conversations, numbered 1, 2, 3... per user
    // (`seq`), so a client that reconnects asks for everything after the last number it saw.
    private static func createConversations(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE conversations (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('dm', 'group')),
                    name TEXT CHECK (name <> ''),
                    project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
                    created_by INTEGER NOT NULL REFERENCES users(id),
                    dm_key TEXT UNIQUE,
                    last_activity INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    CHECK ((kind = 'dm') = (dm_key IS NOT NULL)),
                    CHECK ((kind = 'group') = (name IS NOT NULL))
                );
                CREATE INDEX conversations_by_project ON conversations(project_id) WHERE project_id IS NOT NULL;
                CREATE TABLE conversation_members (
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
                    muted INTEGER NOT NULL DEFAULT 0,
                    notification_level TEXT NOT NULL DEFAULT 'all'
                        CHECK (notification_level IN ('all', 'mentions', 'muted')),
                    last_read_message_id INTEGER,
                    joined_at INTEGER NOT NULL,
                    PRIMARY KEY (conversation_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX conversation_members_by_user ON conversation_members(user_id, conversation_id);
                CREATE TABLE messages (
                    id INTEGER PRIMARY KEY,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('text', 'system', 'task_card')),
                    body TEXT NOT NULL CHECK (body <> ''),
                    task_id INTEGER REFERENCES tasks(id) ON DELETE SET NULL,
                    client_id TEXT CHECK (client_id <> ''),
                    created_at INTEGER NOT NULL,
                    edited_at INTEGER,
                    UNIQUE (author_id, client_id)
                );
                CREATE INDEX messages_by_conversation ON messages(conversation_id, id DESC);
                CREATE INDEX messages_by_task ON messages(task_id) WHERE task_id IS NOT NULL;
                CREATE VIRTUAL TABLE messages_fts USING fts5(
                    body, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
                    INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
                END;
                CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
                    INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
                END;
                CREATE TRIGGER messages_fts_update AFTER UPDATE OF body ON messages BEGIN
                    INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
                    INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
                END;
                CREATE TABLE message_mentions (
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    PRIMARY KEY (message_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX message_mentions_by_user ON message_mentions(user_id, message_id);
                CREATE TABLE message_task_links (
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    PRIMARY KEY (message_id, task_id)
                ) WITHOUT ROWID;
                CREATE INDEX message_task_links_by_task ON message_task_links(task_id);
                CREATE TABLE task_thread_links (
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    created_by INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (task_id, conversation_id)
                ) WITHOUT ROWID;
                CREATE INDEX task_thread_links_by_conversation ON task_thread_links(conversation_id);
                CREATE TABLE events (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL CHECK (seq > 0),
                    kind TEXT NOT NULL CHECK (
                        kind IN ('message.created', 'message.edited', 'task.updated', 'stopwatch.changed')),
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
                    message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
                    task_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, seq)
                ) WITHOUT ROWID;
                CREATE INDEX events_by_message ON events(message_id) WHERE message_id IS NOT NULL;
                CREATE INDEX events_by_task ON events(task_id) WHERE task_id IS NOT NULL;
                CREATE INDEX events_by_conversation ON events(conversation_id) WHERE conversation_id IS NOT NULL;
                """)
    }

    // One row per upload; the content lives on disk as attachments/<first 2 hex>/<sha256>, shared by
    // every upload of the same bytes. `message_id` is set once, when a message takes the upload, with
    // `position` its place among that message's files.
    // A message carrying files may have no text, which v3's `body <> ''` forbids: SQLite cannot drop a
    // CHECK in place, so `messages` is rebuilt from its own stored definition (keeping any columns added
    // since) with that one check relaxed to text messages, and its indexes and triggers recreated.
    private static func createAttachments(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE attachments (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
                    position INTEGER CHECK (position >= 0),
                    name TEXT NOT NULL CHECK (name <> ''),
                    mime_type TEXT NOT NULL CHECK (mime_type IN (
                        'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'application/pdf')),
                    size INTEGER NOT NULL CHECK (size > 0),
                    sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                    width INTEGER CHECK (width > 0),
                    height INTEGER CHECK (height > 0),
                    created_at INTEGER NOT NULL,
                    CHECK ((message_id IS NULL) = (position IS NULL)),
                    UNIQUE (message_id, position)
                );
                CREATE INDEX attachments_by_user ON attachments(user_id);
                """)
        let table = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'messages'")
        let strictBody = "body TEXT NOT NULL CHECK (body <> '')"
        guard let table, table.contains(strictBody) else {
            throw DatabaseError(message: "v4-attachments: the messages table is not the shape v3 created.")
        }
        let dependents = try String.fetchAll(
            db,
            sql: """
                SELECT sql FROM sqlite_master
                WHERE tbl_name = 'messages' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid
                """)
        let relaxed =
            table
            .replacingOccurrences(of: strictBody, with: "body TEXT NOT NULL CHECK (body <> '' OR kind = 'text')")
            .replacingOccurrences(of: "CREATE TABLE messages", with: "CREATE TABLE messages_v4")
            .replacingOccurrences(of: "CREATE TABLE \"messages\"", with: "CREATE TABLE messages_v4")
        try db.execute(sql: relaxed)
        try db.execute(
            sql: """
                INSERT INTO messages_v4 SELECT * FROM messages;
                DROP TABLE messages;
                ALTER TABLE messages_v4 RENAME TO messages;
                """)
        for statement in dependents { try db.execute(sql: statement) }
    }

    // The sweep of uploads no message took finds them by age, and whether any upload still shares a
    // content hash (so its file stays) by hash.
    private static func indexAttachmentSweep(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX attachments_unposted ON attachments(created_at) WHERE message_id IS NULL;
                CREATE INDEX attachments_by_sha256 ON attachments(sha256);
                """)
    }

    // A task's creator may tag it with their own id for it, so a retried create finds the first one; the
    // partial unique index makes that hold even for creates racing each other.
    private static func addTaskClientID(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE tasks ADD COLUMN client_id TEXT CHECK (client_id <> '');
                CREATE UNIQUE INDEX tasks_by_client_id ON tasks(added_by, client_id) WHERE client_id IS NOT NULL;
                """)
    }

    // The days a user works (one bit per ISO weekday, Monday the lowest; at least one) and when their
    // daily brief comes, "HH:MM" on their own clock. Monday to Friday at 08:00 until they say otherwise.
    private static func addUserPreferences(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE users ADD COLUMN workdays INTEGER NOT NULL DEFAULT 31 CHECK (workdays BETWEEN 1 AND 127);
                ALTER TABLE users ADD COLUMN daily_brief_time TEXT NOT NULL DEFAULT '08:00'
                    CHECK (daily_brief_time GLOB '[0-1][0-9]:[0-5][0-9]' OR daily_brief_time GLOB '2[0-3]:[0-5][0-9]');
                """)
    }

    // What happened to each task and who did it, newest first by id. Tasks from before keep their creation.
    private static func createTaskActivity(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE task_activity (
                    id INTEGER PRIMARY KEY,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    actor_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                    kind TEXT NOT NULL CHECK (kind IN (
                        'created', 'content_edited', 'description_edited', 'due_changed', 'priority_changed', 'moved',
                        'completed', 'completed_occurrence', 'reopened', 'assigned', 'unassigned', 'commented',
                        'time_tracked')),
                    detail TEXT,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX task_activity_by_task ON task_activity(task_id, id);
                INSERT INTO task_activity (task_id, actor_id, kind, created_at)
                    SELECT id, added_by, 'created', added_at FROM tasks ORDER BY added_at, id;
                """)
    }

    // A reminder is at a fixed moment (`at`) or minutes before its task's due time (`minute_offset`);
    // `fire_at` is when it goes off next, kept up to date by the writes that change a due, and
    // `fired_at` is set in the same write as the notification it leaves.
    private static func createReminders(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE reminders (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    at INTEGER,
                    minute_offset INTEGER CHECK (minute_offset BETWEEN 0 AND 40320),
                    fire_at INTEGER,
                    fired_at INTEGER,
                    created_at INTEGER NOT NULL,
                    CHECK ((at IS NULL) <> (minute_offset IS NULL))
                );
                CREATE INDEX reminders_by_user ON reminders(user_id, task_id);
                CREATE INDEX reminders_by_task ON reminders(task_id);
                CREATE INDEX reminders_waiting ON reminders(fire_at) WHERE fired_at IS NULL;
                """)
    }

    // Most tasks are in no section and under no parent; indexing only the rest saves two index pages
    // written by every task insert. Lookups by a section or parent (`= ?`) still use the indexes.
    private static func indexOnlyTasksInSectionsOrParents(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP INDEX tasks_by_section;
                CREATE INDEX tasks_by_section ON tasks(section_id) WHERE section_id IS NOT NULL;
                DROP INDEX tasks_by_parent;
                CREATE INDEX tasks_by_parent ON tasks(parent_id) WHERE parent_id IS NOT NULL;
                """)
    }

    // `events` is keyed by (user, seq), and an index carries the key after its own columns: indexed by
    // conversation alone, a message's events for ten members sorted under ten different members and so
    // dirtied ten index pages. With the message id after the conversation, they sit side by side at the
    // end of the conversation's range. Lookups and cascades by conversation still use the index.
    private static func indexEventsByConversationMessage(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP INDEX events_by_conversation;
                CREATE INDEX events_by_conversation ON events(conversation_id, message_id)
                    WHERE conversation_id IS NOT NULL;
                """)
    }

    // Shared projects' changes in the feed. `project_id` is the project an event is about (a task's project for
    // `task.updated`, the project a task left for `task.deleted`). `task_id` references tasks ON DELETE CASCADE,
    // so a `task.deleted` naming its task there would vanish with the task: it names it in `removed_task_id`.
    // Neither has a foreign key: the news that a task or project is gone must outlive it, and an event that
    // vanished would hand its seq (the next is one more than the highest left) to a later event, which a client
    // that saw the first would skip.
    private static func addEventProjects(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE events ADD COLUMN project_id INTEGER;
                ALTER TABLE events ADD COLUMN removed_task_id INTEGER;
                """)
    }

    // A user's next event is numbered one more than their highest left, so an event that vanished with the
    // task, message, conversation or person it named would hand its seq to a later event, and a client that
    // had seen the first would skip the second. Events now outlive what they name (the reference becomes
    // NULL) and the feed's read leaves out those whose subject is gone. `events` is rebuilt: SQLite cannot
    // change a foreign key in place.
    private static func keepEventsOfDeletedSubjects(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE events_v18 (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL CHECK (seq > 0),
                    kind TEXT NOT NULL CHECK (kind <> ''),
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE SET NULL,
                    message_id INTEGER REFERENCES messages(id) ON DELETE SET NULL,
                    task_id INTEGER REFERENCES tasks(id) ON DELETE SET NULL,
                    actor_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                    created_at INTEGER NOT NULL,
                    project_id INTEGER,
                    removed_task_id INTEGER,
                    PRIMARY KEY (user_id, seq)
                ) WITHOUT ROWID;
                INSERT INTO events_v18 (user_id, seq, kind, conversation_id, message_id, task_id, actor_id, created_at,
                        project_id, removed_task_id)
                    SELECT user_id, seq, kind, conversation_id, message_id, task_id, actor_id, created_at, project_id,
                        removed_task_id
                    FROM events;
                DROP TABLE events;
                ALTER TABLE events_v18 RENAME TO events;
                CREATE INDEX events_by_message ON events(message_id) WHERE message_id IS NOT NULL;
                CREATE INDEX events_by_task ON events(task_id) WHERE task_id IS NOT NULL;
                CREATE INDEX events_by_conversation ON events(conversation_id, message_id)
                    WHERE conversation_id IS NOT NULL;
                CREATE INDEX events_by_actor ON events(actor_id) WHERE actor_id IS NOT NULL;
                """)
    }

    // A new message in a conversation at level `all` used to write a notification row for every member, in two
    // indexes each: most of what a message cost to write. They are now read from the messages themselves. Each
    // membership keeps where its feed starts (`joined_after_message_id`, the conversation's newest message when
    // the person joined) and how far it has been read (`notifications_read_through`, moved by "mark all read" and
    // by reading the thread); one marked read on its own is a row of `message_notification_reads`. The trigger
    // sets both positions on every way in; rows already stored keep their read state.
    private static func deriveMessageNotifications(_ db: Database) throws {
        let now = "CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER)"
        try db.execute(
            sql: """
                ALTER TABLE conversation_members ADD COLUMN joined_after_message_id INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE conversation_members ADD COLUMN notifications_read_through INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE conversation_members ADD COLUMN notifications_read_at INTEGER;
                UPDATE conversation_members SET joined_after_message_id = COALESCE((
                    SELECT MAX(m.id) FROM messages m
                    WHERE m.conversation_id = conversation_members.conversation_id
                        AND m.created_at < conversation_members.joined_at), 0);
                UPDATE conversation_members SET
                    notifications_read_through = MAX(joined_after_message_id, COALESCE(last_read_message_id, 0)),
                    notifications_read_at = \(now);
                CREATE TABLE message_notification_reads (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    read_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, message_id)
                ) WITHOUT ROWID;
                CREATE INDEX message_notification_reads_by_message ON message_notification_reads(message_id);
                INSERT OR IGNORE INTO message_notification_reads (user_id, message_id, read_at)
                    SELECT user_id, message_id, read_at FROM notifications
                    WHERE kind = 'message' AND message_id IS NOT NULL AND read_at IS NOT NULL;
                DELETE FROM notifications WHERE kind = 'message';
                DROP INDEX notifications_by_user;
                DROP INDEX notifications_unread;
                CREATE INDEX notifications_by_user ON notifications(user_id, created_at, id);
                CREATE INDEX notifications_unread ON notifications(user_id, created_at, id) WHERE read_at IS NULL;
                CREATE TRIGGER conversation_members_feed_start AFTER INSERT ON conversation_members BEGIN
                    UPDATE conversation_members SET
                        joined_after_message_id = (SELECT last_activity FROM conversations WHERE id = NEW.conversation_id),
                        notifications_read_through = (SELECT last_activity FROM conversations WHERE id = NEW.conversation_id)
                    WHERE conversation_id = NEW.conversation_id AND user_id = NEW.user_id;
                END;
                """)
    }

    // A message's event was a row in the feed of every member, each numbered one past that member's highest:
    // ten members, ten rows in five indexes. Events about a conversation (new and edited messages, read
    // receipts) are now one row in `conversation_events`, which every member's feed reads from the time they
    // joined (`joined_after_seq`). Every event takes its number from the one counter, so each person's feed
    // still rises with commit order; numbers skip but never repeat. The counter starts past every number
    // handed out so far, and rows already in `events` keep theirs.
    private static func createConversationEvents(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE event_counter (last INTEGER NOT NULL);
                INSERT INTO event_counter (last) SELECT COALESCE(MAX(seq), 0) FROM events;
                CREATE TABLE conversation_events (
                    seq INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind <> ''),
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE SET NULL,
                    message_id INTEGER REFERENCES messages(id) ON DELETE SET NULL,
                    actor_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX conversation_events_by_conversation ON conversation_events(conversation_id, seq)
                    WHERE conversation_id IS NOT NULL;
                CREATE INDEX conversation_events_by_message ON conversation_events(message_id)
                    WHERE message_id IS NOT NULL;
                CREATE INDEX conversation_events_by_actor ON conversation_events(actor_id) WHERE actor_id IS NOT NULL;
                ALTER TABLE conversation_members ADD COLUMN joined_after_seq INTEGER NOT NULL DEFAULT 0;
                UPDATE conversation_members SET joined_after_seq = (SELECT last FROM event_counter);
                DROP TRIGGER conversation_members_feed_start;
                CREATE TRIGGER conversation_members_feed_start AFTER INSERT ON conversation_members BEGIN
                    UPDATE conversation_members SET
                        joined_after_message_id = (SELECT last_activity FROM conversations WHERE id = NEW.conversation_id),
                        notifications_read_through = (SELECT last_activity FROM conversations WHERE id = NEW.conversation_id),
                        joined_after_seq = (SELECT last FROM event_counter)
                    WHERE conversation_id = NEW.conversation_id AND user_id = NEW.user_id;
                END;
                """)
    }

    // Every word of the message index, beside it, so that a search can turn the beginning of a word into the
    // words it begins (`MessageTerms`). Filled from the index itself; kept up by each new or edited message.
    private static func createMessageTerms(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE message_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;
                CREATE VIRTUAL TABLE temp.messages_fts_vocabulary USING fts5vocab(main, messages_fts, 'row');
                INSERT INTO message_terms (term) SELECT term FROM temp.messages_fts_vocabulary;
                DROP TABLE temp.messages_fts_vocabulary;
                """)
    }

    // SQLite gives a new row one more than the largest id left, so deleting the newest task handed its id to the
    // next one, and a client that still held the old id (an offline queue, a link in a message) acted on the new
    // task. With AUTOINCREMENT an id is never handed out twice. SQLite cannot add it in place: each table is
    // rebuilt from its own stored definition (keeping the columns added since), rows keep their ids, and its
    // indexes are recreated. Every trigger is dropped first and recreated last, because renaming a table checks
    // the triggers of other tables, and one naming a table mid-rebuild fails that check. The migrator turns
    // foreign keys off while it runs and checks them all before committing. The full-text indexes are keyed by
    // task and message ids, which stay, so they need no rebuild.
    private static func neverReuseIDs(_ db: Database) throws {
        let tables = [
            "users", "api_tokens", "projects", "sections", "labels", "tasks", "comments", "time_sessions",
            "conversations", "messages", "attachments", "audit_log", "invites", "outbox", "notifications",
            "task_activity", "reminders",
        ]
        let triggers = try String.fetchAll(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL ORDER BY rowid")
        for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'") {
            try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
        }
        for table in tables {
            try rebuildWithAutoincrement(db, table: table)
        }
        for statement in triggers { try db.execute(sql: statement) }
        // Ids handed out before and deleted since are still named by what outlives them: a deleted task's
        // `task.deleted` event, a project or conversation in the audit log, a conversation's newest message.
        let traces = [
            "tasks": "SELECT MAX(removed_task_id) FROM events",
            "projects":
                "SELECT MAX(id) FROM (SELECT project_id AS id FROM events UNION ALL SELECT project_id FROM audit_log)",
            "conversations": "SELECT MAX(conversation_id) FROM audit_log",
            "messages": "SELECT MAX(last_activity) FROM conversations",
        ]
        for (table, trace) in traces {
            guard let handedOut = try Int64.fetchOne(db, sql: trace) else { continue }
            try db.execute(
                sql: "DELETE FROM sqlite_sequence WHERE name = ? AND seq < ?", arguments: [table, handedOut])
            try db.execute(
                sql: """
                    INSERT INTO sqlite_sequence (name, seq)
                        SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)
                    """,
                arguments: [table, handedOut, table])
        }
    }

    /// Rebuilds `table`, whose key is `id INTEGER PRIMARY KEY`, with that key AUTOINCREMENT, keeping its rows
    /// and ids; the table's sequence starts at its largest id (an empty table gets none and starts at 1).
    private static func rebuildWithAutoincrement(_ db: Database, table: String) throws {
        try rebuild(
            db, table: table, changing: "id INTEGER PRIMARY KEY,", to: "id INTEGER PRIMARY KEY AUTOINCREMENT,",
            in: "v22-ids-never-reused")
    }

    /// Rebuilds `table` from its own stored definition (keeping the columns added since) with the one piece of
    /// it `old` changed to `new`, keeping its rows, and recreates its indexes. Triggers on it are left to the
    /// caller. Foreign keys are off while a migration runs.
    private static func rebuild(
        _ db: Database, table: String, changing old: String, to new: String, in migration: String
    ) throws {
        let sql = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        guard let sql, let open = sql.firstIndex(of: "("), sql.components(separatedBy: old).count == 2 else {
            throw DatabaseError(message: "\(migration): \(table) does not hold \(old) exactly once.")
        }
        let rebuilt = "\(table)_rebuilt"
        let definition = "CREATE TABLE \(rebuilt) " + sql[open...].replacingOccurrences(of: old, with: new)
        let indexes = try String.fetchAll(
            db,
            sql: """
                SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid
                """,
            arguments: [table])
        try db.execute(sql: definition)
        try db.execute(
            sql: """
                INSERT INTO \(rebuilt) SELECT * FROM \(table);
                DROP TABLE \(table);
                ALTER TABLE \(rebuilt) RENAME TO \(table);
                """)
        for statement in indexes { try db.execute(sql: statement) }
    }

    // A shared project's audit log also tells which task moved in or out, from where to where. Plain ids, as the
    // log's others: the entry outlives the task and the projects.
    private static func auditTaskMoves(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE audit_log ADD COLUMN task_id INTEGER;
                ALTER TABLE audit_log ADD COLUMN from_project_id INTEGER;
                ALTER TABLE audit_log ADD COLUMN to_project_id INTEGER;
                """)
    }

    // Time tracked on a task counted in its tracker's reports only while the task lived: its sessions went with
    // it. A session now keeps its task's id as a plain number (ids are never handed out twice), and a task that
    // goes leaves its title and project in `deleted_tasks` for the reports to show. `time_sessions` is rebuilt:
    // SQLite cannot drop a foreign key in place.
    private static func keepTimeOfDeletedTasks(_ db: Database) throws {
        try rebuild(
            db, table: "time_sessions", changing: "task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,",
            to: "task_id INTEGER NOT NULL,", in: "v24-time-outlives-its-task")
        try db.execute(
            sql: """
                CREATE TABLE deleted_tasks (
                    id INTEGER PRIMARY KEY,
                    content TEXT NOT NULL,
                    project_id INTEGER NOT NULL,
                    project_name TEXT NOT NULL,
                    deleted_at INTEGER NOT NULL
                );
                """)
    }
}
