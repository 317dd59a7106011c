import Foundation
import KairosClient
import Testing

@Suite("KairosClient capture against a live server")
struct KairosClientCaptureTests {
    @Test("Say several tasks, review the proposals, edit one, and commit them with a new list")
    func captureReviewCommit() async throws {
        try await withSignedInClient { client in
            let result = try await client.capture(
                "call mom tomorrow at 5pm, buy milk #Errands p1 @shop and water the plants every monday",
                now: LocalDateTime(iso: "2026-03-04T14:30"), timeZone: "America/New_York")
            #expect(result.tasks.map(\.title) == ["Call mom", "Buy milk", "Water the plants"])
            #expect(result.tasks[0].due?.iso == "2026-03-05T17:00")
            #expect(result.tasks[1].list == "Errands")
            #expect(!result.tasks[1].listExists)
            #expect(result.tasks[2].recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO")
            #expect(result.setAside.isEmpty)
            #expect(try await client.tasks().results.isEmpty)

            let vented = try await client.capture(
                "ugh the printer is out of toner again and i need to order more",
                now: LocalDateTime(iso: "2026-03-04T14:30"), timeZone: "America/New_York")
            #expect(vented.tasks.map(\.title) == ["Order more"])
            #expect(vented.setAside.map(\.text) == ["the printer is out of toner again"])
            #expect(vented.setAside.first?.span == 4..<37)

            var reviewed = result.tasks.map(CaptureCommitTask.init)
            reviewed[0].title = "Call mom about Sunday"
            do {
                _ = try await client.commitCapture(reviewed)
                Issue.record("a missing list without createMissingLists must fail")
            } catch let KairosClientError.server(status, code, message) {
                #expect(status == 400)
                #expect(code == "invalid_field")
                #expect(message.contains("tasks[1].list"))
            }
            #expect(try await client.allProjects().map(\.name) == ["Inbox"])

            let created = try await client.commitCapture(reviewed, createMissingLists: true)
            #expect(created.map(\.content) == ["Call mom about Sunday", "Buy milk", "Water the plants"])
            let errands = try #require(try await client.allProjects().first { $0.name == "Errands" })
            #expect(created[1].projectID == errands.id)
            #expect(created[1].priority == 4)
            #expect(created[1].labels == ["shop"])
            // The user lives in UTC; the proposal's wall time was New York's, and it is kept as UTC wall time.
            #expect(created[0].due?.wireDate == "2026-03-05T17:00:00Z")
            #expect(created[2].due?.isRecurring == true)
        }
    }

    @Test("A highlighted phrase becomes one proposal; an empty one none")
    func span() async throws {
        try await withSignedInClient { client in
            let text = "um so tomorrow I should buy milk and also renew my passport"
            let start = try #require(text.range(of: "renew my passport")).lowerBound.utf16Offset(in: text)
            let proposal = try await client.captureSpan(text, range: start..<text.utf16.count)
            #expect(proposal?.title == "Renew my passport")
            #expect(try await client.captureSpan(text, range: 3..<3) == nil)
        }
    }

    @Test("Quick add creates the task with its note")
    func quickAdd() async throws {
        try await withSignedInClient { client in
            let home = try await client.createProject(ProjectCreateRequest(name: "Home"))
            let task = try await client.quickAddTask(
                QuickAddRequest(text: "fix the sink #home p2 @diy", note: "washer size 12"))
            #expect(task.content == "Fix the sink")
            #expect(task.projectID == home.id)
            #expect(task.priority == 3)
            #expect(task.labels == ["diy"])
            #expect(task.noteCount == 1)
        }
    }
}
