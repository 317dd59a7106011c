import Foundation
import KairosCore
import KairosStore

/// What `InviteService` reads and writes: invitations, the projects and groups they let people into, and the
/// accounts of the people invited.
public typealias InviteServiceStore = InviteStore & ProjectStore & AccountStore & SharingStore

/// Invitations by email to a project or a group: a single-use secret link, valid for a week, that signs
/// the invitee in (creating a guest account when they have none) and gives them the invited role.
public struct InviteService: Sendable {
    let store: any InviteServiceStore
    let clock: Clock
    let accounts: AccountService
    let conversations: ConversationService
    /// Where people reach this server, for the link in the email.
    let publicURL: String
    let defaultTimeZone: String

    static let lifetime: TimeInterval = 7 * 24 * 3600

    public init(
        store: any InviteServiceStore, clock: Clock, accounts: AccountService, conversations: ConversationService,
        publicURL: String, defaultTimeZone: String
    ) {
        self.store = store
        self.clock = clock
        self.accounts = accounts
        self.conversations = conversations
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.defaultTimeZone = defaultTimeZone
    }

    /// Invites `request.email`: the project's owner as editor or commenter, a group's owner as member.
    public func invite(_ request: InviteRequest, by user: User) async throws -> Invite {
        let email = try Limits.requireEmail(request.email)
        let role: Role
        let targetName: String
        switch (request.projectID, request.conversationID) {
        case (let projectID?, nil):
            let access = try require(try await store.projectAccess(projectID: projectID, viewerID: user.id), "Project")
            try PermissionGuard.require(user.id, .manageMembers, .project, in: access.scope)
            let project = try require(try await store.project(userID: user.id, id: projectID), "Project")
            if project.isInbox {
                throw KairosError.invalidField(
                    field: "project_id", message: "The Inbox is yours alone. Invite to another project.")
            }
            role = try Self.role(request.role ?? Role.editor.rawValue, among: [.editor, .commenter])
            let members = try await store.projectMembers(projectID: projectID)
            if members.contains(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) {
                throw KairosError.conflict("\(email) is already in this project.")
            }
            targetName = project.name
        case (nil, let conversationID?):
            let group = try await conversations.group(conversationID, for: user, allowing: .manageMembers)
            role = try Self.role(request.role ?? Role.member.rawValue, among: [.member])
            if try await store.users(emails: [email]).contains(where: { person in
                group.members.contains { $0.userID == person.id }
            }) {
                throw KairosError.conflict("\(email) is already in this group.")
            }
            targetName = group.name ?? "a group"
        default:
            throw KairosError.invalidField(
                field: "project_id", message: "Give either project_id or conversation_id: where to invite them.")
        }
        let token = Self.newToken()
        let now = clock.now()
        let link = "\(publicURL)/#/invite/\(token)"
        let mail = OutgoingMail(
            recipient: email,
            subject: "\(user.name) invited you to \(targetName) on Kairos",
            body: """
                \(user.name) invited you to \(targetName) on Kairos, as \(role.rawValue).

                Open this link to join. It works once, for 7 days:
                \(link)

                From a terminal: kairos join "\(link)"

                If you did not expect this, ignore this email.
                """)
        return try await store.createInvite(
            InviteDraft(
                email: email, role: role, projectID: request.projectID, conversationID: request.conversationID,
                inviterID: user.id, tokenHash: AccountService.hash(token: token),
                expiresAt: now.addingTimeInterval(Self.lifetime)),
            mail: mail, now: now)
    }

    /// What a link invites to, for the page that offers to accept it; says when it is used up or expired.
    public func preview(token: String) async throws -> Invite {
        let invite = try await invite(forToken: token)
        try requireUsable(invite)
        return invite
    }

    /// Uses the link: signs the invitee in, with a new guest account if their email has none.
    public func accept(_ request: InviteAcceptRequest) async throws -> InviteAcceptResponse {
        let invite = try await invite(forToken: request.token)
        try requireUsable(invite)
        let name = try Limits.requireText(
            request.name ?? String(invite.email.prefix { $0 != "@" }), Limits.userName, field: "name")
        let timezone = try Limits.requireTimeZone(request.timezone ?? defaultTimeZone)
        let accepted = try await store.acceptInvite(
            tokenHash: AccountService.hash(token: request.token), guestName: name, guestTimezone: timezone,
            now: clock.now())
        let token = try await accounts.issueToken(for: accepted.user, name: "invitation")
        return InviteAcceptResponse(token: token.token, user: accepted.user, invite: accepted.invite)
    }

    private func invite(forToken token: String) async throws -> Invite {
        guard token.count == 43, let invite = try await store.invite(tokenHash: AccountService.hash(token: token))
        else {
            throw KairosError.notFound("This invitation link is not valid. Ask for a new invitation.")
        }
        return invite
    }

    private func requireUsable(_ invite: Invite) throws(KairosError) {
        if invite.acceptedAt != nil {
            throw .conflict("This invitation was already used. Log in, or ask for a new invitation.")
        }
        if invite.expiresAt <= clock.now() { throw .conflict("This invitation has expired. Ask for a new invitation.") }
    }

    private static func role(_ raw: String, among allowed: [Role]) throws(KairosError) -> Role {
        guard let role = Role(rawValue: raw), allowed.contains(role) else {
            throw .invalidField(
                field: "role", message: "role must be \(allowed.map(\.rawValue).joined(separator: " or ")) here.")
        }
        return role
    }

    /// 256 random bits, URL-safe base64 without padding (43 characters).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
