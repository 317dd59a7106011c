import Foundation
import Hummingbird
import HummingbirdTesting
import KairosCore
import KairosPostgres
import KairosPostgresTesting
import KairosServer
import KairosStore
import Testing

/// Two live servers on one PostgreSQL database and one data folder, as two processes behind a load balancer
/// are: `body` gets a caller on each.
func withTwoProcesses(_ body: @Sendable (_ first: TestAPI, _ second: TestAPI) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kairos-two-processes-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = TestClock(wednesdayAfternoon)
    try await PostgresTestServer.withFreshDatabase(processes: 2) { stores in
        let apps = try stores.map { store in
            let services = AppServices(
                store: store,
                attachmentFiles: try AttachmentFiles(folder: folder.appendingPathComponent("attachments").path),
                clock: clock.serverClock, bcryptCost: 4, defaultTimeZone: "Europe/Paris")
            return Application(
                router: buildRouter(services),
                server: .http1WebSocketUpgrade(webSocketRouter: buildWebSocketRouter(services)),
                configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        }
        try await apps[0].test(.live) { first in
            try await apps[1].test(.live) { second in
                try await body(
                    TestAPI(client: first, clock: clock, store: stores[0], dataFolder: folder),
                    TestAPI(client: second, clock: clock, store: stores[1], dataFolder: folder))
            }
        }
    }
}

extension TestAPI {
    /// The same signed-in person, calling the server behind `other` instead.
    func calling(through other: TestAPI) -> TestAPI {
        var moved = other
        moved.token = token
        moved.user = user
        return moved
    }
}

@Suite(
    "Two server processes on one PostgreSQL database",
    .enabled(if: PostgresTestServer.url != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct TwoProcessTests {
    @Test("People on different processes message, type, share and complete tasks, and each hears it live")
    func liveAcrossProcesses() async throws {
        try await withTwoProcesses { first, second in
            let ada = try await first.signUp("ada@example.com", name: "Ada")
            let bob = try await second.signUp("bob@example.com", name: "Bob")
            let (adaSocket, _) = try await TestSocket.signedIn(ada)
            let (bobSocket, _) = try await TestSocket.signedIn(bob)

            let dm = try await ada.directMessage(with: bob)
            let posted = try await ada.send("The venue is booked", to: dm.id)
            var heard = try await bobSocket.nextEvent()
            while heard.messageID != posted.message.id { heard = try await bobSocket.nextEvent() }
            #expect(heard.kind == .messageCreated && heard.message?.text == "The venue is booked")
            #expect(try await bob.history(dm.id).map(\.text).contains("The venue is booked"))

            bobSocket.send(.typing(conversationID: dm.id))
            var frame = try await adaSocket.next()
            while case .event = frame { frame = try await adaSocket.next() }
            #expect(frame == .typing(conversationID: dm.id, userID: bob.me.id))

            let launch = try await ada.createProject("Launch")
            try await ada.shareProject(launch.id, with: bob, as: "editor")
            let task = try await ada.createTask("Print the badges", projectID: launch.id)
            let mark = try await ada.latestSeq()
            try await bob.close(task.id)
            // Bob's completion, which may come with a notification for Ada.
            var news = try await adaSocket.nextEvent()
            while news.seq <= mark || news.kind != .taskUpdated { news = try await adaSocket.nextEvent() }
            #expect(news.taskID == task.id && news.userID == bob.me.id)
            #expect(try await ada.calling(through: second).projectEvents(after: mark).count == 1)
        }
    }

    @Test("A revoked token's socket closes on the other process too")
    func revocationAcrossProcesses() async throws {
        try await withTwoProcesses { first, second in
            let ada = try await first.signUp("ada@example.com", name: "Ada")
            let (socket, _) = try await TestSocket.signedIn(ada.calling(through: second))
            try expectNoContent(try await ada.post("auth/logout"))
            #expect(try await socket.isClosed(within: .seconds(10)))
        }
    }
}
