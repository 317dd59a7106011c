import Foundation
import KairosCore
import Testing

extension TestAPI {
    /// The newest seq of the caller's feed, to read only what follows.
    func latestSeq() async throws -> Int {
        var seq = 0
        while true {
            let page = try await events(after: seq)
            seq = page.results.last?.seq ?? seq
            if page.nextCursor == nil { return seq }
        }
    }

    /// The caller's task and project events after `seq` (leaving out notifications and messages), for
    /// comparing in one line.
    func projectEvents(after seq: Int) async throws -> [ProjectEvent] {
        try await events(after: seq).results.filter { [.taskUpdated, .taskDeleted, .projectUpdated].contains($0.kind) }
            .map { ProjectEvent($0.kind, $0.taskID, $0.projectID, $0.userID) }
    }
}

/// What an event of a shared project's feed says, without its seq and time.
struct ProjectEvent: Equatable, CustomStringConvertible {
    let kind: UserEventKind
    let taskID: String?
    let projectID: String?
    let actorID: String?

    init(_ kind: UserEventKind, _ taskID: String?, _ projectID: String?, _ actorID: String?) {
        self.kind = kind
        self.taskID = taskID
        self.projectID = projectID
        self.actorID = actorID
    }

    var description: String { "\(kind.rawValue) task \(taskID ?? "-") project \(projectID ?? "-") by \(actorID ?? "-")" }
}

@Suite("Shared projects' events: everyone in the project hears of its tasks' and its own changes")
struct ProjectEventTests {
    @Test("Ada's comment, rename, new due and completion reach Bob, Carol and Ada's other devices; Dave hears nothing")
    func taskChanges() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let marks = (ada: try await ada.latestSeq(), bob: try await bob.latestSeq(), carol: try await carol.latestSeq())
            let task = try await ada.createTask("Write the press release", projectID: launch.id)
            try expectOK(
                try await ada.post("comments", CommentCreateRequest(content: "Draft is in the doc", taskID: task.id)),
                as: Comment.self)
            _ = try await ada.updateTask(task.id) { $0.content = "Write the launch post" }
            _ = try await ada.updateTask(task.id) { $0.dueString = .set("tomorrow") }
            try await ada.close(task.id)

            let updated = ProjectEvent(.taskUpdated, task.id, launch.id, ada.me.id)
            #expect(try await bob.projectEvents(after: marks.bob) == Array(repeating: updated, count: 5))
            #expect(try await carol.projectEvents(after: marks.carol) == Array(repeating: updated, count: 5))
            #expect(try await ada.projectEvents(after: marks.ada) == Array(repeating: updated, count: 5))
            #expect(try await dave.events().results.isEmpty)

            // One write that changes several things is one event per person, whoever makes it.
            let before = try await ada.latestSeq()
            _ = try await bob.updateTask(task.id) {
                $0.content = "Write and post the launch note"
                $0.priority = 4
                $0.assigneeIDs = .set([bob.me.id, ada.me.id])
            }
            #expect(try await ada.projectEvents(after: before) == [ProjectEvent(.taskUpdated, task.id, launch.id, bob.me.id)])

