import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Logging
import ServiceLifecycle
import Testing

extension TestAPI {
    @discardableResult
    func markRead(_ conversationID: String, upTo messageID: String) async throws -> Conversation {
        try expectOK(
            try await post("conversations/\(conversationID)/read", ConversationReadRequest(messageID: messageID)),
            as: Conversation.self)
    }

    func setHideReadReceipts(_ hide: Bool) async throws {
        let user = try expectOK(try await post("user", UserUpdateRequest(hideReadReceipts: hide)), as: User.self)
        #expect(user.hideReadReceipts == hide)
    }
}

@Suite("Receipts: who got and who read a message, and the setting that hides reading")
struct ReceiptTests {
    @Test("History delivers; reading is told to the other members as a conversation.read event")
    func deliveredAndRead() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let hello = try await ada.send("hello", to: dm.id).message
            let adaHerself = try #require(try await ada.conversation(dm.id).members.first { $0.userID == ada.me.id })
            #expect(adaHerself.lastDeliveredMessageID == hello.id && adaHerself.lastReadMessageID == hello.id)
            #expect(
                try await ada.conversation(dm.id).members.first { $0.userID == bob.me.id }?.lastDeliveredMessageID
                    == nil)

            _ = try await bob.history(dm.id)
            _ = try await ada.eventually(in: dm.id, member: bob.me.id) { $0.lastDeliveredMessageID == hello.id }

            let adaSeq = try await ada.events().results.last?.seq ?? 0
            try await bob.markRead(dm.id, upTo: hello.id)
            let read = try #require(try await ada.events(after: adaSeq).results.last)
            #expect(read.kind == .conversationRead)
            #expect(read.conversationID == dm.id && read.messageID == hello.id && read.userID == bob.me.id)
            #expect(read.message == nil)
            #expect(try await ada.conversation(dm.id).members.first { $0.userID == bob.me.id }?.lastReadMessageID == hello.id)
            // Bob's other devices learn it too.
            #expect(try await bob.events().results.last?.kind == .conversationRead)

            // Reading the same message again tells nobody anything.
            try await bob.markRead(dm.id, upTo: hello.id)
            #expect(try await ada.events(after: read.seq).results.isEmpty)

            let wire = try await ada.get("events", ["after": String(adaSeq)]).object?["results"] as? [[String: Any]]
            #expect(wire?.first?["user_id"] as? String == bob.me.id)
        }
    }

    @Test("Delivered receipts still queued when the server shuts down are written before it stops")
    func flushedAtShutdown() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            let hello = try await ada.send("hello", to: team.id).message
            let recorder = DeliveryRecorder(store: ada.store)
            let group = ServiceGroup(configuration: .init(services: [recorder], logger: Logger(label: "test")))
            async let running: Void = group.run()
            recorder.record([
                DeliveryMark(conversationID: team.id, userID: bob.me.id, messageID: hello.id),
                DeliveryMark(conversationID: team.id, userID: carol.me.id, messageID: hello.id),
            ])
            await group.triggerGracefulShutdown()
            try await running

            let members = try await ada.conversation(team.id).members
            #expect(members.first { $0.userID == bob.me.id }?.lastDeliveredMessageID == hello.id)
            #expect(members.first { $0.userID == carol.me.id }?.lastDeliveredMessageID == hello.id)
        }
    }

    @Test("Hiding read receipts hides one's reading from others and theirs from oneself; delivered stays")
    func hiddenReadReceipts() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let first = try await ada.send("first", to: dm.id).message
            try await bob.markRead(dm.id, upTo: first.id)
            try await bob.send("answer", to: dm.id)
            try await bob.setHideReadReceipts(true)
            #expect(try await bob.get("user").object?["hide_read_receipts"] as? Bool == true)

            // Ada no longer sees where Bob read, not even the earlier read event; Bob no longer sees Ada's.
            let bobForAda = try #require(try await ada.conversation(dm.id).members.first { $0.userID == bob.me.id })
            #expect(bobForAda.lastReadMessageID == nil)
            #expect(bobForAda.lastDeliveredMessageID != nil)
            let adaForBob = try #require(try await bob.conversation(dm.id).members.first { $0.userID == ada.me.id })
            #expect(adaForBob.lastReadMessageID == nil)
            #expect(try await ada.events().results.allSatisfy { $0.kind != .conversationRead })

            let adaSeq = try await ada.events().results.last?.seq ?? 0
            let second = try await ada.send("second", to: dm.id).message
            try await bob.markRead(dm.id, upTo: second.id)
            #expect(try await ada.events(after: adaSeq).results.map(\.kind) == [.messageCreated])
            // Bob still sees his own position, and his devices still hear of it.
            #expect(try await bob.conversation(dm.id).lastReadMessageID == second.id)
            #expect(try await bob.events().results.last?.kind == .conversationRead)
            let bobAgain = try #require(try await ada.conversation(dm.id).members.first { $0.userID == bob.me.id })
            #expect(bobAgain.lastDeliveredMessageID == second.id && bobAgain.lastReadMessageID == nil)

            try await bob.setHideReadReceipts(false)
            #expect(try await ada.conversation(dm.id).members.first { $0.userID == bob.me.id }?.lastReadMessageID == second.id)
        }
    }

    @Test("The setting must be a boolean")
    func settingValidation() async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("user", json: #"{"hide_read_receipts": "yes"}"#), .badRequest, code: "invalid_field",
                mentioning: "hide_read_receipts")
            #expect(try await ada.get("user").object?["hide_read_receipts"] as? Bool == false)
        }
    }
}
