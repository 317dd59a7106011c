import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: UserDataStore {
    public func userData(userID: String, now: Date) async throws -> UserDataExport {
        let owner = try require(userID.rowID, "User")
        return try await read { connection in
            // One snapshot for the whole document, as one read transaction gives on SQLite.
            try await connection.transaction(logger: logger) { connection in
                try await connection.query(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
                return try await Self.userData(connection, owner: owner, now: now, logger: logger)
            }
        }
    }

    private static func userData(
        _ connection: PostgresConnection, owner: Int64, now: Date, logger: Logger
    ) async throws -> UserDataExport {
        func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
            try await connection.rows(query, logger: logger)
        }
        let sql = QueryBuilder()
        let me = sql.bind(owner)
        let projects = try await rows(
            sql.query(
                "\(projectSelection(me)) WHERE projects.user_id = \(me) ORDER BY projects.child_order, projects.id")
        ).map(Project.init(row:))
        let sections = try await rows(
            """
            SELECT \(unescaped: Section.columns) FROM sections
            WHERE project_id IN (SELECT id FROM projects WHERE user_id = \(owner))
            ORDER BY project_id, section_order, id
            """
        ).map(Section.init(row:))
        let labels = try await rows(
            "SELECT \(unescaped: Label.columns) FROM labels WHERE user_id = \(owner) ORDER BY item_order, id"
        ).map(Label.init(row:))
        let tasks = try await loadTasks(
            connection,
            """
            \(unescaped: taskColumns) WHERE tasks.project_id IN (SELECT id FROM projects WHERE user_id = \(owner))
            ORDER BY tasks.project_id, tasks.child_order, tasks.id
            """, logger: logger)
        let comments = try await rows(
            """
            SELECT \(unescaped: Comment.columns) FROM comments
            WHERE task_id IN (
                    SELECT id FROM tasks WHERE project_id IN (SELECT id FROM projects WHERE user_id = \(owner)))
                OR project_id IN (SELECT id FROM projects WHERE user_id = \(owner))
            ORDER BY id
            """
        ).map(Comment.init(row:))
        let reminders = try await rows(
            "SELECT \(unescaped: Reminder.columns) FROM reminders WHERE user_id = \(owner) ORDER BY id"
        ).map(Reminder.init(row:))
        let sessions = try await rows(
            """
            SELECT \(unescaped: sessionColumns) FROM time_sessions WHERE user_id = \(owner)
            ORDER BY started_at, id
            """
        ).map(session(row:))
        let conversationIDs = try await rows(
            "SELECT conversation_id FROM conversation_members WHERE user_id = \(owner) ORDER BY conversation_id"
        ).map { try $0.decode(Int64.self) }
        var conversations: [Conversation] = []
        for id in conversationIDs {
            if let conversation = try await conversation(connection, id: id, for: owner, logger: logger) {
                conversations.append(conversation)
            }
        }
        let messages = try await loadMessages(
            connection,
            """
            \(unescaped: messageColumns) WHERE m.conversation_id = ANY(\(conversationIDs))
            ORDER BY m.conversation_id, m.id
            """, logger: logger)
        let attachments = try await rows(
            """
            SELECT id, name, mime_type, size, sha256, width, height FROM attachments
            WHERE user_id = \(owner) ORDER BY id
            """
        ).compactMap { row -> Attachment? in
            let (id, name, mimeType, size, sha256, width, height) = try row.decode(
                (Int64, String, String, Int64, String, Int64?, Int64?).self)
            guard let mediaType = MediaType(rawValue: mimeType) else { return nil }
            let dimensions = width.flatMap { width in
                height.map { ImageDimensions(width: Int(width), height: Int($0)) }
            }
            return Attachment(
                id: id.apiID, name: name, mediaType: mediaType, size: Int(size), sha256: sha256,
                dimensions: dimensions)
        }
        let notes = try await notes(
            connection, user: owner,
            rows: try await rows(
                "SELECT \(unescaped: Note.columns) FROM notes WHERE user_id = \(owner) ORDER BY id"),
            logger: logger)
        let chat = try await rows(
            """
            SELECT \(unescaped: AssistantMessage.columns) FROM assistant_messages
            WHERE user_id = \(owner) ORDER BY id
            """
        ).map(AssistantMessage.init(row:))
        return UserDataExport(
            exportedAt: now, account: try await user(connection, id: owner, logger: logger), projects: projects,
            sections: sections, labels: labels, tasks: tasks, comments: comments, reminders: reminders,
            timeSessions: sessions, conversations: conversations, messages: messages, attachments: attachments,
            notes: notes, assistantMessages: chat)
    }

    public func importUserData(userID: String, plan: UserDataImportPlan, now: Date) async throws -> UserDataImportResult
    {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let inbox = try await write.firstRow(
                "SELECT id FROM projects WHERE user_id = \(owner) AND is_inbox"
            )?.decode(Int64.self)
            var projects: [String: Int64] = [:]
            var newProjects: [UserDataImportResult.NewProject] = []
            for project in plan.projects {
                if project.isInbox, let inbox {
                    projects[project.id] = inbox
                    continue
                }
                let draft = ProjectDraft(
                    name: project.name, description: project.description,
                    parentID: project.parentID.flatMap { projects[$0] }?.apiID, color: project.color,
                    icon: project.icon, isFavorite: project.isFavorite, viewStyle: project.viewStyle)
                let id = try await Self.insertProject(write, owner: owner, draft: draft, now: now)
                try await write.query(
                    """
                    UPDATE projects SET child_order = \(project.childOrder), is_collapsed = \(project.isCollapsed)
                    WHERE id = \(id)
                    """)
                projects[project.id] = id
                newProjects.append(.init(id: id.apiID, name: project.name))
            }
            var sections: [String: Int64] = [:]
            for section in plan.sections {
                sections[section.id] = try require(
                    try await write.firstRow(
                        """
                        INSERT INTO sections (user_id, project_id, name, section_order, is_collapsed, added_at,
                            updated_at)
                        VALUES (\(owner), \(projects[section.projectID]), \(section.name), \(section.sectionOrder),
                            \(section.isCollapsed), \(section.addedAt.micros), \(now.micros))
                        RETURNING id
                        """), "Section"
                ).decode(Int64.self)
            }
            var createdLabels = 0
            for label in plan.labels {
                // A label the account already has keeps its own color and place.
                createdLabels += try await write.rows(
                    """
                    INSERT INTO labels (user_id, name, color, item_order, is_favorite)
                    VALUES (\(owner), \(label.name), \(label.color), \(label.order), \(label.isFavorite))
                    ON CONFLICT (user_id, name) DO NOTHING
                    RETURNING id
                    """
                ).count
            }
            var tasks: [String: Int64] = [:]
            for task in plan.tasks {
                let draft = TaskDraft(
                    content: task.content, description: task.description,
                    projectID: projects[task.projectID]?.apiID,
                    sectionID: task.sectionID.flatMap { sections[$0] }?.apiID,
                    parentID: task.parentID.flatMap { tasks[$0] }?.apiID, labels: task.labels, priority: task.priority,
                    due: task.due, deadline: task.deadline, duration: task.duration, childOrder: task.childOrder,
                    dayOrder: task.dayOrder)
                let id = try await Self.insertTask(write, author: owner, draft: draft, now: now)
                try await write.query(
                    """
                    UPDATE tasks SET completed_at = \(task.completedAt?.micros), is_collapsed = \(task.isCollapsed),
                        added_at = \(task.addedAt.micros)
                    WHERE id = \(id)
                    """)
                tasks[task.id] = id
            }
            // Archived last: an archived project takes no tasks.
            for project in plan.projects where project.isArchived && !project.isInbox {
                try await write.query("UPDATE projects SET is_archived = true WHERE id = \(projects[project.id])")
            }
            for comment in plan.comments {
                let task = comment.taskID.flatMap { tasks[$0] }
                let project = comment.taskID == nil ? comment.projectID.flatMap { projects[$0] } : nil
                try await write.query(
                    """
                    INSERT INTO comments (user_id, task_id, project_id, content, posted_at)
                    VALUES (\(owner), \(task), \(project), \(comment.content), \(comment.postedAt.micros))
                    """)
            }
            for reminder in plan.reminders {
                guard let task = tasks[reminder.taskID] else { continue }
                let time: ReminderTime =
                    switch reminder.type {
                    case .absolute: .at(reminder.at ?? now)
                    case .relative: .beforeDue(minutes: reminder.minuteOffset ?? 0)
                    }
                let id = try await Self.insertReminder(write, user: owner, task: task, time: time, now: now)
                try await write.query("UPDATE reminders SET nag = \(reminder.nag) WHERE id = \(id)")
            }
            for session in plan.timeSessions {
                try await write.query(
                    """
                    INSERT INTO time_sessions (user_id, task_id, started_at, ended_at, source, created_at)
                    VALUES (\(owner), \(tasks[session.taskID]), \(session.startedAt.micros),
                        \(session.endedAt?.micros), \(session.source.rawValue), \(now.micros))
                    """)
            }
            return UserDataImportResult(
                projects: newProjects.count, sections: sections.count, labels: createdLabels, tasks: tasks.count,
                comments: plan.comments.count, reminders: plan.reminders.count, timeSessions: plan.timeSessions.count,
                newProjects: newProjects)
        }
    }
}
