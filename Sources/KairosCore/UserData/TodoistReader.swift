import Foundation

/// Reads a whole Todoist account through Todoist's API v1 with a personal token, following `next_cursor` on every
/// list: projects, sections, labels and open tasks; then reminders and comments through the Sync API, or, from a
/// source without it, the comments of each task and project. The requests go through `transport`, so the SDK and
/// the server read the same way with their own HTTP clients.
public struct TodoistReader: Sendable {
    /// Todoist's public API.
    public static let defaultAPI = URL(string: "https://api.todoist.com/api/v1")!

    /// The API root, such as `https://api.todoist.com/api/v1` (another for tests and proxies).
    public let api: URL
    public let token: String
    /// How many items each page asks for (Todoist gives at most 200).
    public let pageSize: Int
    public let transport: any TodoistTransport

    public init(api: URL = Self.defaultAPI, token: String, pageSize: Int = 200, transport: any TodoistTransport) {
        self.api = api
        self.token = token
        self.pageSize = pageSize
        self.transport = transport
    }

    /// Everything the import takes from the account; every failure is a `TodoistReadError`.
    public func read() async throws -> TodoistAccount {
        let projects: [TodoistAccount.Project] = try await list("projects")
        let sections: [TodoistAccount.Section] = try await list("sections")
        let labels: [TodoistAccount.Label] = try await list("labels")
        let tasks: [TodoistAccount.Task] = try await list("tasks")
        if let synced = try await sync() {
            return TodoistAccount(
                projects: projects, sections: sections, labels: labels, tasks: tasks,
                comments: (synced.notes ?? []) + (synced.projectNotes ?? []), reminders: synced.reminders ?? [])
        }
        // Without the Sync API, comments come one task or one project at a time (Todoist's `note_count` is always 0,
        // so every task is asked).
        var comments: [TodoistAccount.Comment] = []
        for task in tasks {
            comments += try await list("comments", ["task_id": task.id])
        }
        for project in projects {
            comments += try await list("comments", ["project_id": project.id])
        }
        return TodoistAccount(
            projects: projects, sections: sections, labels: labels, tasks: tasks, comments: comments, reminders: nil)
    }

    /// Reminders and all comments in one call to Todoist's Sync API, or nil when the source does not offer it
    /// (it answers 404).
    func sync() async throws -> TodoistAccount.SyncAnswer? {
        let kinds = #"["reminders","notes","project_notes"]"#
        let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let form =
            "sync_token=*&resource_types=" + (kinds.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
        do {
            return try await send("sync", query: [:], form: Data(form.utf8))
        } catch TodoistReadError.notTodoistAPI {
            return nil
        }
    }

    /// Every item of one list, page after page.
    func list<Item: Decodable & Sendable>(_ path: String, _ query: [String: String] = [:]) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        repeat {
            var pageQuery = query
            pageQuery["limit"] = String(pageSize)
            pageQuery["cursor"] = cursor
            let page: Page<Item> = try await send(path, query: pageQuery)
            items += page.results
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// A GET, or a POST of `form` (`application/x-www-form-urlencoded`), answered with JSON.
    private func send<Response: Decodable>(
        _ path: String, query: [String: String], form: Data? = nil
    ) async throws -> Response {
        var components = URLComponents(url: api.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
        }
        guard let url = components?.url else { throw TodoistReadError.notTodoistAPI(address: api.absoluteString) }
        var headers = ["Authorization": "Bearer \(token)", "Accept": "application/json"]
        if form != nil { headers["Content-Type"] = "application/x-www-form-urlencoded" }
        let request = TodoistRequest(method: form == nil ? .get : .post, url: url, headers: headers, body: form)
        let response: TodoistResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw TodoistReadError.unreachable(address: api.absoluteString, reason: "\(error)")
        }
        switch response.status {
        case 200..<300: break
        case 401, 403: throw TodoistReadError.tokenRefused
        case 404: throw TodoistReadError.notTodoistAPI(address: url.absoluteString)
        case 429: throw TodoistReadError.rateLimited
        default:
            throw TodoistReadError.unexpectedAnswer(
                status: response.status,
                detail: "\(request.method.rawValue) \(url.path): "
                    + String(decoding: response.body.prefix(300), as: UTF8.self))
        }
        do {
            return try APICoding.makeDecoder().decode(Response.self, from: response.body)
        } catch {
            throw TodoistReadError.unexpectedAnswer(
                status: response.status,
                detail: "the answer to \(request.method.rawValue) \(url.path) is not Todoist's")
        }
    }
}

/// One request to Todoist's API, for a `TodoistTransport` to send.
public struct TodoistRequest: Sendable, Equatable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    public var url: URL
    /// `Authorization` (the token), `Accept`, and a POST's `Content-Type`.
    public var headers: [String: String]
    public var body: Data?

    public init(method: Method, url: URL, headers: [String: String], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// Todoist's answer to a `TodoistRequest`, whatever its status.
public struct TodoistResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Sends requests to Todoist with the caller's HTTP client: URLSession in the SDK, AsyncHTTPClient in the server.
public protocol TodoistTransport: Sendable {
    /// Todoist's answer; throws only when Todoist could not be reached or did not answer in time.
    func send(_ request: TodoistRequest) async throws -> TodoistResponse
}

/// Why a Todoist account could not be read; an import stops at any of these and adds nothing.
public enum TodoistReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Todoist answered 401 or 403: the token is wrong or was revoked.
    case tokenRefused
    /// The address answered 404: it is not Todoist's API v1.
    case notTodoistAPI(address: String)
    /// Todoist answered 429.
    case rateLimited
    /// Todoist could not be reached, or did not answer in time.
    case unreachable(address: String, reason: String)
    /// Todoist answered with another status, or with something that is not its JSON.
    case unexpectedAnswer(status: Int, detail: String)

    public var description: String {
        switch self {
        case .tokenRefused:
            "Todoist did not accept this token: copy it again from Todoist's Settings › Integrations › Developer. "
                + "Nothing was imported."
        case .notTodoistAPI(let address):
            "\(address) is not part of Todoist's API v1. Nothing was imported."
        case .rateLimited:
            "Todoist asks to slow down: wait a few minutes and import again. Nothing was imported."
        case .unreachable(let address, let reason):
            "Could not reach Todoist at \(address) (\(reason)). Nothing was imported."
        case .unexpectedAnswer(let status, let detail):
            "Todoist gave an unexpected answer (HTTP \(status)), \(detail). Nothing was imported."
        }
    }
}
