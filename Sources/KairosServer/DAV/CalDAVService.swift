import Foundation
import KairosCore
import KairosStore

/// What Kairos' CalDAV space shows a person (RFC 4791): their principal, their calendar home, one calendar
/// of to-dos per project they can see, and in it each task, and each object a client stored that is no
/// to-do, as an iCalendar object. Another person's locations are not found.
///
/// A calendar's address is its project's id, or the name the person's client gave it when it made it; an
/// object's is `task-<id>.ics` for a task made in Kairos, or the name its client stored it under.
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
                let names = try await store.calendarCollectionNames(userID: user.id)
                let own = try await store.calendarProperties(userID: user.id)
                for calendar in try await calendars(of: user) {
                    let version = try await store.calendarVersion(userID: user.id, projectID: calendar.project.id) ?? 0
                    let segment = names[calendar.project.id] ?? calendar.project.id
                    resources.append(
                        (
                            DAVPath.calendar(userID: user.id, projectID: segment).href,
                            properties(of: calendar, version: version, own: own[calendar.project.id] ?? [], user: user)
                        ))
                }
            }
        case .calendar(_, let segment):
            let (calendar, version) = try await requireCalendar(segment, user)
            let own = try await store.calendarProperties(userID: user.id)[calendar.project.id] ?? []
            resources.append((path.href, properties(of: calendar, version: version, own: own, user: user)))
            if depth != .zero {
                for entry in try await store.calendarEntries(userID: user.id, projectID: calendar.project.id) {
                    resources.append((Self.href(of: entry, in: segment, user: user), objectProperties(entry, user: user)))
                }
            }
        case .object(_, let segment, let name):
            let entry = try await requireEntry(segment, name, user)
            resources.append((path.href, objectProperties(entry, user: user)))
        }
        return resources.map { resource in
            Self.answer(request, href: resource.href, properties: resource.properties)
        }
    }

    /// The object at `path` as iCalendar text, with its entity tag.
    func object(at path: DAVPath, user: User) async throws -> (text: String, etag: String) {
        try requireOwn(path, user)
        guard case .object(_, let segment, let name) = path else {
            throw DAVFailure.methodNotAllowed("Only an object can be read with GET here; a list is read with PROPFIND.")
        }
        let entry = try await requireEntry(segment, name, user)
        return (Self.calendarData(entry, user: user), Self.etag(entry))
    }

    /// A calendar's answer to `report`: the multistatus responses and, for a sync, the token to ask with next.
    func report(_ report: DAVReport, at path: DAVPath, user: User) async throws -> (
        responses: [DAVResponse], syncToken: String?
    ) {
        try requireOwn(path, user)
        if case .principalSearch(let properties, let match) = report {
            let found = match.map { user.name.localizedCaseInsensitiveContains($0) } ?? true
            let principal = DAVPath.principal(userID: user.id).href
            return (
                found ? [Self.answer(.properties(properties), href: principal, properties: self.principal(user))] : [],
                nil
            )
        }
        guard case .calendar(_, let segment) = path else {
            throw KairosError.forbidden("Reports are answered on a list's address: /dav/calendars/{you}/{list}/.")
        }
        let projectID = try await requireCalendar(segment, user).calendar.project.id
        switch report {
        case .multiget(let properties, let hrefs):
            let names = hrefs.map { href in (href, Self.objectName(in: href, segment: segment, user: user)) }
            let entries = try await store.calendarEntries(
                userID: user.id, projectID: projectID, names: names.compactMap(\.1))
            let byName = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let responses = names.map { href, name in
                guard let entry = name.flatMap({ byName[$0] }) else { return DAVResponse.notFound(href) }
                return Self.answer(
                    .properties(properties), href: Self.href(of: entry, in: segment, user: user),
                    properties: objectProperties(entry, user: user, data: true))
            }
            return (responses, nil)
        case .query(let properties, let filter, let expand):
            let entries = try await store.calendarEntries(userID: user.id, projectID: projectID)
            let objects = entries.map { Self.calendarObject($0, user: user) }
            let matching = filter?.matchingIndices(objects, defaultTimeZone: user.timeZone) ?? Array(objects.indices)
            return (
                matching.map { index in
                    let entry = entries[index]
                    var found = objectProperties(entry, user: user)
                    let data = expand.map { objects[index].expanded(in: $0, defaultTimeZone: user.timeZone) } ?? objects[index]
                    found.append((.caldav("calendar-data"), .text(data.text)))
                    return Self.answer(
                        .properties(properties), href: Self.href(of: entry, in: segment, user: user), properties: found)
                }, nil
            )
        case .freeBusy:
            throw DAVFailure.methodNotAllowed("A free-busy-query is answered with the busy time, not a multistatus.")
        case .principalSearch:
            return ([], nil)
        case .syncCollection(let properties, let token, let limit):
            var since: Int64 = 0
            if !token.isEmpty {
                guard let known = DAVSyncToken(token) else {
                    throw DAVFailure.precondition(
                        .dav("valid-sync-token"), "This sync token is not one this list gave. Sync again from the start.")
                }
                since = known.version
            }
            guard let changes = try await store.calendarChanges(userID: user.id, projectID: projectID, since: since)
            else { throw KairosError.notFound("No list of yours is at this address.") }
            // In the order they happened, so a reply cut at `limit` ends at a token the rest comes after. A first
            // sync lists what is there; later ones also name what left.
            var steps: [(version: Int64, response: DAVResponse)] = changes.changed.map { entry in
                (
                    entry.version,
                    Self.answer(
                        .properties(properties), href: Self.href(of: entry, in: segment, user: user),
                        properties: objectProperties(entry, user: user, data: true))
                )
            }
            if since > 0 {
                steps += changes.removed.map { removal in
                    (
                        removal.version,
                        DAVResponse.notFound(DAVPath.object(userID: user.id, projectID: segment, name: removal.name).href)
                    )
                }
            }
            steps.sort { $0.version < $1.version }
            guard let limit, steps.count > limit else {
                return (steps.map(\.response), DAVSyncToken(version: changes.version).text)
            }
            let taken = steps.prefix(limit)
            return (
                taken.map(\.response) + [.truncated(path.href)],
                DAVSyncToken(version: taken.last?.version ?? since).text
            )
        }
    }

    /// A calendar's busy time over the query's range, as a VCALENDAR holding one VFREEBUSY.
    func freeBusy(_ query: FreeBusyQuery, at path: DAVPath, user: User, now: Date) async throws -> String {
        try requireOwn(path, user)
        guard case .calendar(_, let segment) = path else {
            throw KairosError.forbidden("Free-busy is answered on a list's address: /dav/calendars/{you}/{list}/.")
        }
        let projectID = try await requireCalendar(segment, user).calendar.project.id
        let objects = try await store.calendarEntries(userID: user.id, projectID: projectID).map {
            Self.calendarObject($0, user: user)
        }
        return CalendarFreeBusy(
            calendars: objects, start: query.start, end: query.end, defaultTimeZone: user.timeZone
        ).calendar(stamp: now).text
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

    /// The project a calendar address names for the person: a name their client gave, or a project's id;
    /// nil when they cannot see it.
    func projectID(segment: String, user: User) async throws -> String? {
        let projectID = try await store.calendarProjectID(userID: user.id, collectionName: segment) ?? segment
        return try await store.calendarVersion(userID: user.id, projectID: projectID) == nil ? nil : projectID
    }

    private func requireOwn(_ path: DAVPath, _ user: User) throws {
        guard path.userID == nil || path.userID == user.id else { throw KairosError.notFound("Nothing is at this address.") }
    }

    private func requireCalendar(_ segment: String, _ user: User) async throws -> (calendar: DAVCalendar, version: Int64) {
        guard let projectID = try await projectID(segment: segment, user: user),
            let calendar = try await calendars(of: user).first(where: { $0.project.id == projectID }),
            let version = try await store.calendarVersion(userID: user.id, projectID: projectID)
        else { throw KairosError.notFound("No list of yours is at this address.") }
        return (calendar, version)
    }

    private func requireEntry(_ segment: String, _ name: String, _ user: User) async throws -> CalendarEntry {
        guard let projectID = try await projectID(segment: segment, user: user),
            let entry = try await store.calendarEntries(userID: user.id, projectID: projectID, names: [name]).first
        else { throw KairosError.notFound("No object is at this address.") }
        return entry
    }

    /// The object name an `href` of a multiget names in this calendar; nil when it points elsewhere.
    private static func objectName(in href: String, segment: String, user: User) -> String? {
        let path = href.hasPrefix("/") ? href : URLComponents(string: href)?.path ?? href
        guard case .object(let owner, let calendar, let name) = DAVPath(path: path), owner == user.id,
            calendar == segment
        else { return nil }
        return name
    }

    static func href(of entry: CalendarEntry, in segment: String, user: User) -> String {
        DAVPath.object(userID: user.id, projectID: segment, name: entry.name).href
    }

    /// A strong entity tag that changes with every change of the object (a task's reminders and labels
    /// included): the number of its latest change, which no other object's change has.
    static func etag(_ entry: CalendarEntry) -> String { "\"\(entry.version)\"" }

    /// The task as a to-do, as the object shows it: its client's UID, its parent's object's UID (or, while that
    /// has not come, the one the client named), and its place among its siblings where the object keeps one.
    static func fields(of entry: CalendarEntry, sortOrder: Bool = true) -> TodoFields {
        let task = entry.task!
        let parentUID =
            task.parentID.map { entry.parentObjectUID ?? TaskCalendar.uid(taskID: $0) }
            ?? entry.object?.waitingParentUID
        return TodoFields(
            task: task, uid: entry.object?.uid, parentUID: parentUID, reminders: entry.reminders,
            sortOrder: sortOrder ? task.childOrder : nil)
    }

    /// The object's text: a kept object as stored; a task's stored object with what the task says now; a task
    /// made in Kairos as a new to-do.
    static func calendarData(_ entry: CalendarEntry, user: User) -> String {
        guard entry.task != nil else { return entry.object?.text ?? "" }
        return calendarObject(entry, user: user).text
    }

    /// The object's VCALENDAR, as `calendarData` writes it.
    static func calendarObject(_ entry: CalendarEntry, user: User) -> ICalendar.Component {
        guard let task = entry.task else {
            return (try? ICalendar.parse(entry.object?.text ?? "")) ?? ICalendar.Component(name: "VCALENDAR")
        }
        guard let text = entry.object?.text, let stored = try? StoredTodo(parsing: text) else {
            return StoredTodo.new(fields(of: entry), timeZone: user.timeZone, modified: task.updatedAt).calendar
        }
        // A sort order is given back only to clients that keep one.
        let keepsOrder = text.contains("X-APPLE-SORT-ORDER")
        return stored.updated(to: fields(of: entry, sortOrder: keepsOrder), timeZone: user.timeZone, modified: task.updatedAt)
            .calendar
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

    /// The home: anyone may make lists in their own.
    private func home(_ user: User) -> [(DAVName, DAVValue)] {
        [
            (.dav("resourcetype"), .elements([.dav("collection")])),
            (.dav("displayname"), .text("Kairos")),
            (.dav("owner"), .hrefs([DAVPath.principal(userID: user.id).href])),
            (.dav("current-user-privilege-set"), .privileges(Self.readPrivileges + [.dav("bind"), .dav("unbind")])),
        ] + common(user)
    }

    private static let readPrivileges: [DAVName] = [.dav("read"), .dav("read-current-user-privilege-set")]
    private static let writePrivileges: [DAVName] = [
        .dav("write"), .dav("write-content"), .dav("write-properties"), .dav("bind"), .dav("unbind"),
    ]

    /// The properties Kairos keeps of a calendar, which a client cannot set (those it can are the project's).
    static let liveCalendarProperties: Set<DAVName> = [
        .dav("resourcetype"), .caldav("supported-calendar-component-set"), .dav("supported-report-set"),
        .calendarServer("getctag"), .dav("sync-token"), .dav("current-user-privilege-set"),
        .dav("current-user-principal"), .dav("getetag"), .dav("getcontenttype"), .dav("owner"),
    ]

    /// A calendar's properties: the project's, then those the person's clients set (`own`). A colour a client
    /// set is given back as it wrote it while the project keeps the colour it stood for.
    private func properties(
        of calendar: DAVCalendar, version: Int64, own: [CalendarProperty], user: User
    ) -> [(DAVName, DAVValue)] {
        let privileges = Self.readPrivileges + (calendar.allowsWriting(by: user.id) ? Self.writePrivileges : [])
        var set = Dictionary(
            own.compactMap { property in
                property.value.map { (DAVName(namespace: property.namespace, name: property.name), $0) }
            }, uniquingKeysWith: { _, last in last })
        var color = calendar.color
        if let written = set.removeValue(forKey: .apple("calendar-color")),
            ProjectColor.reading(written) == calendar.project.color
        {
            color = written
        }
        let order = set.removeValue(forKey: .apple("calendar-order")) ?? String(calendar.project.childOrder)
        return [
            (.dav("resourcetype"), .elements([.dav("collection"), .caldav("calendar")])),
            (.dav("displayname"), .text(calendar.project.name)),
            (.caldav("calendar-description"), .text(calendar.project.description)),
            (.caldav("supported-calendar-component-set"), .components(DAVCalendar.components)),
            (
                .dav("supported-report-set"),
                .reports([.caldav("calendar-multiget"), .caldav("calendar-query"), .dav("sync-collection")])
            ),
            (.apple("calendar-color"), .text(color)),
            (.apple("calendar-order"), .text(order)),
            (.calendarServer("getctag"), .text(String(version))),
            (.dav("sync-token"), .text(DAVSyncToken(version: version).text)),
            (.dav("current-user-privilege-set"), .privileges(privileges)),
        ] + common(user) + set.sorted { ($0.key.namespace, $0.key.name) < ($1.key.namespace, $1.key.name) }
            .map { ($0.key, .text($0.value)) }
    }

    /// An object's properties; `calendar-data` only where a report may ask for it.
    private func objectProperties(_ entry: CalendarEntry, user: User, data: Bool = false) -> [(DAVName, DAVValue)] {
        let component = entry.task == nil ? "" : "; component=VTODO"
        var properties: [(DAVName, DAVValue)] = [
            (.dav("resourcetype"), .elements([])),
            (.dav("getetag"), .text(Self.etag(entry))),
            (.dav("getcontenttype"), .text("text/calendar; charset=utf-8\(component)")),
        ]
        if data { properties.append((.caldav("calendar-data"), .text(Self.calendarData(entry, user: user)))) }
        return properties
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
