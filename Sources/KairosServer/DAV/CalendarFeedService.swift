import Foundation
import KairosCore
import KairosStore

/// Calendar feeds: a person makes a secret address for their due tasks (or one project's), subscribes to it
/// from a calendar app that does not do CalDAV tasks, and deletes it to end it.
struct CalendarFeedService: Sendable {
    let store: any CalendarFeedStore & CalendarStore & ProjectStore
    let clock: Clock
    let publicURL: String

    /// Makes a feed; its address, with the secret, is in this answer only.
    func create(_ request: CalendarFeedRequest, for user: User) async throws -> CalendarFeed {
        var generator = SystemRandomNumberGenerator()
        let secret = Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        var feed = try await store.createCalendarFeed(
            userID: user.id, projectID: request.projectID, tokenHash: AccountService.hash(token: secret), now: clock.now())
        let root = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        feed.url = "\(root)/feeds/\(secret).ics"
        return feed
    }

    func feeds(of user: User) async throws -> [CalendarFeed] {
        try await store.calendarFeeds(userID: user.id)
    }

    func delete(_ id: String, for user: User) async throws {
        try await store.deleteCalendarFeed(userID: user.id, id: id)
    }

    /// The feed at a secret address, as iCalendar text; an unknown or deleted secret is not found.
    func calendar(secret: String) async throws -> String {
        guard let (feed, user) = try await store.calendarFeed(tokenHash: AccountService.hash(token: secret)) else {
            throw KairosError.notFound("No calendar feed is at this address: it may have been deleted.")
        }
        var tasks: [TaskItem] = []
        var names: [String: String] = [:]
        for calendar in try await CalDAVService(store: store).calendars(of: user)
        where feed.projectID == nil || calendar.project.id == feed.projectID {
            names[calendar.project.id] = calendar.project.name
            tasks += try await store.calendarEntries(userID: user.id, projectID: calendar.project.id).compactMap(\.task)
        }
        let name = feed.projectID.flatMap { names[$0] }.map { "Kairos: \($0)" } ?? "Kairos"
        return TaskCalendar.feed(tasks: tasks, projectNames: names, name: name, now: clock.now())
    }
}
