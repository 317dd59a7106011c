import Foundation
import Hummingbird
import KairosCore
import Testing

/// Ada's Launch with Bob (editor) and Carol (commenter), Dave a bystander, and Erin, invited by email to
/// Launch as a commenter: a guest.
func withGuestErin(
    _ body:
        @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ dave: TestAPI, _ erin: TestAPI, _ launch: Project)
        async throws -> Void
) async throws {
    try await withSharedLaunch { ada, bob, _, dave, launch in
        try expectOK(
            try await ada.invite("erin@example.com", to: launch.id, as: "commenter"), .created, as: Invite.self)
        let accepted = try expectOK(
            try await ada.with(token: nil).accept(try await ada.mailedToken(), name: "Erin"),
            as: InviteAcceptResponse.self)
        #expect(accepted.user.isGuest)
        try await body(
            ada, bob, dave, ada.signedIn(as: AuthResponse(token: accepted.token, user: accepted.user)), launch)
    }
}

@Suite("Guests reach only the people they share a project or a conversation with")
struct GuestReachTests {
    @Test("A guest's direct message to a bystander is refused exactly as one to nobody; to Launch's people it opens")
    func directMessages() async throws {
        try await withGuestErin { ada, bob, dave, erin, _ in
            let unknownID = "987654"
            let nobody = try await erin.post(
                "conversations", ConversationCreateRequest.directMessage(userID: unknownID))
            expectError(nobody, .notFound, code: "not_found")
            let refused = try await erin.post(
                "conversations", ConversationCreateRequest.directMessage(userID: dave.me.id))
            expectError(refused, .notFound, code: "not_found")
            #expect(
                refused.error?.message == nobody.error?.message.replacingOccurrences(of: unknownID, with: dave.me.id))

            let nobodyByEmail = try await erin.post(
                "conversations", ConversationCreateRequest.directMessage(email: "nobody@example.com"))
            let refusedByEmail = try await erin.post(
                "conversations", ConversationCreateRequest.directMessage(email: dave.me.email))
            #expect(refusedByEmail.status == nobodyByEmail.status && refusedByEmail.status == .notFound)
            #expect(
                refusedByEmail.error?.message
                    == nobodyByEmail.error?.message.replacingOccurrences(of: "nobody@example.com", with: dave.me.email))
            #expect(try await erin.conversations().isEmpty)
            #expect(try await dave.conversations().isEmpty)

            // The owner and a fellow member of Launch are in reach, by id or email.
            let withAda = try await erin.directMessage(with: ada)
            #expect(Set(withAda.members.map(\.userID)) == [ada.me.id, erin.me.id])
            try expectOK(
                try await erin.post("conversations", ConversationCreateRequest.directMessage(email: bob.me.email)),
                as: Conversation.self)
            // The rule binds guests only: the bystander may still write to Erin.
            _ = try await dave.directMessage(with: erin)
        }
    }

    @Test("A guest's group with a bystander is refused like one with nobody; adding one to a group is too")
    func groups() async throws {
        try await withGuestErin { ada, bob, dave, erin, _ in
            let nobody = try await erin.post(
                "conversations", ConversationCreateRequest.group("Side", memberIDs: [bob.me.id, "987654"]))
            let refused = try await erin.post(
                "conversations", ConversationCreateRequest.group("Side", memberIDs: [bob.me.id, dave.me.id]))
            expectError(refused, .notFound, code: "not_found")
            #expect(
                refused.error?.message == nobody.error?.message.replacingOccurrences(of: "987654", with: dave.me.id))
            expectError(
                try await erin.post(
                    "conversations", ConversationCreateRequest.group("Side", memberEmails: [dave.me.email])),
                .notFound, code: "not_found")
            #expect(try await erin.conversations().isEmpty)

            let crew = try await erin.group("Crew", with: [ada, bob])
            let adding = try await erin.post(
                "conversations/\(crew.id)/members", ConversationMembersRequest(memberIDs: [dave.me.id]))
            expectError(adding, .notFound, code: "not_found")
            let addingNobody = try await erin.post(
                "conversations/\(crew.id)/members", ConversationMembersRequest(memberIDs: ["987654"]))
            #expect(
                adding.error?.message
                    == addingNobody.error?.message.replacingOccurrences(of: "987654", with: dave.me.id))
            #expect(
                Set(try await erin.conversation(crew.id).members.map(\.userID)) == [ada.me.id, bob.me.id, erin.me.id])
            #expect(try await dave.conversations().isEmpty)

            // Once Ada (no guest) puts Erin and Dave in one conversation, they share it: Erin reaches Dave.
            _ = try await ada.group("Everyone", with: [erin, dave])
            let dm = try await erin.directMessage(with: dave)
            #expect(Set(dm.members.map(\.userID)) == [dave.me.id, erin.me.id])
        }
    }

    @Test("A guest shares their own project only with people in reach; others are answered for as no account")
    func sharing() async throws {
        try await withGuestErin { _, bob, dave, erin, _ in
            let garden = try await erin.createProject("Garden")
            let nobody = try await erin.post(
                "projects/\(garden.id)/members", ProjectMemberRequest(email: "nobody@example.com", role: "editor"))
            let refused = try await erin.post(
                "projects/\(garden.id)/members", ProjectMemberRequest(email: dave.me.email, role: "editor"))
            expectError(refused, .notFound, code: "not_found")
            #expect(
                refused.error?.message
                    == nobody.error?.message.replacingOccurrences(of: "nobody@example.com", with: dave.me.email))
            #expect(refused.status == nobody.status)
            expectError(
                try await erin.post(
                    "projects/\(garden.id)/members", ProjectMemberRequest(userID: dave.me.id, role: "editor")),
                .notFound, code: "not_found")
            #expect(try await dave.projects().map(\.name) == ["Inbox"])

            try await erin.shareProject(garden.id, with: bob, as: "editor")
            #expect(try await bob.projects().contains { $0.id == garden.id })
        }
    }
}
