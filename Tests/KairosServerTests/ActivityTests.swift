import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// The task's activity, newest first, as (kind, who, detail).
    func activity(of taskID: String) async throws -> [(TaskActivity.Kind, String?, String?)] {
        try expectOK(try await get("tasks/\(taskID)/activity", ["limit": "200"]), as: Page<TaskActivity>.self)
            .results.map { ($0.kind, $0.actorName, $0.detail) }
    }

    func activityKinds(of taskID: String) async throws -> [TaskActivity.Kind] {
        try await activity(of: taskID).map(\.0)
    }
}

@Suite("Task activity")
struct ActivityTests {
    @Test("Each change is kept with who made it, newest first, for everyone who can see the task")
    func history() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask("Book the venue", projectID: launch.id, dueString: "tomorrow at 10am")
            ada.clock.set("2026-03-04T15:00:00Z")
            _ = try await bob.updateTask(task.id) {
                $0.content = "Book the big venue"
                $0.priority = 4
                $0.dueString = .set("friday at 9am")
            }
            _ = try await bob.updateTask(task.id) { $0.description = "Call first" }
            _ = try await ada.updateTask(task.id) { $0.assigneeIDs = .set([bob.me.id]) }
            try expectOK(
                try await carol.post("comments", CommentCreateRequest(content: "Which one?", taskID: task.id)),
                as: Comment.self)
            try await bob.close(task.id)
            try expectNoContent(try await ada.post("tasks/\(task.id)/reopen"))
            let other = try await ada.createProject("Later")
            try expectNoContent(try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: other.id)))

            let kinds: [TaskActivity.Kind] = [
                .unassigned, .moved, .reopened, .completed, .commented, .assigned, .descriptionEdited, .dueChanged,
                .priorityChanged, .contentEdited, .created,
            ]
            let entries = try await ada.activity(of: task.id)
            #expect(entries.map(\.0) == kinds)
            #expect(entries.map(\.1) == [
                "Ada Lovelace", "Ada Lovelace", "Ada Lovelace", "Bob", "Carol", "Ada Lovelace", "Bob", "Bob", "Bob",
                "Bob", "Ada Lovelace",
            ])
            #expect(entries[0].2 == "Bob" && entries[1].2 == "Later" && entries[5].2 == "Bob")
            #expect(entries[8].2 == "4")
            // Friday 9:00 in New York.
            #expect(entries[7].2 == "2026-03-06T14:00:00Z")
            let page = try expectOK(
                try await ada.get("tasks/\(task.id)/activity"), as: Page<TaskActivity>.self)
            #expect(page.results.first?.createdAt == APITimestamp.parse("2026-03-04T15:00:00Z"))
            #expect(page.results.last?.createdAt == APITimestamp.parse(wednesdayAfternoon))
            #expect(page.results.first?.actorID == ada.me.id && page.results.first?.taskID == task.id)
        }
    }

    @Test("Members see a shared task's activity by their role; a stranger or an unknown id gets a 404")
    func visibility() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask("Print flyers", projectID: launch.id)
            for member in [bob, carol] {
                #expect(try await member.activityKinds(of: task.id) == [.created])
            }
            for path in ["tasks/\(task.id)/activity", "tasks/999999/activity", "tasks/abc/activity"] {
                expectError(try await dave.get(path), .notFound, code: "not_found")
            }
            let own = try await dave.createTask("Dave's errand")
            expectError(try await ada.get("tasks/\(own.id)/activity"), .notFound, code: "not_found")
        }
    }

    @Test("Pages go newest first with a cursor; a bad limit or cursor is a 400 naming it")
    func paging() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Water the plants")
            for priority in 2...4 { _ = try await ada.updateTask(task.id) { $0.priority = priority } }
            let first = try expectOK(
                try await ada.get("tasks/\(task.id)/activity", ["limit": "2"]), as: Page<TaskActivity>.self)
            #expect(first.results.map(\.detail) == ["4", "3"])
            let cursor = try #require(first.nextCursor)
            let second = try expectOK(
                try await ada.get("tasks/\(task.id)/activity", ["limit": "2", "cursor": cursor]),
                as: Page<TaskActivity>.self)
            #expect(second.results.map(\.kind) == [.priorityChanged, .created] && second.nextCursor == nil)
            expectError(
                try await ada.get("tasks/\(task.id)/activity", ["limit": "0"]), .badRequest, code: "invalid_field",
                mentioning: "limit")
            expectError(
                try await ada.get("tasks/\(task.id)/activity", ["cursor": "nonsense"]), .badRequest,
                code: "invalid_field", mentioning: "cursor")
        }
    }

    @Test("A refused change keeps nothing; a recurring task's completion and tracked time are kept")
    func refusedRecurringAndTime() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Stretch", dueString: "every day at 8am")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"priority": 9}"#), .badRequest, code: "invalid_field",
                mentioning: "priority")
            #expect(try await ada.activityKinds(of: task.id) == [.created])

            try await ada.close(task.id)
            let recurring = try await ada.activity(of: task.id)
            #expect(recurring.map(\.0) == [.completedOccurrence, .created])
            let next = try await ada.task(task.id).due?.date.iso
            #expect(recurring.first?.2 == next)

            #expect(try await ada.timer("start", taskID: task.id).status == .ok)
            ada.clock.set("2026-03-04T14:55:00Z")
            #expect(try await ada.timer("stop").status == .ok)
            let tracked = try await ada.activity(of: task.id)
            #expect(tracked.first?.0 == .timeTracked && tracked.first?.2 == "1500")
        }
    }
}
