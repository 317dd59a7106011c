import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a whole Todoist account through Todoist's API v1 with a personal token, following `next_cursor` on every
/// list: projects, sections, labels and open tasks; then reminders and comments through the Sync API, or, from a
/// source without it, the comments of each task and project.
public struct TodoistReader: Sendable {
    /// Todoist's public API.
    public static let defaultAPI = URL(string: "https://api.todoist.com/api/v1")!

    /// The API root, such as `https://api.todoist.com/api/v1` (another for tests and proxies).
    public let api: URL
    public let token: String
    public let session: URLSession
    /// How many items each page asks for (Todoist gives at most 200).
    public let pageSize: Int

    public init(api: URL = Self.defaultAPI, token: String, pageSize: Int = 200, session: URLSession = .shared) {
        self.api = api
        self.token = token
        self.pageSize = pageSize
        self.session = session
    }

    /// Everything the import takes from the account.
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
        } catch KairosClientError.server(404, _, _) {
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
        guard let url = components?.url else {
            throw KairosClientError.transport("\(api.absoluteString) is not an API address such as \(Self.defaultAPI).")
        }
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let form {
            request.httpMethod = "POST"
            request.httpBody = form
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let method = form == nil ? "GET" : "POST"
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw KairosClientError.transport(
                "Could not reach Todoist at \(api.absoluteString) (\(error.localizedDescription)). "
                    + "Check your connection, or the address given with --api.")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        switch status {
        case 200..<300:
            break
        case 401, 403:
            throw KairosClientError.server(
                status: status, code: "todoist_token",
                message: "Todoist refused the token: copy it again from Todoist's Settings > Integrations > "
                    + "Developer. Nothing was imported.")
        case 404:
            throw KairosClientError.server(
                status: status, code: "todoist_not_found",
                message: "\(url.path) is not part of Todoist's API v1: check the address given with --api "
                    + "(such as \(Self.defaultAPI)). Nothing was imported.")
        case 429:
            throw KairosClientError.server(
                status: status, code: "todoist_rate_limited",
                message: "Todoist asks to slow down: wait a few minutes and run the import again. "
                    + "Nothing was imported.")
        default:
            throw KairosClientError.unexpectedResponse(
                status: status,
                detail:
                    "Todoist answered \(method) \(url.path) with: \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        do {
            return try APICoding.makeDecoder().decode(Response.self, from: data)
        } catch {
            throw KairosClientError.unexpectedResponse(
                status: status, detail: "Todoist's answer to \(method) \(url.path) could not be read: \(error)")
        }
    }
}

extension TodoistImport {
    /// Converts `account`, reading each recurring due's rule from its text as Kairos reads a `due_string`.
    public init(_ account: TodoistAccount, now: Date = Date()) {
        self.init(account, now: now) { text in
            try? DueStringReader.read(text, now: now, timeZone: .gmt)?.recurrence
        }
    }
}

extension KairosClient {
    /// Adds a converted document (a `TodoistImport`'s) to the signed-in account in one step (`POST /user/import`).
    public func importData(_ document: UserDataExport) async throws -> UserDataImportResult {
        try await importData(Data(JSONWriter.encode(document)))
    }
}

extension TodoistCSVImport {
    /// Converts a Todoist CSV export, reading each DATE cell as Kairos reads a `due_string`: in the row's TIMEZONE,
    /// else in `timeZone`.
    public init(csv: String, projectName: String, timeZone: TimeZone, now: Date = Date()) throws(KairosError) {
        try self.init(csv: csv, projectName: projectName, now: now) { text, zoneName in
            let zone = zoneName.flatMap(TimeZone.init(identifier:)) ?? timeZone
            guard let parsed = try? DueStringReader.read(text, now: now, timeZone: zone) else { return nil }
            return Due(
                date: parsed.date, time: parsed.time, timezone: zone.identifier, string: text, lang: "en",
                recurrence: parsed.recurrence)
        }
    }
}
