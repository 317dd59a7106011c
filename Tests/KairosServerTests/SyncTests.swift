import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import Testing

/// One Sync API answer, loosely typed: the wire shape is what these tests check.
struct SyncReply {
    let reply: Reply
    var object: [String: Any] { reply.object ?? [:] }
    var token: String { object["sync_token"] as? String ?? "" }
    var fullSync: Bool { object["full_sync"] as? Bool ?? false }
    var tempIDs: [String: String] { object["temp_id_mapping"] as? [String: String] ?? [:] }
    var status: [String: Any] { object["sync_status"] as? [String: Any] ?? [:] }

    func list(_ kind: String) -> [[String: Any]] { object[kind] as? [[String: Any]] ?? [] }
    /// The ids of the objects of `kind` that are there, not deleted.
    func ids(_ kind: String) -> Set<String> {
        Set(list(kind).filter { $0["is_deleted"] as? Bool != true }.compactMap { $0["id"] as? String })
    }
    /// The ids of `kind` answered as deleted.
    func deleted(_ kind: String) -> Set<String> {
        Set(list(kind).filter { $0["is_deleted"] as? Bool == true }.compactMap { $0["id"] as? String })
    }
    func error(_ uuid: String) -> [String: Any]? { status[uuid] as? [String: Any] }
}

extension TestAPI {
    /// `POST /sync` form-encoded, as Todoist documents it.
    func sync(_ token: String?, resources: String? = #"["all"]"#, commands: String? = nil) async throws -> SyncReply {
        var fields: [(String, String)] = []
        if let token { fields.append(("sync_token", token)) }
        if let resources { fields.append(("resource_types", resources)) }
        if let commands { fields.append(("commands", commands)) }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = fields.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
        let reply = try await send(
            .post, "sync", body: Data(body.utf8), headers: [.contentType: "application/x-www-form-urlencoded"])
        return SyncReply(reply: reply)
    }

    /// `POST /sync` with a JSON body.
    func syncJSON(_ body: String) async throws -> SyncReply {
        SyncReply(reply: try await post("sync", json: body))
    }
}

@Suite("Todoist Sync API")
struct SyncTests {
    @Test("A full sync answers everything the person sees, in Todoist's shapes, with a token")
    func fullSync() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Water the plants")
            let answer = try await ada.sync("*")
            #expect(answer.reply.status == .ok, "\(answer.reply)")
            #expect(answer.fullSync)
            #expect(answer.token.hasPrefix("ks1."))
            let inbox = try #require(answer.list("projects").first)
            #expect(inbox["inbox_project"] as? Bool == true)
            #expect(inbox["is_deleted"] as? Bool == false)
            #expect(inbox["shared"] as? Bool == false)
            #expect(answer.ids("items") == [task.id])
            let item = try #require(answer.list("items").first)
            #expect(item["checked"] as? Bool == false)
            #expect(item["content"] as? String == "Water the plants")
            let user = try #require(answer.object["user"] as? [String: Any])
            #expect(user["full_name"] as? String == "Ada")
            #expect(user["inbox_project_id"] as? String == inbox["id"] as? String)
            for kind in ["sections", "labels", "notes", "project_notes", "reminders"] {
                #expect(answer.object[kind] is [Any], "\(kind) missing")
            }
            // Only the kinds asked for.
            let some = try await ada.sync("*", resources: #"["items"]"#)
            #expect(some.object["projects"] == nil)
            #expect(some.ids("items") == [task.id])
            let excluded = try await ada.sync("*", resources: #"["all", "-items"]"#)
            #expect(excluded.object["items"] == nil)
            #expect(excluded.object["projects"] != nil)
        }
    }