            // Bob's own reminder on the task is news to the task's sheet wherever it is open.
            let beforeReminder = try await ada.latestSeq()
            let reminder = try await bob.remind(task.id, at: "2026-03-05T09:00:00")
            try expectNoContent(try await bob.delete("reminders/\(reminder.id)"))
            #expect(
                try await ada.projectEvents(after: beforeReminder)
                    == Array(repeating: ProjectEvent(.taskUpdated, task.id, launch.id, bob.me.id), count: 2))

            let beforeDelete = try await bob.latestSeq()
            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            // The news follows the seqs Bob saw, though the task's earlier events went with it.
            #expect(try await bob.projectEvents(after: beforeDelete) == [ProjectEvent(.taskDeleted, task.id, launch.id, ada.me.id)])
            #expect(try await dave.events().results.isEmpty)
        }
    }

    @Test("Renaming the project, its sections and its members bring project.updated to everyone in it")
    func projectChanges() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let mark = try await bob.latestSeq()
            try expectOK(try await ada.post("projects/\(launch.id)", ProjectUpdateRequest(name: "Big launch")), as: Project.self)
            _ = try await bob.createSection("Logistics", in: launch.id)
            try expectOK(
                try await ada.post("projects/\(launch.id)/members/\(carol.me.id)", ProjectRoleRequest(role: "editor")),
                as: ProjectMember.self)
            #expect(
                try await bob.projectEvents(after: mark) == [
                    ProjectEvent(.projectUpdated, nil, launch.id, ada.me.id),
                    ProjectEvent(.projectUpdated, nil, launch.id, bob.me.id),
                    ProjectEvent(.projectUpdated, nil, launch.id, ada.me.id),
                ])

            // Deleting the project is its members' last word of it, even after its tasks' events went with them.
            let task = try await ada.createTask("Print flyers", projectID: launch.id)
            let beforeDelete = try await bob.latestSeq()
            #expect(try await bob.projectEvents(after: beforeDelete - 1).map(\.taskID) == [task.id])
            try expectNoContent(try await ada.delete("projects/\(launch.id)"))
            #expect(try await bob.projectEvents(after: beforeDelete) == [ProjectEvent(.projectUpdated, nil, launch.id, ada.me.id)])
            #expect(try await dave.events().results.isEmpty)
        }
    }

    @Test("A removed member hears one last project.updated, then nothing of the project, not even what they missed")
    func removedMember() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let task = try await ada.createTask("Print flyers", projectID: launch.id)
            let mark = try await bob.latestSeq()
            _ = try await ada.updateTask(task.id) { $0.content = "Print the flyers" }
            try expectNoContent(try await ada.delete("projects/\(launch.id)/members/\(bob.me.id)"))
            _ = try await ada.updateTask(task.id) { $0.content = "Print more flyers" }
            try expectOK(try await ada.post("projects/\(launch.id)", ProjectUpdateRequest(name: "Launch 2")), as: Project.self)
            try expectNoContent(try await ada.delete("tasks/\(task.id)"))

            #expect(try await bob.projectEvents(after: mark) == [ProjectEvent(.projectUpdated, nil, launch.id, ada.me.id)])
            #expect(try await dave.events().results.isEmpty)
        }
    }

    @Test("A task moving out of a shared project is deleted for those who lose sight of it; moving in tells everyone")
    func moves() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let task = try await ada.createTask("Book the venue", projectID: launch.id)
            let inbox = try await ada.inbox()
            let marks = (ada: try await ada.latestSeq(), bob: try await bob.latestSeq())
            try expectNoContent(try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: inbox.id)))
            #expect(try await bob.projectEvents(after: marks.bob) == [ProjectEvent(.taskDeleted, task.id, launch.id, ada.me.id)])
            #expect(try await ada.projectEvents(after: marks.ada) == [ProjectEvent(.taskUpdated, task.id, inbox.id, ada.me.id)])

            let own = try await bob.createTask("Draft the agenda")
            let carolMark = try await carol.latestSeq()
            try expectNoContent(try await bob.post("tasks/\(own.id)/move", TaskMoveRequest(projectID: launch.id)))
            #expect(try await carol.projectEvents(after: carolMark) == [ProjectEvent(.taskUpdated, own.id, launch.id, bob.me.id)])
        }
    }

    @Test("Tasks in projects nobody else is in add no events")
    func personalTasks() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            let marks = (ada: try await ada.latestSeq(), bob: try await bob.latestSeq())
            let own = try await bob.createTask("Bob's dentist")
            _ = try await bob.updateTask(own.id) { $0.dueString = .set("tomorrow") }
            try expectOK(try await bob.post("comments", CommentCreateRequest(content: "10am", taskID: own.id)), as: Comment.self)
            try await bob.close(own.id)
            try expectNoContent(try await bob.delete("tasks/\(own.id)"))
            let garden = try await ada.createProject("Garden")
            let seeds = try await ada.createTask("Sow the seeds", projectID: garden.id)
            try expectOK(try await ada.post("projects/\(garden.id)", ProjectUpdateRequest(name: "Allotment")), as: Project.self)
            _ = try await ada.createSection("Beds", in: garden.id)
            try expectNoContent(try await ada.post("tasks/\(seeds.id)/move", TaskMoveRequest(projectID: (try await ada.inbox()).id)))

            #expect(try await bob.events(after: marks.bob).results.isEmpty)
            #expect(try await ada.events(after: marks.ada).results.isEmpty)
            _ = launch
        }
    }

    @Test("Bob's open socket gets Ada's changes live as the feed lists them, and nothing once he is removed")
    func liveSocket() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, carol in
            let launch = try await ada.createProject("Launch")
            _ = try await ada.shareProject(launch.id, with: bob, as: "editor")
            _ = try await ada.shareProject(launch.id, with: carol, as: "editor")
            let task = try await ada.createTask("Write the press release", projectID: launch.id)
            let (socket, _) = try await TestSocket.signedIn(bob)

            try expectOK(
                try await ada.post("comments", CommentCreateRequest(content: "Draft is in the doc", taskID: task.id)),
                as: Comment.self)
            let commented = try await socket.nextEvent()
            #expect(ProjectEvent(commented.kind, commented.taskID, commented.projectID, commented.userID) == ProjectEvent(.taskUpdated, task.id, launch.id, ada.me.id))
            #expect(try await bob.events(after: commented.seq - 1).results.first == commented)

            try expectOK(try await ada.post("projects/\(launch.id)", ProjectUpdateRequest(name: "Big launch")), as: Project.self)
            let renamed = try await socket.nextEvent()
            #expect(renamed.kind == .projectUpdated && renamed.projectID == launch.id && renamed.taskID == nil)

            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            let deleted = try await socket.nextEvent()
            #expect(deleted.kind == .taskDeleted && deleted.taskID == task.id && deleted.projectID == launch.id)

            try expectNoContent(try await ada.delete("projects/\(launch.id)/members/\(bob.me.id)"))
            let removed = try await socket.nextEvent()
            #expect(removed.kind == .projectUpdated && removed.projectID == launch.id)
            let carolMark = try await carol.latestSeq()
            let later = try await ada.createTask("Order the banners", projectID: launch.id)
            _ = try await ada.updateTask(later.id) { $0.content = "Order the big banners" }
            #expect(try await carol.projectEvents(after: carolMark).count == 2)
            #expect(try await socket.framesArriving().isEmpty)
            await socket.close()
        }
    }
}
