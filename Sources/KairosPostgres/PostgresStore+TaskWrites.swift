import Foundation
import KairosCore
import KairosStore
import PostgresNIO

/// Task write plans made in Core, applied inside the write that made them: the facts `TaskWritePlanner` asks
/// for are read here, and what it decides is written by `apply(_:_:now:)`, never decided here.
extension PostgresStore {
    /// Plans what `changes`, just made to `task` by `actor`, do beyond the task's own rows, and applies it.
    /// `movedFrom` is the project a moved task left.
    static func applyTaskWrite(
        _ write: PostgresWrite, _ changes: [TaskChange], of task: TaskItem, by actor: Int64,
        movedFrom source: Int64? = nil, now: Date
    ) async throws {
        var facts = try await taskWriteFacts(write, changes, of: task, by: actor)
        if let source {
            facts.move = .init(
                sourceProjectID: source.apiID,
                sourcePeople: try await audience(write.connection, project: source, logger: write.logger).map(\.apiID),
                destinationOwnerID: task.userID)
        }
        try await apply(TaskWritePlanner.plan(changes, of: task, facts: facts, now: now), write, now: now)
    }

    private static func taskWriteFacts(
        _ write: PostgresWrite, _ changes: [TaskChange], of task: TaskItem, by actor: Int64
    ) async throws -> TaskWriteFacts {
        let needs = TaskWritePlanner.needs(changes, of: task, by: actor.apiID)
        let taskID = try require(task.id.rowID, "Task")
        let project = try require(task.projectID.rowID, "Project")
        var followers: [Int64] = []
        if needs.followers {
            followers = try await write.rows("SELECT user_id FROM task_followers WHERE task_id = \(taskID)")
                .map { try $0.decode(Int64.self) }
        }
        let wanted = needs.peopleIDs.compactMap(\.rowID) + followers
        let people = try await write.rows(
            """
            SELECT u.id AS user_id, u.name, u.timezone, u.quiet_start, u.quiet_end,
                EXISTS (SELECT 1 FROM task_mutes m WHERE m.user_id = u.id AND m.task_id = \(taskID)) AS task_muted,
                EXISTS (SELECT 1 FROM project_mutes m WHERE m.user_id = u.id AND m.project_id = \(project))
                    AS project_muted
            FROM users u WHERE u.id = ANY(\(wanted))
            """)
        var threads: [TaskWriteFacts.Thread] = []
        if needs.threads {
            let members = try await write.rows(
                """
                SELECT l.conversation_id, cm.user_id FROM task_thread_links l
                    JOIN conversation_members cm ON cm.conversation_id = l.conversation_id
                WHERE l.task_id = \(taskID) ORDER BY l.conversation_id, cm.user_id
                """)
            for row in members {
                let (conversationID, memberID) = try row.decode((Int64, Int64).self)
                let conversation = conversationID.apiID
                if threads.last?.conversationID == conversation {
                    threads[threads.count - 1].memberIDs.append(memberID.apiID)
                } else {
                    threads.append(.init(conversationID: conversation, memberIDs: [memberID.apiID]))
                }
            }
        }
        var known: [String: TaskWriteFacts.Person] = [:]
        for row in people {
            let cells = row.makeRandomAccess()
            let id = try cells["user_id"].decode(Int64.self).apiID
            if known[id] == nil {
                known[id] = TaskWriteFacts.Person(
                    name: try cells["name"].decode(String.self), listener: try listener(cells))
            }
        }
        return TaskWriteFacts(
            actorID: actor.apiID, people: known, followerIDs: followers.map(\.apiID),
            projectPeople: try await audience(write.connection, project: project, logger: write.logger).map(\.apiID),
            threads: threads)
    }
}
