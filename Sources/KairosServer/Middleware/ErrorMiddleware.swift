import Foundation
import Hummingbird
import KairosCore
import Logging
import NIOCore

/// Turns every error into `{"error": {"code", "message"}}` with the right status; bad input never yields a 500.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as KairosError {
            return error.response
        } catch let error as DecodingError {
            let mapped = KairosError(decoding: error)
            return ErrorResponse(code: mapped.code, message: mapped.message).response(status: mapped.status)
        } catch is NIOTooManyBytesError {
            let mapped = KairosError.payloadTooLarge("The request body is over 1 MiB. Send less at once.")
            return ErrorResponse(code: mapped.code, message: mapped.message).response(status: mapped.status)
        } catch let error as any HTTPResponseError {
            return Self.response(for: error.status)
        } catch {
            context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            return ErrorResponse(code: "internal", message: "Something went wrong on the server. Try again.")
                .response(status: .internalServerError)
        }
    }

    /// Framework errors (unknown route, wrong method) in the API's error shape.
    static func response(for status: HTTPResponse.Status) -> Response {
        switch status {
        case .notFound:
            ErrorResponse(code: "not_found", message: "No such endpoint. See docs/openapi.yaml for the API.")
                .response(status: status)
        case .methodNotAllowed:
            ErrorResponse(code: "method_not_allowed", message: "This endpoint does not take that method.")
                .response(status: status)
        case .contentTooLarge:
            ErrorResponse(code: "payload_too_large", message: "The request body is over 1 MiB. Send less at once.")
                .response(status: status)
        default:
            ErrorResponse(code: "http_\(status.code)", message: status.reasonPhrase).response(status: status)
        }
    }
}
