import Foundation
import KairosClient
import Testing

@Suite("KairosClient assistant against a live server")
struct KairosClientAssistantTests {
    @Test("Ask for a reminder and a list, add one card and dismiss the other, and read the history")
    func askAddDismiss() async throws {
        try await withSignedInClient { client in
            let reminder = try await client.ask("remind me to call the dentist tomorrow at 3pm", clientID: "ask-1")
            #expect(reminder.type == .reminder)
            guard case .task(let proposed) = try #require(reminder.cards.first).content else {
                Issue.record("expected a task card, got \(reminder.cards)")
                return
            }
            #expect(proposed.title == "Call the dentist")
            #expect(proposed.due?.hasSuffix("T15:00") == true)
            #expect(
                try await client.ask("remind me to call the dentist tomorrow at 3pm", clientID: "ask-1") == reminder)

            let added = try await client.addAssistantCard(0, of: reminder.id)
            guard case .added(let ids) = try #require(added.cards.first?.state) else {
                Issue.record("expected the card added, got \(added.cards)")
                return
            }
            #expect(try await client.tasks().results.map(\.id) == ids)
            #expect(try await client.reminders(taskID: ids[0]).results.count == 1)

            let list = try await client.ask("make a packing list for the beach: sunscreen, towels and snacks")
            #expect(
                list.cards.first?.content
                    == .list(
                        title: "Packing list for the beach", items: ["Sunscreen", "Towels", "Snacks"]))
            let dismissed = try await client.dismissAssistantCard(0, of: list.id)
            #expect(dismissed.cards.first?.state == .dismissed)

            let history = try await client.assistantHistory(limit: 3)
            #expect(history.results.map(\.id).first == list.id)
            #expect(history.results.first?.cards.first?.state == .dismissed)
            #expect(history.nextCursor != nil)
            do {
                _ = try await client.addAssistantCard(5, of: list.id)
                Issue.record("a card the answer does not have must be a 404")
            } catch let KairosClientError.server(status, code, _) {
                #expect(status == 404)
                #expect(code == "not_found")
            }
        }
    }
}
