import Foundation
import KairosClient
import Testing

@Suite("KairosClient: the live event stream against a live server", .timeLimit(.minutes(1)))
struct KairosClientEventStreamTests {
    /// Quick retries, so a test of a drop does not wait for the defaults; pings stay slow enough that a
    /// server busy with other tests is not taken for a dead one.
    static let brisk = EventStreamOptions(
        pingInterval: .seconds(5), reconnectDelay: .milliseconds(100), maxReconnectDelay: .milliseconds(400))

    @Test("A message Bob sends reaches Ada's open stream as it happens")
    func liveMessage() async throws {
        try await withServer { url in
            let (ada, bob, dm) = try await Self.adaAndBobInADirectMessage(url)
            var events = ada.eventStream(after: try await Self.latestSeq(of: ada)).makeAsyncIterator()
            let sent = try await bob.sendMessage(conversationID: dm, text: "are you there?").message

            let event = try #require(try await Self.read(&events, until: "are you there?").last)
            #expect(event.kind == .messageCreated)
            #expect(event.conversationID == dm)
            #expect(event.message?.id == sent.id)
            #expect(event.message?.text == "are you there?")
            #expect(event.message?.authorID == sent.authorID)
        }
    }

    @Test("Restarting the stream with after= replays exactly the missed events, then goes on live")
    func resumeAfterSeq() async throws {
        try await withServer { url in
            let (ada, bob, dm) = try await Self.adaAndBobInADirectMessage(url)
            let start = try await Self.latestSeq(of: ada)
            let seen: Int
            do {
                var first = ada.eventStream(after: start).makeAsyncIterator()
                _ = try await bob.sendMessage(conversationID: dm, text: "one")
                seen = try #require(try await Self.read(&first, until: "one").last?.seq)
            }  // The first stream, and its socket, end here.

            for text in ["two", "three"] { _ = try await bob.sendMessage(conversationID: dm, text: text) }
            var resumed = ada.eventStream(after: seen).makeAsyncIterator()
            var received = try await Self.read(&resumed, until: "three")
            _ = try await bob.sendMessage(conversationID: dm, text: "four")
            received += try await Self.read(&resumed, until: "four")

            #expect(received.map(\.seq) == Array(seen + 1...seen + received.count))
            #expect(received.filter { $0.kind == .messageCreated }.compactMap(\.message?.text) == ["two", "three", "four"])
        }
    }

    @Test("When the server goes away and comes back, the stream reconnects and loses or repeats nothing")
    func reconnectAfterDrop() async throws {
        try await withRestartableServer { url, restart in
            let (ada, bob, dm) = try await Self.adaAndBobInADirectMessage(url)
            let start = try await Self.latestSeq(of: ada)
            var events = ada.eventStream(after: start, options: Self.brisk).makeAsyncIterator()
            _ = try await bob.sendMessage(conversationID: dm, text: "before")
            var received = try await Self.read(&events, until: "before")

            try await restart()
            for text in ["while", "you", "were", "away"] {
                _ = try await bob.sendMessage(conversationID: dm, text: text)
            }
            received += try await Self.read(&events, until: "away")
            _ = try await bob.sendMessage(conversationID: dm, text: "live again")
            received += try await Self.read(&events, until: "live again")

            #expect(received.map(\.seq) == Array(start + 1...start + received.count))
            #expect(received.filter { $0.kind == .messageCreated }.compactMap(\.message?.text) == ["before", "while", "you", "were", "away", "live again"])
            let feed = try await ada.events(after: start, limit: received.count).results
            #expect(feed.map(\.seq) == received.map(\.seq))
        }
    }

    @Test("A stream with a token the server refuses ends with its error instead of retrying")
    func refusedToken() async throws {
        try await withServer { url in
            let stranger = KairosClient(baseURL: url, token: "not-a-token")
            var events = stranger.eventStream().makeAsyncIterator()
            do {
                _ = try await events.next()
                Issue.record("The stream should have ended with the server's refusal.")
            } catch KairosClientError.server(let status, let code, _) {
                #expect(status == 401)
                #expect(code == "unauthorized")
            }
        }
    }

    /// Events from the stream up to the message with `text` (notifications of earlier messages come in between).
    static func read(
        _ events: inout AsyncThrowingStream<UserEvent, any Error>.Iterator, until text: String
    ) async throws -> [UserEvent] {
        var read: [UserEvent] = []
        while let event = try await events.next() {
            read.append(event)
            if event.kind == .messageCreated, event.message?.text == text { return read }
        }
        Issue.record("The stream ended before the message \(text)")
        return read
    }

    /// Ada and Bob, signed up, with the direct message between them.
    static func adaAndBobInADirectMessage(_ url: URL) async throws -> (KairosClient, KairosClient, String) {
        var ada = KairosClient(baseURL: url)
        let adaAuth = try await ada.signUp(
            email: "ada@example.com", password: "correct horse", name: "Ada", timezone: "UTC")
        ada.token = adaAuth.token
        var bob = KairosClient(baseURL: url)
        bob.token = try await bob.signUp(
            email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC"
        ).token
        let dm = try await bob.createConversation(.directMessage(userID: adaAuth.user.id))
        return (ada, bob, dm.id)
    }

    /// The seq of the newest event in someone's feed (0 when it is empty).
    static func latestSeq(of client: KairosClient) async throws -> Int {
        var seq = 0
        var page = try await client.events(after: 0, limit: 200)
        while let last = page.results.last {
            seq = last.seq
            page = try await client.events(after: seq, limit: 200)
        }
        return seq
    }
}
