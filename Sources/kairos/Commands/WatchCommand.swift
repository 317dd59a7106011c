import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos watch`: one line per event of yours as it happens, until Ctrl-C.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print your events (messages, edits, reads, task updates, notifications) as they happen.",
        discussion: "Runs until Ctrl-C. A dropped connection is reopened without losing or repeating an event.")

    @Option(help: "Replay the events after this seq first (0 for all of them).")
    var after: Int?
    @Flag(help: "Print each event as one line of JSON, as GET /api/v1/events lists it.")
    var json = false

    func run() async throws {
        if let after, after < 0 { throw CLIError("--after must be 0 or more.") }
        let client = try CLISession().client
        let interrupt = Self.endOnInterrupt()
        defer { interrupt.cancel() }
        var text = try await EventText(client: client)
        for try await event in client.eventStream(after: after) {
            var lines = [String(decoding: JSONWriter.encode(event), as: UTF8.self)]
            if !json { lines = await text.lines(event) }
            // Written straight away, not buffered, so a pipe sees each event as it arrives.
            FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        }
    }

    /// Ctrl-C ends the command at once with success, leaving the socket to close with the process.
    private static func endOnInterrupt() -> any DispatchSourceSignal {
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        interrupt.setEventHandler { WatchCommand.exit() }
        interrupt.resume()
        return interrupt
    }
}

/// How events read in the terminal: `[Launch] 14:05 Bob: hello`, `[Launch] Bob read up to here`.
struct EventText {
    let client: KairosClient
    let me: User
    /// Conversations already fetched, by id; fetched again when a member is unknown (someone joined).
    private var conversations: [String: Conversation] = [:]

    init(client: KairosClient) async throws {
        self.client = client
        self.me = try await client.currentUser()
    }

    mutating func lines(_ event: UserEvent) async -> [String] {
        let conversation = await self.conversation(event.conversationID, knowing: event.userID ?? event.message?.authorID)
        let place = conversation.map { "[\(ThreadText.title(of: $0, for: me))] " } ?? ""
        if let message = event.message {
            return ThreadText(me: me, conversation: conversation).lines(message).map { place + $0 }
        }
        let time = ThreadText.clock(event.createdAt, in: me.timeZone)
        switch event.kind {
        case .conversationRead:
            let reader = conversation?.members.first { $0.userID == event.userID }?.name ?? "Someone"
            return ["\(place)\(time) \(reader) read up to here"]
        case .taskUpdated:
            return ["\(place)\(time) · task \(event.taskID ?? "") changed (kairos show \(event.taskID ?? ""))"]
        case .stopwatchChanged:
            return ["\(time) · your stopwatch changed (kairos timer status)"]
        case .notificationCreated:
            let latest = try? await client.notifications(unreadOnly: true, limit: 1).results.first
            return ["\(time) · notification: \(latest?.text ?? "see kairos notifications")"]
        case .messageCreated, .messageEdited:
            return ["\(place)\(time) · message \(event.messageID ?? "") (kairos thread \(event.conversationID ?? ""))"]
        }
    }

    /// The event's conversation, fetched once, or again when `userID` is not among its members yet.
    private mutating func conversation(_ id: String?, knowing userID: String?) async -> Conversation? {
        guard let id else { return nil }
        if let known = conversations[id], userID.map({ user in known.members.contains { $0.userID == user } }) ?? true {
            return known
        }
        guard let fresh = try? await client.conversation(id: id) else { return conversations[id] }
        conversations[id] = fresh
        return fresh
    }
}
