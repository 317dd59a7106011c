import Foundation
import KairosCore
import KairosPostgresTesting
import KairosStore
import Testing

@testable import KairosPostgres

/// How the PostgreSQL store numbers the events of its writes and announces them to every process.
@Suite(.enabled(if: PostgresTestServer.url != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct PostgresWriteTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Events are numbered in commit order and announced in that order, however many writes run at once")
    func numberedInCommitOrder() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let heard = LockedList<Int>()
            store.observeNewEvents { events in heard.append(contentsOf: events.map(\.event.seq)) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        try await store.write { write in
                            write.add(.init(recipients: [ada.id], kind: .projectUpdated), now: now)
                            write.add(.init(recipients: [ada.id], kind: .stopwatchChanged), now: now)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await heard.waitFor(80) == Array(1...80))
            let stored = try await store.read { connection in
                try await connection.rows(
                    "SELECT seq FROM events WHERE user_id = \(Int64(ada.id)!) ORDER BY seq",
                    logger: PostgresTestServer.logger
                ).map { Int(try $0.decode(Int64.self)) }
            }
            #expect(stored == Array(1...80))
        }
    }

    @Test("A write that fails adds no events, announces none, and takes no numbers")
    func failedWriteAnnouncesNothing() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let heard = LockedList<NewEvent>()
            store.observeNewEvents { events in heard.append(contentsOf: events) }
            await #expect(throws: KairosError.self) {
                try await store.write { write in
                    write.add(.init(recipients: [ada.id], kind: .projectUpdated), now: now)
                    throw KairosError.conflict("Changed my mind.")
                }
            }
            // A statement that fails while the events are written rolls back too, numbers and all.
            await #expect(throws: (any Error).self) {
                try await store.write { write in
                    write.add(.init(recipients: [ada.id], kind: .projectUpdated), now: now)
                    try await write.query("INSERT INTO no_such_table VALUES (1)")
                }
            }
            try await store.write { write in
                write.add(.init(recipients: [ada.id], kind: .projectUpdated), now: now)
            }
            #expect(try await heard.waitFor(1).map(\.event.seq) == [1])
        }
    }

    @Test("A message's event reaches every member once it commits, and not those outside the conversation")
    func conversationEventReachesMembers() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            let alan = try await store.createUser(
                email: "alan@example.com", name: "Alan", passwordHash: "x", timezone: "UTC", now: now)
            let conversation = try await store.write { write in
                let id = try #require(
                    try await write.firstRow(
                        """
                        INSERT INTO conversations (kind, name, created_by, last_activity, created_at)
                        VALUES ('group', 'Launch', \(Int64(ada.id)!), 0, \(now.micros)) RETURNING id
                        """)
                ).decode(Int64.self)
                try await write.query(
                    """
                    INSERT INTO conversation_members (conversation_id, user_id, role, joined_at)
                    VALUES (\(id), \(Int64(ada.id)!), 'owner', \(now.micros)),
                        (\(id), \(Int64(grace.id)!), 'member', \(now.micros))
                    """)
                return id
            }
            let heard = LockedList<NewEvent>()
            store.observeNewEvents { events in heard.append(contentsOf: events) }
            let message = try await store.write { write in
                try await PostgresStore.insertMessage(
                    write,
                    MessageDraft(
                        conversationID: String(conversation), authorID: ada.id, kind: .text, text: "Ship it",
                        mentions: [grace.id], actorID: ada.id),
                    now: now)
            }
            let events = try await heard.waitFor(2)
            #expect(Set(events.map(\.userID)) == [ada.id, grace.id])
            #expect(!events.map(\.userID).contains(alan.id))
            #expect(events.allSatisfy { $0.event.kind == .messageCreated && $0.event.messageID == String(message) })
            #expect(Set(events.map(\.event.seq)) == [1])
        }
    }

    @Test("An event about a task deleted in the same write names no task, and is still written")
    func eventOutlivesRowItNamed() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let heard = LockedList<NewEvent>()
            store.observeNewEvents { events in heard.append(contentsOf: events) }
            try await store.write { write in
                write.add(.init(recipients: [ada.id], kind: .taskUpdated, taskID: "424242"), now: now)
            }
            #expect(try await heard.waitFor(1).map(\.event.taskID) == [nil])
        }
    }

    @Test("Two processes on one database both hear every write of either, in number order")
    func everyProcessHearsEveryWrite() async throws {
        try await PostgresTestServer.withFreshDatabase(processes: 2) { stores in
            let ada = try await stores[0].createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let heard = [LockedList<Int>(), LockedList<Int>()]
            for (store, list) in zip(stores, heard) {
                store.observeNewEvents { events in list.append(contentsOf: events.map(\.event.seq)) }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        try await stores[index % 2].write { write in
                            write.add(.init(recipients: [ada.id], kind: .projectUpdated), now: now)
                        }
                    }
                }
                try await group.waitForAll()
            }
            for list in heard { #expect(try await list.waitFor(30) == Array(1...30)) }
        }
    }

    @Test("A plan's notification reaches each recipient with its write; one about a task gone by then is left out")
    func notificationsWithTheirWrite() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            let listener = NotificationPolicy.Listener(quietHours: nil, timeZone: .gmt)
            let recipients = [ada.id, grace.id].compactMap {
                WritePlan.Notification.Recipient($0, hearing: .reminder, listener, at: now)
            }
            var plan = WritePlan()
            plan.notifications = [
                .init(recipients: recipients, kind: .reminder, text: "Water the plants", actorID: nil),
                .init(recipients: recipients, kind: .reminder, text: "Gone", actorID: nil, taskID: "424242"),
            ]
            try await store.write { write in try await PostgresStore.apply(plan, write, now: now) }
            let stored = try await store.read { connection in
                try await connection.rows(
                    "SELECT user_id, text, quiet FROM notifications ORDER BY id", logger: PostgresTestServer.logger
                ).map { try $0.decode((Int64, String, Bool).self) }
            }
            #expect(
                stored.map { "\($0.0) \($0.1) \($0.2)" } == [
                    "\(ada.id) Water the plants false", "\(grace.id) Water the plants false",
                ])
        }
    }

    @Test(
        "A process whose listening connection drops announces what was committed meanwhile, once, in order",
        .timeLimit(.minutes(1)))
    func listenerCatchesUpAfterDrop() async throws {
        try await PostgresTestServer.withFreshDatabase(processes: 2) { stores in
            let ada = try await stores[0].createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let heard = [LockedList<Int>(), LockedList<Int>()]
            for (store, list) in zip(stores, heard) {
                store.observeNewEvents { events in list.append(contentsOf: events.map(\.event.seq)) }
            }
            func add() async throws {
                try await stores[0].write { write in
                    write.add(.init(recipients: [ada.id], kind: .projectUpdated), now: now)
                }
            }
            try await add()
            for list in heard { #expect(try await list.waitFor(1) == [1]) }
            // Both listeners drop; the writes below may land before or after they listen again.
            try await stores[0].write { write in
                try await write.query(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND application_name = \(PostgresEventRelay.applicationName)
                    """)
            }
            for _ in 0..<5 { try await add() }
            for list in heard { #expect(try await list.waitFor(6) == Array(1...6)) }
        }
    }

    @Test("A signal one process sends reaches every process's observers; one too big to pass is dropped")
    func signalsReachEveryProcess() async throws {
        try await PostgresTestServer.withFreshDatabase(processes: 2) { stores in
            let heard = [LockedList<PassingSignal>(), LockedList<PassingSignal>()]
            for (store, list) in zip(stores, heard) {
                store.observeSignals { signal in list.append(contentsOf: [signal]) }
            }
            let typing = PassingSignal.typing(conversationID: "7", userID: "1", audience: ["2", "3"])
            let crowd = PassingSignal.typing(
                conversationID: "8", userID: "1", audience: (1...2_000).map { String(100_000 + $0) })
            try await stores[0].send(typing)
            try await stores[0].send(crowd)
            try await stores[1].send(.tokensRevoked(userID: "2"))
            for list in heard {
                let signals = try await list.waitFor(2)
                #expect(signals.count == 2)
                #expect(signals.contains(typing))
                #expect(signals.contains(.tokensRevoked(userID: "2")))
            }
        }
    }
}
