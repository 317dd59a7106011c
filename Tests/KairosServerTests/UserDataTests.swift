import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// `GET /user/export` as a decoded document.
    func export() async throws -> UserDataExport {
        let reply = try await get("user/export")
        try #require(reply.status == .ok, "export: \(reply)")
        return try APICoding.makeDecoder().decode(UserDataExport.self, from: reply.data)
    }

    /// `POST /user/import` with a raw document.
    func importData(_ data: Data) async throws -> Reply {
        try await send(.post, "user/import", body: data)
    }
}

/// Ada's life in Kairos: a project with a section, a recurring task with a subtask, a completed task, a label,
/// a comment, a reminder, an hour of tracked time and a direct message with Bob.
private func seedAda(_ ada: TestAPI, bob: TestAPI) async throws -> (home: Project, weekly: TaskItem, sub: TaskItem) {
    let home = try await ada.createProject("Home, sweet; home")
    let section = try await ada.createSection("Garden", in: home.id)
    _ = try await ada.createLabel("errands")
    let weekly = try await ada.createTask(
        "Water the plants, all of them; even the \\ odd one", projectID: home.id, sectionID: section.id,
        labels: ["errands"], priority: 4, dueString: "every monday at 9am",
        description: "Line one\nLine two")
    let sub = try await ada.createTask("Fill the watering can", parentID: weekly.id)
    let done = try await ada.createTask("Buy soil", projectID: home.id, dueDate: "2026-03-02")
    try await ada.close(done.id)
    _ = try await ada.createTask(String(repeating: "Très long titre ", count: 10))
    try #require(
        try await ada.post("comments", json: #"{"task_id": "\#(weekly.id)", "content": "Use rain water"}"#).status
            == .ok)
    try #require(
        try await ada.post("reminders", ReminderCreateRequest(taskID: weekly.id, type: "relative", minuteOffset: 30))
            .status == .created)
    let session = try await ada.post(
        "time/sessions",
        TimeSessionRequest(
            taskID: weekly.id, startedAt: APITimestamp.parse("2026-03-03T10:00:00Z"),
            endedAt: APITimestamp.parse("2026-03-03T11:00:00Z")))
    try #require(session.status == .created, "\(session)")
    let dm = try await ada.directMessage(with: bob)
    _ = try await ada.send("Lunch on Friday?", to: dm.id)
    _ = try await bob.send("Yes!", to: dm.id)
    return (home, weekly, sub)
}

@Suite("Export and import of a user's data")
struct UserDataTests {
    @Test("The export holds the account without secrets and all of the user's data, and nobody else's")
    func exportShape() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let seeded = try await seedAda(ada, bob: bob)
            let bobsSecret = try await bob.createTask("Bob's surprise party")
            _ = try await ada.post("notes", NoteCreateRequest(text: "Seeds to order: basil, chives"))
            _ = try await bob.post("notes", NoteCreateRequest(text: "Bob's private note"))
            _ = try await ada.ask("what day is March 6")

            let reply = try await ada.get("user/export")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(reply.headers[.contentDisposition]?.contains("kairos-export.json") == true)
            let object = try #require(reply.object)
            #expect(object["format"] as? String == "kairos-export")
            #expect(object["version"] as? Int == 1)
            let account = try #require(object["account"] as? [String: Any])
            #expect(account["email"] as? String == "ada@example.com")
            #expect(!reply.text.contains("password") && !reply.text.contains("kai_") && !reply.text.contains("hash"))
            for key in [
                "projects", "sections", "labels", "tasks", "comments", "reminders", "time_sessions",
                "conversations", "messages", "attachments", "notes", "assistant_messages",
            ] {
                #expect(object[key] is [Any], "\(key) missing")
            }

