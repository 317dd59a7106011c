import Foundation
import KairosCore
import Testing

extension TestAPI {
    func searchAll(_ query: KeyValuePairs<String, String>) async throws -> [SearchHit] {
        try expectOK(try await get("search", query), as: Page<SearchHit>.self).results
    }
}

@Suite("Search: tasks and messages together, only what the caller can see")
struct UnifiedSearchTests {
    @Test("One query finds the caller's tasks and the messages of their conversations, ranked, with marked snippets")
    func findsTasksAndMessages() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let task = try await ada.createTask("Send the <contract> to legal")
            let dm = try await ada.directMessage(with: bob)
            try await bob.send("The contract is signed, can you file it?", to: dm.id)
            try await ada.send("Lunch on friday?", to: dm.id)
            let group = try await carol.group("Carol's secrets", with: [bob])
            try await carol.send("contract renewal for the band", to: group.id)

            let hits = try await ada.searchAll(["q": "contract"])
            #expect(Set(hits.map(\.kind)) == [.task, .message])
            #expect(hits.count == 2)
            let taskHit = try #require(hits.first { $0.kind == .task })
            #expect(taskHit.id == task.id)
            #expect(taskHit.snippet == "Send the &lt;<mark>contract</mark>&gt; to legal")
            let messageHit = try #require(hits.first { $0.kind == .message })
            #expect(messageHit.conversationID == dm.id)
            #expect(messageHit.authorID == bob.me.id)

            // Bob sees the DM and his group, never Ada's task; Carol sees only her group.
            #expect(try await bob.searchAll(["q": "contract"]).map(\.kind) == [.message, .message])
            #expect(try await carol.searchAll(["q": "contract"]).map(\.conversationID) == [group.id])
            #expect(try await ada.searchAll(["q": "renewal"]).isEmpty)
        }
    }

    @Test("A word's beginning finds every message with a word it begins, edited ones and accented ones too")
    func wordBeginnings() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let planning = try await ada.send("Planning the offsite", to: dm.id).message
            let plans = try await bob.send("our plans changed", to: dm.id).message
            let planet = try await ada.send("a planet-sized budget", to: dm.id).message
            let cafe = try await bob.send("meet at the Café", to: dm.id).message
            let typo = try await ada.send("see you thre", to: dm.id).message
            _ = try expectOK(
                try await ada.post("messages/\(typo.id)", MessageSendRequest(text: "see you at the harbour")),
                as: PostedMessage.self)

            func found(_ query: String) async throws -> Set<String> {
                Set(try await ada.searchAll(["q": query, "kind": "message"]).map(\.id))
            }
            #expect(try await found("plan") == [planning.id, plans.id, planet.id])
            #expect(try await found("plans") == [plans.id])
            #expect(try await found("plan budg") == [planet.id])
            #expect(try await found("cafe") == [cafe.id])
            #expect(try await found("harb") == [typo.id])
            #expect(try await found("planx").isEmpty)
        }
    }

    @Test("Filters narrow to a kind, a person, a conversation or a project; bad queries are 400s")
    func filters() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            try await bob.send("invoice attached", to: dm.id)
            try await ada.send("thanks for the invoice", to: dm.id)
            let work = try await ada.createProject("Work")
            _ = try await ada.createTask("Pay the invoice", projectID: work.id)
            _ = try await ada.createTask("File the invoice")

            #expect(try await ada.searchAll(["q": "invoice", "kind": "task"]).count == 2)
            #expect(try await ada.searchAll(["q": "invoice", "kind": "message"]).count == 2)
            #expect(try await ada.searchAll(["q": "invoice", "person_id": bob.me.id]).map(\.authorID) == [bob.me.id])
            #expect(try await ada.searchAll(["q": "invoice", "conversation_id": dm.id]).count == 2)
            #expect(try await ada.searchAll(["q": "invoice", "project_id": work.id]).map(\.kind) == [.task])
            let firstPage = try expectOK(
                try await ada.get("search", ["q": "invoice", "limit": "3"]), as: Page<SearchHit>.self)
            #expect(firstPage.results.count == 3)
            let cursor = try #require(firstPage.nextCursor)
            let rest = try expectOK(
                try await ada.get("search", ["q": "invoice", "cursor": cursor]), as: Page<SearchHit>.self)
            #expect(rest.results.count == 1)
            #expect(Set((firstPage.results + rest.results).map { "\($0.kind)\($0.id)" }).count == 4)

            for query in [["kind": "task"], ["q": "", "kind": "task"], ["q": "invoice", "kind": "tweets"]] {
                let path = "search?" + query.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
                let reply = try await ada.get(path)
                #expect(reply.status == .badRequest, "\(query): \(reply)")
            }
            #expect(try await ada.searchAll(["q": "\"*)("]).isEmpty)
        }
    }

    @Test("A message hit names its author and its thread; a thread one is not in never shows")
    func hitsNamePersonAndThread() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            try await bob.send("bring the projector and cables", to: dm.id)
            let band = try await carol.group("Band", with: [ada])
            try await carol.send("the projector is broken", to: band.id)
            let secret = try await carol.group("Secrets", with: [bob])
            try await bob.send("projector for carol only", to: secret.id)

            let hits = try await ada.searchAll(["q": "projector"])
            #expect(Set(hits.map(\.conversationID)) == [dm.id, band.id])
            let inDM = try #require(hits.first { $0.conversationID == dm.id })
            #expect(inDM.authorName == "Bob")
            #expect(inDM.conversationName == "Bob")
            let inBand = try #require(hits.first { $0.conversationID == band.id })
            #expect(inBand.authorName == "Carol")
            #expect(inBand.conversationName == "Band")
            // Bob sees the DM under Ada's name; nobody finds a thread they are not in, even by naming it.
            let bobsView = try await bob.searchAll(["q": "projector", "conversation_id": dm.id])
            #expect(bobsView.map(\.conversationName) == ["Ada Lovelace"])
            #expect(try await ada.searchAll(["q": "projector", "conversation_id": secret.id]).isEmpty)
        }
    }
}
