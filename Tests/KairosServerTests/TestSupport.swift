import Foundation
import Hummingbird
import HummingbirdTesting
import KairosAI
import KairosCore
import KairosServer
import KairosStore
import Logging
import NIOCore
import Testing

/// Kairos' comment model; Swift Testing also has a `Comment` (for expectation messages).
typealias Comment = KairosCore.Comment

// MARK: - Fixed time

/// The moment every test starts at unless it says otherwise.
/// 2026-03-04T14:30:00Z is a Wednesday: 09:30 in New York (EST, UTC-5), 03:30 the next day in Auckland.
let wednesdayAfternoon = "2026-03-04T14:30:00Z"

/// A clock the test can move; the server reads it through `Clock`.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: String) {
        current = APITimestamp.parse(start)!
    }

    var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// Moves the clock to an ISO instant such as `2026-03-06T10:00:00Z`.
    func set(_ instant: String) {
        now = APITimestamp.parse(instant)!
    }

    var serverClock: Clock { Clock { [self] in self.now } }
}

// MARK: - Replies

/// One HTTP answer: the status and the raw JSON body, with ways to read it.
struct Reply: Sendable, CustomStringConvertible {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let data: Data

    var text: String { String(decoding: data, as: UTF8.self) }
    var description: String { "\(status.code) \(text)" }

    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try APICoding.makeDecoder().decode(type, from: data)
    }

    /// The body as a loosely typed JSON object, for checking the exact wire shape.
    var object: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The `error` part of an error body, if the body is one.
    var error: ErrorResponse.Detail? { try? decode(ErrorResponse.self).error }
}

// MARK: - The API under test

/// Talks to the Kairos router in memory, as one caller (anonymous until signed up or logged in).
struct TestAPI: Sendable {
    let client: any TestClientProtocol
    let clock: TestClock
    /// The server's store, for what no route shows (the mail outbox).
    let store: any DataStore
    /// The server's data folder, for checking what reached the disk.
    let dataFolder: URL
    /// The bearer token sent with every request, if any.
    var token: String?
    /// Who this caller is, once signed up.
    var user: User?

    // MARK: Raw requests

    func send(
        _ method: HTTPRequest.Method, _ path: String, body: Data? = nil, headers extra: HTTPFields = [:],
        token override: String? = nil
    ) async throws -> Reply {
        var headers = extra
        if let bearer = override ?? token, headers[.authorization] == nil {
            headers[.authorization] = "Bearer \(bearer)"
        }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let uri = path.hasPrefix("/") ? path : "/api/v1/" + path
        let response = try await client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
        return Reply(status: response.status, headers: response.headers, data: Data(buffer: response.body))
    }

    func get(_ path: String, _ query: KeyValuePairs<String, String> = [:]) async throws -> Reply {
        try await send(.get, path + queryString(query))
    }

    func post(_ path: String, _ body: some Encodable) async throws -> Reply {
        try await send(.post, path, body: try APICoding.makeEncoder().encode(body))
    }

    /// Posts a hand-written body, for shapes the shared request types cannot express.
    func post(_ path: String, json: String) async throws -> Reply {
        try await send(.post, path, body: Data(json.utf8))
    }

    /// Posts with no body at all (close, reopen, archive...).
    func post(_ path: String) async throws -> Reply {
        try await send(.post, path)
    }

    func delete(_ path: String, _ query: KeyValuePairs<String, String> = [:]) async throws -> Reply {
        try await send(.delete, path + queryString(query))
    }

    // MARK: Accounts

    /// Signs a new person up and returns a caller acting as them.
    func signUp(
        _ email: String, name: String = "Ada", password: String = "correct horse battery",
        timezone: String? = "America/New_York"
    ) async throws -> TestAPI {
        let reply = try await post(
            "auth/signup", SignupRequest(email: email, password: password, name: name, timezone: timezone))
        let auth = try expectOK(reply, .created, as: AuthResponse.self)
        return signedIn(as: auth)
    }

    func signedIn(as auth: AuthResponse) -> TestAPI {
        TestAPI(client: client, clock: clock, store: store, dataFolder: dataFolder, token: auth.token, user: auth.user)
    }