            let export = try await ada.export()
            #expect(Set(export.projects.map(\.name)) == ["Inbox", "Home, sweet; home"])
            #expect(export.sections.map(\.name) == ["Garden"])
            #expect(export.labels.map(\.name) == ["errands"])
            #expect(export.tasks.count == 4)
            #expect(export.tasks.first { $0.content == "Buy soil" }?.isCompleted == true)
            #expect(export.tasks.first { $0.id == seeded.sub.id }?.parentID == seeded.weekly.id)
            #expect(export.tasks.first { $0.id == seeded.weekly.id }?.due?.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO")
            #expect(!export.tasks.contains { $0.id == bobsSecret.id })
            let comments = try #require(object["comments"] as? [[String: Any]])
            #expect(comments.map { $0["content"] as? String } == ["Use rain water"])
            #expect((object["reminders"] as? [Any])?.count == 1)
            let sessions = try #require(object["time_sessions"] as? [[String: Any]])
            #expect(sessions.map { $0["duration_seconds"] as? Int } == [3600])
            let messages = try #require(object["messages"] as? [[String: Any]])
            #expect(messages.map { $0["text"] as? String } == ["Lunch on Friday?", "Yes!"])
            #expect((object["conversations"] as? [Any])?.count == 1)
            let notes = try #require(object["notes"] as? [[String: Any]])
            #expect(notes.map { $0["text"] as? String } == ["Seeds to order: basil, chives"])
            let chat = try #require(object["assistant_messages"] as? [[String: Any]])
            #expect(chat.map { $0["text"] as? String } == ["what day is March 6", "That's Friday, March 6."])

