import Hummingbird
import KairosCore

/// `/calendar/feeds`: a person's calendar feeds; and `/feeds/{secret}.ics`, each feed's calendar, public to
/// whoever holds its address, as calendar apps subscribe without signing in.
struct CalendarFeedController {
    let feeds: CalendarFeedService

    func addPublicRoutes(to router: Router<AppRequestContext>) {
        router.get("feeds/:secret") { _, context -> Response in
            let name = try context.parameters.require("secret")
            let secret = name.hasSuffix(".ics") ? String(name.dropLast(4)) : name
            let text = try await feeds.calendar(secret: secret)
            return Response(
                status: .ok,
                headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "private, max-age=300"],
                body: .init(byteBuffer: .init(string: text)))
        }
    }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("calendar/feeds") { request, context -> Response in
            let body = try await request.decodeJSON(as: CalendarFeedRequest.self, allowEmpty: true)
            return try await feeds.create(body, for: context.user).jsonResponse(status: .created)
        }
        group.get("calendar/feeds") { _, context -> Page<CalendarFeed> in
            Page(results: try await feeds.feeds(of: context.user), nextCursor: nil)
        }
        group.delete("calendar/feeds/:id") { _, context -> Response in
            try await feeds.delete(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
    }
}
