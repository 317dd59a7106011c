import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos watch`: one line per event of yours as it happens, until Ctrl-C.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract:
            "Print your events (messages, edits, reads, task and shared project changes, notifications) as they happen.",
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
            StandardOutput.write(lines.map { $0 + "\n" }.joined())
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

/// How events read in the terminal: `[Launch] 14:05 Bob: hello`, `[Launch] Bob read up to here`,
/// `[#Launch] 14:05 Ada changed "Print flyers" (kairos show 12)`.
struct EventText {
    let client: KairosClient
    let me: User
    /// Conversations already fetched, by id; fetched again when a member is unknown (someone joined).
    private var conversations: [String: Conversation] = [:]
    /// Shared projects' names and people, by project id, as last read (kept once the user is removed).
    private var projects: [String: (name: String, people: [String: String])] = [:]

    init(client: KairosClient) async throws {
        self.client = client
        self.me = try await client.currentUser()
    }

    mutating func lines(_ event: UserEvent) async -> [String] {
        let conversation = await self.conversation(
            event.conversationID, knowing: event.userID ?? event.message?.authorID)
        let place = conversation.map { "[\(ThreadText.title(of: $0, for: me))] " } ?? ""
        if let message = event.message {
            return ThreadText(me: me, conversation: conversation).lines(message).map { place + $0 }
        }
        let time = ThreadText.clock(event.createdAt, in: me.timeZone)
        if let projectID = event.projectID {
            return [await projectLine(event, in: projectID, at: time)]
        }
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
        case .taskDeleted, .projectUpdated:
            return ["\(time) · \(event.kind.rawValue)"]
        }
    }

    /// `[#Launch] 14:05 Ada changed "Print flyers" (kairos show 12)`, `[#Launch] 14:05 Ada changed the project`.
    private mutating func projectLine(_ event: UserEvent, in projectID: String, at time: String) async -> String {
        var stillShared = true
        if event.kind == .projectUpdated || projects[projectID] == nil {
            if let project = try? await client.project(id: projectID) {
                let people = (try? await client.collaborators(projectID: projectID)) ?? []
                projects[projectID] = (project.name, Dictionary(people.map { ($0.id, $0.name) }) { first, _ in first })
            } else {
                stillShared = false
            }
        }
        let known = projects[projectID]
        let place = "[#\(known?.name ?? projectID)] \(time)"
        let who = event.userID == me.id ? "You" : event.userID.flatMap { known?.people[$0] } ?? "Someone"
        let taskID = event.taskID ?? ""
        switch event.kind {
        case .taskDeleted:
            return "\(place) \(who) deleted task \(taskID), or moved it where you don't see it"
        case .projectUpdated:
            return stillShared
                ? "\(place) \(who) changed the project (kairos projects)"
                : "\(place) \(who) changed the project; it is no longer shared with you"
        default:
            let title = (try? await client.task(id: taskID)).map { "\"\($0.content)\"" } ?? "task \(taskID)"
            return "\(place) \(who) changed \(title) (kairos show \(taskID))"
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
