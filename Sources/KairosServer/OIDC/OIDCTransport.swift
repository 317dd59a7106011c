import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// An identity provider's answer: its status and body.
public struct OIDCResponse: Sendable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// How the server talks to the identity provider: the discovery document, the key set and the token endpoint.
public protocol OIDCTransport: Sendable {
    func get(_ url: URL) async throws -> OIDCResponse
    /// POSTs `fields` as `application/x-www-form-urlencoded`, with `headers` added.
    func postForm(_ url: URL, fields: [(String, String)], headers: [(String, String)]) async throws -> OIDCResponse
}

/// Sends the provider requests with AsyncHTTPClient, each within `timeout`, reading at most `answerBytes`, never
/// following a redirect. Its client is made at the first request and closed when the server shuts down.
public final class HTTPClientOIDCTransport: OIDCTransport, Service {
    /// Far above any discovery document, key set or token answer.
    static let answerBytes = 1 << 20

    let timeout: Duration
    private let client = LazyHTTPClient()

    public init(timeout: Duration = .seconds(10)) {
        self.timeout = timeout
    }

    public func get(_ url: URL) async throws -> OIDCResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        return try await send(request)
    }

    public func postForm(
        _ url: URL, fields: [(String, String)], headers: [(String, String)]
    ) async throws -> OIDCResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode(fields)))
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> OIDCResponse {
        let response = try await client.open().execute(request, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: Self.answerBytes)
        return OIDCResponse(status: Int(response.status.code), body: Array(body.readableBytesView))
    }

    public func run() async throws {
        try await client.run()
    }
}

/// `application/x-www-form-urlencoded`, both ways (the token request, and Apple's `form_post` callback).
enum FormEncoding {
    /// Characters left as they are: RFC 3986's unreserved set.
    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { name, value in "\(escape(name))=\(escape(value))" }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The fields of a form body or query string; for a repeated name, the first value.
    static func decode(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(String(parts[0]))
            let value = parts.count > 1 ? unescape(String(parts[1])) : ""
            if let name, let value, fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    private static func unescape(_ text: String) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
