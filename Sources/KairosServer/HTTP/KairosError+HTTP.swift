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
        }
    }
}

extension ErrorResponse {
    /// The JSON error response for a status, with the API's error body.
    func response(status: HTTPResponse.Status) -> Response {
        jsonResponse(status: status)
    }
}
