import Foundation
import GRDB
import KairosCore

/// Plans made in Core, applied inside the write that made them: the facts a planner asks for are read here,
/// and what it decides is written here, never decided here.
extension SQLiteStore {
    /// Plans what `changes`, just made to `task` by `actor`, do beyond the task's own rows, and applies it.
    /// `movedFrom` is the project a moved task left.
    static func applyTaskWrite(
        _ db: Database, _ changes: [TaskChange], of task: TaskItem, by actor: Int64, movedFrom source: Int64? = nil,
        now: Date
    ) throws {
        var facts = try taskWriteFacts(db, changes, of: task, by: actor)
        if let source {
            facts.move = .init(
                sourceProjectID: source.apiID, sourcePeople: try audience(db, project: source).map(\.apiID),
                destinationOwnerID: task.userID)
        }
        try apply(TaskWritePlanner.plan(changes, of: task, facts: facts, now: now), db, now: now)
    }

    private static func taskWriteFacts(
        _ db: Database, _ changes: [TaskChange], of task: TaskItem, by actor: Int64
    ) throws -> TaskWriteFacts {
        let needs = TaskWritePlanner.needs(changes, of: task, by: actor.apiID)
        let taskID = try require(task.id.rowID, "Task")
        let project = try require(task.projectID.rowID, "Project")
        let followers =
            needs.followers
            ? try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT user_id FROM task_followers WHERE task_id = ?"), arguments: [taskID])
            : []
        let people = try db.fetchRows(
            sql: """
                SELECT u.id AS user_id, u.name, u.timezone, u.quiet_start, u.quiet_end,
                    EXISTS (SELECT 1 FROM task_mutes m WHERE m.user_id = u.id AND m.task_id = ?1) AS task_muted,
                    EXISTS (SELECT 1 FROM project_mutes m WHERE m.user_id = u.id AND m.project_id = ?2)
                        AS project_muted
                FROM users u WHERE u.id IN (SELECT value FROM json_each(?3))
                """,
            arguments: [taskID, project, (needs.peopleIDs.compactMap(\.rowID) + followers).jsonArray])
        var threads: [TaskWriteFacts.Thread] = []
        if needs.threads {
            let members = try db.fetchRows(
                sql: """
                    SELECT l.conversation_id, cm.user_id FROM task_thread_links l
                        JOIN conversation_members cm ON cm.conversation_id = l.conversation_id
                    WHERE l.task_id = ? ORDER BY l.conversation_id, cm.user_id
                    """,
                arguments: [taskID])
            for row in members {
                let conversation = (row[0] as Int64).apiID
                let member = (row[1] as Int64).apiID
                if threads.last?.conversationID == conversation {
                    threads[threads.count - 1].memberIDs.append(member)
                } else {
                    threads.append(.init(conversationID: conversation, memberIDs: [member]))
                }
            }
        }
        return TaskWriteFacts(
            actorID: actor.apiID,
            people: Dictionary(
                people.map { row in
                    ((row["user_id"] as Int64).apiID, TaskWriteFacts.Person(name: row["name"], listener: listener(row)))
                },
                uniquingKeysWith: { first, _ in first }),
            followerIDs: followers.map(\.apiID),
            projectPeople: try audience(db, project: project).map(\.apiID),
            threads: threads)
    }

    /// Writes what `plan` says, in its order.
    static func apply(_ plan: WritePlan, _ db: Database, now: Date) throws {
        for follow in plan.follows {
            try Self.follow(
                db, task: try require(follow.taskID.rowID, "Task"), user: try require(follow.userID.rowID, "User"),
                now: now)
        }
        for entry in plan.activity {
            try db.run(
                sql: "INSERT INTO task_activity (task_id, actor_id, kind, detail, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [entry.taskID.rowID, entry.actorID?.rowID, entry.kind.rawValue, entry.detail, now.micros])
        }
        for notification in plan.notifications { try insert(notification, db, now: now) }
        for event in plan.events { try insert(event, db, now: now) }
        for notice in plan.threadNotices {
            _ = try insertMessage(
                db,
                .notice(
                    notice.text, in: notice.conversationID, by: notice.actorID, naming: notice.others,
                    taskID: notice.taskID),
                now: now)
        }
        for event in plan.threadEvents { try insert(event, db, now: now) }
    }

    /// The same notification in each recipient's feed, in one statement whatever their number.
    private static func insert(_ notification: WritePlan.Notification, _ db: Database, now: Date) throws {
        let rows =
            "[" + notification.recipients.map { "[\($0.userID),\($0.quiet ? 1 : 0)]" }.joined(separator: ",") + "]"
        try db.run(
            sql: """
                INSERT INTO notifications (user_id, kind, text, actor_id, conversation_id, message_id, task_id,
                    reminder_id, quiet, created_at)
                SELECT value ->> 0, ?, ?, ?, ?, ?, ?, ?, value ->> 1, ? FROM json_each(?)
                """,
            arguments: [
                notification.kind.rawValue, notification.text, notification.actorID?.rowID,
                notification.conversationID?.rowID, notification.messageID?.rowID, notification.taskID?.rowID,
                notification.reminderID?.rowID, now.micros, rows,
            ])
    }

    /// One event under one number in each recipient's feed, announced to them on commit. A deleted task is
    /// named in `removed_task_id`, which no foreign key empties, so the event outlives it.
    static func insert(_ event: WritePlan.Event, _ db: Database, now: Date) throws {
        guard !event.recipients.isEmpty else { return }
        let gone = event.kind == .taskDeleted
        try db.run(
            sql: """
                INSERT INTO events (user_id, seq, kind, conversation_id, message_id, task_id, removed_task_id,
                    project_id, actor_id, created_at)
                SELECT r.value, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM json_each(?) r
                RETURNING \(EventAnnouncer.functionName)(user_id, seq, kind, conversation_id, message_id, task_id,
                    actor_id, created_at)
                """,
            arguments: [
                try nextEventSeq(db), event.kind.rawValue, event.conversationID?.rowID, event.messageID?.rowID,
                gone ? nil : event.taskID?.rowID, gone ? event.taskID?.rowID : nil, event.projectID?.rowID,
                event.actorID?.rowID, now.micros, event.recipients.compactMap(\.rowID).jsonArray,
            ])
    }
}
