import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `InviteStore`'s behaviour, the same on every backend.
@Suite("Invite store, on every backend")
struct InviteStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    func mail(to recipient: String) -> OutgoingMail {
        OutgoingMail(recipient: recipient, subject: "Join us", body: "Open the link")
    }

    func draft(
        _ email: String, by inviter: User, group: Conversation? = nil, project: String? = nil, role: Role = .member,
        token: String
    )
        -> InviteDraft
    {
        InviteDraft(
            email: email, role: role, projectID: project, conversationID: group?.id, inviterID: inviter.id,
            tokenHash: token, expiresAt: now + 3600)
    }

    @Test("An invitation to a group makes a guest who joins with a notice, once", arguments: StoreBackend.all)
    func groupInvite(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            let invite = try await store.createInvite(
                draft("Zoe@Example.com", by: ada, group: group, token: "hash-1"), mail: mail(to: "Zoe@Example.com"),
                now: now)
            #expect(invite.targetName == "Team" && invite.inviterName == "Ada" && invite.acceptedAt == nil)
            #expect(invite.conversationID == group.id && invite.projectID == nil && invite.role == .member)
            #expect(try await store.invite(tokenHash: "hash-1") == invite)
            #expect(try await store.invite(tokenHash: "nope") == nil)

            let (guest, accepted) = try await store.acceptInvite(
                tokenHash: "hash-1", guestName: "Zoe", guestTimezone: "Europe/Paris", now: now + 10)
            #expect(
                guest.isGuest && guest.name == "Zoe" && guest.email == "Zoe@Example.com"
                    && guest.timezone == "Europe/Paris")
            #expect(accepted.acceptedAt == now + 10)
            #expect(try await store.memberRoles(conversationID: group.id)?[guest.id] == .member)
            let latest = try await store.messages(conversationID: group.id, page: PageRequest(limit: 1)).results.first
            #expect(latest?.text == SystemNotice.joined("Zoe", invitedBy: "Ada"))
            // Zoe's feed starts with her own arrival.
            #expect(
                try await store.events(userID: guest.id, after: 0, limit: 5).results.map(\.messageID) == [latest?.id])

            await #expect(
                throws: KairosError.conflict("This invitation was already used. Log in, or ask for a new invitation.")
            ) {
                try await store.acceptInvite(tokenHash: "hash-1", guestName: "Zoe", guestTimezone: "UTC", now: now)
            }
            await #expect(throws: KairosError.notFound("This invitation link is not valid. Ask for a new invitation."))
            {
                try await store.acceptInvite(tokenHash: "nope", guestName: "Zoe", guestTimezone: "UTC", now: now)
            }
        }
    }

    @Test("An expired invitation is refused and changes nothing", arguments: StoreBackend.all)
    func expired(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            _ = try await store.createInvite(
                draft("zoe@example.com", by: ada, group: group, token: "hash-2"), mail: mail(to: "zoe@example.com"),
                now: now)
            await #expect(throws: KairosError.conflict("This invitation has expired. Ask for a new invitation.")) {
                try await store.acceptInvite(
                    tokenHash: "hash-2", guestName: "Zoe", guestTimezone: "UTC", now: now + 3600)
            }
            #expect(try await store.users(emails: ["zoe@example.com"]).isEmpty)
            #expect(try await store.invite(tokenHash: "hash-2")?.acceptedAt == nil)
        }
    }

    @Test(
        "An invitation to a project gives an existing account its role, keeping a better one",
        arguments: StoreBackend.all)
    func projectInvite(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let project = try await SharedFixtures.project(store, owner: ada, name: "Garden", now: now)
            _ = try await store.setProjectMember(
                projectID: project, userID: carol.id, role: .editor, by: ada.id, now: now)
            _ = try await store.createInvite(
                draft("BOB@example.com", by: ada, project: project, role: .commenter, token: "to-bob"),
                mail: mail(to: "BOB@example.com"), now: now)
            _ = try await store.createInvite(
                draft("carol@example.com", by: ada, project: project, role: .commenter, token: "to-carol"),
                mail: mail(to: "carol@example.com"), now: now)
            let (user, invite) = try await store.acceptInvite(
                tokenHash: "to-bob", guestName: "ignored", guestTimezone: "UTC", now: now)
            #expect(user == bob)
            #expect(invite.targetName == "Garden")
            _ = try await store.acceptInvite(
                tokenHash: "to-carol", guestName: "ignored", guestTimezone: "UTC", now: now)
            let roles = try #require(try await store.projectAccess(projectID: project, viewerID: ada.id)).roles
            #expect(roles == [bob.id: .commenter, carol.id: .editor])
            let log = try await store.auditLog(projectID: project, page: PageRequest(limit: 10)).results
            let invitations: [AuditEntry.Kind] = log.map(\.kind).filter { $0 == .inviteSent || $0 == .inviteAccepted }
            #expect(invitations.count == 4)
            #expect(log.first?.kind == .inviteAccepted && log.first?.subjectEmail == "carol@example.com")
        }
    }

    @Test(
        "Invitation emails wait in the outbox until sent; a failure sets the next attempt", arguments: StoreBackend.all)
    func outbox(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let project = try await SharedFixtures.project(store, owner: ada, name: "Garden", now: now)
            _ = try await store.createInvite(
                draft("bob@example.com", by: ada, project: project, role: .editor, token: "t1"),
                mail: mail(to: "bob@example.com"), now: now)
            _ = try await store.createInvite(
                draft("carol@example.com", by: ada, project: project, role: .editor, token: "t2"),
                mail: mail(to: "carol@example.com"), now: now + 1)
            let due = try await store.takeDueMail(now: now + 1, leasedUntil: now + 30, limit: 10)
            #expect(due.map(\.mail.recipient) == ["bob@example.com", "carol@example.com"])
            #expect(due.first?.attempts == 0 && due.first?.createdAt == now)
            // Taken, so not due again until the lease runs out, unless its outcome comes first.
            #expect(try await store.takeDueMail(now: now + 29, leasedUntil: now + 60, limit: 10).isEmpty)
            try await store.markSent(mailID: due[0].id, now: now + 2)
            try await store.markFailed(mailID: due[1].id, error: "refused", retryAt: now + 60)
            #expect(try await store.takeDueMail(now: now + 59, leasedUntil: now + 90, limit: 10).isEmpty)
            let retried = try await store.takeDueMail(now: now + 60, leasedUntil: now + 90, limit: 1)
            #expect(retried.map(\.mail.recipient) == ["carol@example.com"])
            #expect(retried.first?.attempts == 1)
            // Its taker died without a word: it is due again once the lease has run out.
            #expect(
                try await store.takeDueMail(now: now + 90, leasedUntil: now + 120, limit: 10).map(\.id)
                    == retried.map(\.id))
            await #expect(throws: KairosError.missing("Mail")) {
                try await store.markSent(mailID: "x", now: now)
            }
        }
    }
}
