import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `CalendarFeedStore`'s behaviour, the same on every backend: secret feed addresses, each person's own.
@Suite("Calendar feed store, on every backend")
struct CalendarFeedStoreSuite {
    @Test(
        "Feeds of all tasks or of a visible project, listed oldest first, found by their secret's hash",
        arguments: StoreBackend.all)
    func createListFind(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob) = (try await store.person("Ada"), try await store.person("Bob"))
            let home = try await store.project("Home", for: ada)
            let launch = try await store.project("Launch", for: bob)
            _ = try await store.setProjectMember(
                projectID: launch.id, userID: ada.id, role: .commenter, by: bob.id, now: suiteNow)

            let all = try await store.createCalendarFeed(userID: ada.id, projectID: nil, tokenHash: "h1", now: suiteNow)
            let homeFeed = try await store.createCalendarFeed(
                userID: ada.id, projectID: home.id, tokenHash: "h2", now: suiteNow + 1)
            let shared = try await store.createCalendarFeed(
                userID: ada.id, projectID: launch.id, tokenHash: "h3", now: suiteNow + 2)
            #expect(all.projectID == nil && all.createdAt == suiteNow)
            #expect(homeFeed.projectID == home.id && shared.projectID == launch.id)
            #expect(try await store.calendarFeeds(userID: ada.id) == [all, homeFeed, shared])
            #expect(try await store.calendarFeeds(userID: bob.id).isEmpty)

            let found = try #require(try await store.calendarFeed(tokenHash: "h2"))
            #expect(found.feed == homeFeed && found.user == ada)
            #expect(try await store.calendarFeed(tokenHash: "nope") == nil)

            // Deleting a project ends its feeds.
            try await store.deleteProject(userID: ada.id, id: home.id, moveTasksToInbox: false, now: suiteNow)
            #expect(try await store.calendarFeeds(userID: ada.id) == [all, shared])
            #expect(try await store.calendarFeed(tokenHash: "h2") == nil)
        }
    }

    @Test(
        "A project the person cannot see, a malformed id, another's feed: not found, and nothing changes",
        arguments: StoreBackend.all)
    func refusals(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob) = (try await store.person("Ada"), try await store.person("Bob"))
            let secret = try await store.project("Secret", for: bob)
            await #expect(throws: KairosError.missing("Project")) {
                try await store.createCalendarFeed(userID: ada.id, projectID: secret.id, tokenHash: "h", now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Project")) {
                try await store.createCalendarFeed(userID: ada.id, projectID: "x", tokenHash: "h", now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Project")) {
                try await store.createCalendarFeed(
                    userID: ada.id, projectID: "999999", tokenHash: "h", now: suiteNow)
            }
            #expect(try await store.calendarFeeds(userID: ada.id).isEmpty)

            let feed = try await store.createCalendarFeed(userID: ada.id, projectID: nil, tokenHash: "h", now: suiteNow)
            await #expect(throws: KairosError.missing("Calendar feed")) {
                try await store.deleteCalendarFeed(userID: bob.id, id: feed.id)
            }
            await #expect(throws: KairosError.missing("Calendar feed")) {
                try await store.deleteCalendarFeed(userID: ada.id, id: "x")
            }
            await #expect(throws: KairosError.missing("Calendar feed")) {
                try await store.deleteCalendarFeed(userID: ada.id, id: "999999")
            }
            #expect(try await store.calendarFeeds(userID: ada.id) == [feed])
            try await store.deleteCalendarFeed(userID: ada.id, id: feed.id)
            #expect(try await store.calendarFeeds(userID: ada.id).isEmpty)
            #expect(try await store.calendarFeed(tokenHash: "h") == nil)
            await #expect(throws: KairosError.missing("Calendar feed")) {
                try await store.deleteCalendarFeed(userID: ada.id, id: feed.id)
            }
        }
    }

    @Test("No one passes the feed limit, even adding feeds at once", arguments: StoreBackend.all)
    func limit(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob) = (try await store.person("Ada"), try await store.person("Bob"))
            let limit = Limits.calendarFeedsPerUser
            let added = try await withThrowingTaskGroup(of: Bool.self) { group in
                for number in 0..<(limit + 5) {
                    group.addTask {
                        do {
                            _ = try await store.createCalendarFeed(
                                userID: ada.id, projectID: nil, tokenHash: "ada-\(number)", now: suiteNow)
                            return true
                        } catch KairosError.conflict {
                            return false
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(added == limit)
            #expect(try await store.calendarFeeds(userID: ada.id).count == limit)
            await #expect(throws: KairosError.self) {
                try await store.createCalendarFeed(userID: ada.id, projectID: nil, tokenHash: "more", now: suiteNow)
            }
            // The limit is each person's own.
            _ = try await store.createCalendarFeed(userID: bob.id, projectID: nil, tokenHash: "bob", now: suiteNow)
            #expect(try await store.calendarFeeds(userID: bob.id).count == 1)
        }
    }
}
