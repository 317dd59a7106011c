import Hummingbird
import KairosCapture
import KairosCore
import NIOCore

extension JSONWritable {
    /// A JSON response written by `JSONWriter`.
    func jsonResponse(status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.encode(self))))
    }
}

/// Every response model answers as JSON written by hand (see `JSONWritable`).
protocol JSONResponseGenerator: ResponseGenerator, JSONWritable {}

extension JSONResponseGenerator {
    public func response(from request: Request, context: some RequestContext) throws -> Response { jsonResponse() }
}

extension User: JSONResponseGenerator {}
extension TaskSources: JSONResponseGenerator {}
extension Collaborator: JSONResponseGenerator {}
extension APITokenInfo: JSONResponseGenerator {}
extension AuthResponse: JSONResponseGenerator {}
extension SignInProviders: JSONResponseGenerator {}
extension TokenCreatedResponse: JSONResponseGenerator {}
extension Project: JSONResponseGenerator {}
extension ProjectMember: JSONResponseGenerator {}
extension AuditEntry: JSONResponseGenerator {}
extension Invite: JSONResponseGenerator {}
extension AppNotification: JSONResponseGenerator {}
extension UnreadCount: JSONResponseGenerator {}
extension MuteList: JSONResponseGenerator {}
extension InviteAcceptResponse: JSONResponseGenerator {}
extension Section: JSONResponseGenerator {}
extension TaskCounts: JSONResponseGenerator {}
extension Label: JSONResponseGenerator {}
extension TaskItem: JSONResponseGenerator {}
extension Comment: JSONResponseGenerator {}
extension TaskActivity: JSONResponseGenerator {}
extension Reminder: JSONResponseGenerator {}
extension Page: ResponseGenerator, JSONResponseGenerator where Item: JSONWritable {}
extension CompletedPage: JSONResponseGenerator {}
extension CaptureResult: JSONResponseGenerator {}
extension SearchAnswer: JSONResponseGenerator {}
extension CaptureSpanResult: JSONResponseGenerator {}
extension QuickAddPreview: JSONResponseGenerator {}
extension CaptureCommitResponse: JSONResponseGenerator {}
extension TimeSession: JSONResponseGenerator {}
extension StopwatchReading: JSONResponseGenerator {}
extension TimeReport: JSONResponseGenerator {}
extension TaskTime: JSONResponseGenerator {}
extension ProjectTime: JSONResponseGenerator {}
extension SearchHit: JSONResponseGenerator {}
extension Conversation: JSONResponseGenerator {}
extension Message: JSONResponseGenerator {}
extension PostedMessage: JSONResponseGenerator {}
extension UserEvent: JSONResponseGenerator {}
extension AssistantMessage: JSONResponseGenerator {}
extension AssistantMessageResponse: JSONResponseGenerator {}
extension Note: JSONResponseGenerator {}
extension NoteSummary: JSONResponseGenerator {}
extension NoteTasksResponse: JSONResponseGenerator {}

/// `{"status": "ok"}` from the liveness check.
struct HealthStatus: JSONResponseGenerator {
    let status: String

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("status"); json.string(status)
        }
    }
}
