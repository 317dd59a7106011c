import Foundation
import Hummingbird
import KairosCore
import KairosServer
import Testing

/// Todoist as the import tests need it: one account of fixed pages, opened only by `token`, with a Sync API
/// answering reminders and comments. It keeps every request; a list it does not hold fails the test.
final class FakeTodoist: TodoistTransport, @unchecked Sendable {
    static let api = URL(string: "https://todoist.test/api/v1")!
    static let token = "0123456789abcdef0123456789abcdef01234567"

    /// Each list's `results`, by path under the API root.
    let lists: [String: String]
    /// The Sync API's answer; nil answers 404, as a source without it does.
    let sync: String?
    /// Throws on every request, as when Todoist cannot be reached.
    let unreachable: Bool
    private let lock = NSLock()
    private var sent: [TodoistRequest] = []

    init(
        lists: [String: String] = FakeTodoist.account, sync: String? = FakeTodoist.syncAnswer, unreachable: Bool = false
    ) {
        self.lists = lists
        self.sync = sync
        self.unreachable = unreachable
    }

    var requests: [TodoistRequest] { lock.withLock { sent } }
    var source: TodoistSource { TodoistSource(api: Self.api, transport: self) }

    func send(_ request: TodoistRequest) async throws -> TodoistResponse {
        lock.withLock { sent.append(request) }
        if unreachable { throw CancellationError() }
        guard request.headers["Authorization"] == "Bearer \(Self.token)" else {
            return TodoistResponse(status: 401, body: Data(#"{"error": "Unauthorized"}"#.utf8))
        }
        let path = String(request.url.path.dropFirst(Self.api.path.count + 1))
        if path == "sync" {
            return TodoistResponse(status: sync == nil ? 404 : 200, body: Data((sync ?? "{}").utf8))
        }
        guard let results = lists[path] else {
            Issue.record("Todoist was asked for \(request.url), which the test did not expect")
            return TodoistResponse(status: 500, body: Data())
        }
        return TodoistResponse(status: 200, body: Data(#"{"results": \#(results), "next_cursor": null}"#.utf8))
    }

    /// An Inbox task; Home with a section, a recurring task and its subtask; Garden inside Home, with a task whose
    /// rule Kairos cannot read.
    static let account = [
        "projects": """
        [{"id": "p0", "name": "Inbox", "inbox_project": true}, {"id": "p1", "name": "Home", "color": "berry_red"},
         {"id": "p2", "name": "Garden", "parent_id": "p1"}]
        """,
        "sections": #"[{"id": "s1", "project_id": "p1", "name": "Kitchen"}]"#,
        "labels": #"[{"name": "errand", "color": "lime_green"}]"#,
        "tasks": """
        [{"id": "t1", "project_id": "p1", "section_id": "s1", "content": "Clean the oven", "labels": ["errand"],
          "priority": 4, "due": {"date": "2026-03-09T09:00:00", "string": "every monday at 9am", "is_recurring": true}},
         {"id": "t2", "project_id": "p1", "section_id": "s1", "parent_id": "t1", "content": "Buy oven cleaner"},
         {"id": "t3", "project_id": "p2", "content": "Plant tulips",
          "due": {"date": "2026-03-10", "string": "every blue moon", "is_recurring": true}},
         {"id": "t4", "project_id": "p0", "content": "Call Mum"}]
        """,
    ]

    /// A reminder Kairos keeps, a location one it cannot, and a comment.
    static let syncAnswer = """
        {"sync_token": "s1", "full_sync": true,
         "reminders": [{"id": "r1", "item_id": "t1", "type": "relative", "minute_offset": 30, "is_deleted": false},
                       {"id": "r2", "item_id": "t4", "type": "location", "is_deleted": false}],
         "notes": [{"id": "n1", "item_id": "t1", "content": "Use the blue sponge", "is_deleted": false}],
         "project_notes": []}
        """
}

extension TestAPI {
    /// `POST /user/import/todoist` with `token`.
    func importTodoist(token: String) async throws -> Reply {
        try await post("user/import/todoist", TodoistTokenRequest(token: token))
    }

    /// `POST /user/import/todoist-csv` with the file's text and name.
    func importTodoistCSV(_ csv: String, name: String? = nil) async throws -> Reply {
        let query = name.map { "?name=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        return try await send(
            .post, "user/import/todoist-csv" + (query ?? ""), body: Data(csv.utf8), headers: [.contentType: "text/csv"])
    }

    /// Project names, sorted.
    func projectNames() async throws -> [String] {
        try await projects().map(\.name).sorted()
    }
}

/// Ada, with Bob beside her on the same server (he has a project and a task of his own), and Todoist answering.
private func withAdaBesideBob(
    todoist: FakeTodoist? = FakeTodoist(), _ body: @Sendable (_ ada: TestAPI, _ bob: TestAPI) async throws -> Void
) async throws {
    try await withAPI(todoist: todoist?.source) { api in
        let ada = try await api.signUp("ada@example.com", name: "Ada", timezone: "Europe/Paris")
        let bob = try await api.signUp("bob@example.com", name: "Bob")
        let bobs = try await bob.createProject("Bob's errands")
        _ = try await bob.createTask("Bob's secret", projectID: bobs.id)
        try await body(ada, bob)
    }
}

/// Bob's account as he left it: his project, his task, nothing of Ada's.
private func expectBobUntouched(_ bob: TestAPI, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(try await bob.projectNames() == ["Bob's errands", "Inbox"], sourceLocation: sourceLocation)
    #expect(try await bob.tasks().map(\.content) == ["Bob's secret"], sourceLocation: sourceLocation)
    #expect(try await bob.get("labels").decode(Page<Label>.self).results.isEmpty, sourceLocation: sourceLocation)
}

/// A Todoist CSV export of one project: a task with a subtask and a note, and a section with a task.
private let homeJobsCSV =
    "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\r\n"
    + "task,Clean the oven @errand,Both racks,1,1,Ada (1),,every monday,en,Europe/Paris\r\n"
    + "task,Buy oven cleaner,,3,2,Ada (1),,,,\r\n"
    + "note,Use the blue sponge,,,,,,,,\r\n"
    + ",,,,,,,,,\r\n"
    + "section,Garden,,,,,,,,\r\n"
    + "task,Plant tulips,,4,1,,,,,\r\n"

@Suite("Importing from Todoist through the server: an account with its token, or a CSV export")
struct TodoistImportTests {
    @Test("A good token brings the account in, says what was left out, and names the new projects")
    func account() async throws {
        let todoist = FakeTodoist()
        try await withAdaBesideBob(todoist: todoist) { ada, bob in
            let reply = try await ada.importTodoist(token: " \(FakeTodoist.token)\n")
            let report = try expectOK(reply, .created, as: TodoistImportReport.self)
            #expect(report.source == .account)
            #expect(
                report.imported
                    == UserDataImportResult(
                        projects: 2, sections: 1, labels: 1, tasks: 4, comments: 1, reminders: 1, timeSessions: 0,
                        newProjects: report.imported.newProjects))
            #expect(report.unreadRecurrences == [.init(task: "Plant tulips", dueString: "every blue moon")])
            #expect(report.skippedReminders == 1 && report.remindersRead)

            let projects = try await ada.projects()
            #expect(projects.map(\.name).sorted() == ["Garden", "Home", "Inbox"])
            let named = Dictionary(uniqueKeysWithValues: projects.map { ($0.name, $0.id) })
            #expect(report.imported.newProjects.map(\.name) == ["Home", "Garden"])
            #expect(report.imported.newProjects.map(\.id) == [named["Home"], named["Garden"]])
            let tasks = Dictionary(uniqueKeysWithValues: try await ada.tasks().map { ($0.content, $0) })
            #expect(tasks["Call Mum"]?.projectID == named["Inbox"])
            #expect(tasks["Buy oven cleaner"]?.parentID == tasks["Clean the oven"]?.id)
            #expect(tasks["Clean the oven"]?.due?.isRecurring == true && tasks["Clean the oven"]?.labels == ["errand"])
            // The token went to Todoist in the Authorization header alone, and to the address the server was given.
            #expect(todoist.requests.allSatisfy { $0.url.absoluteString.hasPrefix(FakeTodoist.api.absoluteString) })
            #expect(todoist.requests.allSatisfy { !$0.url.absoluteString.contains(FakeTodoist.token) })
            #expect(todoist.requests.map(\.headers["Authorization"]).allSatisfy { $0 == "Bearer \(FakeTodoist.token)" })
            try await expectBobUntouched(bob)
            for project in report.imported.newProjects {
                expectError(try await bob.get("projects/\(project.id)"), .notFound, code: "not_found")
            }
        }
    }

    @Test("A wrong token is a 400 saying where to copy it, and nothing is imported")
    func wrongToken() async throws {
        try await withAdaBesideBob { ada, bob in
            let reply = try await ada.importTodoist(token: "not-the-token")
            expectError(
                reply, .badRequest, code: "invalid_field",
                mentioning: "Todoist did not accept this token: copy it again from Todoist's Settings › Integrations")
            #expect(try await ada.projectNames() == ["Inbox"])
            #expect(try await ada.tasks().isEmpty)
            try await expectBobUntouched(bob)
        }
    }

    @Test("A token that is empty or could not be one is refused before Todoist is asked")
    func malformedToken() async throws {
        let todoist = FakeTodoist()
        try await withAdaBesideBob(todoist: todoist) { ada, _ in
            for token in ["", "   ", "abc\r\nX-Injected: 1", String(repeating: "a", count: 501)] {
                expectError(try await ada.importTodoist(token: token), .badRequest, code: "invalid_field")
            }
            expectError(
                try await ada.post("user/import/todoist", json: #"{"token": "x", "api": "http://169.254.169.254"}"#),
                .badRequest, code: "invalid_field", mentioning: "api")
            expectError(try await ada.post("user/import/todoist", json: "{}"), .badRequest, code: "invalid_field")
            #expect(todoist.requests.isEmpty)
            #expect(try await ada.projectNames() == ["Inbox"])
        }
    }

    @Test("Todoist out of reach is a 502 that says to try again, and nothing is imported")
    func unreachable() async throws {
        try await withAdaBesideBob(todoist: FakeTodoist(unreachable: true)) { ada, _ in
            expectError(
                try await ada.importTodoist(token: FakeTodoist.token), .badGateway, code: "bad_gateway",
                mentioning: "could not reach Todoist at https://todoist.test/api/v1: try again in a few minutes")
            #expect(try await ada.projectNames() == ["Inbox"])
        }
    }

    @Test("A Todoist without the Sync API still imports, and says reminders were not read")
    func withoutSync() async throws {
        var lists = FakeTodoist.account
        lists["comments"] = "[]"
        try await withAdaBesideBob(todoist: FakeTodoist(lists: lists, sync: nil)) { ada, _ in
            let report = try expectOK(
                try await ada.importTodoist(token: FakeTodoist.token), .created, as: TodoistImportReport.self)
            #expect(!report.remindersRead && report.imported.reminders == 0 && report.imported.tasks == 4)
        }
    }

    @Test("A server not set up to read Todoist says to import CSV files instead")
    func noSource() async throws {
        try await withAdaBesideBob(todoist: nil) { ada, _ in
            expectError(
                try await ada.importTodoist(token: FakeTodoist.token), .badGateway, code: "bad_gateway",
                mentioning: "Export each Todoist project as CSV")
        }
    }

    @Test("A CSV export becomes a project named after its file")
    func csv() async throws {
        try await withAdaBesideBob { ada, bob in
            let reply = try await ada.importTodoistCSV(homeJobsCSV, name: "Home Jobs.csv")
            let report = try expectOK(reply, .created, as: TodoistImportReport.self)
            #expect(report.source == .csv && !report.remindersRead && report.unreadRecurrences.isEmpty)
            #expect(report.imported.tasks == 3 && report.imported.sections == 1 && report.imported.comments == 1)
            let home = try #require(try await ada.projects().first { $0.name == "Home Jobs" })
            #expect(report.imported.newProjects == [.init(id: home.id, name: "Home Jobs")])
            let tasks = Dictionary(uniqueKeysWithValues: try await ada.tasks().map { ($0.content, $0) })
            #expect(tasks["Clean the oven"]?.labels == ["errand"] && tasks["Clean the oven"]?.due?.isRecurring == true)
            #expect(tasks["Buy oven cleaner"]?.parentID == tasks["Clean the oven"]?.id)
            #expect(tasks.values.allSatisfy { $0.projectID == home.id })
            try await expectBobUntouched(bob)

            let unnamed = try expectOK(
                try await ada.importTodoistCSV(homeJobsCSV), .created, as: TodoistImportReport.self)
            #expect(unnamed.imported.newProjects.map(\.name) == ["Todoist"])
        }
    }

    @Test("A file that is no Todoist CSV, or has a row Kairos cannot read, imports nothing")
    func badCSV() async throws {
        try await withAdaBesideBob { ada, bob in
            expectError(
                try await ada.importTodoistCSV("name,email\nAda,ada@example.com\n", name: "people.csv"), .badRequest,
                code: "invalid_field", mentioning: "not a Todoist CSV export")
            expectError(
                try await ada.importTodoistCSV(
                    "TYPE,CONTENT,PRIORITY,INDENT,DATE\ntask,Fine,1,1,\ntask,Odd,1,1,someday maybe\n", name: "x.csv"),
                .badRequest, code: "invalid_field", mentioning: "line 3 DATE")
            expectError(try await ada.importTodoistCSV("", name: "empty.csv"), .badRequest, code: "bad_request")
            let notText = try await ada.send(
                .post, "user/import/todoist-csv?name=x.csv", body: Data([0xFF, 0xFE, 0x00, 0xC3]),
                headers: [.contentType: "text/csv"])
            expectError(notText, .badRequest, code: "invalid_field", mentioning: "not UTF-8 text")
            expectError(
                try await ada.importTodoistCSV(homeJobsCSV, name: String(repeating: "n", count: 200)), .badRequest,
                code: "invalid_field", mentioning: "name")
            #expect(try await ada.projectNames() == ["Inbox"])
            #expect(try await ada.tasks().isEmpty)
            try await expectBobUntouched(bob)
        }
    }

    @Test("Both imports need a signed-in caller")
    func signedOut() async throws {
        let todoist = FakeTodoist()
        try await withAdaBesideBob(todoist: todoist) { ada, _ in
            let anonymous = ada.with(token: nil)
            expectError(
                try await anonymous.importTodoist(token: FakeTodoist.token), .unauthorized, code: "unauthorized")
            expectError(try await anonymous.importTodoistCSV(homeJobsCSV), .unauthorized, code: "unauthorized")
            #expect(todoist.requests.isEmpty)
        }
    }
}
