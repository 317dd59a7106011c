import Foundation
import Hummingbird
import KairosCore
import Testing

/// Whether a created resource's id comes after a deleted one's, and the deleted one stays gone.
private struct Kind: Sendable {
    let name: String
    /// Makes the n-th resource of this kind and returns its id.
    let create: @Sendable (TestAPI, Int) async throws -> String
    /// Where the resource with an id is read and deleted.
    let path: @Sendable (String) -> String
    /// Whether `path` also answers GET.
    var readable = true
}

@Suite("Ids are never reused")
struct IDReuseTests {
    @Test("Deleting the newest of each kind and creating another gives a new id; the deleted one answers 404")
    func deletedIDsStayDeleted() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Water the plants")
            let garden = try await ada.createProject("Garden")
            let kinds = [
                Kind(
                    name: "task", create: { api, n in try await api.createTask("Task \(n)").id },
                    path: { "tasks/\($0)" }),
                Kind(
                    name: "project", create: { api, n in try await api.createProject("Project \(n)").id },
                    path: { "projects/\($0)" }),
                Kind(
                    name: "section",
                    create: { api, n in try await api.createSection("Section \(n)", in: garden.id).id },
                    path: { "sections/\($0)" }),
                Kind(
                    name: "label", create: { api, n in try await api.createLabel("label\(n)").id },
                    path: { "labels/\($0)" }),
                Kind(
                    name: "comment",
                    create: { api, n in
                        try expectOK(
                            try await api.post("comments", CommentCreateRequest(content: "Note \(n)", taskID: task.id)),
                            as: Comment.self
                        ).id
                    }, path: { "comments/\($0)" }),
                Kind(
                    name: "reminder",
                    create: { api, n in try await api.remind(task.id, at: "2026-03-1\(n)T09:00:00Z").id },
                    path: { "reminders/\($0)" }, readable: false),
                Kind(
                    name: "time session",
                    create: { api, n in
                        try expectOK(
                            try await api.addSession(task.id, "2026-03-0\(n)T09:00:00Z", "2026-03-0\(n)T10:00:00Z"),
                            .created, as: TimeSession.self
                        ).id
                    }, path: { "time/sessions/\($0)" }),
                Kind(
                    name: "token",
                    create: { api, n in
                        try expectOK(
                            try await api.post("tokens", TokenCreateRequest(name: "script \(n)")), .created,
                            as: TokenCreatedResponse.self
                        ).info.id
                    }, path: { "tokens/\($0)" }, readable: false),
            ]
            for kind in kinds {
                _ = try await kind.create(ada, 1)
                let newest = try await kind.create(ada, 2)
                try expectNoContent(try await ada.delete(kind.path(newest)))
                let next = try await kind.create(ada, 3)
                #expect(Int(next)! > Int(newest)!, "\(kind.name): \(next) after deleting \(newest)")
                if kind.readable {
                    expectError(try await ada.get(kind.path(newest)), .notFound, code: "not_found")
                }
            }
        }
    }

    @Test("A client holding a deleted task's id never acts on another task: the id answers 404 to every verb")
    func deletedTaskIDActsOnNothing() async throws {
        try await withAda { ada in
            let kept = try await ada.createTask("Call the dentist")
            let doomed = try await ada.createTask("Water the plants")
            try expectNoContent(try await ada.delete("tasks/\(doomed.id)"))
            let later = try await ada.createTask("Buy stamps")
            #expect(later.id != doomed.id && later.id != kept.id)
            expectError(try await ada.get("tasks/\(doomed.id)"), .notFound, code: "not_found")
            expectError(try await ada.post("tasks/\(doomed.id)/close"), .notFound, code: "not_found")
            expectError(
                try await ada.post("tasks/\(doomed.id)", TaskUpdateRequest()), .notFound, code: "not_found")
            expectError(try await ada.delete("tasks/\(doomed.id)"), .notFound, code: "not_found")
            #expect(try await ada.task(later.id).content == "Buy stamps")
            #expect(try await ada.task(later.id).completedAt == nil)
        }
    }
}
