import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    func mutes() async throws -> MuteList {
        try expectOK(try await get("mutes"), as: MuteList.self)
    }

    func setMuted(_ muted: Bool, _ path: String) async throws {
        try expectNoContent(try await post("\(path)/\(muted ? "mute" : "unmute")"))
    }
}

@Suite("Mentions always notify; muting a conversation, a project or a task silences the rest")
struct MuteTests {
    @Test("A mention reaches a member who muted the thread or keeps it quiet, pushed unless quiet hours hold it")
    func mentionsInMutedThreads() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch crew", with: [bob, carol])
            try expectOK(
                try await bob.post("conversations/\(team.id)", ConversationUpdateRequest(muted: true)),
                as: Conversation.self)
            try expectOK(
                try await carol.post("conversations/\(team.id)", ConversationUpdateRequest(notificationLevel: .muted)),
                as: Conversation.self)
            try await ada.send("the deck is ready", to: team.id)
            #expect(try await bob.notifications().isEmpty)
            #expect(try await carol.notifications().isEmpty)

            let mention = try await ada.send("@bob @carol please look", to: team.id).message
            for person in [bob, carol] {
                let feed = try await person.notifications()
                #expect(feed.map(\.kind) == [.mention] && feed.first?.messageID == mention.id)
                #expect(feed.first?.quiet == false)
                #expect(try await person.events().results.filter { $0.kind == .notificationCreated }.count == 1)
                #expect(try await person.unreadCount() == 1)
            }

            // In Bob's quiet hours the mention is kept, marked quiet, and not pushed.
            try expectOK(
                try await bob.post("user", json: #"{"quiet_hours": {"start": "22:00", "end": "07:00"}}"#), as: User.self
            )
            ada.clock.set("2026-03-05T04:00:00Z")  // 23:00 in New York
            try await ada.send("@bob one more", to: team.id)
            let feed = try await bob.notifications()
            #expect(feed.map(\.kind) == [.mention, .mention] && feed.map(\.quiet) == [true, false])
            #expect(try await bob.events().results.filter { $0.kind == .notificationCreated }.count == 1)
        }
    }

    @Test("A muted project's task activity stays quiet; assignments and mentions still reach the muter")
    func mutedProject() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let banners = try await ada.createTask("Order banners", projectID: launch.id)
            let venue = try await ada.createTask("Book the venue", projectID: launch.id)
            try expectNoContent(try await carol.post("tasks/\(banners.id)/follow"))
            try expectNoContent(try await carol.post("tasks/\(venue.id)/follow"))
            try await carol.setMuted(true, "projects/\(launch.id)")
            try await carol.setMuted(true, "projects/\(launch.id)")  // once is enough; twice changes nothing
            #expect(try await carol.mutes() == MuteList(projectIDs: [launch.id], taskIDs: []))

            try expectNoContent(try await bob.post("tasks/\(banners.id)/close"))
            #expect(try await carol.notifications().isEmpty)
            #expect(try await ada.notifications().map(\.kind) == [.taskCompleted])  // a mute is its muter's own

            _ = try await ada.updateTask(venue.id) { $0.assigneeID = .set(carol.me.id) }
            #expect(try await carol.notifications().map(\.kind) == [.assigned])

            try await carol.setMuted(false, "projects/\(launch.id)")
            #expect(try await carol.mutes() == MuteList(projectIDs: [], taskIDs: []))
            try expectNoContent(try await bob.post("tasks/\(banners.id)/reopen"))
            #expect(try await carol.notifications().map(\.kind) == [.taskReopened, .assigned])
        }
    }

    @Test("A muted task stays quiet while its siblings still notify")
    func mutedTask() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let banners = try await ada.createTask("Order banners", projectID: launch.id)
            let venue = try await ada.createTask("Book the venue", projectID: launch.id)
            try await ada.setMuted(true, "tasks/\(banners.id)")
            #expect(try await ada.mutes() == MuteList(projectIDs: [], taskIDs: [banners.id]))

            try expectNoContent(try await bob.post("tasks/\(banners.id)/close"))
            try expectNoContent(try await bob.post("tasks/\(venue.id)/close"))
            #expect(try await ada.notifications().map(\.text) == ["Bob completed \u{201C}Book the venue\u{201D}"])
            #expect(try await carol.mutes() == MuteList(projectIDs: [], taskIDs: []))

            try await ada.setMuted(false, "tasks/\(banners.id)")
            try expectNoContent(try await bob.post("tasks/\(banners.id)/reopen"))
            #expect(try await ada.notifications().first?.text == "Bob reopened \u{201C}Order banners\u{201D}")
        }
    }

    @Test("Only what one can see can be muted; others get 404 and nothing is recorded")
    func unhappyPaths() async throws {
        try await withSharedLaunch { ada, _, _, dave, launch in
            let task = try await ada.createTask("Order banners", projectID: launch.id)
            let diary = try await ada.createProject("Diary")
            for path in [
                "projects/\(launch.id)/mute", "projects/\(diary.id)/mute", "tasks/\(task.id)/mute",
                "tasks/\(task.id)/unmute", "projects/424242/mute", "tasks/424242/mute", "projects/abc/mute",
            ] {
                expectError(try await dave.post(path), .notFound, code: "not_found")
            }
            #expect(try await dave.mutes() == MuteList(projectIDs: [], taskIDs: []))
            expectError(try await ada.with(token: nil).get("mutes"), .unauthorized, code: "unauthorized")

            // A mute goes with what it mutes.
            try await ada.setMuted(true, "tasks/\(task.id)")
            try await ada.setMuted(true, "projects/\(diary.id)")
            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            try expectNoContent(try await ada.delete("projects/\(diary.id)"))
            #expect(try await ada.mutes() == MuteList(projectIDs: [], taskIDs: []))
        }
    }
}
