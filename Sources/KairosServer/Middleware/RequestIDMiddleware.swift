import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id, in the `X-Request-Id` response header and in every log line of the request's
/// logger (`hb.request.id`, where Hummingbird keeps the id it made). A sane incoming `X-Request-Id` (from a
/// proxy or a client tracing its own calls) is kept; anything else is replaced by Hummingbird's.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Longer ids, or ids with other characters, are not taken from a request: they would fill or break logs.
    static var longestIncomingID: Int { 128 }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let incoming = request.headers[.xRequestID], Self.isSane(incoming) {
            context.logger[metadataKey: "hb.request.id"] = .string(incoming)
        }
        let id = context.id
        var response = try await next(request, context)
        response.headers[.xRequestID] = id
        return response
    }

    /// Letters, digits and `-`, `_`, `.`, `:`, up to `longestIncomingID` characters.
    static func isSane(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= longestIncomingID
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                    UInt8(ascii: ":"):
                    true
                default: false
                }
            }
    }
}

extension HTTPField.Name {
    static let xRequestID = Self("X-Request-Id")!
}
