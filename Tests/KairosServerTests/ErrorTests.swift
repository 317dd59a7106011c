import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Errors: every failure is a JSON error body with the right status, and changes nothing")
struct ErrorTests {
    @Test(
        "Malformed JSON is a 400 bad_request",
        arguments: [
            #"{"content": "#, "not json", #"{"content" "x"}"#, #"{"content": "x"} trailing"#, "[]", "\"text\"", "42",
            "null",
        ])
    func malformedJSON(body: String) async throws {
        try await withAda { ada in
            expectError(try await ada.post("tasks", json: body), .badRequest, code: "bad_request")
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("A POST that needs a body and has none is a 400 bad_request")
    func emptyBody() async throws {
        try await withAda { ada in
            for path in ["tasks", "projects", "labels", "sections", "comments", "user", "tokens"] {
                expectError(try await ada.post(path), .badRequest, code: "bad_request")
            }
            expectError(try await ada.post("auth/signup"), .badRequest, code: "bad_request")
            expectError(try await ada.post("auth/login"), .badRequest, code: "bad_request")
        }
    }

    @Test(
        "A value of the wrong type is a 400 naming the field",
        arguments: [
            (#"{"content": "x", "priority": "high"}"#, "priority"),
            (#"{"content": 5}"#, "content"),
            (#"{"content": null}"#, "content"),
            (#"{"content": "x", "labels": "errand"}"#, "labels"),
            (#"{"content": "x", "labels": [1]}"#, "labels"),
            (#"{"content": "x", "due_date": 20260304}"#, "due_date"),
            (#"{"content": "x", "duration": "long", "duration_unit": "minute"}"#, "duration"),
            (#"{"content": "x", "project_id": 12}"#, "project_id"),
            (#"{"description": "no content"}"#, "content"),
        ])
    func wrongType(body: String, field: String) async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks", json: body)
            expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("Priority must be 1 to 4, on create and on update", arguments: [0, 5, 7, -1])
    func priorityRange(priority: Int) async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("tasks", TaskCreateRequest(content: "x", priority: priority)), .badRequest,
                code: "invalid_field", mentioning: "priority")
            let task = try await ada.createTask("Keep me")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"priority": \#(priority)}"#), .badRequest,
                code: "invalid_field", mentioning: "priority")
            #expect(try await ada.task(task.id) == task)
            #expect(try await ada.tasks().map(\.id) == [task.id])
        }
    }

    @Test("Task content must be 1 to 500 characters after trimming")
    func contentLength() async throws {
        try await withAda { ada in
            for content in ["", "   ", "\n\t", String(repeating: "x", count: 501)] {
                expectError(
                    try await ada.post("tasks", TaskCreateRequest(content: content)), .badRequest,
                    code: "invalid_field",
                    mentioning: "content")
            }
            #expect(try await ada.tasks().isEmpty)
            let longest = try await ada.createTask(String(repeating: "x", count: 500))
            #expect(longest.content.count == 500)
            let padded = try await ada.createTask("  " + String(repeating: "y", count: 500) + "  ")
            #expect(padded.content.count == 500)
            let task = try await ada.createTask("Short")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"content": ""}"#), .badRequest, code: "invalid_field",
                mentioning: "content")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"content": "\#(String(repeating: "z", count: 501))"}"#),
                .badRequest, code: "invalid_field", mentioning: "content")
            #expect(try await ada.task(task.id) == task)
        }
    }

    @Test("A fractional number where a whole number is expected is a 400 error, not accepted")
    func fractionalNumber() async throws {
        // Foundation on Linux reports this without a coding path, so the server cannot name the field;
        // it must still refuse the body with a proper error.
        try await withAda { ada in
            for body in [#"{"content": "x", "order": 1.5}"#, #"{"content": "x", "priority": 2.5}"#] {
                let reply = try await ada.post("tasks", json: body)
                #expect(reply.status == .badRequest, "\(body): \(reply)")
                expectErrorShape(reply)
            }
            #expect(try await ada.tasks().isEmpty)
        }
    }

    // Lengths are promised in characters ("content must be 1 to 500 characters long", counted with Swift's
    // `count`). The schema must not re-check them with SQLite's `length()`, which counts Unicode scalars:
    // text whose characters are several scalars (emoji with skin tones, flags, decomposed accents)
    // would pass validation and then trip a CHECK constraint, a 500 instead of a 200.

    @Test(
        "500 task-content characters fit even when each is several Unicode scalars",
        arguments: ["👍🏽", "e\u{301}", "🇫🇷"])
    func contentLengthInCharacters(unit: String) async throws {
        try await withAda { ada in
            let content = String(repeating: unit, count: 500)
            #expect(content.count == 500)
            let reply = try await ada.post("tasks", TaskCreateRequest(content: content))
            #expect(reply.status == .ok, "\(reply.status)")
            let task = try await ada.createTask("Short")
            let update = try await ada.post("tasks/\(task.id)", json: #"{"content": "\#(content)"}"#)
            #expect(update.status == .ok, "\(update.status)")
        }
    }

    @Test("A 120-character project or section name fits even when its characters are several scalars")
    func nameLengthInCharacters() async throws {
        try await withAda { ada in
            let name = String(repeating: "👍🏽", count: 120)
            #expect(name.count == 120)
            let project = try await ada.post("projects", ProjectCreateRequest(name: name))
            #expect(project.status == .ok, "\(project)")
            let inbox = try await ada.inbox()
            let section = try await ada.post("sections", SectionCreateRequest(name: name, projectID: inbox.id))
            #expect(section.status == .ok, "\(section)")
        }
    }

    @Test("A body over 1 MiB is a 413 payload_too_large, and nothing is stored")
    func bodyTooLarge() async throws {
        try await withAda { ada in
            let huge = String(repeating: "a", count: Limits.maxBodyBytes + 1024)
            let reply = try await ada.post("tasks", json: #"{"content": "big", "description": "\#(huge)"}"#)
            expectError(reply, .contentTooLarge, code: "payload_too_large")
            #expect(reply.status.code == 413)
            #expect(try await ada.tasks().isEmpty)
            // Just under the limit is read (and then judged on its fields).
            let justUnder = String(repeating: "a", count: Limits.maxBodyBytes - 100)
            let underReply = try await ada.post("tasks", json: #"{"content": "big", "description": "\#(justUnder)"}"#)
            expectError(underReply, .badRequest, code: "invalid_field", mentioning: "description")
        }
    }

    @Test("Unknown routes are a 404 with the JSON error body, signed in or not")
    func unknownRoute() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            for caller in [ada, anonymous] {
                for (method, path) in [
                    (HTTPRequest.Method.get, "/api/v1/nope"), (.get, "/nope"), (.get, "/api/v2/tasks"),
                    (.post, "/api/v1/tasks/1/explode"), (.get, "/api/v1/tasks/1/comments/2"),
                ] {
                    let reply = try await caller.send(method, path)
                    expectError(reply, .notFound, code: "not_found")
                }
            }
        }
    }

    @Test("A known path with a method it does not take answers with a JSON error, not a crash")
    func wrongMethod() async throws {
        try await withAda { ada in
            for (method, path) in [
                (HTTPRequest.Method.put, "tasks"), (.patch, "projects"), (.delete, "tasks"), (.put, "user"),
            ] {
                let reply = try await ada.send(method, path)
                #expect([404, 405].contains(reply.status.code), "\(method) \(path): \(reply)")
                expectErrorShape(reply)
            }
        }
    }

    @Test("Ids that are not ours, however odd, are a 404, never a 500")
    func oddIDs() async throws {
        try await withAda { ada in
            for id in ["99999999999999999999", "-5", "1e3", "%20", "0x10", "1%3B%20DROP%20TABLE%20tasks"] {
                for resource in ["tasks", "projects", "sections", "labels", "comments"] {
                    let reply = try await ada.get("\(resource)/\(id)")
                    expectError(reply, .notFound, code: "not_found")
                }
            }
            #expect(try await ada.get("tasks").status == .ok)
        }
    }

    @Test("Unknown fields in a body are ignored")
    func unknownFieldsIgnored() async throws {
        try await withAda { ada in
            let task = try expectOK(
                try await ada.post("tasks", json: #"{"content": "x", "color_of_the_sky": "blue", "checked": true}"#),
                as: TaskItem.self)
            #expect(task.completedAt == nil)
        }
    }

    @Test("A create with one bad field leaves the task list unchanged")
    func failedCreateChangesNothing() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let kept = try await ada.createTask("Already here", projectID: work.id)
            let before = try await ada.tasks()
            for body in [
                #"{"content": "New", "project_id": "\#(work.id)", "priority": 9}"#,
                #"{"content": "New", "project_id": "\#(work.id)", "due_string": "whenever"}"#,
                #"{"content": "New", "project_id": "\#(work.id)", "labels": ["ok", "no@pe"]}"#,
                #"{"content": "New", "project_id": "\#(work.id)", "duration": 10, "duration_unit": "week"}"#,
                #"{"content": "New", "project_id": "\#(work.id)", "deadline_date": "2026-02-31"}"#,
                #"{"content": "New", "section_id": "999999"}"#,
                #"{"content": "New", "parent_id": "999999"}"#,
            ] {
                let reply = try await ada.post("tasks", json: body)
                #expect(reply.status == .badRequest || reply.status == .notFound, "\(body): \(reply)")
                expectErrorShape(reply)
            }
            #expect(try await ada.tasks() == before)
            #expect(try await ada.task(kept.id) == kept)
            #expect(try await ada.search("new").isEmpty)
        }
    }

    @Test("An update with one bad field leaves the task exactly as it was")
    func failedUpdateChangesNothing() async throws {
        try await withAda { ada in
            let original = try await ada.createTask(
                TaskCreateRequest(
                    content: "Original", description: "as created", labels: ["keep"], priority: 2,
                    dueString: "every monday", duration: 15, durationUnit: "minute", deadlineDate: "2026-03-31"))
            ada.clock.set("2026-03-04T18:00:00Z")
            for body in [
                #"{"content": "Changed", "priority": 9}"#,
                #"{"content": "Changed", "priority": "high"}"#,
                #"{"content": "Changed", "due_string": "blah blah"}"#,
                #"{"content": "Changed", "due_date": "2026-03-05", "due_string": "today"}"#,
                #"{"content": "Changed", "labels": ["fine", "bad(label)"]}"#,
                #"{"content": "Changed", "duration": -5}"#,
                #"{"content": "Changed", "duration": 5, "duration_unit": "fortnight"}"#,
                #"{"content": "Changed", "deadline_date": "someday"}"#,
                #"{"content": "Changed", "assignee_id": "31337"}"#,
                #"{"content": "", "priority": 4}"#,
                #"{"content": "Changed", "description": "\#(String(repeating: "d", count: 16_384))"}"#,
                #"{"content": "Changed", "is_collapsed": "yes"}"#,
                #"{"content": "Changed""#,
            ] {
                let reply = try await ada.post("tasks/\(original.id)", json: body)
                #expect(reply.status == .badRequest, "\(body.prefix(80)): \(reply)")
                expectErrorShape(reply)
                #expect(try await ada.task(original.id) == original, "after \(body.prefix(80))")
            }
            #expect(try await ada.search("changed").isEmpty)
        }
    }

    @Test("A failed move or close changes nothing")
    func failedMoveChangesNothing() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let task = try await ada.createTask("Stay put")
            expectError(try await ada.post("tasks/\(task.id)/move", json: "{oops"), .badRequest, code: "bad_request")
            expectError(
                try await ada.post("tasks/\(task.id)/move", json: #"{"project_id": "\#(work.id)", "parent_id": "1"}"#),
                .badRequest, code: "invalid_field")
            expectError(try await ada.post("tasks/999999/close"), .notFound, code: "not_found")
            #expect(try await ada.task(task.id) == task)
        }
    }
}
