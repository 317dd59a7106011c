import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    func brief() async throws -> DailyBrief {
        try expectOK(try await get("brief"), as: DailyBrief.self)
    }
}

@Suite("The daily brief: a Top 3 with true reasons, today's plan and what is still open, for the caller only")
struct BriefTests {
    @Test("Ada's brief ranks her tasks, says why, and gathers her day: still open, mentions, time and reminders")
    func adasBrief() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            // Wednesday 2026-03-04, 09:30 in New York.
            let deck = try await ada.createTask("Send the deck", projectID: launch.id, priority: 4, dueString: "today")
            let budget = try await ada.createTask("Review the budget", dueDate: "2026-03-02")
            let offsite = try await ada.createTask("Plan the offsite", dueString: "tomorrow")
            let venue = try await ada.createTask(
                TaskCreateRequest(content: "Book the venue", projectID: launch.id, dueString: "today", assigneeID: bob.me.id))
            let contract = try await bob.createTask(
                TaskCreateRequest(content: "Sign the contract", projectID: launch.id, assigneeID: ada.me.id))
            _ = try await ada.createTask("Someday: learn the cello")

            let team = try await ada.group("Launch", with: [bob])
            _ = try await ada.share(offsite.id, into: team.id)
            try await bob.send("@ada can you check the offsite plan?", to: team.id)
            try expectOK(
                try await ada.addSession(deck.id, "2026-03-03T19:00:00Z", "2026-03-03T20:00:00Z"), .created,
                as: TimeSession.self)
            try expectOK(
                try await ada.addSession(deck.id, "2026-03-04T14:00:00Z", "2026-03-04T14:20:00Z"), .created,
                as: TimeSession.self)
            let reminder = try await ada.remind(deck.id, at: "2026-03-04T20:00:00Z")
            try await ada.remind(budget.id, at: "2026-03-05T20:00:00Z")

