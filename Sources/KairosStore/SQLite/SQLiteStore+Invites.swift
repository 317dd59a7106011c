import Foundation
import GRDB
import KairosCore

extension SQLiteStore: InviteStore {
    public func createInvite(_ draft: InviteDraft, mail: OutgoingMail, now: Date) async throws -> Invite {
        let inviter = try require(draft.inviterID.rowID, "User")
        let project = draft.projectID?.rowID
        let conversation = draft.conversationID?.rowID
        return try await write { db in
            try db.run(
                sql: """
                    INSERT INTO invites (token_hash, email, inviter_id, project_id, conversation_id, role, created_at,
                        expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    draft.tokenHash, draft.email, inviter, project, conversation, draft.role.rawValue, now.micros,
                    draft.expiresAt.micros,
                ])
            let id = db.lastInsertedRowID
            try db.run(
                sql: """
                    INSERT INTO outbox (recipient, subject, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [mail.recipient, mail.subject, mail.body, now.micros, now.micros])
            try Self.audit(
                db, .inviteSent, actor: inviter, project: project, conversation: conversation, subject: nil,
                email: draft.email, role: draft.role, now: now)
            return try require(try Self.invite(db, where: "invites.id = ?", id), "Invite")
        }
    }

    public func invite(tokenHash: String) async throws -> Invite? {
        try await pool.read { db in try Self.invite(db, where: "invites.token_hash = ?", tokenHash) }
    }

    public func acceptInvite(
        tokenHash: String, guestName: String, guestTimezone: String, now: Date
    ) async throws -> (user: User, invite: Invite) {
        try await write { db in
            guard let invite = try Self.invite(db, where: "invites.token_hash = ?", tokenHash) else {
                throw KairosError.notFound("This invitation link is not valid. Ask for a new invitation.")
            }
            guard invite.acceptedAt == nil else {
                throw KairosError.conflict("This invitation was already used. Log in, or ask for a new invitation.")
            }
            guard invite.expiresAt > now else {
                throw KairosError.conflict("This invitation has expired. Ask for a new invitation.")
            }
            let user =
                try db.fetchRow(sql: "SELECT * FROM users WHERE email = ?", arguments: [invite.email]).map(User.init)
                ?? Self.insertUser(
                    db, email: invite.email, name: guestName, passwordHash: "", timezone: guestTimezone, isGuest: true,
                    now: now)
            let userID = user.id.rowID!
            let inviter = invite.inviterID.rowID!
            if let project = invite.projectID?.rowID {
                // Someone who already has a role keeps the better of the two.
                let owner = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT user_id FROM projects WHERE id = ?"), arguments: [project])
                let current = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT role FROM project_members WHERE project_id = ? AND user_id = ?"),
                    arguments: [project, userID])
                if owner != userID, current != Role.editor.rawValue {
                    try db.run(
                        sql: """
                            INSERT INTO project_members (project_id, user_id, role, added_by, added_at)
                            VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role
                            """,
                        arguments: [project, userID, invite.role.rawValue, inviter, now.micros])
                    try Self.announceProjectChange(db, project: project, by: userID, now: now)
                }
            } else if let conversation = invite.conversationID?.rowID {
                try Self.requireRoom(db, in: conversation, for: userID)
                try db.run(
                    sql: """
                        INSERT OR IGNORE INTO conversation_members (conversation_id, user_id, role, joined_at)
                        VALUES (?, ?, 'member', ?)
                        """,
                    arguments: [conversation, userID, now.micros])
                if db.changesCount > 0 {
                    _ = try Self.insertMessage(
                        db,
                        .notice(
                            SystemNotice.joined(user.name, invitedBy: invite.inviterName), in: conversation.apiID,
                            by: user.id, naming: [invite.inviterID]),
                        now: now)
                }
            }
            try db.run(
                sql: "UPDATE invites SET accepted_at = ?, accepted_by = ? WHERE id = ?",
                arguments: [now.micros, userID, invite.id.rowID!])
            try Self.audit(
                db, .inviteAccepted, actor: userID, project: invite.projectID?.rowID,
                conversation: invite.conversationID?.rowID, subject: userID, email: invite.email, role: invite.role,
                now: now)
            return (user, try require(try Self.invite(db, where: "invites.id = ?", invite.id.rowID!), "Invite"))
        }
    }

