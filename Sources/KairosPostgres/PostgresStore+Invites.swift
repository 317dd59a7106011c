import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: InviteStore {
    public func createInvite(_ draft: InviteDraft, mail: OutgoingMail, now: Date) async throws -> Invite {
        let inviter = try require(draft.inviterID.rowID, "User")
        let project = draft.projectID?.rowID
        let conversation = draft.conversationID?.rowID
        return try await write { write in
            let id = try require(
                try await write.firstRow(
                    """
                    INSERT INTO invites (token_hash, email, inviter_id, project_id, conversation_id, role, created_at,
                        expires_at)
                    VALUES (\(draft.tokenHash), \(draft.email), \(inviter), \(project), \(conversation),
                        \(draft.role.rawValue), \(now.micros), \(draft.expiresAt.micros))
                    RETURNING id
                    """), "Invite"
            ).decode(Int64.self)
            try await write.query(
                """
                INSERT INTO outbox (recipient, subject, body, created_at, next_attempt_at)
                VALUES (\(mail.recipient), \(mail.subject), \(mail.body), \(now.micros), \(now.micros))
                """)
            try await Self.audit(
                write, .inviteSent, actor: inviter, project: project, conversation: conversation, subject: nil,
                email: draft.email, role: draft.role, now: now)
            return try require(try await Self.invite(write.connection, id: id, logger: write.logger), "Invite")
        }
    }

    public func invite(tokenHash: String) async throws -> Invite? {
        try await read { connection in
            try await Self.invite(connection, tokenHash: tokenHash, lock: false, logger: logger)
        }
    }

    public func acceptInvite(
        tokenHash: String, guestName: String, guestTimezone: String, now: Date
    ) async throws -> (user: User, invite: Invite) {
        try await write { write in
            // FOR UPDATE: of two people opening the same link at once, the second waits and then sees it used.
            guard
                let invite = try await Self.invite(
                    write.connection, tokenHash: tokenHash, lock: true, logger: write.logger)
            else {
                throw KairosError.notFound("This invitation link is not valid. Ask for a new invitation.")
            }
            guard invite.acceptedAt == nil else {
                throw KairosError.conflict("This invitation was already used. Log in, or ask for a new invitation.")
            }
            guard invite.expiresAt > now else {
                throw KairosError.conflict("This invitation has expired. Ask for a new invitation.")
            }
            let found = try await write.firstRow(
                "SELECT \(unescaped: User.columns) FROM users WHERE email = \(invite.email)"
            ).map(User.init(row:))
            let user: User
            if let found {
                user = found
            } else {
                user = try await Self.insertUser(
                    write, email: invite.email, name: guestName, passwordHash: "", timezone: guestTimezone,
                    isGuest: true, now: now)
            }
            let userID = try require(user.id.rowID, "User")
            let inviter = try require(invite.inviterID.rowID, "User")
            if let project = invite.projectID?.rowID {
                // Someone who already has a role keeps the better of the two.
                let owner = try await write.firstRow("SELECT user_id FROM projects WHERE id = \(project)")?.decode(
                    Int64.self)
                let current = try await write.firstRow(
                    "SELECT role FROM project_members WHERE project_id = \(project) AND user_id = \(userID)"
                )?.decode(String.self)
                if owner != userID, current != Role.editor.rawValue {
                    try await write.query(
                        """
                        INSERT INTO project_members (project_id, user_id, role, added_by, added_at)
                        VALUES (\(project), \(userID), \(invite.role.rawValue), \(inviter), \(now.micros))
                        ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role
                        """)
                    try await Self.tellProjectJoined(write, project: project, by: userID, now: now)
                }
            } else if let conversation = invite.conversationID?.rowID {
                try await Self.requireRoom(write, in: conversation, for: userID)
                if try await Self.insertMember(write, conversation: conversation, user: userID, role: .member, now: now)
                {
                    _ = try await Self.insertMessage(
                        write,
                        .notice(
                            SystemNotice.joined(user.name, invitedBy: invite.inviterName), in: conversation.apiID,
                            by: user.id, naming: [invite.inviterID]),
                        now: now)
                }
            }
            let inviteID = try require(invite.id.rowID, "Invite")
            try await write.query(
                "UPDATE invites SET accepted_at = \(now.micros), accepted_by = \(userID) WHERE id = \(inviteID)")
            try await Self.audit(
                write, .inviteAccepted, actor: userID, project: invite.projectID?.rowID,
                conversation: invite.conversationID?.rowID, subject: userID, email: invite.email, role: invite.role,
                now: now)
            return (
                user, try require(try await Self.invite(write.connection, id: inviteID, logger: write.logger), "Invite")
            )
        }
    }

    /// Refuses a newcomer to a group already at its size limit; the transaction rolls back, so the invitation
    /// stays unused for when a place frees up.
    private static func requireRoom(_ write: PostgresWrite, in conversation: Int64, for user: Int64) async throws {
        // The group's row first, as a post or a join holds it: two newcomers for the last place go one by one.
        try await lockConversation(write, conversation)
        let row = try require(
            try await write.firstRow(
                """
                SELECT COUNT(*), bool_or(user_id = \(user)) FROM conversation_members
                WHERE conversation_id = \(conversation)
                """), "Conversation")
        let (members, isMember) = try row.decode((Int64, Bool?).self)
        guard members >= Limits.groupMembers.upperBound, isMember != true else { return }
        throw KairosError.conflict(
            "This group is full: it holds at most \(Limits.groupMembers.upperBound) people. "
                + "Ask whoever invited you to make room, then open the link again.")
    }

    /// `project.updated` to everyone in the project now that someone joined it.
    private static func tellProjectJoined(
        _ write: PostgresWrite, project: Int64, by actor: Int64, now: Date
    ) async throws {
        let audience = try await Self.audience(write.connection, project: project, logger: write.logger)
        guard !audience.isEmpty else { return }
        write.add(
            WritePlan.Event(
                recipients: audience.map(\.apiID), kind: .projectUpdated, projectID: project.apiID,
                actorID: actor.apiID),
            now: now)
    }

    // MARK: Outbox

    public func takeDueMail(now: Date, leasedUntil: Date, limit: Int) async throws -> [QueuedMail] {
        try await write { write in
            // SKIP LOCKED: what another process is taking at this moment is left to it.
            let rows = try await write.rows(
                """
                SELECT id, recipient, subject, body, unsubscribe_url, attempts, created_at FROM outbox
                WHERE sent_at IS NULL AND next_attempt_at <= \(now.micros) ORDER BY next_attempt_at, id
                LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED
                """)
            let mail = try rows.map { row in
                let (id, recipient, subject, body, unsubscribeURL, attempts, createdAt) = try row.decode(
                    (Int64, String, String, String, String?, Int64, Int64).self)
                return QueuedMail(
                    id: id.apiID,
                    mail: OutgoingMail(
                        recipient: recipient, subject: subject, body: body, unsubscribeURL: unsubscribeURL),
                    attempts: Int(attempts), createdAt: Date(micros: createdAt))
            }
            try await write.query(
                """
                UPDATE outbox SET next_attempt_at = \(leasedUntil.micros)
                WHERE id = ANY(\(mail.compactMap { $0.id.rowID }))
                """)
            return mail
        }
    }

    public func markSent(mailID: String, now: Date) async throws {
        let id = try require(mailID.rowID, "Mail")
        _ = try await write { write in
            try await write.query(
                "UPDATE outbox SET sent_at = \(now.micros), attempts = attempts + 1, last_error = NULL WHERE id = \(id)"
            )
        }
    }

    public func markFailed(mailID: String, error: String, retryAt: Date) async throws {
        let id = try require(mailID.rowID, "Mail")
        _ = try await write { write in
            try await write.query(
                """
                UPDATE outbox SET attempts = attempts + 1, last_error = \(String(error.prefix(1000))),
                    next_attempt_at = \(retryAt.micros)
                WHERE id = \(id)
                """)
        }
    }

    // MARK: Rows

    /// The invitation with its inviter's and target's names.
    private static let inviteColumns = """
        SELECT invites.id, invites.email, invites.role, invites.project_id, invites.conversation_id,
            COALESCE(projects.name, conversations.name, '') AS target_name, invites.inviter_id,
            inviter.name AS inviter_name, invites.created_at, invites.expires_at, invites.accepted_at
        FROM invites JOIN users inviter ON inviter.id = invites.inviter_id
        LEFT JOIN projects ON projects.id = invites.project_id
        LEFT JOIN conversations ON conversations.id = invites.conversation_id
        """

    private static func invite(_ connection: PostgresConnection, id: Int64, logger: Logger) async throws -> Invite? {
        try await connection.firstRow("\(unescaped: inviteColumns) WHERE invites.id = \(id)", logger: logger)
            .map(Invite.init(row:))
    }

    private static func invite(
        _ connection: PostgresConnection, tokenHash: String, lock: Bool, logger: Logger
    ) async throws -> Invite? {
        try await connection.firstRow(
            """
            \(unescaped: inviteColumns) WHERE invites.token_hash = \(tokenHash)
            \(unescaped: lock ? "FOR UPDATE OF invites" : "")
            """, logger: logger
        ).map(Invite.init(row:))
    }
}

extension Invite {
    /// An invitation from a row of `inviteColumns`.
    fileprivate init(row: PostgresRow) throws {
        let (
            id, email, role, project, conversation, targetName, inviter, inviterName, createdAt, expiresAt,
            acceptedAt
        ) = try row.decode(
            (Int64, String, String, Int64?, Int64?, String, Int64, String, Int64, Int64, Int64?).self)
        self.init(
            id: id.apiID, email: email, role: Role(rawValue: role) ?? .commenter, projectID: project?.apiID,
            conversationID: conversation?.apiID, targetName: targetName, inviterID: inviter.apiID,
            inviterName: inviterName, createdAt: Date(micros: createdAt), expiresAt: Date(micros: expiresAt),
            acceptedAt: acceptedAt.map(Date.init(micros:)))
    }
}
