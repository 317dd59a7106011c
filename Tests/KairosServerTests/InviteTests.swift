import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Logging
import Testing

/// Keeps what it is handed; fails while `failing` is set.
final class CapturingTransport: MailTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    private var failing: Bool

    init(failing: Bool = false) { self.failing = failing }

    var delivered: [String] { lock.withLock { messages } }
    func setFailing(_ value: Bool) { lock.withLock { failing = value } }

    func deliver(_ message: String) async throws {
        try lock.withLock {
            if failing { throw CocoaError(.fileWriteUnknown) }
            messages.append(message)
        }
    }
}

extension TestAPI {
    func outbox(_ transport: CapturingTransport) -> MailOutbox {
        MailOutbox(
            store: store, transport: transport, sender: "Kairos <kairos@example.com>", clock: clock.serverClock,
            logger: Logger(label: "test"))
    }

    func invite(_ email: String, to projectID: String, as role: String? = nil) async throws -> Reply {
        try await post("invites", InviteRequest(email: email, projectID: projectID, role: role))
    }

    /// Sends what is in the outbox and returns the secret of the link in the last email.
    func mailedToken() async throws -> String {
        let transport = CapturingTransport()
        try await outbox(transport).deliverDue()
        let message = try #require(transport.delivered.last)
        let token = try #require(message.firstMatch(of: /#\/invite\/([A-Za-z0-9_-]{43})/)?.1)
        return String(token)
    }

    func accept(_ token: String, name: String? = nil) async throws -> Reply {
        try await post("invites/accept", InviteAcceptRequest(token: token, name: name))
    }
}

@Suite("Invitations by email")
struct InviteTests {
    @Test("A new person gets a mailed link that makes them a guest who sees only what was shared")
    func guestJoins() async throws {
        try await withSharedLaunch { ada, _, _, _, launch in
            let task = try await ada.createTask("Write the press release", projectID: launch.id)
            let hidden = try await ada.createProject("Ada's diary")
            let invite = try expectOK(
                try await ada.invite("Erin@Example.com", to: launch.id, as: "commenter"), .created, as: Invite.self)
            #expect(invite.email == "erin@example.com" && invite.role == .commenter && invite.targetName == "Launch")

            let transport = CapturingTransport()
            #expect(try await ada.outbox(transport).deliverDue() == 1)
            let message = try #require(transport.delivered.first)
            #expect(message.contains("To: <erin@example.com>\r\n"))
            #expect(
                message.contains("Subject: =?UTF-8?B?")
                    || message.contains("Subject: Ada Lovelace invited you to Launch"))
            #expect(message.contains("From: Kairos <kairos@example.com>"))
            let token = String(try #require(message.firstMatch(of: /#\/invite\/([A-Za-z0-9_-]{43})/)?.1))
            #expect(try await ada.outbox(transport).deliverDue() == 0)

            let anonymous = ada.with(token: nil)
            let preview = try expectOK(try await anonymous.get("invites/\(token)"), as: Invite.self)
            #expect(preview.inviterName == "Ada Lovelace" && preview.targetName == "Launch")

            let accepted = try expectOK(try await anonymous.accept(token, name: "Erin"), as: InviteAcceptResponse.self)
            #expect(accepted.user.isGuest && accepted.user.name == "Erin" && accepted.user.email == "erin@example.com")
            let erin = anonymous.with(token: accepted.token)
            #expect(try await erin.task(task.id).content == "Write the press release")
            #expect(try await erin.projects().map(\.name).sorted() == ["Inbox", "Launch"])
            expectError(try await erin.get("projects/\(hidden.id)"), .notFound, code: "not_found")
            try expectOK(
                try await erin.post("comments", CommentCreateRequest(content: "Looks good", taskID: task.id)),
                as: Comment.self)
            expectError(try await erin.post("tasks/\(task.id)/close"), .forbidden, code: "forbidden")
            #expect(try await ada.members(of: launch.id).last?.role == .commenter)

            expectError(try await anonymous.accept(token), .conflict, code: "conflict", mentioning: "already used")
            expectError(try await anonymous.get("invites/\(token)"), .conflict, code: "conflict")
            expectError(
                try await anonymous.post("auth/login", LoginRequest(email: "erin@example.com", password: "whatever12")),
                .unauthorized, code: "unauthorized", mentioning: "sign-in link")
            let log = try expectOK(try await ada.get("projects/\(launch.id)/audit"), as: Page<AuditEntry>.self).results
            #expect(log.prefix(2).map(\.kind) == [.inviteAccepted, .inviteSent])
            #expect(log[1].subjectEmail == "erin@example.com" && log[0].subjectID == accepted.user.id)
        }
    }

    @Test("A link works for 7 days; after that it is refused and nothing is created")
    func expiry() async throws {
        try await withSharedLaunch { ada, _, _, _, launch in
            try expectOK(try await ada.invite("erin@example.com", to: launch.id), .created, as: Invite.self)
            let token = try await ada.mailedToken()
            ada.clock.now = ada.clock.now.addingTimeInterval(7 * 24 * 3600 + 1)
            expectError(
                try await ada.with(token: nil).accept(token), .conflict, code: "conflict", mentioning: "expired")
            #expect(try await ada.members(of: launch.id).count == 3)
            #expect(try await ada.store.users(emails: ["erin@example.com"]).isEmpty)
        }
    }

    @Test("Someone with an account joins with it; a group invitation adds them to the thread with a notice")
    func existingAccountAndGroup() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            try expectOK(try await ada.invite(dave.me.email, to: launch.id), .created, as: Invite.self)
            let joined = try expectOK(
                try await ada.with(token: nil).accept(try await ada.mailedToken()), as: InviteAcceptResponse.self)
            #expect(joined.user.id == dave.me.id && !joined.user.isGuest)
            #expect(try await dave.projects().first { $0.id == launch.id }?.role == .editor)