    /// Refuses a newcomer to a group already at its size limit; the transaction rolls back, so the invitation
    /// stays unused for when a place frees up.
    private static func requireRoom(_ db: Database, in conversation: Int64, for user: Int64) throws {
        let members =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM conversation_members WHERE conversation_id = ?"),
                arguments: [conversation]
            ) ?? 0
        guard members >= Limits.groupMembers.upperBound else { return }
        let isMember =
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT EXISTS (SELECT 1 FROM conversation_members WHERE conversation_id = ? AND user_id = ?)"),
                arguments: [conversation, user]) ?? false
        guard !isMember else { return }
        throw KairosError.conflict(
            "This group is full: it holds at most \(Limits.groupMembers.upperBound) people. "
                + "Ask whoever invited you to make room, then open the link again.")
    }

    // MARK: Outbox

    public func takeDueMail(now: Date, leasedUntil: Date, limit: Int) async throws -> [QueuedMail] {
        try await write { db in
            let rows = try db.fetchRows(
                sql: """
                    SELECT id, recipient, subject, body, unsubscribe_url, attempts, created_at FROM outbox
                    WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?
                    """,
                arguments: [now.micros, limit])
            try db.run(
                sql: "UPDATE outbox SET next_attempt_at = ? WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [leasedUntil.micros, rows.map { $0["id"] as Int64 }.jsonArray])
            return rows.map { row in
                QueuedMail(
                    id: (row["id"] as Int64).apiID,
                    mail: OutgoingMail(
                        recipient: row["recipient"], subject: row["subject"], body: row["body"],
                        unsubscribeURL: row["unsubscribe_url"]),
                    attempts: row["attempts"], createdAt: Date(micros: row["created_at"]))
            }
        }
    }

    public func markSent(mailID: String, now: Date) async throws {
        let id = try require(mailID.rowID, "Mail")
        try await write { db in
            try db.run(
                sql: "UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?",
                arguments: [now.micros, id])
        }
    }

    public func markFailed(mailID: String, error: String, retryAt: Date) async throws {
        let id = try require(mailID.rowID, "Mail")
        try await write { db in
            try db.run(
                sql: "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
                arguments: [String(error.prefix(1000)), retryAt.micros, id])
        }
    }

    // MARK: Rows

    private static func invite(
        _ db: Database, where condition: String, _ value: some DatabaseValueConvertible
    ) throws
        -> Invite?
    {
        try db.fetchRow(
            sql: """
                SELECT invites.*, inviter.name AS inviter_name,
                    COALESCE(projects.name, conversations.name, '') AS target_name
                FROM invites JOIN users inviter ON inviter.id = invites.inviter_id
                LEFT JOIN projects ON projects.id = invites.project_id
                LEFT JOIN conversations ON conversations.id = invites.conversation_id
                WHERE \(condition)
                """,
            arguments: [value]
        ).map { row in
            Invite(
                id: (row["id"] as Int64).apiID, email: row["email"], role: Role(rawValue: row["role"]) ?? .commenter,
                projectID: (row["project_id"] as Int64?)?.apiID,
                conversationID: (row["conversation_id"] as Int64?)?.apiID, targetName: row["target_name"],
                inviterID: (row["inviter_id"] as Int64).apiID, inviterName: row["inviter_name"],
                createdAt: Date(micros: row["created_at"]), expiresAt: Date(micros: row["expires_at"]),
                acceptedAt: (row["accepted_at"] as Int64?).map(Date.init(micros:)))
        }
    }
}
