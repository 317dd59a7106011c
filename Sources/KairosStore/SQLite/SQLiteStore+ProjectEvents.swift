import Foundation
import GRDB
import KairosCore

// What happens in a shared project reaches the feed of everyone in it (its owner and members, the one who
// did it too, for their other devices), written in the same transaction as the change. A project is shared
// while it has a member; a change in a personal project costs one indexed lookup and adds no event.
extension SQLiteStore {
    /// `task.updated` to everyone in the task's project, when it is shared: the task was added, edited,
    /// completed or reopened, assigned, commented on, or got or lost a reminder.
    static func announceTaskChange(_ db: Database, task: Int64, in project: Int64, by actor: Int64, now: Date) throws {
        try appendProjectEvent(
            db, to: audience(db, project: project), .taskUpdated, task: task, project: project, by: actor, now: now)
    }

    /// `task.updated` for a task whose project is not at hand.
    static func announceTaskChange(_ db: Database, task: Int64, by actor: Int64, now: Date) throws {
        guard
            let project = try db.fetchValue(
                Int64.self, sql: "SELECT project_id FROM tasks WHERE id = ?", arguments: [task])
        else { return }
        try announceTaskChange(db, task: task, in: project, by: actor, now: now)
    }

    /// A comment was added, edited or deleted: news of its task, or of its project.
    static func announceCommentChange(_ db: Database, _ comment: Comment, by actor: Int64, now: Date) throws {
        if let task = comment.taskID?.rowID {
            try announceTaskChange(db, task: task, by: actor, now: now)
        } else if let project = comment.projectID?.rowID {
            try announceProjectChange(db, project: project, by: actor, now: now)
        }
    }

    /// `task.deleted` to everyone in the task's shared project; call it before the row goes, while its
    /// project and audience can still be read.
    static func announceTaskDeletion(_ db: Database, task: Int64, in project: Int64, by actor: Int64, now: Date) throws
    {
        try appendProjectEvent(
            db, to: audience(db, project: project), .taskDeleted, task: task, project: project, by: actor, now: now)
    }

    /// `project.updated` to everyone in the project, when it is shared: its name, colour, archiving,
    /// sections, members or roles changed, or it is about to be deleted. Called before a member is removed,
    /// it is their last word of it.
    static func announceProjectChange(_ db: Database, project: Int64, by actor: Int64, now: Date) throws {
        try appendProjectEvent(
            db, to: audience(db, project: project), .projectUpdated, project: project, by: actor, now: now)
    }

    /// Who hears of the project's changes (`ProjectAudience`), found with one indexed lookup for a personal one.
    static func audience(_ db: Database, project: Int64) throws -> [Int64] {
        let members = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT user_id FROM project_members WHERE project_id = ?"), arguments: [project])
        guard !members.isEmpty,
            let owner = try db.fetchValue(
                Int64.self, sql: "SELECT user_id FROM projects WHERE id = ?", arguments: [project])
        else { return [] }
        return ProjectAudience.people(owner: owner.apiID, members: members.map(\.apiID)).compactMap(\.rowID)
    }

    private static func appendProjectEvent(
        _ db: Database, to users: [Int64], _ kind: UserEventKind, task: Int64? = nil, project: Int64, by actor: Int64,
        now: Date
    ) throws {
        try insert(
            WritePlan.Event(
                recipients: users.map(\.apiID), kind: kind, taskID: task?.apiID, projectID: project.apiID,
                actorID: actor.apiID),
            db, now: now)
    }

    /// A `Visible` condition with the viewer bound as `?1`.
    static func reading(_ condition: String) -> String {
        condition.replacingOccurrences(of: "?", with: "?1")
    }
}
