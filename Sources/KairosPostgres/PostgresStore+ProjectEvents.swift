import Foundation
import KairosCore
import KairosStore
import PostgresNIO

// What happens in a shared project reaches the feed of everyone in it (its owner and members, the one who
// did it too, for their other devices), written in the same transaction as the change. A project is shared
// while it has a member; a change in a personal project costs one indexed lookup and adds no event.
extension PostgresStore {
    /// `task.updated` to everyone in the task's project, when it is shared: the task was added, edited,
    /// completed or reopened, assigned, commented on, or got or lost a reminder.
    static func announceTaskChange(
        _ write: PostgresWrite, task: Int64, in project: Int64, by actor: Int64, now: Date
    ) async throws {
        try await addProjectEvent(write, .taskUpdated, task: task, project: project, by: actor, now: now)
    }

    /// `task.updated` for a task whose project is not at hand.
    static func announceTaskChange(_ write: PostgresWrite, task: Int64, by actor: Int64, now: Date) async throws {
        guard let row = try await write.firstRow("SELECT project_id FROM tasks WHERE id = \(task)") else { return }
        try await announceTaskChange(write, task: task, in: try row.decode(Int64.self), by: actor, now: now)
    }

    /// A comment was added, edited or deleted: news of its task, or of its project.
    static func announceCommentChange(
        _ write: PostgresWrite, _ comment: Comment, by actor: Int64, now: Date
    ) async throws {
        if let task = comment.taskID?.rowID {
            try await announceTaskChange(write, task: task, by: actor, now: now)
        } else if let project = comment.projectID?.rowID {
            try await announceProjectChange(write, project: project, by: actor, now: now)
        }
    }

    /// `task.deleted` to everyone in the task's shared project; call it before the row goes, while its
    /// project and audience can still be read.
    static func announceTaskDeletion(
        _ write: PostgresWrite, task: Int64, in project: Int64, by actor: Int64, now: Date
    ) async throws {
        try await addProjectEvent(write, .taskDeleted, task: task, project: project, by: actor, now: now)
    }

    /// `project.updated` to everyone in the project, when it is shared: its name, colour, archiving,
    /// sections, members or roles changed, or it is about to be deleted.
    static func announceProjectChange(_ write: PostgresWrite, project: Int64, by actor: Int64, now: Date) async throws {
        try await addProjectEvent(write, .projectUpdated, project: project, by: actor, now: now)
    }

    private static func addProjectEvent(
        _ write: PostgresWrite, _ kind: UserEventKind, task: Int64? = nil, project: Int64, by actor: Int64, now: Date
    ) async throws {
        let people = try await audience(write.connection, project: project, logger: write.logger)
        write.add(
            WritePlan.Event(
                recipients: people.map(\.apiID), kind: kind, taskID: task?.apiID, projectID: project.apiID,
                actorID: actor.apiID),
            now: now)
    }
}
