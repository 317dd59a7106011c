import Foundation
import GRDB
import KairosCore

extension SQLiteStore: UserDataStore {
    public func userData(userID: String, now: Date) async throws -> UserDataExport {
        let owner = try require(userID.rowID, "User")
        return try await pool.read { db in
            let owned = "SELECT id FROM projects WHERE user_id = ?"
            let account = try db.fetchRow(sql: "SELECT * FROM users WHERE id = ?", arguments: [owner])
                .map(User.init(row:))
            let projects = try db.fetchRows(
                sql: "\(Self.projectSelection) WHERE projects.user_id = ? ORDER BY projects.child_order, projects.id",
                arguments: [owner, owner]
            ).map(Project.init(row:))
            let sections = try db.fetchRows(
                sql: "SELECT * FROM sections WHERE project_id IN (\(owned)) ORDER BY project_id, section_order, id",
                arguments: [owner]
            ).map(Section.init(row:))
            let labels = try db.fetchRows(
                sql: "SELECT * FROM labels WHERE user_id = ? ORDER BY item_order, id", arguments: [owner]
            ).map(Label.init(row:))
            let tasks = try Self.loadTasks(
                db,
                sql: """
                    \(Self.taskColumns) WHERE tasks.project_id IN (\(owned))
                    ORDER BY tasks.project_id, tasks.child_order, tasks.id
                    """,
                arguments: [owner], uncached: true)
            let comments = try db.fetchRows(
                sql: """
                    SELECT * FROM comments
                    WHERE task_id IN (SELECT id FROM tasks WHERE project_id IN (\(owned))) OR project_id IN (\(owned))
                    ORDER BY id
                    """,
                arguments: [owner, owner]
            ).map(Comment.init(row:))
            let reminders = try db.fetchRows(
                sql: "SELECT * FROM reminders WHERE user_id = ? ORDER BY id", arguments: [owner]
            ).map(Reminder.init(row:))
            let sessions = try Int64.fetchAll(
                db, sql: "SELECT id FROM time_sessions WHERE user_id = ? ORDER BY started_at, id", arguments: [owner]
            ).compactMap { try Self.session(db, owner: owner, id: $0) }
            let conversationIDs = try Int64.fetchAll(
                db, sql: "SELECT conversation_id FROM conversation_members WHERE user_id = ? ORDER BY conversation_id",
                arguments: [owner])
            let conversations = try conversationIDs.compactMap { try Self.conversation(db, id: $0, for: owner) }
            let messages = try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM messages WHERE conversation_id IN (SELECT value FROM json_each(?))
                    ORDER BY conversation_id, id
                    """,
                arguments: [conversationIDs.jsonArray]
            ).compactMap { try Self.message(db, id: $0) }
            let attachments = try db.fetchRows(
                sql: "SELECT * FROM attachments WHERE user_id = ? ORDER BY id", arguments: [owner]
            ).compactMap { row -> Attachment? in
                guard let mediaType = MediaType(rawValue: row["mime_type"]) else { return nil }
                let dimensions = (row["width"] as Int?).flatMap { width in
                    (row["height"] as Int?).map { ImageDimensions(width: width, height: $0) }
                }
                return Attachment(
                    id: (row["id"] as Int64).apiID, name: row["name"], mediaType: mediaType, size: row["size"],
                    sha256: row["sha256"], dimensions: dimensions)
            }
            let notes = try Self.notes(
                db, user: owner,
                rows: try db.fetchRows(sql: "SELECT * FROM notes WHERE user_id = ? ORDER BY id", arguments: [owner]))
            let chat = try db.fetchRows(
                sql: "SELECT * FROM assistant_messages WHERE user_id = ? ORDER BY id", arguments: [owner]
            ).map(Self.assistantMessage(row:))
            return UserDataExport(
                exportedAt: now, account: account, projects: projects, sections: sections, labels: labels,
                tasks: tasks, comments: comments, reminders: reminders, timeSessions: sessions,
                conversations: conversations, messages: messages, attachments: attachments, notes: notes,
                assistantMessages: chat)
        }
    }

    public func importUserData(userID: String, plan: UserDataImportPlan, now: Date) async throws -> UserDataImportResult
    {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            let inbox = try db.fetchValue(
                Int64.self, sql: "SELECT id FROM projects WHERE user_id = ? AND is_inbox = 1", arguments: [owner])
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
                let id = try Self.insertProject(db, owner: owner, draft: draft, now: now)
                try db.run(
                    sql: "UPDATE projects SET child_order = ?, is_collapsed = ? WHERE id = ?",
                    arguments: [project.childOrder, project.isCollapsed, id])
                projects[project.id] = id
                newProjects.append(.init(id: id.apiID, name: project.name))
            }
            var sections: [String: Int64] = [:]
            for section in plan.sections {
                try db.run(
                    sql: """
                        INSERT INTO sections (user_id, project_id, name, section_order, is_collapsed, added_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        owner, projects[section.projectID], section.name, section.sectionOrder, section.isCollapsed,
                        section.addedAt.micros, now.micros,
                    ])
                sections[section.id] = db.lastInsertedRowID
            }
            var createdLabels = 0
            for label in plan.labels {
                // A label the account already has keeps its own color and place.
                try db.run(
                    sql: """
                        INSERT INTO labels (user_id, name, color, item_order, is_favorite) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (user_id, name) DO NOTHING
                        """,
                    arguments: [owner, label.name, label.color, label.order, label.isFavorite])
                createdLabels += db.changesCount
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
                let id = try Self.insertTask(db, author: owner, draft: draft, now: now)
                try db.run(
                    sql: "UPDATE tasks SET completed_at = ?, is_collapsed = ?, added_at = ? WHERE id = ?",
                    arguments: [task.completedAt?.micros, task.isCollapsed, task.addedAt.micros, id])
                tasks[task.id] = id
            }
            // Archived last: an archived project takes no tasks.
            for project in plan.projects where project.isArchived && !project.isInbox {
                try db.run(sql: "UPDATE projects SET is_archived = 1 WHERE id = ?", arguments: [projects[project.id]])
            }
            for comment in plan.comments {
                try db.run(
                    sql:
                        "INSERT INTO comments (user_id, task_id, project_id, content, posted_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        owner, comment.taskID.flatMap { tasks[$0] },
                        comment.taskID == nil ? comment.projectID.flatMap { projects[$0] } : nil,
                        comment.content, comment.postedAt.micros,
                    ])
            }
            for reminder in plan.reminders {
                guard let task = tasks[reminder.taskID] else { continue }
                let time: ReminderTime =
                    switch reminder.type {
                    case .absolute: .at(reminder.at ?? now)
                    case .relative: .beforeDue(minutes: reminder.minuteOffset ?? 0)
                    }
                try Self.insertReminder(db, user: owner, task: task, time: time, now: now)
                try db.run(
                    sql: "UPDATE reminders SET nag = ? WHERE id = ?", arguments: [reminder.nag, db.lastInsertedRowID])
            }
            for session in plan.timeSessions {
                try db.run(
                    sql: """
                        INSERT INTO time_sessions (user_id, task_id, started_at, ended_at, source, created_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        owner, tasks[session.taskID], session.startedAt.micros, session.endedAt?.micros,
                        session.source.rawValue, now.micros,
                    ])
            }
            return UserDataImportResult(
                projects: newProjects.count, sections: sections.count, labels: createdLabels, tasks: tasks.count,
                comments: plan.comments.count, reminders: plan.reminders.count, timeSessions: plan.timeSessions.count,
                newProjects: newProjects)
        }
    }
}
