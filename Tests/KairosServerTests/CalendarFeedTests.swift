import Foundation
import Hummingbird
import KairosCore
import Testing

/// Calendar feeds: a secret address a calendar app subscribes to, showing the due tasks (timed ones as
/// events), per person or per project, until it is deleted.
@Suite struct CalendarFeedTests {
    @Test func aFeedShowsTheOpenDueTasksAndEndsWhenDeleted() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let groceries = try await ada.createProject("Groceries")
            _ = try await ada.createTask("Call the bank", dueString: "tomorrow at 3pm")
            _ = try await ada.createTask("Milk", projectID: groceries.id, dueString: "tomorrow")
            _ = try await ada.createTask("Someday", projectID: groceries.id)
            let done = try await ada.createTask("Paid rent", dueString: "today")
            try expectNoContent(try await ada.post("tasks/\(done.id)/close"))

            let made = try expectOK(try await ada.post("calendar/feeds", json: "{}"), .created, as: CalendarFeed.self)
            let url = try #require(made.url)
            #expect(url.hasPrefix("http") && url.hasSuffix(".ics"))
            let path = try #require(URLComponents(string: url)?.path)
            let anonymous = ada.with(token: nil)
            let feed = try await anonymous.send(.get, path)
            #expect(feed.status == .ok && feed.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(feed.text.contains("BEGIN:VEVENT\r\nUID:task-") && feed.text.contains("SUMMARY:Call the bank"))
            #expect(feed.text.contains("BEGIN:VTODO") && feed.text.contains("SUMMARY:Milk"))
            #expect(!feed.text.contains("Someday") && !feed.text.contains("Paid rent"))
            #expect(feed.text.contains("X-WR-CALNAME:Kairos"))

            // One project's feed; the list of feeds never shows an address again.
            let one = try expectOK(
                try await ada.post("calendar/feeds", json: #"{"project_id": "\#(groceries.id)"}"#), .created,
                as: CalendarFeed.self)
            let only = try await anonymous.send(.get, try #require(URLComponents(string: one.url ?? "")?.path))
            #expect(only.text.contains("SUMMARY:Milk") && !only.text.contains("Call the bank"))
            #expect(only.text.contains("X-WR-CALNAME:Kairos: Groceries"))
            let listed = try expectOK(try await ada.get("calendar/feeds"), as: Page<CalendarFeed>.self).results
            #expect(listed.map(\.id) == [made.id, one.id] && listed.allSatisfy { $0.url == nil })

            // Bob can neither make a feed of Ada's project nor delete her feed.
            expectError(
                try await bob.post("calendar/feeds", json: #"{"project_id": "\#(groceries.id)"}"#), .notFound,
                code: "not_found")
            expectError(try await bob.delete("calendar/feeds/\(made.id)"), .notFound, code: "not_found")
            expectError(
                try await ada.post("calendar/feeds", json: #"{"project": "1"}"#), .badRequest, code: "invalid_field",
                mentioning: "project")

            try expectNoContent(try await ada.delete("calendar/feeds/\(made.id)"))
            #expect(try await anonymous.send(.get, path).status == .notFound)
            #expect(try await anonymous.send(.get, "/feeds/not-a-secret.ics").status == .notFound)
        }
    }
}
