import Foundation
import KairosCore
import KairosStore

/// What Kairos' CalDAV space shows a person (RFC 4791): their principal, their calendar home, one calendar
/// of to-dos per project they can see, and each task in it as an iCalendar object. Another person's locations
/// are not found.
struct CalDAVService: Sendable {
    let store: any ProjectStore & CalendarStore

    /// The properties PROPFIND asks for at `path` and, with `depth` 1, its members.
    func propfind(_ path: DAVPath, depth: DAVDepth, request: PropfindRequest, user: User) async throws -> [DAVResponse] {
        try requireOwn(path, user)
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
                    let version = try await store.calendarVersion(userID: user.id, projectID: calendar.project.id) ?? 0
                    resources.append(
                        (Self.href(of: calendar, user: user), properties(of: calendar, version: version, user: user)))
                }
            }
        case .calendar(_, let projectID):
            let (calendar, version) = try await requireCalendar(projectID, user)
            resources.append((path.href, properties(of: calendar, version: version, user: user)))
            if depth != .zero {
                for entry in try await store.calendarEntries(userID: user.id, projectID: projectID) {
                    resources.append((Self.href(of: entry, user: user), objectProperties(entry, user: user, data: false)))
                }
            }
        case .object(_, let projectID, let name):
            let entry = try await requireEntry(projectID, name, user)
            resources.append((path.href, objectProperties(entry, user: user, data: false)))
        }
        return resources.map { resource in
            Self.answer(request, href: resource.href, properties: resource.properties)
        }
    }

    /// The object at `path` as iCalendar text, with its entity tag.
    func object(at path: DAVPath, user: User) async throws -> (text: String, etag: String) {
        try requireOwn(path, user)
        guard case .object(_, let projectID, let name) = path else {
            throw KairosError.forbidden("Only a task's object can be read with GET here; a list is read with PROPFIND.")
        }
        let entry = try await requireEntry(projectID, name, user)
        return (Self.calendarData(entry, user: user), Self.etag(entry))
    }

    /// A calendar's answer to `report`: the multistatus responses and, for a sync, the token to ask with next.
    func report(_ report: DAVReport, at path: DAVPath, user: User) async throws -> (
        responses: [DAVResponse], syncToken: String?
    ) {
        try requireOwn(path, user)
        guard case .calendar(_, let projectID) = path else {
            throw KairosError.forbidden("Reports are answered on a list's address: /dav/calendars/{you}/{list}/.")
        }
        _ = try await requireCalendar(projectID, user)
        switch report {
        case .multiget(let properties, let hrefs):
            let names = hrefs.map { href in (href, Self.objectName(in: href, projectID: projectID, user: user)) }
            let ids = names.compactMap { $0.1.flatMap(DAVPath.taskID(objectName:)) }
            let entries = try await store.calendarEntries(userID: user.id, projectID: projectID, taskIDs: ids)
            let byID = Dictionary(entries.map { ($0.task.id, $0) }, uniquingKeysWith: { first, _ in first })
            let responses = names.map { href, name in
                guard let entry = name.flatMap(DAVPath.taskID(objectName:)).flatMap({ byID[$0] }) else {
                    return DAVResponse.notFound(href)
                }
                return Self.answer(
                    .properties(properties), href: Self.href(of: entry, user: user),
                    properties: objectProperties(entry, user: user, data: true))
            }
            return (responses, nil)
        case .query(let properties, let component):
            // Every object here is a to-do: a query for another component finds none.
            guard component == nil || component == "VTODO" else { return ([], nil) }
            let entries = try await store.calendarEntries(userID: user.id, projectID: projectID)
            return (
                entries.map { entry in
                    Self.answer(
                        .properties(properties), href: Self.href(of: entry, user: user),
                        properties: objectProperties(entry, user: user, data: true))
                }, nil
            )
        case .syncCollection(let properties, let token):
            var since: Int64 = 0
            if !token.isEmpty {
                guard let known = DAVSyncToken(token) else { throw DAVPrecondition.validSyncToken }
                since = known.version
            }
            guard let changes = try await store.calendarChanges(userID: user.id, projectID: projectID, since: since)
            else { throw KairosError.notFound("No list of yours is at this address.") }
            var responses = changes.changed.map { entry in
                Self.answer(
                    .properties(properties), href: Self.href(of: entry, user: user),
                    properties: objectProperties(entry, user: user, data: true))
            }
            // A first sync lists what is there; later ones also name what left.
            if since > 0 {
                responses += changes.removedTaskIDs.map { id in
                    DAVResponse.notFound(
                        DAVPath.object(userID: user.id, projectID: projectID, name: DAVPath.objectName(taskID: id)).href)
                }
            }
            return (responses, DAVSyncToken(version: changes.version).text)
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

    private func requireOwn(_ path: DAVPath, _ user: User) throws {
        guard path.userID == nil || path.userID == user.id else { throw KairosError.notFound("Nothing is at this address.") }
    }

    private func requireCalendar(_ projectID: String, _ user: User) async throws -> (DAVCalendar, Int64) {
        guard let calendar = try await calendars(of: user).first(where: { $0.project.id == projectID }),
            let version = try await store.calendarVersion(userID: user.id, projectID: projectID)
        else { throw KairosError.notFound("No list of yours is at this address.") }
        return (calendar, version)
    }

    private func requireEntry(_ projectID: String, _ name: String, _ user: User) async throws -> CalendarEntry {
        guard let taskID = DAVPath.taskID(objectName: name),
            let entry = try await store.calendarEntries(userID: user.id, projectID: projectID, taskIDs: [taskID]).first
        else { throw KairosError.notFound("No task is at this address.") }
        return entry
    }

    /// The object name an `href` of a multiget names in this calendar; nil when it points elsewhere.
    private static func objectName(in href: String, projectID: String, user: User) -> String? {
        let path = href.hasPrefix("/") ? href : URLComponents(string: href)?.path ?? href
        guard case .object(let owner, let project, let name) = DAVPath(path: path), owner == user.id,
            project == projectID
        else { return nil }
        return name
    }

    static func href(of calendar: DAVCalendar, user: User) -> String {
        DAVPath.calendar(userID: user.id, projectID: calendar.project.id).href
    }

    static func href(of entry: CalendarEntry, user: User) -> String {
        DAVPath.object(userID: user.id, projectID: entry.task.projectID, name: DAVPath.objectName(taskID: entry.task.id))
            .href
    }

    /// A strong entity tag that changes with every change of the task (its reminders and labels included).
    static func etag(_ entry: CalendarEntry) -> String { "\"\(entry.task.id)-\(entry.version)\"" }

    static func calendarData(_ entry: CalendarEntry, user: User) -> String {
        StoredTodo.new(
            TodoFields(task: entry.task, reminders: entry.reminders), timeZone: user.timeZone,
            modified: entry.task.updatedAt
        ).text
    }

    /// Picks what `request` asks for from a resource's `properties`; those it asks for and the resource lacks
    /// are listed as not found.
    static func answer(_ request: PropfindRequest, href: String, properties: [(DAVName, DAVValue)]) -> DAVResponse {
        switch request {
        case .allProperties, .propertyNames:
            return DAVResponse(href: href, found: properties.filter { $0.0 != .caldav("calendar-data") }, missing: [])
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

    /// Every calendar is read-only for now: changes come through the API and the apps, not through CalDAV.
    private func properties(of calendar: DAVCalendar, version: Int64, user: User) -> [(DAVName, DAVValue)] {
        [
            (.dav("resourcetype"), .elements([.dav("collection"), .caldav("calendar")])),
            (.dav("displayname"), .text(calendar.project.name)),
            (.caldav("calendar-description"), .text(calendar.project.description)),
            (.caldav("supported-calendar-component-set"), .components(DAVCalendar.components)),
            (
                .dav("supported-report-set"),
                .reports([.caldav("calendar-multiget"), .caldav("calendar-query"), .dav("sync-collection")])
            ),
            (.apple("calendar-color"), .text(calendar.color)),
            (.apple("calendar-order"), .text(String(calendar.project.childOrder))),
            (.calendarServer("getctag"), .text(String(version))),
            (.dav("sync-token"), .text(DAVSyncToken(version: version).text)),
            (.dav("current-user-privilege-set"), .privileges([.dav("read"), .dav("read-current-user-privilege-set")])),
        ] + common(user)
    }

    /// A task object's properties; `calendar-data` only where a report may ask for it.
    private func objectProperties(_ entry: CalendarEntry, user: User, data: Bool) -> [(DAVName, DAVValue)] {
        var properties: [(DAVName, DAVValue)] = [
            (.dav("resourcetype"), .elements([])),
            (.dav("getetag"), .text(Self.etag(entry))),
            (.dav("getcontenttype"), .text("text/calendar; charset=utf-8; component=VTODO")),
        ]
        if data { properties.append((.caldav("calendar-data"), .text(Self.calendarData(entry, user: user)))) }
        return properties
    }
}

/// A WebDAV precondition that failed (RFC 4918 16): the answer names it in a `DAV:error` body.
enum DAVPrecondition: Error, Equatable {
    /// A sync token this server did not give (RFC 6578 3.2): the client starts over with an empty one.
    case validSyncToken
}

/// How deep a PROPFIND goes (RFC 4918 10.2): the resource alone, or with its members. `infinity` (and no
/// header, which means it) is answered as one level, the deepest this space has below a calendar home.
enum DAVDepth: Equatable {
    case zero, one

    init(header: String?) {
        self = header?.trimmingCharacters(in: .whitespaces) == "0" ? .zero : .one
    }
}