            // Bob's export has his task and the conversation, and none of Ada's tasks.
            let bobs = try await bob.export()
            #expect(bobs.tasks.map(\.id) == [bobsSecret.id])
            #expect((try await bob.get("user/export").object?["messages"] as? [Any])?.count == 2)
        }
    }

    @Test("Uploads are listed as links the user can fetch with their token")
    func attachmentLinks() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let upload = try await ada.upload(SampleFile.png(), name: "plan.png")
            let dm = try await ada.directMessage(with: bob)
            try expectOK(
                try await ada.sendReply("the plan", attachmentIDs: [upload.id], to: dm.id), as: PostedMessage.self)
            let object = try #require(try await ada.get("user/export").object)
            let attachments = try #require(object["attachments"] as? [[String: Any]])
            let url = try #require(attachments.first?["url"] as? String)
            #expect(attachments.first?["name"] as? String == "plan.png")
            #expect(try await ada.send(.get, url).status == .ok)
        }
    }

    @Test("The tasks as iCalendar: VTODOs with DUE, RRULE, RELATED-TO, escaping, CRLF and 75-octet lines")
    func calendar() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let seeded = try await seedAda(ada, bob: bob)
            let reply = try await ada.get("user/export", ["format": "ics"])
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = reply.text
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(text.hasSuffix("END:VCALENDAR\r\n"))
            let physical = text.components(separatedBy: "\r\n").dropLast()
            #expect(physical.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") && !$0.contains("\r") })
            #expect(physical.contains { $0.hasPrefix(" ") }, "the long title is folded")
            // Unfolded: a line starting with a space continues the one before.
            var lines: [String] = []
            for line in physical {
                if line.hasPrefix(" ") { lines[lines.count - 1] += line.dropFirst() } else { lines.append(line) }
            }
            #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 4)
            #expect(lines.filter { $0 == "END:VTODO" }.count == 4)
            let weekly = try #require(todo(lines, uid: "task-\(seeded.weekly.id)@kairos"))
            #expect(weekly.contains(#"SUMMARY:Water the plants\, all of them\; even the \\ odd one"#))
            #expect(weekly.contains(#"DESCRIPTION:Line one\nLine two"#))
            #expect(weekly.contains("RRULE:FREQ=WEEKLY;BYDAY=MO"))
            // Monday 9 March 2026, 9:00 in New York (EDT from 8 March) is 13:00 UTC.
            #expect(weekly.contains("DUE:20260309T130000Z"))
            #expect(weekly.contains("DTSTART:20260309T130000Z"))
            #expect(weekly.contains("PRIORITY:1"))
            #expect(weekly.contains("CATEGORIES:errands"))
            #expect(weekly.contains(#"X-KAIROS-PROJECT:Home\, sweet\; home"#))
            #expect(weekly.contains("STATUS:NEEDS-ACTION"))
            let sub = try #require(todo(lines, uid: "task-\(seeded.sub.id)@kairos"))
            #expect(sub.contains("RELATED-TO;RELTYPE=PARENT:task-\(seeded.weekly.id)@kairos"))
            let soil = try #require(lines.firstIndex(of: "SUMMARY:Buy soil").map { todo(lines, containing: $0) })
            #expect(soil.contains("DUE;VALUE=DATE:20260302"))
            #expect(soil.contains("STATUS:COMPLETED"))
            #expect(soil.contains { $0.hasPrefix("COMPLETED:2026") && $0.hasSuffix("Z") })
            let long = String(repeating: "Très long titre ", count: 10).trimmingCharacters(in: .whitespaces)
            #expect(lines.contains("SUMMARY:" + long))

            expectError(
                try await ada.get("user/export", ["format": "xml"]), .badRequest, code: "invalid_field",
                mentioning: "format")
        }
    }

    @Test("An export imported into a new account on another server gives the same projects, tasks and time")
    func roundTrip() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            _ = try await seedAda(ada, bob: bob)
            let archived = try await ada.createProject("Old stuff")
            _ = try await ada.createTask("Forgotten idea", projectID: archived.id)
            #expect(try await ada.post("projects/\(archived.id)/archive").status == .ok)
            let original = try await ada.export()
            let document = try await ada.get("user/export").data

            try await withAPI(now: "2026-04-01T08:00:00Z") { other in
                let newAda = try await other.signUp("ada@elsewhere.org", name: "Ada", timezone: "America/New_York")
                let reply = try await newAda.importData(document)
                let result = try expectOK(reply, .created, as: UserDataImportResult.self)
                #expect(result.tasks == 5 && result.projects == 2 && result.timeSessions == 1 && result.comments == 1)
                #expect(result.reminders == 1)
                let copy = try await newAda.export()

                #expect(Set(copy.projects.map(\.name)) == Set(original.projects.map(\.name)))
                #expect(copy.projects.first { $0.name == "Old stuff" }?.isArchived == true)
                #expect(copy.projects.filter(\.isInbox).count == 1)
                #expect(copy.sections.map(\.name) == original.sections.map(\.name))
                #expect(copy.labels.map(\.name) == original.labels.map(\.name))
                #expect(copy.tasks.count == original.tasks.count)
                for task in original.tasks {
                    let same = try #require(copy.tasks.first { $0.content == task.content }, "\(task.content)")
                    #expect(same.description == task.description)
                    #expect(same.priority == task.priority)
                    #expect(same.labels == task.labels)
                    #expect(same.childOrder == task.childOrder)
                    #expect(same.due?.date == task.due?.date && same.due?.time == task.due?.time)
                    #expect(same.due?.timezone == task.due?.timezone && same.due?.string == task.due?.string)
                    #expect(same.due?.recurrence == task.due?.recurrence)
                    #expect(same.completedAt == task.completedAt)
                    #expect(same.addedAt == task.addedAt)
                    let project = { (tasks: [TaskItem], projects: [Project], t: TaskItem) in
                        projects.first { $0.id == t.projectID }?.name
                    }
                    #expect(
                        project(copy.tasks, copy.projects, same) == project(original.tasks, original.projects, task))
                    let parent = { (tasks: [TaskItem], t: TaskItem) in
                        t.parentID.flatMap { id in tasks.first { $0.id == id }?.content }
                    }
                    #expect(parent(copy.tasks, same) == parent(original.tasks, task))
                    let section = { (sections: [Section], t: TaskItem) in
                        t.sectionID.flatMap { id in sections.first { $0.id == id }?.name }
                    }
                    #expect(section(copy.sections, same) == section(original.sections, task))
                }
                #expect(copy.timeSessions.map(\.durationSeconds) == original.timeSessions.map(\.durationSeconds))
                #expect(copy.timeSessions.map(\.startedAt) == original.timeSessions.map(\.startedAt))
                let watered = try #require(copy.tasks.first { $0.content.hasPrefix("Water") })
                #expect(copy.timeSessions.first?.taskID == watered.id)
                #expect(copy.comments.map(\.content) == ["Use rain water"])
                #expect(copy.comments.first?.taskID == watered.id)
                #expect(copy.reminders.map(\.taskID) == [watered.id] && copy.reminders.first?.minuteOffset == 30)
                let wateredDue = try #require(watered.due?.instant(fallback: .gmt))
                #expect(copy.reminders.first?.fireAt == wateredDue.addingTimeInterval(-1800))
                // The imported tasks are live: they show in the lists and the time report of the new account.
                #expect(try await newAda.tasks().contains { $0.id == watered.id })
                #expect(try await newAda.get("time/tasks/\(watered.id)").object?["total_seconds"] as? Int == 3600)
            }
        }
    }

    @Test("An invalid document is a 400 naming the field, and imports nothing")
    func invalidImport() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            _ = try await seedAda(ada, bob: bob)
            let exported = try #require(try await ada.get("user/export").object)
            let before = try await carol.export()

            func post(_ change: (inout [String: Any]) -> Void) async throws -> Reply {
                var document = exported
                change(&document)
                return try await carol.importData(try JSONSerialization.data(withJSONObject: document))
            }
            // The last task points at a project that is not in the file: the tasks before it are not kept either.
            let broken = try await post { document in
                var tasks = document["tasks"] as! [[String: Any]]
                tasks[tasks.count - 1]["project_id"] = "999999"
                document["tasks"] = tasks
            }
            expectError(broken, .badRequest, code: "invalid_field", mentioning: "tasks[3].project_id")
            expectError(
                try await post { $0["format"] = "something-else" }, .badRequest, code: "invalid_field",
                mentioning: "format")
            expectError(
                try await post { document in
                    var tasks = document["tasks"] as! [[String: Any]]
                    tasks[0]["priority"] = 9
                    document["tasks"] = tasks
                }, .badRequest, code: "invalid_field", mentioning: "tasks[0].priority")
            expectError(
                try await post { document in
                    var sessions = document["time_sessions"] as! [[String: Any]]
                    sessions[0]["task_id"] = "424242"
                    document["time_sessions"] = sessions
                }, .badRequest, code: "invalid_field", mentioning: "time_sessions[0].task_id")
            expectError(
                try await post { document in
                    var reminders = document["reminders"] as! [[String: Any]]
                    reminders[0]["minute_offset"] = -5
                    document["reminders"] = reminders
                }, .badRequest, code: "invalid_field", mentioning: "reminders[0].minute_offset")
            expectError(
                try await carol.send(.post, "user/import", body: Data("[1, 2".utf8)), .badRequest, code: "bad_request")
            let after = try await carol.export()
            #expect(after.tasks.count == before.tasks.count && after.projects.count == before.projects.count)
            #expect(after.labels.isEmpty && after.timeSessions.isEmpty && after.sections.isEmpty)
            #expect(after.reminders.isEmpty)
            expectError(try await carol.with(token: nil).get("user/export"), .unauthorized, code: "unauthorized")
        }
    }
}

/// The lines of the VTODO with that UID.
private func todo(_ lines: [String], uid: String) -> [String]? {
    lines.firstIndex(of: "UID:\(uid)").map { todo(lines, containing: $0) }
}

/// The lines of the VTODO around line `index`.
private func todo(_ lines: [String], containing index: Int) -> [String] {
    let start = lines[..<index].lastIndex(of: "BEGIN:VTODO") ?? index
    let end = lines[index...].firstIndex(of: "END:VTODO") ?? index
    return Array(lines[start...end])
}
