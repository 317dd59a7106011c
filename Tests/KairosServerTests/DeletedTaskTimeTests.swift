import Foundation
import Hummingbird
import KairosCore
import Testing

// Ada's moment (`withAda`): Wednesday 2026-03-04 09:30 in New York (14:30 UTC).

@Suite("Time tracked on a deleted task")
struct DeletedTaskTimeTests {
    @Test("Deleting a task whose stopwatch runs stops it first; its time stays in the report under the task's title")
    func runningStopwatchIsStoppedAndKept() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Write the report")
            _ = try await ada.stopwatch("start", taskID: task.id)
            ada.advance(minutes: 10)
            _ = try await ada.stopwatch("pause")
            ada.advance(minutes: 5)
            _ = try await ada.stopwatch("resume")
            ada.advance(minutes: 20)

            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            expectError(try await ada.get("tasks/\(task.id)"), .notFound, code: "not_found")
            #expect(try await ada.stopwatch()["state"] as? String == "idle")
            let sessions = try await ada.sessions()
            #expect(sessions.map(\.durationSeconds) == [600, 1_200])
            #expect(sessions.allSatisfy { $0.endedAt != nil && $0.taskID == task.id })

            let byTask = try await ada.report(["group_by": "task"])
            #expect(byTask.totalSeconds == 1_800)
            #expect(byTask.groups.map(\.name) == ["Write the report"])
            #expect(byTask.tasks.map(\.content) == ["Write the report"])
            #expect(byTask.tasks.map(\.actualSeconds) == [1_800])
            #expect(try await ada.report(["group_by": "project"]).groups.map(\.name) == ["Inbox"])
            let csv = try await ada.get("time/sessions/export")
            #expect(csv.text.contains("Write the report"))

            // Nothing is left running: the stopwatch starts afresh on another task.
            let next = try await ada.createTask("Answer mail")
            #expect(try await ada.stopwatch("start", taskID: next.id)["state"] as? String == "running")
            ada.advance(minutes: 1)
            #expect(try await ada.report(["group_by": "task"]).totalSeconds == 1_860)
        }
    }

    @Test("A member's stopwatch on a shared task stops when the owner deletes it; the member keeps the time")
    func membersTimeIsKept() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            let task = try await ada.createTask("Rehearse", projectID: launch.id)
            let step = try await ada.createTask("Book the room", parentID: task.id)
            _ = try await bob.stopwatch("start", taskID: step.id)
            bob.advance(minutes: 15)

            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            #expect(try await bob.stopwatch()["state"] as? String == "idle")
            let report = try await bob.report(["group_by": "task"])
            #expect(report.tasks.map(\.content) == ["Book the room"] && report.totalSeconds == 900)
            #expect(try await bob.report(["group_by": "project"]).groups.map(\.name) == ["Launch"])
            let time = try expectOK(try await ada.get("time/projects/\(launch.id)"), as: ProjectTime.self)
            #expect(time.people.map(\.userID) == [bob.me.id] && time.totalSeconds == 900)
        }
    }

    @Test("Deleting a section or a project with its tasks keeps the time tracked on them, stopwatches stopped")
    func sectionsAndProjectsKeepTime() async throws {
        try await withAda { ada in
            let garden = try await ada.createProject("Garden")
            let beds = try await ada.createSection("Beds", in: garden.id)
            let weed = try await ada.createTask("Weed", sectionID: beds.id)
            let mow = try await ada.createTask("Mow", projectID: garden.id)
            let weeding = try await ada.addSession(weed.id, "2026-03-03T09:00:00Z", "2026-03-03T10:00:00Z")
            #expect(weeding.status == .created)
            _ = try await ada.stopwatch("start", taskID: mow.id)
            ada.advance(minutes: 30)

            try expectNoContent(try await ada.delete("sections/\(beds.id)"))
            #expect(try await ada.stopwatch()["state"] as? String == "running")
            try expectNoContent(try await ada.delete("projects/\(garden.id)", ["tasks": "delete"]))
            #expect(try await ada.stopwatch()["state"] as? String == "idle")
            let report = try await ada.report(["group_by": "task"])
            #expect(Set(report.tasks.map(\.content)) == ["Weed", "Mow"])
            #expect(report.totalSeconds == 5_400)
            #expect(try await ada.report(["group_by": "project"]).groups.map(\.name) == ["Garden"])
        }
    }
}
