import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Realtime: the WebSocket pushes each user's feed live, in order, to members only")
struct RealtimeTests {
    @Test("A member's open socket gets a new message live, as the same event the feed lists")
    func liveDelivery() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let (socket, ready) = try await TestSocket.signedIn(bob)
            #expect(ready == 0)
            let hello = try await ada.send("hello Bob", to: dm.id).message
            let event = try await socket.nextEvent()
            #expect(event.kind == .messageCreated)
            #expect(event.message?.text == "hello Bob")
            #expect(event.messageID == hello.id)
            #expect(try await bob.events().results == [event])

            socket.send(.ping)
            #expect(try await socket.next() == .pong)
            await socket.close()
        }
    }

    @Test("Events go out live though the numbers skip those of events in other people's feeds")
    func liveAcrossSkippedNumbers() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, carol in
            let withBob = try await ada.directMessage(with: bob)
            let withCarol = try await ada.directMessage(with: carol)
            let (socket, ready) = try await TestSocket.signedIn(bob)
            try await ada.send("for Carol", to: withCarol.id)
            try await ada.send("for Bob", to: withBob.id)
            let event = try await socket.nextEvent()
            #expect(event.message?.text == "for Bob")
            #expect(event.seq == ready + 2)
            #expect(try await socket.framesArriving().isEmpty)
            await socket.close()
        }
    }

    @Test("A mention goes out live as its message and then a notification naming it, each as the feed lists it")
    func liveMention() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let (socket, _) = try await TestSocket.signedIn(bob)
            try await ada.send("@bob look at this", to: dm.id)
            let live = [try await socket.nextEvent(), try await socket.nextEvent()]
            #expect(live.map(\.kind) == [.messageCreated, .notificationCreated])
            #expect(live[1].message == nil && live[1].messageID == live[0].messageID)
            #expect(try await bob.events().results == live)
            await socket.close()
        }
    }

    @Test("Reconnecting with after=SEQ replays exactly what was missed, then goes on live")
    func reconnectReplay() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let (first, _) = try await TestSocket.signedIn(bob)
            try await ada.send("one", to: dm.id)
            try await ada.send("two", to: dm.id)
            #expect(try await first.nextEvent().seq == 1)
            #expect(try await first.nextEvent().seq == 2)
            await first.close()

            for text in ["three", "four", "five"] { try await ada.send(text, to: dm.id) }
            let (second, ready) = try await TestSocket.signedIn(bob, after: 2)
            #expect(ready == 5)
            var replayed: [UserEvent] = []
            for _ in 0..<3 { replayed.append(try await second.nextEvent()) }
            #expect(replayed.map(\.seq) == [3, 4, 5])
            #expect(replayed.compactMap(\.message?.text) == ["three", "four", "five"])
            try await ada.send("six", to: dm.id)
            let live = try await second.nextEvent()
            #expect(live.seq == 6 && live.message?.text == "six")
            #expect(try await second.framesArriving().isEmpty)

            // Without `after`, a socket starts at the newest event: nothing old comes again.
            let (third, latest) = try await TestSocket.signedIn(bob)
            #expect(latest == 6)
            #expect(try await third.framesArriving().isEmpty)
            await second.close()
            await third.close()
        }
    }

    @Test("Twenty senders at once: every member's socket gets each message once, in seq order")
    func concurrentSenders() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            let (socket, start) = try await TestSocket.signedIn(carol)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 0..<20 {
                    let sender = [ada, bob][number % 2]
                    group.addTask { try await sender.send("n\(number)", to: team.id) }
                }
                try await group.waitForAll()
            }
            var seqs: [Int] = []
            for _ in 0..<20 { seqs.append(try await socket.nextEvent().seq) }
            #expect(seqs == Array((start + 1)...(start + 20)))
            #expect(try await socket.framesArriving().isEmpty)
            await socket.close()
        }
    }

    @Test("A bad token, a first frame that is not auth, or silence is refused and the socket closed")
    func refusedSockets() async throws {
        try await withLiveAPI(socketAuthTimeout: .milliseconds(300)) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")

            let badToken = TestSocket(ada)
            badToken.send(.auth(token: "kai_not-a-token", after: nil))
            try await expectRefused(badToken)

            let noAuth = TestSocket(ada)
            noAuth.send(.ping)
            try await expectRefused(noAuth)

            let garbage = TestSocket(ada)
            garbage.send(text: "hello")
            try await expectRefused(garbage)

            let silent = TestSocket(ada)
            try await expectRefused(silent)
        }
    }

    @Test("Typing reaches the conversation's other connected members only; a stranger's typing is refused")
    func typing() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let (adaSocket, _) = try await TestSocket.signedIn(ada)
            let (bobSocket, _) = try await TestSocket.signedIn(bob)
            let (carolSocket, _) = try await TestSocket.signedIn(carol)

            adaSocket.send(.typing(conversationID: dm.id))
            #expect(try await bobSocket.next() == .typing(conversationID: dm.id, userID: ada.me.id))
            #expect(try await carolSocket.framesArriving().isEmpty)
            #expect(try await adaSocket.framesArriving(within: .zero).isEmpty)

            carolSocket.send(.typing(conversationID: dm.id))
            guard case .error(let code, _) = try await carolSocket.next() else {
                Issue.record("a stranger's typing should be answered with an error frame")
                return
            }
            #expect(code == "not_found")
            #expect(try await adaSocket.framesArriving().isEmpty)
            #expect(try await bobSocket.framesArriving(within: .zero).isEmpty)
            // The error does not close the socket.
            carolSocket.send(.ping)
            #expect(try await carolSocket.next() == .pong)
            for socket in [adaSocket, bobSocket, carolSocket] { await socket.close() }
        }
    }

    @Test("Typing goes on at most once every two seconds per person and conversation; the rest is dropped silently")
    func typingRateLimit() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let team = try await ada.group("Launch", with: [bob, carol])
            let (adaSocket, _) = try await TestSocket.signedIn(ada)
            let (bobSocket, _) = try await TestSocket.signedIn(bob)

            for _ in 0..<5 { adaSocket.send(.typing(conversationID: dm.id)) }
            #expect(try await bobSocket.next() == .typing(conversationID: dm.id, userID: ada.me.id))
            #expect(try await bobSocket.framesArriving().isEmpty)
            #expect(try await adaSocket.framesArriving(within: .zero).isEmpty)

            // Another conversation has its own allowance.
            adaSocket.send(.typing(conversationID: team.id))
            #expect(try await bobSocket.next() == .typing(conversationID: team.id, userID: ada.me.id))

            ada.clock.now += 1.5
            adaSocket.send(.typing(conversationID: dm.id))
            #expect(try await bobSocket.framesArriving().isEmpty)
            ada.clock.now += 0.5
            adaSocket.send(.typing(conversationID: dm.id))
            #expect(try await bobSocket.next() == .typing(conversationID: dm.id, userID: ada.me.id))
            await adaSocket.close()
            await bobSocket.close()
        }
    }

    @Test("A member removed from a group gets nothing more from it on an already open socket")
    func removedMember() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            let (bobSocket, _) = try await TestSocket.signedIn(bob)
            let (carolSocket, _) = try await TestSocket.signedIn(carol)
            try await ada.send("before", to: team.id)
            #expect(try await bobSocket.nextEvent().message?.text == "before")
            #expect(try await carolSocket.nextEvent().message?.text == "before")

            try expectNoContent(try await ada.delete("conversations/\(team.id)/members/\(bob.me.id)"))
            _ = try await carolSocket.nextEvent()  // The notice that Bob was removed.
            try await ada.send("after", to: team.id)
            carolSocket.send(.typing(conversationID: team.id))
            #expect(try await carolSocket.nextEvent().message?.text == "after")
            #expect(try await bobSocket.framesArriving().isEmpty)

            bobSocket.send(.typing(conversationID: team.id))
            guard case .error(let code, _) = try await bobSocket.next() else {
                Issue.record("a removed member's typing should be refused")
                return
            }
            #expect(code == "not_found")
            #expect(try await carolSocket.framesArriving().isEmpty)
            await bobSocket.close()
            await carolSocket.close()
        }
    }

    @Test("Revoking a token closes the sockets it opened, and only those")
    func revokedToken() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let created = try expectOK(
                try await bob.post("tokens", TokenCreateRequest(name: "phone")), .created, as: TokenCreatedResponse.self
            )
            let phone = bob.with(token: created.token)
            let (phoneSocket, _) = try await TestSocket.signedIn(phone)
            let (laptopSocket, _) = try await TestSocket.signedIn(bob)

            try expectNoContent(try await bob.delete("tokens/\(created.info.id)"))
            guard case .error(let code, _) = try await phoneSocket.next() else {
                Issue.record("the revoked socket should be told why it closes")
                return
            }
            #expect(code == "unauthorized")
            #expect(try await phoneSocket.isClosed())

            try await ada.send("still here", to: dm.id)
            #expect(try await laptopSocket.nextEvent().message?.text == "still here")
            await laptopSocket.close()
        }
    }

    @Test("A message sent over the socket counts as delivered to its reader")
    func deliveredOverSocket() async throws {
        try await withLiveAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let (socket, _) = try await TestSocket.signedIn(bob)
            let hello = try await ada.send("hello", to: dm.id).message
            _ = try await socket.nextEvent()
            let bobInAdasView = try await ada.eventually(in: dm.id, member: bob.me.id) {
                $0.lastDeliveredMessageID == hello.id
            }
            #expect(bobInAdasView.lastReadMessageID == nil)
            await socket.close()
        }
    }

    private func expectRefused(_ socket: TestSocket, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let frame = try await socket.next(sourceLocation: sourceLocation)
        guard case .error(let code, let message) = frame else {
            Issue.record("expected an error frame, got \(String(describing: frame))", sourceLocation: sourceLocation)
            return
        }
        #expect(code == "unauthorized", sourceLocation: sourceLocation)
        #expect(message.contains("auth"), sourceLocation: sourceLocation)
        #expect(try await socket.isClosed(), sourceLocation: sourceLocation)
        await socket.close()
    }
}

extension TestAPI {
    /// A member of a conversation as the caller sees them, once `condition` holds (receipts are written
    /// just after the delivery that caused them); fails the test after two seconds.
    func eventually(
        in conversationID: String, member userID: String,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (ConversationMember) -> Bool
    ) async throws -> ConversationMember {
        let deadline = ContinuousClock.now + .seconds(2)
        while true {
            let member = try #require(
                try await conversation(conversationID).members.first { $0.userID == userID },
                sourceLocation: sourceLocation)
            if condition(member) { return member }
            guard ContinuousClock.now < deadline else {
                Issue.record("member never matched: \(member)", sourceLocation: sourceLocation)
                return member
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
