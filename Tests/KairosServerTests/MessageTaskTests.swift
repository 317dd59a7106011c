import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Messages and tasks: a message becomes a task, a task is shared into threads and reports its changes")
struct MessageTaskTests {
    @Test("A message becomes the caller's task, linked back, with a notice in the thread")
    func messageToTask() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let team = try await ada.group("Launch", with: [bob])
            let long =
                "Please send the signed contract to the printer\nbefore Friday, "
                + String(repeating: "and double-check the totals ", count: 10)
            let message = try await bob.send(long, to: team.id).message
            let work = try await ada.createProject("Work")
            let task = try expectOK(
                try await ada.post("messages/\(message.id)/task", MessageTaskRequest(projectID: work.id)),
                as: TaskItem.self)
            #expect(task.content.count == 120)
            #expect(task.content.hasPrefix("Please send the signed contract to the printer before Friday, and"))
            #expect(task.description == "Created from message by Bob on 2026-03-04")
            #expect(task.projectID == work.id)
            #expect(task.userID == ada.me.id)
            #expect(try await ada.task(task.id).id == task.id)
            expectError(try await bob.get("tasks/\(task.id)"), .notFound, code: "not_found")

            let notice = try #require(try await bob.history(team.id).first)
            #expect(notice.kind == .system)
            #expect(notice.text == "Task created by Ada Lovelace")
            #expect(notice.task?.id == task.id)
            #expect(notice.task?.isCompleted == false)

            // The task is linked to the thread it came from: completing it says so there.
            try await ada.close(task.id)
            #expect(
                try await bob.history(team.id).first?.text == "Ada Lovelace completed \u{201C}\(task.content)\u{201D}")

            // With no project the task goes to the Inbox.
            let inboxTask = try expectOK(try await bob.post("messages/\(message.id)/task"), as: TaskItem.self)
            #expect(inboxTask.projectID == (try await bob.inbox()).id)
        }
    }

    @Test("Bad message-to-task requests change nothing")
    func badMessageToTask() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob])
            let message = try await bob.send("do the thing", to: team.id).message
            let notice = try #require(try await ada.history(team.id).last)
            let carolsProject = try await carol.createProject("Carol's")
            expectError(
                try await ada.post("messages/\(message.id)/task", MessageTaskRequest(projectID: carolsProject.id)),
                .notFound, code: "not_found")
            expectError(try await carol.post("messages/\(message.id)/task"), .notFound, code: "not_found")
            // The project is checked inside the write: the task, its link and the notice land together or not at all.
            let archived = try await ada.createProject("Old")
            _ = try expectOK(try await ada.post("projects/\(archived.id)/archive"), as: Project.self)
            expectError(
                try await ada.post("messages/\(message.id)/task", MessageTaskRequest(projectID: archived.id)),
                .badRequest, code: "invalid_field", mentioning: "archived")
            expectError(try await ada.post("messages/\(notice.id)/task"), .badRequest, code: "bad_request")
            expectError(try await ada.post("messages/424242/task"), .notFound, code: "not_found")
            #expect(try await ada.tasks().isEmpty)
            #expect(try await carol.tasks().isEmpty)
            #expect(try await ada.history(team.id).count == 2)
        }
    }

    @Test("A shared task shows as a live card; sharing needs membership and ownership")
    func shareTask() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let task = try await ada.createTask("Book the venue", dueDate: "2026-03-10")
            let card = try await ada.share(task.id, into: dm.id)
            #expect(card.kind == .taskCard)
            #expect(card.authorID == ada.me.id)
            #expect(card.text == "Book the venue")
            #expect(
                card.task
                    == MessageTask(
                        id: task.id, content: "Book the venue", dueDate: "2026-03-10", dueString: "2026-03-10",
                        isCompleted: false))

            _ = try await ada.updateTask(task.id) { $0.content = "Book the big venue" }
            let live = try #require(try await bob.history(dm.id).last { $0.kind == .taskCard })
            #expect(live.task?.content == "Book the big venue")

            let bobsTask = try await bob.createTask("Bob's own")
            let carolsTask = try await carol.createTask("Carol's own")
            expectError(
                try await bob.post("conversations/\(dm.id)/tasks", TaskShareRequest(taskID: task.id)), .notFound,
                code: "not_found")
            expectError(
                try await ada.post("conversations/\(dm.id)/tasks", TaskShareRequest(taskID: carolsTask.id)), .notFound,
                code: "not_found")
            expectError(
                try await carol.post("conversations/\(dm.id)/tasks", TaskShareRequest(taskID: carolsTask.id)),
                .notFound, code: "not_found")
            expectError(
                try await ada.post("conversations/\(dm.id)/tasks", json: "{}"), .badRequest, code: "invalid_field",
                mentioning: "task_id")
            #expect(try await bob.history(dm.id).count == 1)
            _ = try await bob.share(bobsTask.id, into: dm.id)

            // A deleted task leaves its card without a task.
            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            let orphan = try #require(try await bob.history(dm.id).last)
            #expect(orphan.id == card.id)
            #expect(orphan.task == nil)
        }
    }

    @Test("Shared into two threads, twice into one: each change posts exactly one update per thread")
    func oneUpdatePerThread() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let team = try await ada.group("Launch", with: [bob, carol])
            let quiet = try await ada.group("Unrelated", with: [carol])
            let task = try await ada.createTask("Send the report", dueDate: "2026-03-10")
            _ = try await ada.share(task.id, into: dm.id)
            _ = try await ada.share(task.id, into: dm.id)
            _ = try await ada.share(task.id, into: team.id)

            func notices(_ id: String) async throws -> [String] {
                try await ada.history(id).filter { $0.kind == .system && $0.task?.id == task.id }.map(\.text).reversed()
            }
            try await ada.close(task.id)
            try await ada.close(task.id)  // already done: nothing new to say
            let completed = "Ada Lovelace completed \u{201C}Send the report\u{201D}"
            #expect(try await notices(dm.id) == [completed])
            #expect(try await notices(team.id) == [completed])
            #expect(try await ada.history(dm.id).first { $0.kind == .taskCard }?.task?.isCompleted == true)

            try expectNoContent(try await ada.post("tasks/\(task.id)/reopen"))
            _ = try await ada.updateTask(task.id) { $0.dueDate = .set("2026-03-12") }
            _ = try await ada.updateTask(task.id) { $0.priority = 4 }  // not a change threads hear about
            _ = try await ada.updateTask(task.id) { $0.dueDate = .clear }
            let expected = [
                completed, "Ada Lovelace reopened \u{201C}Send the report\u{201D}",
                "Ada Lovelace moved \u{201C}Send the report\u{201D} to 2026-03-12",
                "Ada Lovelace removed the due date of \u{201C}Send the report\u{201D}",
            ]
            #expect(try await notices(dm.id) == expected)
            #expect(try await notices(team.id) == expected)
            #expect(try await ada.history(quiet.id).count == 1)
            // The second share into the direct message posted no second card.
            #expect(try await bob.conversation(dm.id).unreadCount == 5)
        }
    }

    @Test("Completing a recurring shared task reports its next date")
    func recurringTask() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let task = try await ada.createTask("Water the plants", dueString: "every day")
            _ = try await ada.share(task.id, into: dm.id)
            try await ada.close(task.id)
            #expect(
                try await bob.history(dm.id).first?.text
                    == "Ada Lovelace completed \u{201C}Water the plants\u{201D}; next due 2026-03-05")
        }
    }
}
