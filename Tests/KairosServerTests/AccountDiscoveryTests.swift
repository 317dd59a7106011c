import Foundation
import KairosCore
import Testing

@Suite("No account discovery: an email finds only people one already shares a project or conversation with")
struct AccountDiscoveryTests {
    /// The reply's error message with `address` replaced, so answers about two addresses can be compared.
    private func message(_ reply: Reply, naming address: String) -> String? {
        reply.error?.message.replacingOccurrences(of: address, with: "ADDRESS")
    }

    @Test("A direct message to a stranger's email is answered exactly as one to an address with no account")
    func directMessages() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let stranger = try await ada.post("conversations", ConversationCreateRequest.directMessage(email: bob.me.email))
            let nobody = try await ada.post(
                "conversations", ConversationCreateRequest.directMessage(email: "nobody@example.com"))
            expectError(stranger, .notFound, code: "not_found", mentioning: "invite")
            #expect(stranger.status == nobody.status)
            #expect(message(stranger, naming: bob.me.email) == message(nobody, naming: "nobody@example.com"))
            #expect(try await ada.conversations().isEmpty)

            // Once they share a project, the address finds Bob, both ways.
            let launch = try await ada.createProject("Launch")
            try await ada.shareProject(launch.id, with: bob, as: "editor")
            let dm = try expectOK(
                try await ada.post("conversations", ConversationCreateRequest.directMessage(email: bob.me.email)),
                as: Conversation.self)
            let back = try expectOK(
                try await bob.post("conversations", ConversationCreateRequest.directMessage(email: ada.me.email)),
                as: Conversation.self)
            #expect(back.id == dm.id)
        }
    }

    @Test("A group naming a stranger's email is refused like an unknown address, and nothing is created")
    func groups() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let stranger = try await ada.post(
                "conversations", ConversationCreateRequest.group("Team", memberEmails: [bob.me.email, carol.me.email]))
            let nobody = try await ada.post(
                "conversations", ConversationCreateRequest.group("Team", memberEmails: [bob.me.email, "no@example.com"]))
            expectError(stranger, .notFound, code: "not_found", mentioning: "member_emails[1]")
            #expect(message(stranger, naming: carol.me.email) == message(nobody, naming: "no@example.com"))
            #expect(try await ada.conversations().map(\.id) == [dm.id])

            // Bob, met in a conversation, is found by his address.
            let team = try expectOK(
                try await ada.post("conversations", ConversationCreateRequest.group("Pair", memberEmails: [bob.me.email])),
                as: Conversation.self)
            #expect(Set(team.members.map(\.userID)) == [ada.me.id, bob.me.id])
        }
    }

    @Test("Sharing a project by a stranger's email is refused like an unknown address; by id or invitation it works")
    func sharing() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let launch = try await ada.createProject("Launch")
            let stranger = try await ada.post(
                "projects/\(launch.id)/members", ProjectMemberRequest(email: bob.me.email, role: "editor"))
            let nobody = try await ada.post(
                "projects/\(launch.id)/members", ProjectMemberRequest(email: "nobody@example.com", role: "editor"))
            expectError(stranger, .notFound, code: "not_found", mentioning: "invite")
            #expect(message(stranger, naming: bob.me.email) == message(nobody, naming: "nobody@example.com"))
            #expect(try await ada.members(of: launch.id).map(\.userID) == [ada.me.id])

            let invited = try await ada.post(
                "invites", InviteRequest(email: bob.me.email, projectID: launch.id, role: "editor"))
            #expect(invited.status == .created || invited.status == .ok, "\(invited)")
        }
    }
}
