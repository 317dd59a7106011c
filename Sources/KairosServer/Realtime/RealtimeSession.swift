import Foundation
import HummingbirdWebSocket
import KairosCore
import Logging

/// One client's realtime socket, from its `auth` frame to its close.
///
/// After `ready`, three loops share the socket: the inbound loop answers pings and relays typing, the
/// event pump sends the user's feed in seq order (events handed over by the hub when they follow the
/// last seq it sent, otherwise read from the store after it, so none is lost and none goes twice), and
/// the outgoing loop sends typing frames and closes on revocation.
struct RealtimeSession {
    let accounts: AccountService
    let conversations: ConversationService
    let feed: EventFeedService
    let hub: RealtimeHub
    let authTimeout: Duration
    let logger: Logger

    /// How many events the pump reads from the store at a time.
    private static let pumpBatch = 200

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let watchdog = Task {
            try await Task.sleep(for: authTimeout)
            try await refuse(
                .unauthorized("Send {\"type\":\"auth\",\"token\":...} first, within \(authTimeout)."), on: outbound)
        }
        defer { watchdog.cancel() }
        var socket: RealtimeSocket?
        defer {
            if let socket {
                hub.remove(socket)
                socket.finish()
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for try await message in inbound.messages(maxSize: Limits.socketFrameBytes) {
                let frame = Self.decode(message)
                guard let current = socket else {
                    // The timeout is for the first frame to arrive; once it has, only this loop answers, so a
                    // slow token lookup never races the watchdog's refusal on the same socket.
                    watchdog.cancel()
                    if case .success = await watchdog.result { return }
                    guard case .auth(let token, let after) = frame,
                        let user = try await accounts.user(forToken: token)
                    else {
                        return try await refuse(
                            .unauthorized(
                                "The first frame must be {\"type\":\"auth\",\"token\":...} with a live API token."),
                            on: outbound)
                    }
                    socket = try await start(for: user, token: token, after: after, outbound: outbound, in: &group)
                    continue
                }
                try await handle(frame, from: current, outbound: outbound)
            }
            group.cancelAll()
        }
    }

    /// Registers the socket, says `ready`, and starts the event pump from `after` and the outgoing loop.
    private func start(
        for user: User, token: String, after: Int?, outbound: WebSocketOutboundWriter,
        in group: inout ThrowingTaskGroup<Void, any Error>
    ) async throws -> RealtimeSocket {
        let (wakes, wakesContinuation) = RealtimeSocket.makeWakes()
        let (outgoing, outgoingContinuation) = RealtimeSocket.makeOutgoing()
        let socket = RealtimeSocket(user: user, token: token, wakes: wakesContinuation, outgoing: outgoingContinuation)
        // Registered before reading the latest seq, so an event committed in between still wakes the pump.
        hub.add(socket)
        let (latest, start) = try await feed.resumption(of: user, after: after)
        try await outbound.write(.text(ServerFrame.ready(seq: latest).text))
        group.addTask { [feed, hub] in
            var lastSent = start
            var lastBatch = 0
            /// Sends what the store has after `lastSent`: everything committed so far.
            func catchUp() async throws {
                var more = true
                while more {
                    let page = try await feed.events(of: user, after: lastSent, limit: Self.pumpBatch)
                    for event in page.results {
                        try await outbound.write(.text(ServerFrame.event(event).text))
                        lastSent = event.seq
                    }
                    more = page.nextCursor != nil
                }
            }
            // Every batch the hub hands over from here on was committed after the socket was registered.
            try await catchUp()
            for await batch in wakes {
                let lostNone = batch.number == lastBatch + 1
                lastBatch = batch.number
                let fresh = batch.events.drop { $0.event.seq <= lastSent }
                if fresh.isEmpty && lostNone { continue }
                if lostNone, fresh.allSatisfy({ Self.isComplete($0.event) }) {
                    for framed in fresh {
                        try await outbound.write(.text(framed.text))
                        lastSent = framed.event.seq
                    }
                    feed.recordDelivery(of: fresh.map(\.event), to: user)
                    hub.fannedOut(since: batch.handedOverAt)
                    continue
                }
                try await catchUp()
                if !fresh.isEmpty { hub.fannedOut(since: batch.handedOverAt) }
            }
        }
        group.addTask { [self] in
            for await item in outgoing {
                switch item {
                case .text(let text): try await outbound.write(.text(text))
                case .close(let error): return try await refuse(error, on: outbound)
                }
            }
        }
        logger.debug("Realtime socket ready", metadata: ["user": "\(user.id)", "after": "\(start)"])
        return socket
    }

    private func handle(
        _ frame: ClientFrame?, from socket: RealtimeSocket, outbound: WebSocketOutboundWriter
    )
        async throws
    {
        switch frame {
        case .ping:
            try await outbound.write(.text(ServerFrame.pong.text))
        case .typing(let conversationID):
            guard hub.typingThrottle.admit(userID: socket.user.id, conversationID: conversationID) else { return }
            do {
                try await conversations.announceTyping(in: conversationID, by: socket.user)
            } catch let error as KairosError {
                try await outbound.write(.text(ServerFrame.error(code: error.code, message: error.message).text))
            }
        case .auth:
            try await outbound.write(
                .text(ServerFrame.error(code: "bad_request", message: "This socket is already signed in.").text))
        case nil:
            try await outbound.write(
                .text(
                    ServerFrame.error(
                        code: "bad_request",
                        message: "Frames are JSON text with a type: typing (with conversation_id) or ping."
                    ).text))
        }
    }

    /// Whether a handed-over event can be sent as it is: the store's read applies filters of its own
    /// (receipts of people who hide them, a project's events to someone who no longer sees it) and fills in
    /// messages and projects, so other events are read from it.
    private static func isComplete(_ event: UserEvent) -> Bool {
        switch event.kind {
        case .messageCreated, .messageEdited: event.message != nil
        case .stopwatchChanged, .notificationCreated: true
        case .conversationRead, .taskUpdated, .taskDeleted, .projectUpdated: false
        }
    }

    /// Says why and closes the socket as a policy violation.
    private func refuse(_ error: KairosError, on outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(ServerFrame.error(code: error.code, message: error.message).text))
        try await outbound.close(.policyViolation, reason: error.code)
    }

    private static func decode(_ message: WebSocketMessage) -> ClientFrame? {
        guard case .text(let text) = message else { return nil }
        return try? JSONDecoder().decode(ClientFrame.self, from: Data(text.utf8))
    }
}
