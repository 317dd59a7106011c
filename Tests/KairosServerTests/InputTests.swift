import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Input: control characters and unknown fields are refused, naming the field, and change nothing")
struct InputTests {
    @Test(
        "A control character other than tab, newline and carriage return is a 400 naming the field",
        arguments: [
            (#"{"content": "\u0000nul"}"#, "content"),
            (#"{"content": "hi\u0000there"}"#, "content"),
            (#"{"content": "bell\u0007"}"#, "content"),
            (#"{"content": "ok", "description": "del\u007f"}"#, "description"),
            (#"{"content": "ok", "labels": ["fine", "c1\u0085"]}"#, "labels[1]"),
            (#"{"content": "back\bspace"}"#, "content"),
        ])
    func controlCharactersInATask(body: String, field: String) async throws {
        try await withAda { ada in
            expectError(try await ada.post("tasks", json: body), .badRequest, code: "invalid_field", mentioning: field)
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("Tabs, line breaks, escaped backslashes and other scripts pass through unchanged")
    func ordinaryTextIsKept() async throws {
        try await withAda { ada in
            let body = #"{"content": "a\tb\r\nc \\u0000 \\b Ünïcødé 日本 🙂", "description": "line\nbreak"}"#
            let task = try expectOK(try await ada.post("tasks", json: body), as: TaskItem.self)
            #expect(task.content == "a\tb\r\nc \\u0000 \\b Ünïcødé 日本 🙂")
            #expect(task.description == "line\nbreak")
        }
    }

    @Test("Kairos' own endpoints check every text field: a message, the user's name, a capture")
    func controlCharactersInKairosEndpoints() async throws {
        try await withAda { ada in
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            let dm = try await ada.directMessage(with: bob).id
            expectError(
                try await ada.post("conversations/\(dm)/messages", json: #"{"text": "hi\u0000there"}"#), .badRequest,
                code: "invalid_field", mentioning: "text")
            #expect(try await ada.history(dm).isEmpty)
            expectError(
                try await ada.post("user", json: #"{"name": "A\u001bda"}"#), .badRequest, code: "invalid_field",
                mentioning: "name")
            #expect(try expectOK(try await ada.get("user"), as: User.self).name == "Ada")
            expectError(
                try await ada.post("capture", json: #"{"text": "buy milk\u0000"}"#), .badRequest,
                code: "invalid_field", mentioning: "text")
        }
    }

    @Test(
        "Kairos' own endpoints answer 400 naming a field they do not take, and change nothing",
        arguments: [
            ("user", #"{"password": "new secret words"}"#, "password"),
            ("user", #"{"name": "Ada L", "colour": "red"}"#, "colour"),
            ("capture", #"{"text": "buy milk", "lang": "en"}"#, "lang"),
            ("time/timer/start", #"{"task_id": "1", "started": "now"}"#, "started"),
            ("tokens", #"{"name": "cli", "scope": "all"}"#, "scope"),
            ("invites", #"{"email": "x@example.com", "projectId": "1"}"#, "projectId"),
            ("reminders", #"{"task_id": "1", "type": "relative", "minute_offset": 30, "notify": "sms"}"#, "notify"),
        ])
    func unknownFields(path: String, body: String, field: String) async throws {
        try await withAda { ada in
            let reply = try await ada.post(path, json: body)
            expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            let user = try expectOK(try await ada.get("user"), as: User.self)
            #expect(user.name == "Ada")
        }
    }

    @Test("A message with an unknown field is refused and not sent")
    func unknownMessageField() async throws {
        try await withAda { ada in
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            let dm = try await ada.directMessage(with: bob).id
            expectError(
                try await ada.post("conversations/\(dm)/messages", json: #"{"text": "hi", "silent": true}"#),
                .badRequest, code: "invalid_field", mentioning: "silent")
            #expect(try await ada.history(dm).isEmpty)
        }
    }

    @Test("The Todoist-shaped endpoints ignore unknown fields, as Todoist does")
    func todoistEndpointsIgnoreUnknownFields() async throws {
        try await withAda { ada in
            let task = try expectOK(
                try await ada.post("tasks", json: #"{"content": "Pay rent", "auto_parse_labels": true}"#),
                as: TaskItem.self)
            #expect(task.content == "Pay rent")
            _ = try expectOK(try await ada.post("projects", json: #"{"name": "Home", "workspace_id": "7"}"#), as: Project.self)
        }
    }
}
