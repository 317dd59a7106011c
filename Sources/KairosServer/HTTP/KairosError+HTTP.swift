import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import NIOCore

extension KairosError {
    /// The one mapping from domain errors to HTTP statuses.
    var status: HTTPResponse.Status {
        switch self {
        case .invalidField, .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .conflict: .conflict
        case .payloadTooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .tooManyRequests: .tooManyRequests
        case .badGateway: .badGateway
        }
    }

    /// The error as the API answers it: its status and body, and `Retry-After` when waiting helps.
    var response: Response {
        var response = ErrorResponse(code: code, message: message).response(status: status)
        if case .tooManyRequests(_, let seconds) = self {
            response.headers[.retryAfter] = String(seconds)
        }
        return response
    }
}

extension ErrorResponse {
    /// The JSON error response for a status, with the API's error body.
    func response(status: HTTPResponse.Status) -> Response {
        jsonResponse(status: status)
    }
}