            let team = try await ada.group("Launch crew", with: [bob])
            try expectOK(
                try await ada.post("invites", InviteRequest(email: "erin@example.com", conversationID: team.id)),
                .created, as: Invite.self)
            let erin = try expectOK(
                try await ada.with(token: nil).accept(try await ada.mailedToken(), name: "Erin"),
                as: InviteAcceptResponse.self)
            let history = try await bob.history(team.id)
            #expect(history.first?.text == "Erin joined, invited by Ada Lovelace")
            #expect(try await ada.with(token: erin.token).history(team.id).count == history.count)
            expectError(
                try await bob.post("invites", InviteRequest(email: "frank@example.com", conversationID: team.id)),
                .forbidden, code: "forbidden")
            _ = carol
        }
    }

    @Test("An invitation into a full group is refused with the reason and stays usable once a place frees up")
    func fullGroup() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            var others = [bob, carol]
            for index in others.count..<(Limits.groupMembers.upperBound - 1) {
                others.append(
                    try await ada.with(token: nil).signUp("member\(index)@example.com", name: "Member \(index)"))
            }
            let team = try await ada.group("Everyone", with: others)
            #expect(team.members.count == Limits.groupMembers.upperBound)
            try expectOK(
                try await ada.post("invites", InviteRequest(email: "erin@example.com", conversationID: team.id)),
                .created, as: Invite.self)
            let token = try await ada.mailedToken()

            let refused = try await ada.with(token: nil).accept(token, name: "Erin")
            expectError(refused, .conflict, code: "conflict")
            #expect(refused.text.contains("at most \(Limits.groupMembers.upperBound) people"))
            #expect(try await ada.conversation(team.id).members.count == Limits.groupMembers.upperBound)

            try expectNoContent(try await ada.delete("conversations/\(team.id)/members/\(carol.me.id)"))
            let erin = try expectOK(
                try await ada.with(token: nil).accept(token, name: "Erin"), as: InviteAcceptResponse.self)
            #expect(try await ada.conversation(team.id).members.contains { $0.userID == erin.user.id })
        }
    }

    @Test("Bad invitations are refused with the reason and send nothing")
    func badInvites() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let inbox = try await ada.inbox()
            expectError(try await bob.invite("erin@example.com", to: launch.id), .forbidden, code: "forbidden")
            expectError(
                try await ada.invite("not an email", to: launch.id), .badRequest, code: "invalid_field",
                mentioning: "email")
            expectError(
                try await ada.invite("erin@example.com", to: launch.id, as: "owner"), .badRequest,
                code: "invalid_field", mentioning: "role")
            expectError(
                try await ada.invite("erin@example.com", to: inbox.id), .badRequest, code: "invalid_field",
                mentioning: "Inbox")
            expectError(try await ada.invite(carol.me.email, to: launch.id), .conflict, code: "conflict")
            expectError(
                try await ada.post("invites", InviteRequest(email: "erin@example.com")), .badRequest,
                code: "invalid_field")
            expectError(try await ada.invite("erin@example.com", to: "999999"), .notFound, code: "not_found")
            #expect(
                try await ada.store.takeDueMail(now: ada.clock.now, leasedUntil: ada.clock.now, limit: 10).isEmpty)

            let anonymous = ada.with(token: nil)
            expectError(try await anonymous.accept(String(repeating: "a", count: 43)), .notFound, code: "not_found")
            expectError(try await anonymous.get("invites/short"), .notFound, code: "not_found")
            expectError(
                try await ada.with(token: nil).post(
                    "invites", InviteRequest(email: "x@example.com", projectID: launch.id)), .unauthorized,
                code: "unauthorized")
        }
    }

    @Test("An email the mail command refuses stays queued and is retried later, never lost")
    func retries() async throws {
        try await withSharedLaunch { ada, _, _, _, launch in
            try expectOK(try await ada.invite("erin@example.com", to: launch.id), .created, as: Invite.self)
            let transport = CapturingTransport(failing: true)
            let outbox = ada.outbox(transport)
            #expect(try await outbox.deliverDue() == 0)
            transport.setFailing(false)
            #expect(try await outbox.deliverDue() == 0)  // not due again yet
            ada.clock.now = ada.clock.now.addingTimeInterval(31)
            #expect(try await outbox.deliverDue() == 1)
            #expect(transport.delivered.count == 1)
            #expect(outbox.retryPause(afterAttempts: 3) == .seconds(120))
            #expect(outbox.retryPause(afterAttempts: 30) == .seconds(3600))
        }
    }

    @Test("The sendmail transport pipes the message to the command and reports its failure")
    func sendmailTransport() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-mail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try await SendmailTransport(command: "cat > '\(file.path)'").deliver("To: <erin@example.com>\r\n\r\nHello")
        #expect(try String(contentsOf: file, encoding: .utf8) == "To: <erin@example.com>\r\n\r\nHello")
        await #expect {
            try await SendmailTransport(command: "echo 'relay refused' >&2; exit 3").deliver("x")
        } throws: { error in
            String(describing: error).contains("status 3") && String(describing: error).contains("relay refused")
        }
        var hanging = SendmailTransport(command: "sleep 30")
        hanging.timeout = .milliseconds(300)
        let started = ContinuousClock.now
        await #expect {
            try await hanging.deliver("x")
        } throws: { error in
            String(describing: error).contains("status 143")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
