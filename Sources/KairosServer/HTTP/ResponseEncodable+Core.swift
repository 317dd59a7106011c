import Hummingbird
import KairosCore

extension User: ResponseEncodable {}
extension Collaborator: ResponseEncodable {}
extension APITokenInfo: ResponseEncodable {}
extension AuthResponse: ResponseEncodable {}
extension TokenCreatedResponse: ResponseEncodable {}
extension Project: ResponseEncodable {}
extension Section: ResponseEncodable {}
extension Label: ResponseEncodable {}
extension TaskItem: ResponseEncodable {}
extension Comment: ResponseEncodable {}
extension Page: ResponseEncodable {}
extension CompletedPage: ResponseEncodable {}

/// `{"status": "ok"}` from the health check.
struct HealthStatus: ResponseEncodable {
    let status: String
}
