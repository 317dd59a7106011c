import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `SearchStore`'s behaviour, the same on every backend: each word of a query matches the words it begins.
@Suite("Search store, on every backend")
struct SearchStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    func say(
        _ store: any SharedStore, _ body: String, in conversation: Conversation, by author: User, at offset: Double = 0
    )
        async throws -> Message
    {
        try await store.post(
            MessageDraft(conversationID: conversation.id, authorID: author.id, kind: .text, text: body),
            now: now + offset)
    }

    func search(
        _ store: any SharedStore, _ user: User, _ query: SearchQuery, limit: Int = 20
    ) async throws -> [SearchHit] {
        try await store.search(userID: user.id, query: query, page: PageRequest(limit: limit)).results
    }

    @Test("Messages match by the beginnings of all the words, without case or accents", arguments: StoreBackend.all)
    func prefixes(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let planning = try await say(store, "Planning the Café launch", in: dm, by: ada)
            _ = try await say(store, "Lunch plans?", in: dm, by: bob)
            _ = try await say(store, "Nothing here", in: dm, by: bob)
            let hits = try await search(store, bob, SearchQuery(text: "plan cafe", kind: .message))
            #expect(hits.map(\.id) == [planning.id])
            let hit = try #require(hits.first)
            #expect(hit.kind == .message && hit.conversationID == dm.id && hit.authorID == ada.id)
            #expect(hit.authorName == "Ada" && hit.conversationName == "Ada")
            #expect(hit.snippet == "<mark>Planning</mark> the <mark>Café</mark> launch")
            #expect(try await search(store, bob, SearchQuery(text: "PLAN", kind: .message)).count == 2)
            #expect(try await search(store, bob, SearchQuery(text: "lan", kind: .message)).isEmpty)
            #expect(try await search(store, bob, SearchQuery(text: "  ", kind: .message)).isEmpty)
            #expect(try await search(store, bob, SearchQuery(text: "\"plan* (", kind: .message)).count == 2)
        }
    }

    @Test("Only messages of one's own conversations are found, and filters narrow them", arguments: StoreBackend.all)
    func filters(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let withBob = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let withCarol = try await store.directMessage(between: ada.id, and: carol.id, now: now)
            let early = try await say(store, "budget draft", in: withBob, by: bob, at: 0)
            let late = try await say(store, "budget final", in: withBob, by: ada, at: 100)
            let other = try await say(store, "budget for Carol", in: withCarol, by: carol, at: 50)
            #expect(
                Set(try await search(store, ada, SearchQuery(text: "budget")).map(\.id)) == [
                    early.id, late.id, other.id,
                ])
            #expect(try await search(store, bob, SearchQuery(text: "budget")).map(\.id).contains(other.id) == false)
            #expect(try await search(store, ada, SearchQuery(text: "budget", personID: bob.id)).map(\.id) == [early.id])
            #expect(
                Set(try await search(store, ada, SearchQuery(text: "budget", conversationID: withBob.id)).map(\.id))
                    == [early.id, late.id])
            #expect(
                try await search(store, ada, SearchQuery(text: "budget", conversationIDs: [withCarol.id])).map(\.id)
                    == [
                        other.id
                    ])
            #expect(try await search(store, ada, SearchQuery(text: "budget", conversationIDs: [])).isEmpty)
            #expect(
                Set(try await search(store, ada, SearchQuery(text: "budget", since: now + 50)).map(\.id)) == [
                    other.id, late.id,
                ])
            #expect(try await search(store, ada, SearchQuery(text: "budget", until: now + 50)).map(\.id) == [early.id])
            #expect(try await search(store, ada, SearchQuery(text: "budget", personID: "x")).isEmpty)
        }
    }

    @Test(
        "More matches rank first, equals in the order they were sent; pages go on by offset",
        arguments: StoreBackend.all)
    func ranking(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let once = try await say(store, "deploy today with the usual checklist", in: dm, by: ada)
            let twice = try await say(store, "deploy, then deploy again", in: dm, by: ada)
            let newer = try await say(store, "deploy today with the other checklist", in: dm, by: ada)
            let first = try await store.search(
                userID: bob.id, query: SearchQuery(text: "deploy", kind: .message), page: PageRequest(limit: 2))
            #expect(first.results.map(\.id) == [twice.id, once.id])
            let rest = try await store.search(
                userID: bob.id, query: SearchQuery(text: "deploy", kind: .message),
                page: PageRequest(cursor: PageCursor(token: try #require(first.nextCursor), keyCount: 1), limit: 2))
            #expect(rest.results.map(\.id) == [newer.id])
            #expect(rest.nextCursor == nil)
        }
    }

    @Test("Open tasks one can see are found with messages, and a project narrows them", arguments: StoreBackend.all)
    func tasks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let home = try await SharedFixtures.project(store, owner: ada, name: "Home", now: now)
            let work = try await SharedFixtures.project(store, owner: ada, name: "Work", now: now)
            let paint = try await SharedFixtures.task(store, "Paint the fence", in: home, by: ada, now: now)
            let notes = try await SharedFixtures.task(
                store, "Call the painter", description: "about the fence colour", in: work, by: ada, now: now)
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let message = try await say(store, "fence is done", in: dm, by: bob)
            let hits = try await search(store, ada, SearchQuery(text: "fence"))
            #expect(Set(hits.map(\.id)) == [paint, notes, message.id])
            let task = try #require(hits.first { $0.kind == .task && $0.id == paint })
            #expect(task.kind == .task && task.projectID == home && task.snippet == "Paint the <mark>fence</mark>")
            #expect(
                try await search(store, ada, SearchQuery(text: "paint fen", kind: .task)).map(\.id).sorted()
                    == [
                        paint, notes,
                    ].sorted())
            #expect(
                try await search(store, ada, SearchQuery(text: "fence", kind: .task, projectID: work)).map(\.id) == [
                    notes
                ])
            #expect(
                try await search(store, ada, SearchQuery(text: "fence", personID: bob.id)).map(\.id) == [message.id])
            // Bob sees none of Ada's tasks.
            #expect(try await search(store, bob, SearchQuery(text: "fence")).map(\.id) == [message.id])
        }
    }

    @Test(
        "Search ranks the newest matches of a long thread: the best of them first, older ones left out",
        arguments: StoreBackend.all)
    func searchRanksRecentMatches(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let eve = try await person(store, "Eve")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let window = SQLiteStore.rankedMessageWindow
            try await SharedFixtures.messages(
                store, in: dm.id, by: ada.id,
                ["budget budget budget"]
                    + (0..<window).map {
                        $0 == 500 ? "the budget budget" : "notes on the budget for week \($0) of the plan"
                    })
            let hits = try await store.search(
                userID: bob.id, query: SearchQuery(text: "budget"), page: PageRequest(limit: 5))
            let best = try #require(hits.results.first)
            #expect(best.snippet == "the <mark>budget</mark> <mark>budget</mark>")
            #expect(!hits.results.contains { $0.snippet.hasPrefix("<mark>budget</mark> <mark>budget</mark> <mark>") })
            #expect(hits.results.count == 5)
            let stranger = try await store.search(
                userID: eve.id, query: SearchQuery(text: "budget"), page: PageRequest(limit: 5))
            #expect(stranger.results.isEmpty)
        }
    }
}
