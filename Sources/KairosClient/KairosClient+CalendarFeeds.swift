import Foundation

extension KairosClient {
    /// Your calendar feeds, oldest first, without their addresses (`GET /calendar/feeds`).
    public func calendarFeeds() async throws -> [CalendarFeed] {
        let page: Page<CalendarFeed> = try await send(.get, "calendar", "feeds")
        return page.results
    }

    /// Makes a calendar feed of every project you see, or of `projectID`'s (`POST /calendar/feeds`); its
    /// address, with the secret, is in this answer only.
    public func createCalendarFeed(projectID: String? = nil) async throws -> CalendarFeed {
        try await send(.post, "calendar", "feeds", body: CalendarFeedRequest(projectID: projectID))
    }

    /// Ends a calendar feed (`DELETE /calendar/feeds/{id}`): its address answers 404 from then on.
    public func deleteCalendarFeed(id: String) async throws {
        let _: NoContent = try await send(.delete, "calendar", "feeds", id)
    }
}
