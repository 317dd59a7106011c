import Foundation

/// Why a call to the Kairos API failed.
public enum KairosClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server refused the request with its error body (`{"error": {"code", "message"}}`).
    case server(status: Int, code: String, message: String)
    /// The server could not be reached at all.
    case transport(String)
    /// The server answered with something the client cannot read.
    case unexpectedResponse(status: Int, detail: String)

    /// A sentence for the person using the app or the CLI.
    public var description: String {
        switch self {
        case .server(_, _, let message): message
        case .transport(let message): message
        case .unexpectedResponse(let status, let detail):
            "The server gave an unexpected answer (HTTP \(status)): \(detail)"
        }
    }
}

extension KairosClientError: LocalizedError {
    /// The same text as `description`, for `localizedDescription` in apps.
    public var errorDescription: String? { description }
}
