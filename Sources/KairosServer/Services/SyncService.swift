import Foundation
import KairosCore
import KairosStore

/// The Todoist Sync API: carries out a request's commands through the same services the REST API uses (so they
/// are checked, audited, announced and pushed to open sockets alike), then answers with what changed for the
/// person since their token. Which command becomes which call, and in what shape objects answer, is decided here
/// and in `KairosCore/Sync`.
public struct SyncService: Sendable {
    let store: any SyncStore
    let clock: Clock
    let tasks: TaskService
    let projects: ProjectService
    let reminders: ReminderService
    /// Two requests carrying the same command (a client retrying while its first try still runs) take turns,
    /// so the second finds the first's recorded outcome instead of applying it again.
    private let commandsInFlight = KeyedSerializer<String>()

    /// How long a command's uuid is remembered, so that a request retried after a lost answer does nothing twice.
    static let rememberedFor: TimeInterval = 14 * 86_400

    public init(
        store: any SyncStore, clock: Clock, tasks: TaskService, projects: ProjectService, reminders: ReminderService
    ) {
        self.store = store
        self.clock = clock
        self.tasks = tasks
        self.projects = projects
        self.reminders = reminders
    }

    /// Applies the commands in order (one failing does not stop the others), then reads: everything for `*`,
    /// what changed since the token otherwise. A token this server never gave fails the request before any
    /// command runs.
    public func sync(_ request: SyncRequest, for user: User) async throws -> SyncAnswer {
        if case .after(let position) = request.syncToken, position > (try await store.syncPosition()) {
            throw SyncError.invalidSyncToken
        }
        var tempIDs: [String: String] = [:]
        var mapping: [(tempID: String, id: String)] = []
        var statuses: [(uuid: String, error: SyncError?)] = []
        for command in request.commands {
            let outcome = try await outcome(of: command, tempIDs: tempIDs, for: user)
            if let tempID = outcome.tempID, let id = outcome.newID {
                tempIDs[tempID] = id
                mapping.append((tempID, id))
            }
            statuses.append((command.uuid, outcome.error))
        }
        let now = clock.now()
        switch request.syncToken {
        case .everything:
            let read = try await store.syncEverything(userID: user.id)
            return SyncAnswer(
                syncToken: SyncToken.text(for: read.position), fullSync: true, resources: request.resources,
                objects: read.objects.limited(to: request.resources), tempIDMapping: mapping, syncStatus: statuses,
                fullSyncDate: now)
        case .after(let position):
            guard let read = try await store.syncChanges(userID: user.id, after: position) else {
                throw SyncError.invalidSyncToken
            }
            return SyncAnswer(
                syncToken: SyncToken.text(for: read.position), fullSync: false, resources: request.resources,
                objects: read.objects.limited(to: request.resources), tempIDMapping: mapping, syncStatus: statuses)
        case nil:
            return SyncAnswer(
                syncToken: SyncToken.text(for: try await store.syncPosition()), fullSync: false, resources: [],
                objects: SyncObjects(), tempIDMapping: mapping, syncStatus: statuses)
        }
    }

    /// What the command comes to: the recorded outcome when this person already applied its uuid, or the outcome
    /// of carrying it out now (recorded when it went through, so a retry of a failed one is tried again).
    private func outcome(of command: SyncCommand, tempIDs: [String: String], for user: User) async throws -> SyncOutcome {
        try await commandsInFlight.run("\(user.id) \(command.uuid)") {
            try await carryOut(command, tempIDs: tempIDs, for: user)
        }
    }

    private func carryOut(_ command: SyncCommand, tempIDs: [String: String], for user: User) async throws -> SyncOutcome {
        if let recorded = try await store.syncOutcome(userID: user.id, uuid: command.uuid),
            let outcome = try? JSONDecoder().decode(SyncOutcome.self, from: recorded)
        {
            return outcome
        }
        let arguments = SyncArguments(command.args, tempIDs: tempIDs)
        do {
            let newID = try await apply(command.type, arguments, for: user)
            let outcome = SyncOutcome(tempID: newID == nil ? nil : command.tempID, newID: newID)
            let now = clock.now()
            try await store.recordSyncOutcome(
                userID: user.id, uuid: command.uuid, outcome: try JSONEncoder().encode(outcome), now: now,
                forgetBefore: now.addingTimeInterval(-Self.rememberedFor))
            return outcome
        } catch let error as SyncError {
            return SyncOutcome(tempID: command.tempID, error: error)
        } catch let error as KairosError {
            return SyncOutcome(tempID: command.tempID, error: SyncError(error))
        } catch let error as DecodingError {
            return SyncOutcome(tempID: command.tempID, error: SyncError(KairosError(decoding: error)))
        }
    }

    /// Carries out one command through the services; returns the id of the object it made, if it made one.
    private func apply(_ type: String, _ args: SyncArguments, for user: User) async throws -> String? {
        switch type {
        case "item_add":
            return try await tasks.create(try args.taskCreate(), for: user).id
        case "item_update":
            _ = try await tasks.update(try args.id(), try args.taskUpdate(), for: user)
        case "item_delete":
            try await tasks.delete(try args.id(), for: user)
        case "item_close", "item_complete":
            try await tasks.close(try args.id(), for: user)
        case "item_uncomplete", "item_reopen":
            try await tasks.reopen(try args.id(), for: user)
        case "item_move":
            try await tasks.move(try args.id(), try args.taskMove(), for: user)
        case "item_reorder":
            try await tasks.reorder(try args.taskOrder(), for: user)
        case "project_add":
            return try await projects.createProject(try args.projectCreate(), for: user).id
        case "project_update":
            _ = try await projects.updateProject(try args.id(), try args.projectUpdate(), for: user)
        case "project_delete":
            // Todoist deletes a project with everything in it.
            try await projects.deleteProject(try args.id(), taskPolicy: "delete", for: user)
        case "project_archive":
            _ = try await projects.setArchived(try args.id(), true, for: user)
        case "project_unarchive":
            _ = try await projects.setArchived(try args.id(), false, for: user)
        case "project_reorder":
            try await projects.reorderProjects(try args.projectOrder(), for: user)
        case "section_add":
            return try await projects.createSection(try args.sectionCreate(), for: user).id
        case "section_update":
            _ = try await projects.updateSection(try args.id(), try args.sectionUpdate(), for: user)
        case "section_delete":
            try await projects.deleteSection(try args.id(), taskPolicy: "delete", for: user)
        case "section_reorder":
            try await projects.reorderSections(try args.sectionOrder(), for: user)
        case "label_add":
            return try await projects.createLabel(try args.label(), for: user).id
        case "label_update":
            _ = try await projects.updateLabel(try args.id(), try args.label(), for: user)
        case "label_delete":
            try await projects.deleteLabel(try args.id(), for: user)
        case "note_add", "project_note_add":
            return try await tasks.addComment(try args.commentCreate(), for: user).id
        case "note_update", "project_note_update":
            _ = try await tasks.updateComment(try args.id(), try args.commentUpdate(), for: user)
        case "note_delete", "project_note_delete":
            try await tasks.deleteComment(try args.id(), for: user)
        case "reminder_add":
            return try await reminders.create(try args.reminderCreate(), for: user).id
        case "reminder_update":
            _ = try await reminders.update(try args.id(), try args.reminderUpdate(), for: user)
        case "reminder_delete":
            try await reminders.delete(try args.id(), for: user)
        default:
            throw SyncError.unknownCommand(type)
        }
        return nil
    }
}
