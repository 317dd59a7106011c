import Foundation

/// A request body of one of Kairos' own endpoints, which answer 400 for a field they do not take, so a
/// misspelt or misplaced field (`POST /user {"password": ...}`) is never silently ignored. The
/// Todoist-shaped endpoints do not adopt it: they ignore unknown fields, as Todoist does.
public protocol ClosedRequestBody: Decodable {
    /// Every field the body may hold, by its name on the wire.
    associatedtype CodingKeys: CodingKey & CaseIterable
}

extension ClosedRequestBody {
    /// Throws `invalidField` naming the first field of the JSON object `body` that this request does not take.
    public static func requireKnownFields(in body: Data) throws(KairosError) {
        guard let names = try? JSONDecoder().decode(FieldNames.self, from: body).names else { return }
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        guard let unknown = names.first(where: { !known.contains($0) }) else { return }
        let accepted = known.sorted().joined(separator: ", ")
        throw .invalidField(
            field: unknown, message: "\(unknown) is not a field of this request. It takes: \(accepted).")
    }
}

/// The names of a JSON object's fields, in the order they came, without reading their values.
private struct FieldNames: Decodable {
    var names: [String]

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    }
}

extension SignupRequest: ClosedRequestBody {}
extension LoginRequest: ClosedRequestBody {}
extension UserUpdateRequest: ClosedRequestBody {}
extension TokenCreateRequest: ClosedRequestBody {}
extension CaptureRequest: ClosedRequestBody {}
extension CaptureSpanRequest: ClosedRequestBody {}
extension CaptureCommitRequest: ClosedRequestBody {}
extension ConversationCreateRequest: ClosedRequestBody {}
extension ConversationUpdateRequest: ClosedRequestBody {}
extension ConversationMembersRequest: ClosedRequestBody {}
extension ConversationReadRequest: ClosedRequestBody {}
extension MessageSendRequest: ClosedRequestBody {}
extension MessageTaskRequest: ClosedRequestBody {}
extension TaskShareRequest: ClosedRequestBody {}
extension NotificationReadRequest: ClosedRequestBody {}
extension TimerStartRequest: ClosedRequestBody {}
extension TimeSessionRequest: ClosedRequestBody {}
extension InviteRequest: ClosedRequestBody {}
extension InviteAcceptRequest: ClosedRequestBody {}
extension ProjectMemberRequest: ClosedRequestBody {}
extension ProjectRoleRequest: ClosedRequestBody {}
extension ReminderCreateRequest: ClosedRequestBody {}
extension ReminderUpdateRequest: ClosedRequestBody {}
extension AccountDeletionRequest: ClosedRequestBody {}
extension PasswordChangeRequest: ClosedRequestBody {}
extension EmailLinkRequest: ClosedRequestBody {}
extension PasswordResetConfirmRequest: ClosedRequestBody {}
extension SignInLinkConfirmRequest: ClosedRequestBody {}
