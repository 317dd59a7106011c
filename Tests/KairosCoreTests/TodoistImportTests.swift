import Foundation
import KairosCore
import Testing

@Suite("Importing a Todoist account")
struct TodoistImportTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// One page of a Todoist API v1 list, read as the reader reads it.
    private func page<Item: Decodable & Sendable>(_ json: String, as: Item.Type) throws -> [Item] {
        try APICoding.makeDecoder().decode(Page<Item>.self, from: Data(json.utf8)).results
    }

    /// Reads only "every monday", so a test sees which texts reached the reader.
    private func readRecurrence(_ text: String) -> RecurrenceRule? {
        text == "every monday" ? RecurrenceRule(frequency: .weekly, byDay: [.monday]) : nil
    }

    /// An account as Todoist's API v1 answers it: an Inbox, a project tree, a section, labels, tasks with a
    /// subtask, a recurring due, a timed due, a deadline, a duration and comments.
    private func account() throws -> TodoistAccount {
        let projects = try page(
            """
            {"results": [
              {"id": "6Jf8VQXxpwv56VQ7", "name": "Inbox", "inbox_project": true, "color": "charcoal",
               "child_order": 0, "view_style": "list", "parent_id": null, "is_favorite": false},
              {"id": "6X7fphhgwcXVGccJ", "name": "Home", "color": "berry_red", "child_order": 2,
               "view_style": "board", "is_favorite": true, "parent_id": null, "description": "Our flat"},
              {"id": "6X7fphhgwcXVGccK", "name": "Garden", "color": "no_such_colour", "child_order": 1,
               "view_style": "timeline", "parent_id": "6X7fphhgwcXVGccJ", "is_collapsed": true}
            ], "next_cursor": null}
            """, as: TodoistAccount.Project.self)
        let sections = try page(
            """
            {"results": [{"id": "6Jf8VQXxpwv56VQ8", "project_id": "6X7fphhgwcXVGccJ", "name": "Kitchen",
              "section_order": 3, "is_collapsed": false}], "next_cursor": null}
            """, as: TodoistAccount.Section.self)
        let labels = try page(
            """
            {"results": [{"id": "2156154810", "name": "errand", "color": "green", "order": 2, "is_favorite": true}],
             "next_cursor": null}
            """, as: TodoistAccount.Label.self)
        let tasks = try page(
            """
            {"results": [
              {"id": "t1", "project_id": "6X7fphhgwcXVGccJ", "section_id": "6Jf8VQXxpwv56VQ8", "parent_id": null,
               "content": "Clean the oven", "description": "Both racks", "labels": ["errand", "Shared"],
               "priority": 4, "child_order": 5, "note_count": 1, "added_at": "2026-01-02T10:00:00.000000Z",
               "due": {"date": "2026-03-02", "string": "every monday", "lang": "en", "is_recurring": true,
                       "timezone": null},
               "deadline": {"date": "2026-03-20", "lang": "en"}, "duration": {"amount": 45, "unit": "minute"}},
              {"id": "t2", "project_id": "6X7fphhgwcXVGccJ", "section_id": "6Jf8VQXxpwv56VQ8", "parent_id": "t1",
               "content": "Buy oven cleaner", "labels": [], "priority": 1, "child_order": 1,
               "due": {"date": "2026-03-01T09:30:00.000000Z", "timezone": "Europe/Paris",
                       "string": "mar 1 at 10:30", "is_recurring": false}},
              {"id": "t3", "project_id": "6Jf8VQXxpwv56VQ7", "content": "Call Mum", "priority": 2,
               "child_order": 1, "note_count": 0,
               "due": {"date": "2026-03-04T18:00:00", "string": "every other weird day", "is_recurring": true}},
              {"id": "t4", "project_id": "unknown-project", "content": "Orphan", "child_order": 1}
            ], "next_cursor": null}
            """, as: TodoistAccount.Task.self)
        let comments = try page(
            """
            {"results": [
              {"id": "c1", "item_id": "t1", "content": "Use the blue sponge", "posted_at": "2026-01-03T08:00:00Z",
               "file_attachment": null},
              {"id": "c2", "task_id": "t2", "content": "",
               "file_attachment": {"file_name": "receipt.pdf", "file_url": "https://files.example/receipt.pdf"}},
              {"id": "c3", "project_id": "6X7fphhgwcXVGccJ", "content": "Rent is due on the 1st"},
              {"id": "c4", "item_id": "gone", "content": "On a task that was not read"}
            ], "next_cursor": null}
            """, as: TodoistAccount.Comment.self)
        return TodoistAccount(
            projects: projects, sections: sections, labels: labels, tasks: tasks, comments: comments)
    }

    private func converted() throws -> TodoistImport {
        TodoistImport(try account(), now: now, readRecurrence: readRecurrence)
    }

    @Test("Projects keep their tree, colour, order, favourite and view; unknown colours and views get defaults")
    func projectTree() throws {
        let projects = try converted().document.projects
        #expect(projects.map(\.name) == ["Inbox", "Home", "Garden"])
        let home = try #require(projects.first { $0.name == "Home" })
        #expect(home.color == "berry_red" && home.isFavorite && home.viewStyle == "board" && home.childOrder == 2)
        #expect(home.description == "Our flat" && home.parentID == nil && !home.isInbox)
        let garden = try #require(projects.first { $0.name == "Garden" })
        #expect(garden.parentID == home.id && garden.isCollapsed)
        #expect(garden.color == ProjectColor.defaultColor && garden.viewStyle == "list")
        #expect(projects.filter(\.isInbox).map(\.name) == ["Inbox"])
    }

    @Test("Tasks keep their section, parent, order, priority, labels, description, deadline and duration")
    func tasksAndSubtasks() throws {
        let document = try converted().document
        let oven = try #require(document.tasks.first { $0.content == "Clean the oven" })
        let section = try #require(document.sections.first)
        #expect(section.name == "Kitchen" && section.sectionOrder == 3 && section.projectID == oven.projectID)
        #expect(oven.sectionID == section.id && oven.parentID == nil && oven.childOrder == 5)
        #expect(oven.priority == 4 && oven.description == "Both racks" && oven.labels == ["errand", "Shared"])
        #expect(oven.deadline?.date.iso == "2026-03-20")
        #expect(oven.duration == TaskDuration(amount: 45, unit: .minute))
        #expect(oven.addedAt == APITimestamp.parse("2026-01-02T10:00:00Z"))
        let cleaner = try #require(document.tasks.first { $0.content == "Buy oven cleaner" })
        #expect(cleaner.parentID == oven.id && cleaner.sectionID == section.id && cleaner.priority == 1)
    }

    @Test("Inbox tasks stay in the Inbox, and a task of a project that was not read goes there too")
    func inbox() throws {
        let document = try converted().document
        let inbox = try #require(document.projects.first { $0.isInbox })
        #expect(document.tasks.filter { $0.projectID == inbox.id }.map(\.content) == ["Call Mum", "Orphan"])
    }

    @Test("Labels come once each, those only tasks use included, with Todoist's colour, order and favourite")
    func labels() throws {
        let labels = try converted().document.labels
        #expect(labels.map(\.name) == ["errand", "Shared"])
        #expect(labels[0].color == "green" && labels[0].order == 2 && labels[0].isFavorite)
        #expect(labels[1].color == ProjectColor.defaultColor && !labels[1].isFavorite)
    }

    @Test("A recurring due keeps its date, text and rule through the document the server reads")
    func recurringDue() throws {
        let conversion = try converted()
        let sent = try APICoding.makeDecoder().decode(
            UserDataExport.self, from: Data(JSONWriter.encode(conversion.document)))
        let oven = try #require(sent.tasks.first { $0.content == "Clean the oven" })
        let due = try #require(oven.due)
        #expect(due.date.iso == "2026-03-02" && due.time == nil && due.string == "every monday")
        #expect(due.recurrence == RecurrenceRule(frequency: .weekly, byDay: [.monday]))

        let cleaner = try #require(sent.tasks.first { $0.content == "Buy oven cleaner" }?.due)
        #expect(cleaner.date.iso == "2026-03-01" && cleaner.time?.iso == "10:30:00")
        #expect(cleaner.timezone == "Europe/Paris" && cleaner.recurrence == nil)
        #expect(cleaner.wireDate == "2026-03-01T09:30:00Z")
    }

    @Test("A recurring due whose text cannot be read keeps its next date and text, and is reported")
    func unreadRecurrence() throws {
        let conversion = try converted()
        let call = try #require(conversion.document.tasks.first { $0.content == "Call Mum" }?.due)
        #expect(call.date.iso == "2026-03-04" && call.time?.iso == "18:00:00" && call.timezone == nil)
        #expect(call.recurrence == nil && call.string == "every other weird day")
        #expect(conversion.unreadRecurrences.map(\.task) == ["Call Mum"])
        #expect(conversion.unreadRecurrences.map(\.string) == ["every other weird day"])
    }

    @Test("Comments land on their task or project; a file-only comment names its file; stray ones are left out")
    func comments() throws {
        let document = try converted().document
        let byTask = Dictionary(grouping: document.comments.filter { $0.taskID != nil }, by: { $0.taskID! })
        #expect(byTask["t1"]?.map(\.content) == ["Use the blue sponge"])
        #expect(byTask["t1"]?.first?.postedAt == APITimestamp.parse("2026-01-03T08:00:00Z"))
        #expect(byTask["t2"]?.map(\.content) == ["Attachment: receipt.pdf https://files.example/receipt.pdf"])
        let onProject = document.comments.filter { $0.taskID == nil }
        #expect(onProject.map(\.content) == ["Rent is due on the 1st"])
        #expect(onProject.first?.projectID == "6X7fphhgwcXVGccJ")
        #expect(document.comments.count == 3)
    }

    @Test("The converted document passes the import's checks, parents first")
    func importable() throws {
        let plan = try UserDataImportPlan(try converted().document)
        #expect(plan.projects.map(\.name) == ["Inbox", "Home", "Garden"])
        #expect(plan.tasks.count == 4 && plan.comments.count == 3 && plan.labels.count == 2)
        let oven = try #require(plan.tasks.firstIndex { $0.content == "Clean the oven" })
        let cleaner = try #require(plan.tasks.firstIndex { $0.content == "Buy oven cleaner" })
        #expect(oven < cleaner)
    }

    @Test("Coming reminders are kept, location, past and untimed ones are not; deleted synced comments are dropped")
    func reminders() throws {
        var account = try account()
        let sync = try APICoding.makeDecoder().decode(
            TodoistAccount.SyncAnswer.self,
            from: Data(
                """
                {"reminders": [
                  {"id": "r1", "item_id": "t2", "type": "relative", "minute_offset": 30, "due": null},
                  {"id": "r2", "item_id": "t1", "type": "absolute", "is_deleted": false,
                   "due": {"date": "2026-12-01T07:00:00.000000Z", "timezone": "Europe/Paris", "is_recurring": false,
                           "string": "dec 1 at 8:00", "lang": "en"}},
                  {"id": "r3", "item_id": "t1", "type": "relative", "minute_offset": 10},
                  {"id": "r4", "item_id": "t1", "type": "absolute",
                   "due": {"date": "2020-01-01T07:00:00Z", "string": "long ago"}},
                  {"id": "r5", "item_id": "t1", "type": "location", "name": "Home", "loc_lat": "1", "loc_long": "2"},
                  {"id": "r6", "item_id": "t1", "type": "absolute", "is_deleted": true,
                   "due": {"date": "2026-12-02T07:00:00Z", "string": "dec 2"}},
                  {"id": "r7", "item_id": "gone", "type": "relative", "minute_offset": 5}
                ], "notes": [{"id": "n1", "item_id": "t1", "content": "Gone", "is_deleted": true},
                             {"id": "n2", "item_id": "t1", "content": "Kept", "is_deleted": false}],
                 "sync_token": "abc", "full_sync": true}
                """.utf8))
        #expect(sync.notes?.map(\.content) == ["Kept"] && sync.projectNotes == nil)
        account.reminders = sync.reminders
        let conversion = TodoistImport(account, now: now, readRecurrence: readRecurrence)
        let reminders = conversion.document.reminders
        #expect(reminders.map(\.taskID) == ["t2", "t1"])
        #expect(reminders[0].type == .relative && reminders[0].minuteOffset == 30)
        #expect(reminders[1].type == .absolute && reminders[1].at == APITimestamp.parse("2026-12-01T07:00:00Z"))
        #expect(conversion.skippedReminders == 4)
        let plan = try UserDataImportPlan(
            try APICoding.makeDecoder().decode(UserDataExport.self, from: Data(JSONWriter.encode(conversion.document))))
        #expect(plan.reminders.map(\.taskID) == ["t2", "t1"])
        #expect(try converted().document.reminders.isEmpty && converted().skippedReminders == 0)
    }
}
