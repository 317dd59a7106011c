import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `TaskActivityStore`'s behaviour, the same on every backend.
@Suite("Task activity store, on every backend")
struct TaskActivityStoreSuite {
    @Test("A task's changes are kept newest first, by whom, page by page", arguments: StoreBackend.all)
    func history(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("draft", for: ada)
            _ = try await store.updateTask(
                userID: ada.id, id: task.id,
                changes: .with {
                    $0.content = "final"; $0.priority = 4
                }, now: suiteNow)
            _ = try await store.createComment(
                userID: ada.id, taskID: task.id, projectID: nil, content: "note", now: suiteNow)
            try await store.closeTask(userID: ada.id, id: task.id, now: suiteNow)
            let all = try await store.taskActivity(userID: ada.id, taskID: task.id, page: PageRequest())
            #expect(all.results.first?.kind == .completed)
            #expect(all.results.last?.kind == .created)
            #expect(Set(all.results.map(\.kind)).isSuperset(of: [.contentEdited, .priorityChanged, .commented]))
            #expect(all.results.allSatisfy { $0.actorID == ada.id && $0.actorName == "Ada" && $0.taskID == task.id })
            #expect(all.results.map(\.id) == all.results.map(\.id).sorted { Int64($0)! > Int64($1)! })

            var seen: [String] = []
            var page = PageRequest(limit: 2)
            while true {
                let result = try await store.taskActivity(userID: ada.id, taskID: task.id, page: page)
                seen += result.results.map(\.id)
                guard let next = result.nextCursor else { break }
                page = PageRequest(cursor: PageCursor(token: next, keyCount: 1), limit: 2)
            }
            #expect(seen == all.results.map(\.id))
        }
    }

    @Test("Another user sees no activity of a task that is not theirs", arguments: StoreBackend.all)
    func isolation(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let task = try await store.task("secret", for: ada)
            #expect(try await store.taskActivity(userID: bob.id, taskID: task.id, page: PageRequest()).results.isEmpty)
            #expect(try await store.taskActivity(userID: ada.id, taskID: "abc", page: PageRequest()).results.isEmpty)
            #expect(
                try await store.taskActivity(userID: ada.id, taskID: task.id, page: PageRequest()).results.count == 1)
        }
    }
}