    func with(token: String?) -> TestAPI {
        TestAPI(client: client, clock: clock, store: store, dataFolder: dataFolder, token: token, user: user)
    }

    var me: User { user! }

    // MARK: Typed helpers for the happy path (each fails the test on an unexpected status)

    func inbox() async throws -> Project {
        try #require(try await projects().first { $0.isInbox })
    }

    func projects() async throws -> [Project] {
        try expectOK(try await get("projects", ["limit": "200"]), as: Page<Project>.self).results
    }

    func createProject(_ name: String, color: String? = nil, parentID: String? = nil) async throws -> Project {
        try expectOK(
            try await post("projects", ProjectCreateRequest(name: name, parentID: parentID, color: color)),
            as: Project.self)
    }

    func createSection(_ name: String, in projectID: String) async throws -> Section {
        try expectOK(
            try await post("sections", SectionCreateRequest(name: name, projectID: projectID)), as: Section.self)
    }

    func createLabel(_ name: String) async throws -> Label {
        try expectOK(try await post("labels", LabelRequest(name: name)), as: Label.self)
    }

    func createTask(_ request: TaskCreateRequest) async throws -> TaskItem {
        try expectOK(try await post("tasks", request), as: TaskItem.self)
    }

    func createTask(
        _ content: String, projectID: String? = nil, sectionID: String? = nil, parentID: String? = nil,
        labels: [String]? = nil, priority: Int? = nil, dueString: String? = nil, dueDate: String? = nil,
        description: String? = nil
    ) async throws -> TaskItem {
        try await createTask(
            TaskCreateRequest(
                content: content, description: description, projectID: projectID, sectionID: sectionID,
                parentID: parentID, labels: labels, priority: priority, dueString: dueString, dueDate: dueDate))
    }

    func task(_ id: String) async throws -> TaskItem {
        try expectOK(try await get("tasks/\(id)"), as: TaskItem.self)
    }

    func updateTask(_ id: String, _ configure: (inout TaskUpdateRequest) -> Void) async throws -> TaskItem {
        var request = TaskUpdateRequest()
        configure(&request)
        return try expectOK(try await post("tasks/\(id)", request), as: TaskItem.self)
    }

    func close(_ id: String) async throws {
        try expectNoContent(try await post("tasks/\(id)/close"))
    }

    /// Every active task matching the list parameters, in list order (one page of up to 200).
    func tasks(_ query: KeyValuePairs<String, String> = [:]) async throws -> [TaskItem] {
        var parameters = query.map { ($0.key, $0.value) }
        parameters.append(("limit", "200"))
        return try expectOK(try await get("tasks" + queryString(parameters)), as: Page<TaskItem>.self).results
    }

    func taskIDs(_ query: KeyValuePairs<String, String> = [:]) async throws -> Set<String> {
        Set(try await tasks(query).map(\.id))
    }

    /// The ids `GET /tasks/filter` returns for a filter query.
    func filter(_ query: String) async throws -> Set<String> {
        let reply = try await get("tasks/filter", ["query": query, "limit": "200"])
        return Set(try expectOK(reply, as: Page<TaskItem>.self).results.map(\.id))
    }

    func search(_ text: String) async throws -> [TaskItem] {
        try expectOK(try await get("tasks/search", ["query": text]), as: Page<TaskItem>.self).results
    }

    func completed(
        _ basis: String = "by_completion_date", since: String = "2026-01-01T00:00:00Z",
        until: String = "2026-12-31T23:59:59Z"
    ) async throws -> [TaskItem] {
        let reply = try await get("tasks/completed/\(basis)", ["since": since, "until": until, "limit": "200"])
        return try expectOK(reply, as: CompletedPage.self).items
    }
}

// MARK: - Running a test against a fresh server

