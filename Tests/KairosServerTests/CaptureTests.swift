import Foundation
import Hummingbird
import KairosCapture
import KairosCore
import Testing

extension TestAPI {
    func capture(_ text: String, now: String? = nil, tz: String? = nil) async throws -> CaptureResult {
        try expectOK(try await post("capture", CaptureRequest(text: text, now: now, tz: tz)), as: CaptureResult.self)
    }

    func commit(_ tasks: [CaptureCommitTask], createMissingLists: Bool? = nil) async throws -> [TaskItem] {
        let reply = try await post(
            "capture/commit", CaptureCommitRequest(tasks: tasks, createMissingLists: createMissingLists))
        return try expectOK(reply, as: CaptureCommitResponse.self).tasks
    }

    func quickAdd(_ request: QuickAddRequest) async throws -> TaskItem {
        try expectOK(try await post("tasks/quick", request), as: TaskItem.self)
    }

    func comments(on taskID: String) async throws -> [Comment] {
        try expectOK(try await get("comments", ["task_id": taskID]), as: Page<Comment>.self).results
    }

    /// What a failed write must leave alone: the active tasks and the projects.
    func contents() async throws -> [String] {
        try await tasks().map { "task \($0.content) in \($0.projectID)" } + projects().map { "project \($0.name)" }
    }
}

// Ada's moment in these tests (`withAda`'s default): Wednesday 2026-03-04 09:30 in New York.

@Suite("Capture API: text to proposals, reviewed proposals to tasks, quick add")
struct CaptureTests {
    // MARK: POST /capture