            ada.clock.set("2026-03-04T15:10:00Z")
            let brief = try await ada.brief()
            #expect(brief.greeting == "Good morning, Ada")
            #expect(
                brief.opening
                    == "1 task is due today, and 1 is still on your list from before. Start with \u{201C}Send the deck\u{201D}. "
                    + "1 new mention waits for you. Yesterday you tracked 1 h. 1 reminder goes off today.")
            #expect(brief.model == ModelUse(used: false, reason: "off"))
            #expect(brief.date.iso == "2026-03-04")
            #expect(brief.topThree.map(\.task.id) == [deck.id, budget.id, offsite.id])
            #expect(
                brief.topThree.map(\.reason) == [
                    "Due today, and priority 1",
                    "Still on your list from 2 days ago",
                    "Due tomorrow, and Bob mentioned you in Launch, where it is shared, 40 minutes ago",
                ])
            // Bob's task for Ada ranks fourth: assigned to her, with no date.
            #expect(!brief.topThree.contains { $0.task.id == contract.id })

            // Today holds only what is on Ada's plate: the venue is Bob's to book.
            #expect(brief.today.map(\.id) == [deck.id])
            #expect(brief.stillOpen.map(\.task.id) == [budget.id])
            #expect(brief.stillOpen.map(\.note) == ["Still on your list from 2 days ago"])
            #expect(!brief.today.contains { $0.id == venue.id })
            #expect(brief.mentions.map(\.kind) == [.mention])
            #expect(brief.mentions.first?.conversationID == team.id)
            #expect(brief.trackedYesterday.seconds == 3600)
            #expect(brief.trackedYesterday.byProject.map(\.projectID) == [launch.id])
            #expect(brief.trackedYesterday.byProject.map(\.seconds) == [3600])
            #expect(brief.reminders.map(\.reminder.id) == [reminder.id])
            #expect(brief.reminders.map(\.task.id) == [deck.id])

            // The wire names the brief's parts as documented.
            let object = try #require(try await ada.get("brief").object)
            #expect(
                Set(object.keys) == [
                    "greeting", "opening", "model", "date", "top3", "today", "still_open", "mentions",
                    "tracked_yesterday", "reminders",
                ])

            // Once read, the mention leaves the brief; a closed task leaves the Top 3.
            _ = try expectOK(try await ada.post("notifications/read", NotificationReadRequest(all: true)), as: UnreadCount.self)
            try await ada.close(deck.id)
            let later = try await ada.brief()
            #expect(later.mentions.isEmpty)
            #expect(later.topThree.map(\.task.id) == [budget.id, offsite.id, contract.id])
            #expect(later.topThree.last?.reason == "Bob assigned it to you")
            #expect(later.reminders.isEmpty)
        }
    }

    @Test("A brief speaks only of what its reader can see: others' tasks, threads and time stay out")
    func isolation() async throws {
        try await withGuestErin { ada, bob, dave, erin, launch in
            let press = try await ada.createTask("Write the press release", projectID: launch.id, dueString: "today")
            let venue = try await ada.createTask(
                TaskCreateRequest(content: "Book the venue", projectID: launch.id, dueString: "today", assigneeID: bob.me.id))
            let secret = try await ada.createTask("Ada's own errand", priority: 4, dueString: "today")
            let team = try await ada.group("Core team", with: [bob])
            _ = try await ada.share(secret.id, into: team.id)
            try await bob.send("@ada about the errand", to: team.id)
            try expectOK(
                try await ada.addSession(secret.id, "2026-03-03T19:00:00Z", "2026-03-03T20:00:00Z"), .created,
                as: TimeSession.self)

            let bobs = try await bob.brief()
            #expect(bobs.topThree.map(\.task.id) == [venue.id, press.id])
            #expect(bobs.topThree.first?.reason == "Due today, and Ada Lovelace assigned it to you")
            #expect(bobs.today.map(\.id).sorted() == [press.id, venue.id].sorted())
            #expect(bobs.mentions.isEmpty && bobs.trackedYesterday.seconds == 0 && bobs.reminders.isEmpty)

            // A guest sees the shared project's tasks that are not someone else's, and nothing of Ada's own.
            let erins = try await erin.brief()
            #expect(erins.topThree.map(\.task.id) == [press.id])
            #expect(erins.today.map(\.id) == [press.id])
            #expect(erins.stillOpen.isEmpty && erins.mentions.isEmpty && erins.trackedYesterday.byProject.isEmpty)

            // A bystander's brief is empty, and a stranger gets none.
            let daves = try await dave.brief()
            #expect(daves.topThree.isEmpty && daves.today.isEmpty && daves.stillOpen.isEmpty && daves.mentions.isEmpty)
            expectError(try await ada.with(token: nil).get("brief"), .unauthorized, code: "unauthorized")

            let adas = try await ada.brief()
            #expect(adas.topThree.map(\.task.id) == [secret.id, press.id])
            #expect(adas.topThree.first?.reason == "Due today, and priority 1")
            #expect(!adas.today.contains { $0.id == venue.id })
        }
    }

    @Test("An archived project's tasks leave the brief, and each write shows in the next brief at once")
    func archivedAndFresh() async throws {
        try await withAda { ada in
            let old = try await ada.createProject("Old plans")
            let stale = try await ada.createTask("Old urgent thing", projectID: old.id, priority: 4, dueString: "today")
            let fresh = try await ada.createTask("Call the printer", dueString: "tomorrow")
            #expect(try await ada.brief().topThree.map(\.task.id) == [stale.id, fresh.id])

            _ = try expectOK(try await ada.post("projects/\(old.id)/archive"), as: Project.self)
            #expect(try await ada.brief().topThree.map(\.task.id) == [fresh.id])

            let later = try await ada.createTask("Pay the invoice", priority: 4, dueString: "today")
            #expect(try await ada.brief().topThree.map(\.task.id) == [later.id, fresh.id])
        }
    }
}
