import Foundation
// Re-exported so `import KairosClient` is enough to use the wire models, request bodies and capture proposals.
@_exported import KairosCapture
@_exported import KairosCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed async client of the Kairos JSON API (`/api/v1`, Todoist API v1 shape).
public struct KairosClient: Sendable {
    /// The server root, such as `http://127.0.0.1:8080`.
    public let baseURL: URL
    /// The bearer token sent with every request; nil before signing in.
    public var token: String?
    /// The session requests go through.
    public let session: URLSession

    /// Creates a client for the server at `baseURL`, signed in with `token` when given.
    public init(baseURL: URL, token: String? = nil, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.token = token
        self.session = session
    }
}

/// The HTTP methods the API uses.
enum HTTPMethod: String {
    case get = "GET", post = "POST", delete = "DELETE"
}

/// The decoded answer of endpoints that reply `204 No Content`.
struct NoContent: Decodable {}

extension KairosClient {
    /// Sends one request under `/api/v1` and decodes its answer, turning every failure into a `KairosClientError`.
    ///
    /// `path` holds raw segments (ids included), each percent-encoded here; nil query values are left out.
    func send<Response: Decodable>(
        _ method: HTTPMethod, _ path: String..., query: KeyValuePairs<String, String?> = [:],
        body: (any Encodable)? = nil
    ) async throws -> Response {
        let payload = try body.map { (data: try APICoding.makeEncoder().encode($0), contentType: "application/json") }
        let (data, response, url) = try await exchange(
            method, path, query: query, payload: payload, accept: "application/json")
        return try decode(data, status: response.statusCode, method: method, url: url)
    }

    /// Sends raw bytes (a file) under `/api/v1` and decodes the JSON answer.
    func send<Response: Decodable>(
        _ method: HTTPMethod, _ path: String..., query: KeyValuePairs<String, String?> = [:], bytes: Data,
        contentType: String
    ) async throws -> Response {
        let (data, response, url) = try await exchange(
            method, path, query: query, payload: (bytes, contentType), accept: "application/json")
        return try decode(data, status: response.statusCode, method: method, url: url)
    }

    /// Fetches a body that is not JSON (a file) with the answer's headers.
    func fetch(_ path: String...) async throws -> (body: Data, response: HTTPURLResponse) {
        let (data, response, _) = try await exchange(.get, path, query: [:], payload: nil, accept: "*/*")
        return (data, response)
    }

    private func decode<Response: Decodable>(
        _ data: Data, status: Int, method: HTTPMethod, url: URL
    ) throws -> Response {
        do {
            return try APICoding.makeDecoder().decode(Response.self, from: data.isEmpty ? Data("{}".utf8) : data)
        } catch {
            throw KairosClientError.unexpectedResponse(
                status: status,
                detail: "\(method.rawValue) \(url.path) did not answer with a \(Response.self): \(error)")
        }
    }

    /// Sends one request under `/api/v1` and returns its body as text, for answers that are not JSON (CSV).
    func sendForText(
        _ method: HTTPMethod, _ path: String..., query: KeyValuePairs<String, String?> = [:], accept: String
    ) async throws -> String {
        let (data, _, _) = try await exchange(method, path, query: query, payload: nil, accept: accept)
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends the request and returns a successful answer; an error answer becomes a `KairosClientError`.
    private func exchange(
        _ method: HTTPMethod, _ path: [String], query: KeyValuePairs<String, String?>,
        payload: (data: Data, contentType: String)?, accept: String
    ) async throws -> (body: Data, response: HTTPURLResponse, url: URL) {
        let url = try endpoint(path, query: query)
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let token {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if let payload {
            request.httpBody = payload.data
            request.setValue(payload.contentType, forHTTPHeaderField: "Content-Type")
        }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            try Task.checkCancellation()
            throw KairosClientError.transport(
                "Could not reach the Kairos server at \(baseURL.absoluteString) (\(error.localizedDescription)). "
                    + "Check that `kairos serve` is running there and that the server URL is right.")
        }
        guard let http = response as? HTTPURLResponse else {
            throw KairosClientError.unexpectedResponse(
                status: 0, detail: "The answer to \(url.absoluteString) was not HTTP.")
        }

        guard (200..<300).contains(http.statusCode) else {
            if let failure = try? APICoding.makeDecoder().decode(ErrorResponse.self, from: data) {
                throw KairosClientError.server(
                    status: http.statusCode, code: failure.error.code, message: failure.error.message)
            }
            // The Sync API answers in Todoist's error shape.
            if let failure = try? JSONDecoder().decode(SyncError.self, from: data) {
                throw KairosClientError.server(
                    status: http.statusCode, code: failure.errorTag.lowercased(), message: failure.error)
            }
            throw KairosClientError.unexpectedResponse(
                status: http.statusCode, detail: String(decoding: data.prefix(500), as: UTF8.self))
        }
        return (data, http, url)
    }

    /// Follows `next_cursor` from the first page to the last, collecting every item.
    func collectPages<Item>(_ fetchPage: (_ cursor: String?) async throws -> Page<Item>) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        repeat {
            let page = try await fetchPage(cursor)
            items += page.results
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// The URL of an API path, with each segment and query value percent-encoded.
    private func endpoint(_ segments: [String], query: KeyValuePairs<String, String?>) throws -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw KairosClientError.transport(
                "\(baseURL.absoluteString) is not a server URL such as http://127.0.0.1:8080.")
        }
        var root = components.percentEncodedPath
        while root.hasSuffix("/") { root.removeLast() }
        components.percentEncodedPath = root + "/api/v1/" + segments.map(Self.escape).joined(separator: "/")
        let pairs = query.compactMap { name, value in value.map { "\(Self.escape(name))=\(Self.escape($0))" } }
        components.percentEncodedQuery = pairs.isEmpty ? nil : pairs.joined(separator: "&")
        guard let url = components.url else {
            throw KairosClientError.transport("Could not build a URL from \(baseURL.absoluteString).")
        }
        return url
    }

    /// Characters that never need escaping in a path segment or query value (RFC 3986 "unreserved").
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes everything but unreserved characters, so `/ ? # & + =` and spaces survive intact.
    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