    @Test("Capture answers proposals in the one JSON form and writes nothing")
    func captureShape() async throws {
        try await withAda { ada in
            let reply = try await ada.post("capture", CaptureRequest(text: "buy milk"))
            #expect(reply.status == .ok)
            let object = try #require(reply.object)
            #expect(Set(object.keys) == ["tasks", "set_aside", "warnings", "model"])
            let task = try #require((object["tasks"] as? [[String: Any]])?.first)
            #expect(
                Set(task.keys) == [
                    "title", "description", "due", "list", "list_exists", "priority", "labels", "recurrence",
                    "source_span", "phrases", "engine",
                ])
            #expect((task["title"] as? String)?.lowercased() == "buy milk")
            #expect(task["source_span"] as? [Int] == [0, 8])
            #expect(try await ada.contents() == ["project Inbox"])
        }
    }

    @Test("A 120-word brain-dump with venting, a correction and a deadline: every task right, every remark set aside")
    func messyBrainDump() async throws {
        try await withAda { ada in
            _ = try await ada.createProject("Grocery")
            let dump = """
                okay so um where do i even start this week has been an absolute mess and my manager keeps moving \
                the goalposts which is so annoying anyway i need to email the landlord about the broken heater \
                tomorrow morning and uh pick up the kids from school at three no wait four and the quarterly report \
                is due next friday oh and add oat milk and bananas to my grocery list i promised jen i'd send her \
                the slides by thursday honestly i haven't slept properly in days and i should book a dentist \
                appointment sometime next week scratch that book it for monday also the car insurance expires end \
                of the month which is just great
                """
            let result = try await ada.capture(dump, now: "2026-09-16T10:20", tz: "Europe/Berlin")
            #expect(
                result.tasks.map(\.title) == [
                    "Email the landlord about the broken heater", "Pick up the kids from school", "Quarterly report",
                    "Oat milk", "Bananas", "Send her the slides", "Book a dentist appointment", "Car insurance",
                ])
            #expect(
                result.tasks.map { $0.due?.iso } == [
                    "2026-09-17T09:00", "2026-09-16T16:00", "2026-09-25T09:00", nil, nil, "2026-09-17T09:00",
                    "2026-09-21T09:00", "2026-09-30T17:00",
                ])
            #expect(result.tasks.map(\.list) == [nil, nil, nil, "Grocery", "Grocery", nil, nil, nil])
            #expect(result.tasks[5].description == "Promised to Jen")
            #expect(
                result.setAside.map(\.text) == [
                    "where do i even start this week has been an absolute mess",
                    "my manager keeps moving the goalposts which is so annoying",
                    "honestly i haven't slept properly in days", "which is just great",
                ])
            let utf16 = Array(dump.utf16)
            for clause in result.setAside {
                #expect(String(decoding: utf16[clause.span], as: UTF16.self) == clause.text)
            }
            #expect(try await ada.contents() == ["project Inbox", "project Grocery"])
        }
    }

    @Test("Empty text gives no tasks and no error")
    func captureEmpty() async throws {
        try await withAda { ada in
            for text in ["", "   \n"] {
                let result = try await ada.capture(text)
                #expect(result.tasks.isEmpty)
                #expect(result.warnings.isEmpty)
            }
        }
    }

    @Test("Capture refuses text over 20,000 characters with 413, and a bad now or tz with 400 naming it")
    func captureErrors() async throws {
        try await withAda { ada in
            let long = String(repeating: "call mom ", count: 2_300)
            expectError(
                try await ada.post("capture", CaptureRequest(text: long)), .contentTooLarge, code: "payload_too_large",
                mentioning: "20000")
            _ = try await ada.capture(String(repeating: "x", count: CaptureLimits.maxCharacters))
            for now in ["tomorrow", "2026-03-04", "2026-02-30T10:00", ""] {
                expectError(
                    try await ada.post("capture", CaptureRequest(text: "call mom", now: now)), .badRequest,
                    code: "invalid_field", mentioning: "now")
            }
            for tz in ["Mars/Olympus", "EST5EDT5", ""] {
                expectError(
                    try await ada.post("capture", CaptureRequest(text: "call mom", tz: tz)), .badRequest,
                    code: "invalid_field", mentioning: "tz")
            }
            expectError(
                try await ada.post("capture", json: #"{"now": "2026-03-04T10:00"}"#), .badRequest,
                code: "invalid_field", mentioning: "text")
            expectError(
                try await ada.post("capture", json: #"{"text": 5}"#), .badRequest, code: "invalid_field",
                mentioning: "text")
            expectError(
                try await ada.with(token: nil).post("capture", CaptureRequest(text: "x")), .unauthorized,
                code: "unauthorized")
            #expect(try await ada.contents() == ["project Inbox"])
        }
    }

    // MARK: POST /capture/span

    @Test("A span is read in UTF-16 offsets, as JavaScript indexes strings")
    func span() async throws {
        try await withAda { ada in
            // "🎉" is two UTF-16 units, so "buy cake" starts at 3.
            let text = "🎉 buy cake, call mom"
            let reply = try await ada.post("capture/span", CaptureSpanRequest(text: text, start: 3, end: 11))
            let task = try #require(try expectOK(reply, as: CaptureSpanResult.self).task)
            #expect(task.title.lowercased() == "buy cake")
            #expect(task.sourceSpan == 3..<11)
            let empty = try await ada.post("capture/span", CaptureSpanRequest(text: text, start: 5, end: 5))
            #expect(try expectOK(empty, as: CaptureSpanResult.self).task == nil)
            #expect(empty.object?.keys.contains("task") == true)
        }
    }

    @Test(
        "A span outside the text, or ending before it starts, is a 400 naming start or end",
        arguments: [(-1, 2, "start"), (22, 22, "start"), (5, 4, "end"), (0, 22, "end"), (3, -1, "end")])
    func spanOutOfRange(start: Int, end: Int, field: String) async throws {
        try await withAda { ada in
            let text = "🎉 buy cake, call mom"  // 21 UTF-16 units
            expectError(
                try await ada.post("capture/span", CaptureSpanRequest(text: text, start: start, end: end)),
                .badRequest, code: "invalid_field", mentioning: field)
        }
    }

    // MARK: POST /capture/commit

    @Test("Commit creates every task: due in the user's zone, p1 stored as 4, lists matched ignoring case")
    func commit() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let inbox = try await ada.inbox()
            let created = try await ada.commit([
                CaptureCommitTask(
                    title: "Send the report", description: "the Q1 one", due: "2026-03-05T17:00", list: "work",
                    priority: 1, labels: ["focus", "Focus", "deep"]),
                CaptureCommitTask(
                    title: "Water the plants", due: "2026-03-09T09:00", recurrence: "FREQ=WEEKLY;BYDAY=MO"),
                CaptureCommitTask(title: "Read", dueString: "friday at 3pm", priority: 4),
                CaptureCommitTask(title: "Someday"),
            ])
            #expect(created.map(\.content) == ["Send the report", "Water the plants", "Read", "Someday"])
            let report = created[0]
            #expect(report.projectID == work.id)
            #expect(report.description == "the Q1 one")
            #expect(report.priority == 4)
            #expect(report.labels == ["focus", "deep"])
            #expect(report.due?.wireDate == "2026-03-05T22:00:00Z")
            #expect(report.due?.timezone == "America/New_York")
            #expect(report.due?.isRecurring == false)
            let plants = created[1]
            #expect(plants.projectID == inbox.id)
            #expect(plants.priority == 1)
            #expect(plants.due?.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO")
            #expect(plants.due?.date.iso == "2026-03-09")
            #expect(plants.due?.time?.iso == "09:00:00")
            #expect(created[2].due?.date.iso == "2026-03-06")
            #expect(created[2].due?.time?.iso == "15:00:00")
            #expect(created[2].priority == 1)
            #expect(created[3].due == nil)
            #expect(try await ada.tasks().count == 4)
            #expect(try await ada.task(report.id) == report)
        }
    }

    @Test("A missing list is a 400 naming it unless create_missing_lists, which creates it once")
    func missingLists() async throws {
        try await withAda { ada in
            let tasks = [
                CaptureCommitTask(title: "Plant tulips", list: "Garden"),
                CaptureCommitTask(title: "Buy soil", list: "garden"),
                CaptureCommitTask(title: "Call mom"),
            ]
            for flag in [nil, false] {
                let reply = try await ada.post(
                    "capture/commit", CaptureCommitRequest(tasks: tasks, createMissingLists: flag))
                expectError(reply, .badRequest, code: "invalid_field", mentioning: "tasks[0].list")
                #expect(reply.error?.message.contains("\"Garden\"") == true)
                #expect(reply.error?.message.contains("create_missing_lists") == true)
                #expect(try await ada.contents() == ["project Inbox"])
            }
            let created = try await ada.commit(tasks, createMissingLists: true)
            let garden = try #require(try await ada.projects().first { $0.name == "Garden" })
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Garden"])
            #expect(created.map(\.projectID) == [garden.id, garden.id, try await ada.inbox().id])
        }
    }

    @Test("An archived list is not a list to commit into: it counts as missing")
    func archivedList() async throws {
        try await withAda { ada in
            let old = try await ada.createProject("Old")
            _ = try expectOK(try await ada.post("projects/\(old.id)/archive"), as: Project.self)
            expectError(
                try await ada.post("capture/commit", CaptureCommitRequest(tasks: [.init(title: "x", list: "Old")])),
                .badRequest, code: "invalid_field", mentioning: "tasks[0].list")
            let created = try await ada.commit([.init(title: "x", list: "Old")], createMissingLists: true)
            #expect(created[0].projectID != old.id)
        }
    }

    @Test(
        "Every bad field is a 400 naming the task and field, and nothing is written",
        arguments: [
            (#"{"title": ""}"#, "tasks[1].title"),
            (#"{"title": "   "}"#, "tasks[1].title"),
            (#"{"title": "\#(String(repeating: "x", count: 501))"}"#, "tasks[1].title"),
            (#"{"title": "x", "due": "tomorrow"}"#, "tasks[1].due"),
            (#"{"title": "x", "due": "2026-02-30T10:00"}"#, "tasks[1].due"),
            (#"{"title": "x", "due": "2026-03-05", "recurrence": "FREQ=DAILY"}"#, "tasks[1].due"),
            (#"{"title": "x", "due": "2026-03-09T09:00", "recurrence": "FREQ=HOURLY"}"#, "tasks[1].recurrence"),
            (#"{"title": "x", "due": "2026-03-09T09:00", "recurrence": "every monday"}"#, "tasks[1].recurrence"),
            (#"{"title": "x", "recurrence": "FREQ=DAILY"}"#, "tasks[1].due"),
            (#"{"title": "x", "priority": 0}"#, "tasks[1].priority"),
            (#"{"title": "x", "priority": 5}"#, "tasks[1].priority"),
            (#"{"title": "x", "priority": "high"}"#, "tasks[1].priority"),
            (#"{"title": "x", "labels": ["@home"]}"#, "tasks[1].labels"),
            (#"{"title": "x", "labels": "home"}"#, "tasks[1].labels"),
            (#"{"title": "x", "list": ""}"#, "tasks[1].list"),
            (#"{"title": "x", "list": "\#(String(repeating: "l", count: 121))"}"#, "tasks[1].list"),
            (#"{"title": "x", "description": "\#(String(repeating: "d", count: 16_384))"}"#, "tasks[1].description"),
            (#"{"title": "x", "due_string": "someday maybe"}"#, "tasks[1].due_string"),
            (#"{"title": "x", "due_string": "friday", "due": "2026-03-06T09:00"}"#, "tasks[1].due_string"),
            (#"{"title": "x", "due_string": "friday", "recurrence": "FREQ=DAILY"}"#, "tasks[1].recurrence"),
            (#"{"description": "no title"}"#, "tasks[1].title"),
        ])
    func badTask(task: String, field: String) async throws {
        try await withAda { ada in
            _ = try await ada.createProject("Work")
            let before = try await ada.contents()
            let body = #"{"tasks": [{"title": "fine", "list": "Work"}, \#(task)], "create_missing_lists": true}"#
            let reply = try await ada.post("capture/commit", json: body)
            expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            #expect(try await ada.contents() == before)
        }
    }

    @Test("A commit holds 1 to 100 tasks")
    func batchSize() async throws {
        try await withAda { ada in
            for count in [0, 101] {
                let tasks = (0..<count).map { CaptureCommitTask(title: "Task \($0)") }
                expectError(
                    try await ada.post("capture/commit", CaptureCommitRequest(tasks: tasks)), .badRequest,
                    code: "invalid_field", mentioning: "tasks")
            }
            expectError(
                try await ada.post("capture/commit", json: #"{"tasks": {}}"#), .badRequest,
                code: "invalid_field", mentioning: "tasks")
            #expect(try await ada.contents() == ["project Inbox"])
            let hundred = try await ada.commit((0..<100).map { CaptureCommitTask(title: "Task \($0)") })
            #expect(hundred.count == 100)
            #expect(hundred.map(\.childOrder) == Array(1...100))
        }
    }

    @Test("One bad task in a batch, even the last, creates none of them, nor their new lists")
    func atomic() async throws {
        try await withAda { ada in
            var tasks = (0..<5).map { CaptureCommitTask(title: "Task \($0)", list: "New list") }
            tasks.append(CaptureCommitTask(title: "Bad", due: "2026-13-01T09:00"))
            let reply = try await ada.post(
                "capture/commit", CaptureCommitRequest(tasks: tasks, createMissingLists: true))
            expectError(reply, .badRequest, code: "invalid_field", mentioning: "tasks[5].due")
            #expect(try await ada.contents() == ["project Inbox"])
        }
    }

    @Test("Another user's lists are neither matched nor touched")
    func isolation() async throws {
        try await withAda { ada in
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            let secret = try await bob.createProject("Secret")
            expectError(
                try await ada.post("capture/commit", CaptureCommitRequest(tasks: [.init(title: "x", list: "secret")])),
                .badRequest, code: "invalid_field", mentioning: "tasks[0].list")
            let created = try await ada.commit([.init(title: "x", list: "Secret")], createMissingLists: true)
            #expect(created[0].projectID != secret.id)
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Secret"])
            #expect(try await bob.projects().map(\.id) == [try await bob.inbox().id, secret.id])
            #expect(try await bob.tasks().isEmpty)
        }
    }

    // MARK: POST /tasks/quick

    @Test("Quick add creates one task in the Todoist task shape, with the note as its comment and its reminders")
    func quickAdd() async throws {
        try await withAda { ada in
            let task = try await ada.quickAdd(
                QuickAddRequest(
                    text: "renew passport", note: "photos first", reminder: "tomorrow at 9am", autoReminder: true,
                    meta: true))
            #expect(task.content.lowercased() == "renew passport")
            #expect(task.projectID == (try await ada.inbox()).id)
            #expect(task.noteCount == 1)
            #expect(try await ada.comments(on: task.id).map(\.content) == ["photos first"])
            // No due time, so auto_reminder adds nothing; the reminder is at 9:00 in New York.
            #expect(try await ada.reminders(on: task.id).map(\.at) == [APITimestamp.parse("2026-03-05T14:00:00Z")])
            let timed = try await ada.quickAdd(
                QuickAddRequest(text: "call the bank tomorrow at 3pm", autoReminder: true, clientID: "bank-1"))
            #expect(try await ada.reminders(on: timed.id).map(\.minuteOffset) == [0])
            let retried = try await ada.quickAdd(
                QuickAddRequest(text: "call the bank tomorrow at 3pm", autoReminder: true, clientID: "bank-1"))
            #expect(retried.id == timed.id)
            #expect(try await ada.reminders(on: timed.id).count == 1)
            expectError(
                try await ada.post("tasks/quick", QuickAddRequest(text: "renew visa", reminder: "tomorrow")),
                .badRequest, code: "invalid_field", mentioning: "reminder")
            #expect(try await ada.tasks().count == 2)
            let bare = try await ada.quickAdd(QuickAddRequest(text: "water ferns", note: "  "))
            #expect(bare.noteCount == 0)
            #expect(try await ada.tasks().count == 3)
        }
    }

    @Test(
        "Quick add checks its fields: empty text, wrong types, too long",
        arguments: [
            (#"{"text": ""}"#, "text", 400),
            (#"{"text": "  "}"#, "text", 400),
            (#"{"note": "x"}"#, "text", 400),
            (#"{"text": 42}"#, "text", 400),
            (#"{"text": "x", "reminder": 5}"#, "reminder", 400),
            (#"{"text": "x", "auto_reminder": "yes"}"#, "auto_reminder", 400),
            (#"{"text": "x", "meta": 1}"#, "meta", 400),
            (#"{"text": "x", "note": 7}"#, "note", 400),
            (#"{"text": "x", "note": "\#(String(repeating: "n", count: 15_001))"}"#, "note", 400),
            (#"{"text": "\#(String(repeating: "call mom ", count: 2_300))"}"#, "20000", 413),
        ])
    func quickAddErrors(body: String, field: String, status: Int) async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks/quick", json: body)
            expectError(
                reply, HTTPResponse.Status(code: status), code: status == 413 ? "payload_too_large" : "invalid_field",
                mentioning: field)
            #expect(try await ada.contents() == ["project Inbox"])
        }
    }
}

/// What the engine reads from the text, checked where it lands: proposals, tasks and lists.
@Suite("Capture API with the capture engine: what the engine reads reaches the tasks")
struct CaptureReadingTests {
    @Test("A capture's proposals are read in the user's zone and lists, and commit as they were proposed")
    func captureThenCommit() async throws {
        try await withAda { ada in
            _ = try await ada.createProject("Errands")
            let result = try await ada.capture("call mom tomorrow at 5pm, buy milk #errands p1 @shop")
            #expect(result.tasks.map(\.title) == ["Call mom", "Buy milk"])
            let call = try #require(result.tasks.first)
            #expect(call.due?.iso == "2026-03-05T17:00")
            let milk = try #require(result.tasks.last)
            #expect(milk.list == "Errands")
            #expect(milk.listExists)
            #expect(milk.priority == 1)
            #expect(milk.labels == ["shop"])
            #expect(try await ada.tasks().isEmpty)

            let created = try await ada.commit(result.tasks.map(CaptureCommitTask.init))
            #expect(created.map(\.content) == ["Call mom", "Buy milk"])
            #expect(created[0].due?.wireDate == "2026-03-05T22:00:00Z")
            #expect(created[1].priority == 4)
            #expect(created[1].projectID == (try await ada.projects().first { $0.name == "Errands" })?.id)
        }
    }

    @Test("A 100-word brain-dump: capture, edit the proposals, commit, and each task is in its list at its time")
    func brainDump() async throws {
        try await withAda { ada in
            for name in ["Work", "Home", "Grocery"] { _ = try await ada.createProject(name) }
            let dump = """
                okay so tomorrow is going to be busy. I need to call the dentist tomorrow at 9am to move my cleaning, \
                and then pick up the dry cleaning before 6pm. Oh and add eggs and coffee to my grocery list. For work \
                I have to send the quarterly report to Dana by friday, that's urgent, and book the team offsite \
                sometime next week. Remind me to water the plants every monday. Also I should fix the leaky faucet \
                on my home list this weekend. And don't forget to renew my passport in two weeks. Anyway, that's it \
                for now, I think.
                """
            let proposals = try await ada.capture(dump).tasks
            #expect(proposals.count == 9)
            let byTitle = Dictionary(proposals.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(byTitle["Call the dentist to move my cleaning"]?.due?.iso == "2026-03-05T09:00")
            #expect(byTitle["Eggs"]?.list == "Grocery")
            #expect(byTitle["Send the quarterly report to Dana"]?.list == "Work")
            #expect(byTitle["Send the quarterly report to Dana"]?.priority == 1)
            #expect(byTitle["Water the plants"]?.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO")
            #expect(byTitle["Fix the leaky faucet"]?.list == "Home")

            // The user's review: one title edited, one proposal removed, one task added.
            var reviewed = proposals.map(CaptureCommitTask.init)
            reviewed[0].title = "Call the dentist about the cleaning"
            reviewed.remove(at: 1)
            reviewed.append(CaptureCommitTask(title: "Buy tulip bulbs", due: "2026-03-07T10:00", list: "Garden"))
            let created = try await ada.commit(reviewed, createMissingLists: true)
            let names = Dictionary(uniqueKeysWithValues: try await ada.projects().map { ($0.id, $0.name) })
            #expect(created.count == reviewed.count)
            for (task, asked) in zip(created, reviewed) {
                #expect(task.content == asked.title)
                #expect(names[task.projectID] == asked.list ?? "Inbox")
                let wallTime = task.due?.instant(fallback: .gmt).map { LocalDateTime($0, in: ada.me.timeZone).iso }
                #expect(wallTime == asked.due)
                #expect(task.due?.recurrence?.rrule == asked.recurrence)
                #expect(task.priority == 5 - (asked.priority ?? 4))
            }
            #expect(try await ada.tasks().count == reviewed.count)
        }
    }

    @Test("now and tz move the reference moment; filler gives nothing")
    func contextAndFiller() async throws {
        try await withAda { ada in
            let tokyo = try await ada.capture("call mom tomorrow at 5pm", now: "2026-03-10T23:30", tz: "Asia/Tokyo")
            #expect(tokyo.tasks.first?.due?.iso == "2026-03-11T17:00")
            #expect(try await ada.capture("um").tasks.isEmpty)
        }
    }

    @Test("A highlighted phrase becomes one task")
    func span() async throws {
        try await withAda { ada in
            let text = "so I need to call mom tomorrow at 5pm and buy milk"
            let start = text.utf16.count - "buy milk".utf16.count
            let reply = try await ada.post(
                "capture/span", CaptureSpanRequest(text: text, start: start, end: text.utf16.count))
            #expect(try expectOK(reply, as: CaptureSpanResult.self).task?.title == "Buy milk")
        }
    }

    @Test("Another user's lists are not the caller's: the proposal's list does not exist")
    func captureIsolation() async throws {
        try await withAda { ada in
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            _ = try await bob.createProject("Errands")
            let proposal = try #require(try await ada.capture("buy milk #Errands").tasks.first)
            #expect(proposal.list == "Errands")
            #expect(!proposal.listExists)
            let task = try await ada.quickAdd(QuickAddRequest(text: "buy milk #Errands"))
            #expect(task.projectID == (try await ada.inbox()).id)
        }
    }

    @Test("Quick add reads Todoist's syntax: list, priority, label, due")
    func quickAdd() async throws {
        try await withAda { ada in
            let errands = try await ada.createProject("Errands")
            let milk = try await ada.quickAdd(QuickAddRequest(text: "buy milk #Errands p1 @shop"))
            #expect(milk.content == "Buy milk")
            #expect(milk.projectID == errands.id)
            #expect(milk.priority == 4)
            #expect(milk.labels == ["shop"])
            let call = try await ada.quickAdd(QuickAddRequest(text: "call mom tomorrow at 5pm"))
            #expect(call.due?.wireDate == "2026-03-05T22:00:00Z")
            #expect(call.due?.timezone == "America/New_York")
            let plants = try await ada.quickAdd(QuickAddRequest(text: "water the plants every monday"))
            #expect(plants.due?.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO")
            #expect(plants.due?.date.iso == "2026-03-09")
        }
    }
}