    @Test("Commands use temp ids of earlier commands, map them, and answer ok; the changes come back")
    func tempIDs() async throws {
        try await withAda { ada in
            let start = try await ada.sync("*")
            let answer = try await ada.sync(
                start.token,
                commands: """
                    [{"type": "project_add", "uuid": "u1", "temp_id": "p-temp", "args": {"name": "Garden"}},
                     {"type": "section_add", "uuid": "u2", "temp_id": "s-temp",
                      "args": {"name": "Beds", "project_id": "p-temp"}},
                     {"type": "item_add", "uuid": "u3", "temp_id": "i-temp",
                      "args": {"content": "Dig", "project_id": "p-temp", "section_id": "s-temp", "priority": 4,
                               "due": {"date": "2026-03-20"}, "labels": ["outside"]}},
                     {"type": "note_add", "uuid": "u4", "temp_id": "n-temp",
                      "args": {"item_id": "i-temp", "content": "Bring the spade"}},
                     {"type": "label_add", "uuid": "u5", "temp_id": "l-temp", "args": {"name": "outside"}}]
                    """)
            #expect(answer.reply.status == .ok, "\(answer.reply)")
            for uuid in ["u1", "u2", "u3", "u4", "u5"] { #expect(answer.status[uuid] as? String == "ok", "\(uuid)") }
            let ids = answer.tempIDs
            #expect(Set(ids.keys) == ["p-temp", "s-temp", "i-temp", "n-temp", "l-temp"])
            #expect(!answer.fullSync)
            #expect(answer.ids("projects") == [ids["p-temp"]!])
            #expect(answer.ids("sections") == [ids["s-temp"]!])
            #expect(answer.ids("items") == [ids["i-temp"]!])
            #expect(answer.ids("notes") == [ids["n-temp"]!])
            #expect(answer.ids("labels") == [ids["l-temp"]!])
            let item = try #require(answer.list("items").first)
            #expect(item["project_id"] as? String == ids["p-temp"])
            #expect(item["section_id"] as? String == ids["s-temp"])
            #expect((item["due"] as? [String: Any])?["date"] as? String == "2026-03-20")
            #expect(item["priority"] as? Int == 4)
            #expect(item["note_count"] as? Int == 1)
            // Made through the services: the REST API sees the same task.
            #expect(try await ada.task(ids["i-temp"]!).content == "Dig")
            // Nothing changed since the new token.
            let after = try await ada.sync(answer.token)
            #expect(after.ids("items").isEmpty && after.ids("projects").isEmpty)
        }
    }

    @Test("A failing command answers Todoist's error and does not stop the ones after it")
    func failures() async throws {
        try await withAda { ada in
            let answer = try await ada.sync(
                "*",
                commands: """
                    [{"type": "item_update", "uuid": "bad", "args": {"id": "999999", "content": "Nope"}},
                     {"type": "item_add", "uuid": "empty", "args": {"content": ""}},
                     {"type": "filter_add", "uuid": "unknown", "args": {"name": "x", "query": "today"}},
                     {"type": "item_add", "uuid": "wrong-type", "args": {"content": "x", "priority": "high"}},
                     {"type": "item_add", "uuid": "good", "args": {"content": "Still done"}}]
                    """)
            #expect(answer.reply.status == .ok, "\(answer.reply)")
            let missing = try #require(answer.error("bad"))
            #expect(missing["error_tag"] as? String == "NOT_FOUND")
            #expect(missing["http_code"] as? Int == 404)
            #expect(missing["error_code"] is Int && missing["error"] is String)
            let empty = try #require(answer.error("empty"))
            #expect(empty["error_tag"] as? String == "INVALID_ARGUMENT_VALUE")
            #expect((empty["error_extra"] as? [String: Any])?["argument"] as? String == "content")
            #expect(answer.error("unknown")?["error_tag"] as? String == "INVALID_COMMAND")
            #expect(answer.error("wrong-type")?["http_code"] as? Int == 400)
            #expect(answer.status["good"] as? String == "ok")
            #expect(try await ada.tasks().map(\.content) == ["Still done"])
        }
    }

    @Test("A command already applied is not applied again when the request is retried")
    func idempotentUUID() async throws {
        try await withAda { ada in
            let commands = """
                [{"type": "item_add", "uuid": "once", "temp_id": "t1", "args": {"content": "Only once"}}]
                """
            let first = try await ada.sync(nil, resources: nil, commands: commands)
            let second = try await ada.sync(nil, resources: nil, commands: commands)
            #expect(first.status["once"] as? String == "ok")
            #expect(second.status["once"] as? String == "ok")
            #expect(first.tempIDs == second.tempIDs)
            #expect(try await ada.tasks().count == 1)
        }
    }

    @Test("The same command sent twice at once is applied once, and both answers map its temp id alike")
    func concurrentRetry() async throws {
        try await withAda { ada in
            let commands = """
                [{"type": "item_add", "uuid": "racing", "temp_id": "t1", "args": {"content": "Only once"}}]
                """
            let replies = try await withThrowingTaskGroup(of: SyncReply.self) { group in
                for _ in 0..<8 { group.addTask { try await ada.sync(nil, resources: nil, commands: commands) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.allSatisfy { $0.status["racing"] as? String == "ok" })
            #expect(Set(replies.compactMap { $0.tempIDs["t1"] }).count == 1)
            #expect(try await ada.tasks().count == 1)
        }
    }

    @Test("Incremental answers carry only what changed, deletions as is_deleted, completions as checked")
    func incremental() async throws {
        try await withAda { ada in
            let keep = try await ada.createTask("Keep")
            let edit = try await ada.createTask("Edit me")
            let gone = try await ada.createTask("Delete me")
            let done = try await ada.createTask("Finish me")
            let start = try await ada.sync("*")
            _ = try await ada.updateTask(edit.id) { $0.content = "Edited" }
            try expectNoContent(try await ada.delete("tasks/\(gone.id)"))
            try await ada.close(done.id)
            let label = try await ada.createLabel("home")
            let answer = try await ada.sync(start.token)
            #expect(answer.ids("items") == [edit.id, done.id])
            #expect(answer.deleted("items") == [gone.id])
            #expect(!answer.ids("items").contains(keep.id))
            let finished = try #require(answer.list("items").first { $0["id"] as? String == done.id })
            #expect(finished["checked"] as? Bool == true)
            #expect(answer.ids("labels") == [label.id])
            #expect(answer.object["user"] == nil)
            #expect(answer.token != start.token)
            // The same token still answers the same, and a newer one nothing.
            #expect(try await ada.sync(start.token).ids("items") == [edit.id, done.id])
            #expect(try await ada.sync(answer.token).list("items").isEmpty)
        }
    }

    @Test("A person sees what is shared with them, and what leaves their sight is reported deleted to them")
    func sharing() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let launch = try await ada.createProject("Launch")
            let plan = try await ada.createTask("Plan", projectID: launch.id)
            let secret = try await ada.createTask("Ada's own")
            let bobStart = try await bob.sync("*")
            let carolStart = try await carol.sync("*")
            #expect(!bobStart.ids("items").contains(plan.id))
            try await ada.shareProject(launch.id, with: bob, as: "editor")
            let joined = try await bob.sync(bobStart.token)
            #expect(joined.ids("projects") == [launch.id])
            #expect(joined.ids("items") == [plan.id])
            // Bob's command in the shared project reaches Ada's incremental answer.
            let adaMid = try await ada.sync("*")
            let added = try await bob.sync(
                joined.token,
                commands: #"[{"type": "item_add", "uuid": "b1", "temp_id": "b", "args": {"content": "Bob's", "project_id": "\#(launch.id)"}}]"#)
            let bobTask = try #require(added.tempIDs["b"])
            #expect(try await ada.sync(adaMid.token).ids("items") == [bobTask])
            // Ada removes Bob: the project and its tasks are gone from his sight.
            try expectNoContent(try await ada.delete("projects/\(launch.id)/members/\(bob.me.id)"))
            let removed = try await bob.sync(added.token)
            #expect(removed.deleted("projects") == [launch.id])
            #expect(removed.deleted("items") == [plan.id, bobTask])
            #expect(removed.ids("items").isEmpty)
            // Carol never saw any of it, and hears of none of it.
            let carolAnswer = try await carol.sync(carolStart.token)
            #expect(carolAnswer.list("items").isEmpty && carolAnswer.list("projects").isEmpty)
            #expect(!(try await bob.sync("*")).ids("items").contains(secret.id))
            // Bob's commands on what he no longer sees fail as not found.
            let denied = try await bob.sync(
                removed.token, commands: #"[{"type": "item_delete", "uuid": "b2", "args": {"id": "\#(plan.id)"}}]"#)
            #expect(denied.error("b2")?["http_code"] as? Int == 404)
            #expect(try await ada.task(plan.id).content == "Plan")
        }
    }

    @Test("Bad input is refused whole, in Todoist's error shape, and changes nothing")
    func badInput() async throws {
        try await withAda { ada in
            let start = try await ada.sync("*")
            for token in ["nonsense", "ks1.99999999", "ks1.-1", "ks1.01"] {
                let answer = try await ada.sync(
                    token, commands: #"[{"type": "item_add", "uuid": "x", "args": {"content": "No"}}]"#)
                #expect(answer.reply.status == .badRequest, "\(token): \(answer.reply)")
                #expect(answer.object["error_tag"] as? String == "INVALID_SYNC_TOKEN")
                #expect(answer.object["http_code"] as? Int == 400)
                #expect(answer.object["error"] is String)
            }
            for commands in [
                "not json", #"{"type": "item_add"}"#, #"[{"uuid": "a", "args": {}}]"#,
                #"[{"type": "item_add", "args": {"content": "a"}}]"#,
                #"[{"type": "item_add", "uuid": "same", "args": {"content": "a"}}, {"type": "item_add", "uuid": "same", "args": {"content": "b"}}]"#,
                #"[{"type": "item_add", "uuid": "a", "args": []}]"#,
            ] {
                let answer = try await ada.sync(start.token, commands: commands)
                #expect(answer.reply.status == .badRequest, "\(commands): \(answer.reply)")
                #expect(answer.object["error_tag"] as? String == "INVALID_ARGUMENT_VALUE")
            }
            let badTypes = try await ada.sync("*", resources: "items")
            #expect(badTypes.reply.status == .badRequest)
            #expect(try await ada.tasks().isEmpty)
            #expect(try await ada.sync(start.token).list("items").isEmpty)
            let anonymous = try await ada.with(token: nil).sync("*")
            #expect(anonymous.reply.status == .unauthorized)
        }
    }

    @Test("A JSON body works as the form does")
    func jsonBody() async throws {
        try await withAda { ada in
            let answer = try await ada.syncJSON(
                """
                {"sync_token": "*", "resource_types": ["items", "projects"],
                 "commands": [{"type": "item_add", "uuid": "j1", "temp_id": "j", "args": {"content": "From JSON"}}]}
                """)
            #expect(answer.reply.status == .ok, "\(answer.reply)")
            #expect(answer.fullSync)
            #expect(answer.ids("items") == [answer.tempIDs["j"]!])
            #expect(answer.object["labels"] == nil)
        }
    }

    @Test("Items move, close, reopen, reorder and update through commands; reminders and notes change and go")
    func moreCommands() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let first = try await ada.createTask("First", projectID: home.id, dueString: "tomorrow at 9am")
            let second = try await ada.createTask("Second", projectID: home.id)
            let start = try await ada.sync("*")
            let answer = try await ada.sync(
                start.token,
                commands: """
                    [{"type": "item_update", "uuid": "c1", "args": {"id": "\(first.id)", "content": "First!",
                      "responsible_uid": null, "collapsed": true, "duration": {"amount": 15, "unit": "minute"}}},
                     {"type": "item_reorder", "uuid": "c2", "args": {"items": [{"id": "\(second.id)", "child_order": 1},
                      {"id": "\(first.id)", "child_order": 2}]}},
                     {"type": "reminder_add", "uuid": "c3", "temp_id": "r", "args": {"item_id": "\(first.id)",
                      "type": "relative", "minute_offset": 30}},
                     {"type": "reminder_update", "uuid": "c4", "args": {"id": "r", "minute_offset": 10}},
                     {"type": "item_move", "uuid": "c5", "args": {"id": "\(second.id)", "parent_id": "\(first.id)"}},
                     {"type": "item_close", "uuid": "c6", "args": {"id": "\(second.id)"}},
                     {"type": "item_uncomplete", "uuid": "c7", "args": {"id": "\(second.id)"}},
                     {"type": "project_note_add", "uuid": "c8", "temp_id": "pn",
                      "args": {"project_id": "\(home.id)", "content": "House rules"}},
                     {"type": "project_update", "uuid": "c9", "args": {"id": "\(home.id)", "name": "House"}}]
                    """)
            for uuid in (1...9).map({ "c\($0)" }) {
                #expect(answer.status[uuid] as? String == "ok", "\(uuid): \(answer.status[uuid] ?? "none")")
            }
            let items = Dictionary(uniqueKeysWithValues: answer.list("items").map { ($0["id"] as! String, $0) })
            #expect(items[first.id]?["content"] as? String == "First!")
            #expect(items[first.id]?["is_collapsed"] as? Bool == true)
            #expect(items[second.id]?["parent_id"] as? String == first.id)
            #expect(items[second.id]?["checked"] as? Bool == false)
            let reminder = try #require(answer.list("reminders").first)
            #expect(reminder["item_id"] as? String == first.id)
            #expect(reminder["minute_offset"] as? Int == 10)
            #expect(answer.ids("project_notes") == [answer.tempIDs["pn"]!])
            #expect(answer.list("projects").first?["name"] as? String == "House")
            let cleanup = try await ada.sync(
                answer.token,
                commands: """
                    [{"type": "reminder_delete", "uuid": "d1", "args": {"id": "\(answer.tempIDs["r"]!)"}},
                     {"type": "project_note_delete", "uuid": "d2", "args": {"id": "\(answer.tempIDs["pn"]!)"}},
                     {"type": "project_delete", "uuid": "d3", "args": {"id": "\(home.id)"}}]
                    """)
            for uuid in ["d1", "d2", "d3"] { #expect(cleanup.status[uuid] as? String == "ok", "\(uuid)") }
            #expect(cleanup.deleted("reminders") == [answer.tempIDs["r"]!])
            #expect(cleanup.deleted("project_notes") == [answer.tempIDs["pn"]!])
            #expect(cleanup.deleted("projects") == [home.id])
            #expect(cleanup.deleted("items") == [first.id, second.id])
        }
    }
}
