import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a `TodoistReader`'s requests with URLSession.
public struct URLSessionTodoistTransport: TodoistTransport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: TodoistRequest) async throws -> TodoistResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: urlRequest)
        return TodoistResponse(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }
}

extension TodoistReader {
    /// A reader sending its requests with `session`.
    public init(api: URL = Self.defaultAPI, token: String, pageSize: Int = 200, session: URLSession = .shared) {
        self.init(api: api, token: token, pageSize: pageSize, transport: URLSessionTodoistTransport(session: session))
    }
}

extension KairosClient {
    /// Adds a converted document (a `TodoistImport`'s) to the signed-in account in one step (`POST /user/import`).
    public func importData(_ document: UserDataExport) async throws -> UserDataImportResult {
        try await importData(Data(JSONWriter.encode(document)))
    }
}