/// Builds the real router on a fresh store (`ServerTestStore`) with its own temp folder (removed afterwards),
/// with bcrypt cost 4 and a clock fixed at `now`, and hands an anonymous caller to `body`.
///
/// `monitoring` builds what the operations side gets (metrics, budgets read on the test clock); `logger` is
/// the application's, whose child each request logs to; `setup` `.live` puts a real socket in between.
func withAPI(
    now: String = wednesdayAfternoon, defaultTimeZone: String = "Europe/Paris",
    languageModel: (any LanguageModel)? = nil, todoist: TodoistSource? = nil,
    monitoring: @Sendable (TestClock) -> Monitoring = { _ in Monitoring() }, logger: Logger? = nil,
    setup: TestingSetup = .router,
    _ body: @Sendable (TestAPI) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kairos-server-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = TestClock(now)
    try await ServerTestStore.with(folder: folder) { store in
        let services = AppServices(
            store: store,
            attachmentFiles: try AttachmentFiles(folder: folder.appendingPathComponent("attachments").path),
            clock: clock.serverClock, bcryptCost: 4, defaultTimeZone: defaultTimeZone, languageModel: languageModel,
            vapid: try VAPIDKey.loadOrCreate(at: folder.appendingPathComponent("vapid-key.pem").path), todoist: todoist)
        let app = Application(router: buildRouter(services, monitoring: monitoring(clock)), logger: logger)
        try await app.test(setup) { client in
            try await body(TestAPI(client: client, clock: clock, store: store, dataFolder: folder))
        }
    }
}

/// Like `withAPI`, with Ada (in New York) already signed up.
func withAda(
    now: String = wednesdayAfternoon, timezone: String = "America/New_York",
    _ body: @Sendable (TestAPI) async throws -> Void
) async throws {
    try await withAPI(now: now) { api in
        try await body(try await api.signUp("ada@example.com", name: "Ada", timezone: timezone))
    }
}

// MARK: - Expectations

/// Requires `status` and decodes the body; the failure message shows what the server said instead.
@discardableResult
func expectOK<T: Decodable>(
    _ reply: Reply, _ status: HTTPResponse.Status = .ok, as type: T.Type,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    try #require(reply.status == status, "expected \(status.code), got \(reply)", sourceLocation: sourceLocation)
    return try reply.decode(type)
}

func expectNoContent(_ reply: Reply, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(reply.status == .noContent, "expected 204, got \(reply)", sourceLocation: sourceLocation)
    #expect(reply.data.isEmpty, sourceLocation: sourceLocation)
}

/// Checks an error answer: its status, that the body is exactly `{"error": {"code", "message"}}`,
/// its code, and that the message names `field` (or contains the given words).
func expectError(
    _ reply: Reply, _ status: HTTPResponse.Status, code: String, mentioning words: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, "expected \(status.code) \(code), got \(reply)", sourceLocation: sourceLocation)
    expectErrorShape(reply, sourceLocation: sourceLocation)
    let detail = reply.error
    #expect(detail?.code == code, "body: \(reply.text)", sourceLocation: sourceLocation)
    if let words {
        #expect(
            detail?.message.localizedCaseInsensitiveContains(words) == true,
            "message should mention \"\(words)\": \(reply.text)", sourceLocation: sourceLocation)
    }
}

/// The body of every error: exactly one key `error`, holding exactly `code` and `message`, both non-empty text.
func expectErrorShape(_ reply: Reply, sourceLocation: SourceLocation = #_sourceLocation) {
    let object = reply.object
    #expect(object.map { Set($0.keys) } == ["error"], "body: \(reply.text)", sourceLocation: sourceLocation)
    let inner = object?["error"] as? [String: Any]
    #expect(inner.map { Set($0.keys) } == ["code", "message"], "body: \(reply.text)", sourceLocation: sourceLocation)
    #expect((inner?["code"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect((inner?["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(
        reply.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
}

// MARK: - URLs

/// `?a=b&c=d`, every value strictly percent-encoded (so `#`, `&`, `|`, `@`, `!` and spaces survive).
func queryString(_ pairs: KeyValuePairs<String, String>) -> String {
    queryString(pairs.map { ($0.key, $0.value) })
}

func queryString(_ pairs: [(String, String)]) -> String {
    guard !pairs.isEmpty else { return "" }
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
    return "?" + pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
}
