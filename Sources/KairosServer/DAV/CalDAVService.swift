import Foundation
import KairosCore
import KairosStore

/// What Kairos' CalDAV space shows a person (RFC 4791): their principal, their calendar home, and one
/// calendar of to-dos per project they can see. Another person's locations are not found.
struct CalDAVService: Sendable {
    let store: any ProjectStore

    /// The properties PROPFIND asks for at `path` and, with `depth` 1, its members.
    func propfind(_ path: DAVPath, depth: DAVDepth, request: PropfindRequest, user: User) async throws -> [DAVResponse] {
        guard path.userID == nil || path.userID == user.id else { throw KairosError.notFound("Nothing is at this address.") }
        var resources: [(href: String, properties: [(DAVName, DAVValue)])] = []
        switch path {
        case .root:
            resources.append((path.href, root(user)))
        case .principal:
            resources.append((path.href, principal(user)))
        case .calendarHome:
            resources.append((path.href, home(user)))
            if depth != .zero {
                for calendar in try await calendars(of: user) {
                    resources.append((Self.href(of: calendar, user: user), properties(of: calendar, user: user)))
                }
            }
        case .calendar(_, let projectID):
            guard let calendar = try await calendars(of: user).first(where: { $0.project.id == projectID }) else {
                throw KairosError.notFound("No list of yours is at this address.")
            }
            resources.append((path.href, properties(of: calendar, user: user)))
        case .object:
            throw KairosError.notFound("No task is at this address.")
        }
        return resources.map { resource in
            Self.answer(request, href: resource.href, properties: resource.properties)
        }
    }

    /// The projects the person sees, as calendars.
    func calendars(of user: User) async throws -> [DAVCalendar] {
        var projects: [Project] = []
        var page = PageRequest(limit: PageLimit.range.upperBound)
        while true {
            let batch = try await store.projects(userID: user.id, archived: false, page: page)
            projects += batch.results
            guard let next = batch.nextCursor.flatMap({ PageCursor(token: $0, keyCount: 2) }) else { break }
            page = PageRequest(cursor: next, limit: PageLimit.range.upperBound)
        }
        return DAVCalendar.calendars(of: projects)
    }

    static func href(of calendar: DAVCalendar, user: User) -> String {
        DAVPath.calendar(userID: user.id, projectID: calendar.project.id).href
    }

    /// Picks what `request` asks for from a resource's `properties`; those it asks for and the resource lacks
    /// are listed as not found.
    static func answer(_ request: PropfindRequest, href: String, properties: [(DAVName, DAVValue)]) -> DAVResponse {
        switch request {
        case .allProperties, .propertyNames:
            return DAVResponse(href: href, found: properties, missing: [])
        case .properties(let names):
            let known = Dictionary(properties, uniquingKeysWith: { first, _ in first })
            return DAVResponse(
                href: href, found: names.compactMap { name in known[name].map { (name, $0) } },
                missing: names.filter { known[$0] == nil })
        }
    }

    private func common(_ user: User) -> [(DAVName, DAVValue)] {
        [(.dav("current-user-principal"), .hrefs([DAVPath.principal(userID: user.id).href]))]
    }

    private func root(_ user: User) -> [(DAVName, DAVValue)] {
        [(.dav("resourcetype"), .elements([.dav("collection")])), (.dav("displayname"), .text("Kairos"))]
            + common(user)
    }

    private func principal(_ user: User) -> [(DAVName, DAVValue)] {
        let principal = DAVPath.principal(userID: user.id).href
        return [
            (.dav("resourcetype"), .elements([.dav("principal")])),
            (.dav("displayname"), .text(user.name)),
            (.dav("principal-URL"), .hrefs([principal])),
            (.caldav("calendar-home-set"), .hrefs([DAVPath.calendarHome(userID: user.id).href])),
            (.caldav("calendar-user-address-set"), .hrefs(["mailto:\(user.email)", principal])),
        ] + common(user)
    }

    private func home(_ user: User) -> [(DAVName, DAVValue)] {
        [
            (.dav("resourcetype"), .elements([.dav("collection")])),
            (.dav("displayname"), .text("Kairos")),
            (.dav("owner"), .hrefs([DAVPath.principal(userID: user.id).href])),
            (.dav("current-user-privilege-set"), .privileges([.dav("read"), .dav("read-current-user-privilege-set")])),
        ] + common(user)
    }

    private func properties(of calendar: DAVCalendar, user: User) -> [(DAVName, DAVValue)] {
        let write: [DAVName] =
            calendar.isWritable ? [.dav("write"), .dav("write-content"), .dav("bind"), .dav("unbind")] : []
        return [
            (.dav("resourcetype"), .elements([.dav("collection"), .caldav("calendar")])),
            (.dav("displayname"), .text(calendar.project.name)),
            (.caldav("calendar-description"), .text(calendar.project.description)),
            (.caldav("supported-calendar-component-set"), .components(DAVCalendar.components)),
            (.apple("calendar-color"), .text(calendar.color)),
            (.apple("calendar-order"), .text(String(calendar.project.childOrder))),
            (
                .dav("current-user-privilege-set"),
                .privileges([.dav("read"), .dav("read-current-user-privilege-set")] + write)
            ),
        ] + common(user)
    }
}

/// How deep a PROPFIND goes (RFC 4918 10.2): the resource alone, or with its members. `infinity` (and no
/// header, which means it) is answered as one level, the deepest this space has below a calendar home.
enum DAVDepth: Equatable {
    case zero, one

    init(header: String?) {
        self = header?.trimmingCharacters(in: .whitespaces) == "0" ? .zero : .one
    }
}
