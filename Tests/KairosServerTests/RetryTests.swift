import Foundation
import Hummingbird
import KairosCapture
import KairosCore
import Testing

/// A phone that lost an answer sends the same request again; the second try must change nothing.
@Suite("Retries: capture commits, tasks from messages and task cards happen once")
struct RetryTests {
    @Test("A commit retried with its client_id returns the first commit's tasks, even with another body")
    func retriedCommit() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let tasks = [
                CaptureCommitTask(title: "Plant tulips", list: "Garden"), CaptureCommitTask(title: "Call mom"),
            ]
            let request = CaptureCommitRequest(tasks: tasks, createMissingLists: true, clientID: "commit-1")
            let first = try expectOK(try await ada.post("capture/commit", request), as: CaptureCommitResponse.self)
            #expect(first.tasks.map(\.content) == ["Plant tulips", "Call mom"])
            let again = try expectOK(try await ada.post("capture/commit", request), as: CaptureCommitResponse.self)
            #expect(again.tasks == first.tasks)

            // Another body under the same id is still the retry of the first commit: nothing new is made.
            let changed = CaptureCommitRequest(
                tasks: [.init(title: "Buy soil", list: "Shed")], createMissingLists: true, clientID: "commit-1")
            let third = try expectOK(try await ada.post("capture/commit", changed), as: CaptureCommitResponse.self)
            #expect(third.tasks.map(\.id) == first.tasks.map(\.id))
            #expect(try await ada.tasks().count == 2)
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Garden"])

            // A task deleted since is left out of the answer, never made again.
            try expectNoContent(try await ada.delete("tasks/\(first.tasks[0].id)"))
            let afterDelete = try expectOK(
                try await ada.post("capture/commit", request), as: CaptureCommitResponse.self)
            #expect(afterDelete.tasks.map(\.id) == [first.tasks[1].id])
            #expect(try await ada.tasks().map(\.content) == ["Call mom"])

            // A client id is its sender's own; commits without one are each new.
            let bobs = try expectOK(try await bob.post("capture/commit", request), as: CaptureCommitResponse.self)
            #expect(Set(bobs.tasks.map(\.id)).isDisjoint(with: first.tasks.map(\.id)))
            #expect(try await bob.tasks().count == 2)
            let plain = CaptureCommitRequest(tasks: [.init(title: "Stretch")])
            try expectOK(try await ada.post("capture/commit", plain), as: CaptureCommitResponse.self)
            try expectOK(try await ada.post("capture/commit", plain), as: CaptureCommitResponse.self)
            #expect(try await ada.tasks().filter { $0.content == "Stretch" }.count == 2)
        }
    }

    @Test("A bad client_id is a 400 naming it, and a refused commit does not use up its id")
    func badCommitClientID() async throws {
        try await withAda { ada in
            let empty = CaptureCommitRequest(tasks: [.init(title: "Stretch")], clientID: "")
            expectError(
                try await ada.post("capture/commit", empty), .badRequest, code: "invalid_field",
                mentioning: "client_id")
            let tooLong = CaptureCommitRequest(
                tasks: [.init(title: "Stretch")], clientID: String(repeating: "x", count: 300))
            expectError(
                try await ada.post("capture/commit", tooLong), .badRequest, code: "invalid_field",
                mentioning: "client_id")
            let missingList = CaptureCommitRequest(tasks: [.init(title: "Stretch", list: "Gym")], clientID: "c-9")
            expectError(
                try await ada.post("capture/commit", missingList), .badRequest, code: "invalid_field",
                mentioning: "tasks[0].list")
            #expect(try await ada.contents() == ["project Inbox"])

            let fixed = CaptureCommitRequest(tasks: [.init(title: "Stretch")], clientID: "c-9")
            let created = try expectOK(try await ada.post("capture/commit", fixed), as: CaptureCommitResponse.self)
            #expect(created.tasks.map(\.content) == ["Stretch"])
        }
    }

    @Test("Ten concurrent commits with one client_id make the tasks once")
    func concurrentCommits() async throws {
        try await withAda { ada in
            let request = CaptureCommitRequest(
                tasks: [.init(title: "One"), .init(title: "Two")], clientID: "burst")
            let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try expectOK(try await ada.post("capture/commit", request), as: CaptureCommitResponse.self)
                            .tasks.map(\.id)
                    }
                }
                return try await group.reduce(into: Set<[String]>()) { $0.insert($1) }
            }
            #expect(answers.count == 1)
            #expect(try await ada.tasks().count == 2)
        }
    }

    @Test("Turning a message into a task twice gives the same task and one notice; someone else gets their own")
    func messageToTaskTwice() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            let message = try await bob.send("Book the venue", to: team.id).message
            let first = try expectOK(try await ada.post("messages/\(message.id)/task"), as: TaskItem.self)
            let again = try expectOK(try await ada.post("messages/\(message.id)/task"), as: TaskItem.self)
            #expect(again == first)
            // Asking for another project on the retry still answers with the first task, where it is.
            let work = try await ada.createProject("Work")
            let elsewhere = try expectOK(
                try await ada.post("messages/\(message.id)/task", MessageTaskRequest(projectID: work.id)),
                as: TaskItem.self)
            #expect(elsewhere.id == first.id && elsewhere.projectID == first.projectID)
            #expect(try await ada.tasks().map(\.id) == [first.id])
            let notices = try await ada.history(team.id).filter { $0.kind == .system && $0.task != nil }
            #expect(notices.map(\.text) == ["Task created by Ada Lovelace"])

            // Carol turns the same message into a task too: it is hers, with its own notice.
            let carols = try expectOK(try await carol.post("messages/\(message.id)/task"), as: TaskItem.self)
            #expect(carols.id != first.id && carols.userID == carol.me.id)
            #expect(
                try await ada.history(team.id).filter { $0.kind == .system && $0.task != nil }.map(\.text)
                    == ["Task created by Carol", "Task created by Ada Lovelace"])

            // Once Ada deletes her task, the message can become a new task of hers.
            try expectNoContent(try await ada.delete("tasks/\(first.id)"))
            let fresh = try expectOK(try await ada.post("messages/\(message.id)/task"), as: TaskItem.self)
            #expect(fresh.id != first.id)
            #expect(try await ada.tasks().map(\.id) == [fresh.id])
        }
    }

    @Test("Sharing a task into a thread where its card already is posts nothing and returns that card")
    func shareTwice() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let team = try await ada.group("Launch", with: [bob, carol])
            let task = try await ada.createTask("Send the report")
            let card = try await ada.share(task.id, into: dm.id)
            let again = try await ada.share(task.id, into: dm.id)
            #expect(again.id == card.id && again.kind == .taskCard)
            #expect(try await bob.history(dm.id).map(\.id) == [card.id])
            #expect(try await bob.conversation(dm.id).unreadCount == 1)

            // Another thread gets its own card, once.
            let teamCard = try await ada.share(task.id, into: team.id)
            #expect(teamCard.id != card.id)
            #expect(try await ada.share(task.id, into: team.id).id == teamCard.id)
            #expect(try await carol.history(team.id).filter { $0.kind == .taskCard }.map(\.id) == [teamCard.id])
        }
    }
}
