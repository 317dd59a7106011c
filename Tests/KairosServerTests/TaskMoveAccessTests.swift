import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// The project's audit log, newest first, as its owner reads it.
    func auditLog(of projectID: String) async throws -> [AuditEntry] {
        try expectOK(try await get("projects/\(projectID)/audit"), as: Page<AuditEntry>.self).results
    }

    func move(_ taskID: String, _ request: TaskMoveRequest) async throws -> Reply {
        try await post("tasks/\(taskID)/move", request)
    }
}

@Suite("Moving tasks of shared projects")
struct TaskMoveAccessTests {
    @Test("An editor moves tasks within a shared project and between the owner's shared projects, each in the log")
    func editorMovesInsideTheOwnersProjects() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            let party = try await ada.createProject("Party")
            try await ada.shareProject(party.id, with: bob, as: "editor")
            let copy = try await ada.createSection("Copy", in: launch.id)
            let task = try await ada.createTask("Write the press release", projectID: launch.id)

            try expectNoContent(try await bob.move(task.id, TaskMoveRequest(sectionID: copy.id)))
            #expect(try await ada.task(task.id).sectionID == copy.id)
            try expectNoContent(try await bob.move(task.id, TaskMoveRequest(projectID: party.id)))
            let moved = try await ada.task(task.id)
            #expect(moved.projectID == party.id && moved.userID == ada.me.id)

            let launchMoves = try await ada.auditLog(of: launch.id).filter { $0.kind == .taskMoved }
            #expect(launchMoves.map(\.fromProjectID) == [launch.id, launch.id])
            #expect(launchMoves.map(\.toProjectID) == [party.id, launch.id])
            #expect(launchMoves.allSatisfy { $0.taskID == task.id && $0.actorID == bob.me.id })
            let partyMoves = try await ada.auditLog(of: party.id).filter { $0.kind == .taskMoved }
            #expect(partyMoves.map(\.toProjectID) == [party.id])
            #expect(partyMoves.first?.fromProjectID == launch.id)
        }
    }

    @Test("An editor cannot move the owner's task to their own Inbox or another owner's project; nothing changes")
    func editorCannotTakeTasksOut() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let task = try await ada.createTask("Write the press release", projectID: launch.id)
            let davesProject = try await dave.createProject("Dave's")
            try await dave.shareProject(davesProject.id, with: bob, as: "editor")
            let logBefore = try await ada.auditLog(of: launch.id)

            for destination in [(try await bob.inbox()).id, davesProject.id] {
                expectError(
                    try await bob.move(task.id, TaskMoveRequest(projectID: destination)), .forbidden,
                    code: "forbidden", mentioning: "owner")
            }
            let kept = try await ada.task(task.id)
            #expect(kept.projectID == launch.id && kept.userID == ada.me.id)
            #expect(try await bob.taskIDs(["project_id": (try await bob.inbox()).id]).isEmpty)
            #expect(try await dave.taskIDs(["project_id": davesProject.id]).isEmpty)
            #expect(try await ada.auditLog(of: launch.id) == logBefore)
        }
    }

    @Test("The owner may take a task out of a shared project, and the move is in its log; so is a task moved in")
    func ownerTakesTaskOut() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            let task = try await ada.createTask("Write the press release", projectID: launch.id)
            let inbox = try await ada.inbox()
            try expectNoContent(try await ada.move(task.id, TaskMoveRequest(projectID: inbox.id)))
            #expect(try await ada.task(task.id).projectID == inbox.id)
            expectError(try await bob.get("tasks/\(task.id)"), .notFound, code: "not_found")
            let entry = try #require(try await ada.auditLog(of: launch.id).first)
            #expect(entry.kind == .taskMoved && entry.taskID == task.id && entry.actorID == ada.me.id)
            #expect(entry.fromProjectID == launch.id && entry.toProjectID == inbox.id)

            // Bob's own task into the shared project: his to give, and the project's log shows it arrive.
            let bobs = try await bob.createTask("Draft the agenda")
            try expectNoContent(try await bob.move(bobs.id, TaskMoveRequest(projectID: launch.id)))
            let arrival = try #require(try await ada.auditLog(of: launch.id).first)
            #expect(arrival.kind == .taskMoved && arrival.taskID == bobs.id && arrival.toProjectID == launch.id)
        }
    }
}
