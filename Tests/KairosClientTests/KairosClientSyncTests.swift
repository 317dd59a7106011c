import Foundation
import KairosClient
import Testing

@Suite("SyncReplica against a live server")
struct KairosClientSyncTests {
    @Test("A replica syncs fully, then by changes; offline work waits with temp ids and lands once")
    func replica() async throws {
        try await withSignedInClient { client in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("replica-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: file) }
            let existing = try await client.createTask(TaskCreateRequest(content: "Already there"))
            let replica = SyncReplica(client: client, file: file)
            let first = try await replica.sync()
            #expect(first.fullSync)
            #expect(await replica.items.map(\.id) == [existing.id])
            #expect(await replica.projects.map(\.isInbox) == [true])

            // Offline: a project, a task in it (by the project's temp id), an edit; shown at once.
            let projectTemp = await replica.addProject("Garden")
            let taskTemp = await replica.addItem("Dig the beds", projectID: projectTemp)
            await replica.updateItem(existing.id, content: "Already there, edited")
            #expect(await replica.pendingCount == 3)
            #expect(await replica.object(.items, id: taskTemp)?["content"]?.stringValue == "Dig the beds")
            try await replica.save()

            // A new replica from the file sends the queue; the temp ids become real ones.
            let reopened = SyncReplica(client: client, file: file)
            try await reopened.load()
            let second = try await reopened.sync()
            #expect(!second.fullSync)
            #expect(second.failures.isEmpty)
            let realProject = try #require(second.tempIDMapping[projectTemp])
            let realTask = try #require(second.tempIDMapping[taskTemp])
            #expect(await reopened.pendingCount == 0)
            #expect(await reopened.object(.items, id: taskTemp) == nil)
            let items = await reopened.items
            #expect(Set(items.map(\.id)) == [existing.id, realTask])
            #expect(items.first { $0.id == realTask }?.projectID == realProject)
            #expect(items.first { $0.id == existing.id }?.content == "Already there, edited")
            #expect(try await client.tasks().results.count == 2)

            // Changes made elsewhere come in by the next incremental sync, deletions too.
            try await client.deleteTask(id: existing.id)
            try await reopened.sync()
            #expect(await reopened.items.map(\.id) == [realTask])

            // A refused command is reported, and the others still land.
            await reopened.completeItem("999999")
            await reopened.completeItem(realTask)
            let third = try await reopened.sync()
            #expect(third.failures.count == 1)
            #expect(third.failures.values.first?.httpCode == 404)
            #expect(await reopened.items.isEmpty)
        }
    }

    @Test("A token the server never gave is refused with Todoist's error")
    func badToken() async throws {
        try await withSignedInClient { client in
            let failure = await #expect(throws: KairosClientError.self) {
                try await client.sync(token: "ks1.99999999")
            }
            guard case .server(400, "invalid_sync_token", _) = try #require(failure) else {
                Issue.record("Expected a 400, got \(String(describing: failure))")
                return
            }
        }
    }
}
