import Hummingbird
import KairosCore

/// `/events`: the caller's numbered feed of new and edited messages and task updates, for catching up
/// after being offline.
struct EventController {
    let feed: EventFeedService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("events") { request, context -> Page<UserEvent> in
            try await feed.events(
                of: context.user, after: try request.queryInt("after"), limit: try request.queryInt("limit"))
        }
    }
}
