import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// A CalDAV write (PUT, DELETE, MKCALENDAR) signed in as a client is, with any extra headers.
    func dav(
        _ method: String, _ path: String, body: String? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = extra
        headers[.authorization] = "Basic " + Data("\(me.email):\(token ?? "")".utf8).base64EncodedString()
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "text/calendar; charset=utf-8" }
        return try await send(.init(method)!, path, body: body.map { Data($0.utf8) }, headers: headers)
    }

    func davPut(_ path: String, _ body: String, headers: HTTPFields = [:]) async throws -> Reply {
        try await dav("PUT", path, body: body, headers: headers)
    }
}

/// A to-do as a client writes it, lines ending in CRLF.
func vtodo(_ uid: String, _ lines: String...) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Client//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20260301T100000Z"] + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
}

/// Tasks written from CalDAV clients: stored under the names the clients chose, made, changed, completed and
/// deleted as through the API, guarded by entity tags, with what Kairos does not model given back unchanged.
@Suite struct CalDAVWriteTests {
    @Test func aClientsToDoBecomesATaskAndComesBackAsItWasSent() async throws {
        try await withAda { ada in
            let groceries = try await ada.createProject("Groceries")
            let calendar = "/dav/calendars/\(ada.me.id)/\(groceries.id)/"
            let body = vtodo(
                "6F1C-milk", "SUMMARY:Milk", "DESCRIPTION:Oat\\, not cow", "PRIORITY:1", "CATEGORIES:shop,dairy",
                "DUE;VALUE=DATE:20260310", "X-CLIENT-COLOR:blue")
            let created = try await ada.davPut("\(calendar)6F1C-milk.ics", body, headers: [.ifNoneMatch: "*"])
            #expect(created.status == .created)
            let etag = try #require(created.headers[.eTag])

            let task = try #require(try await ada.tasks(["project_id": groceries.id]).first)
            #expect(task.content == "Milk" && task.description == "Oat, not cow" && task.priority == 4)
            #expect(task.labels == ["shop", "dairy"] && task.due?.date == LocalDate(iso: "2026-03-10"))

            let read = try await ada.davGet("\(calendar)6F1C-milk.ics")
            #expect(read.text == body && read.headers[.eTag] == etag)
            let listing = try await ada.propfind(calendar, depth: "1")
            #expect(listing.hrefs == [calendar, "\(calendar)6F1C-milk.ics"])

            // Storing it again over a stale copy, or as new where it exists, changes nothing.
            #expect(try await ada.davPut("\(calendar)6F1C-milk.ics", body, headers: [.ifNoneMatch: "*"]).status == .preconditionFailed)
            _ = try await ada.updateTask(task.id) { $0.content = "Oat milk" }
            let stale = try await ada.davPut(
                "\(calendar)6F1C-milk.ics", body.replacingOccurrences(of: "SUMMARY:Milk", with: "SUMMARY:Cow milk"),
                headers: [.ifMatch: etag])
            #expect(stale.status == .preconditionFailed)
            #expect(try await ada.task(task.id).content == "Oat milk")

            // A change on the Kairos side is given back in the client's object, the rest kept as it was.
            let changed = try await ada.davGet("\(calendar)6F1C-milk.ics")
            #expect(changed.text.contains("SUMMARY:Oat milk") && changed.text.contains("X-CLIENT-COLOR:blue"))
            #expect(changed.headers[.eTag] != etag)
        }
    }

    @Test func editsCompletionsAndReopeningsAreTheTasksOwnChanges() async throws {
        try await withAda { ada in
            let inbox = try #require(try await ada.projects().first { $0.isInbox })
            let path = "/dav/calendars/\(ada.me.id)/\(inbox.id)/a1.ics"
            #expect(try await ada.davPut(path, vtodo("a1", "SUMMARY:Call mum", "DUE:20260305T170000Z")).status == .created)
            let task = try #require(try await ada.tasks().first { $0.content == "Call mum" })
            #expect(task.due?.time == LocalTime(iso: "12:00:00") && task.due?.timezone == "America/New_York")

            let etag = try #require(try await ada.davGet(path).headers[.eTag])
            let done = try await ada.davPut(
                path,
                vtodo("a1", "SUMMARY:Call mum", "DUE:20260305T170000Z", "STATUS:COMPLETED", "COMPLETED:20260305T180000Z",
                      "PERCENT-COMPLETE:100", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call",
                      "TRIGGER;RELATED=END:-PT15M", "END:VALARM"),
                headers: [.ifMatch: etag])
            #expect(done.status == .noContent)
            let closed = try await ada.task(task.id)
            #expect(closed.isCompleted)
            let reminders = try expectOK(try await ada.get("reminders", ["task_id": task.id]), as: Page<Reminder>.self)
            #expect(reminders.results.map(\.minuteOffset) == [15])
            #expect(try await ada.activityKinds(of: task.id).contains(.completed))

            #expect(try await ada.davPut(path, vtodo("a1", "SUMMARY:Call mum", "DUE:20260305T170000Z")).status == .noContent)
            #expect(try await ada.task(task.id).isCompleted == false)
            let gone = try expectOK(try await ada.get("reminders", ["task_id": task.id]), as: Page<Reminder>.self)
            #expect(gone.results.isEmpty)
        }
    }

    @Test func aRecurringToDoCompletedMovesToItsNextDate() async throws {
        try await withAda { ada in
            let inbox = try #require(try await ada.projects().first { $0.isInbox })
            let path = "/dav/calendars/\(ada.me.id)/\(inbox.id)/bins.ics"
            let open = vtodo("bins", "SUMMARY:Bins out", "DTSTART;VALUE=DATE:20260305", "DUE;VALUE=DATE:20260305", "RRULE:FREQ=WEEKLY;BYDAY=TH")
            #expect(try await ada.davPut(path, open).status == .created)
            let task = try #require(try await ada.tasks().first)
            #expect(task.due?.recurrence != nil)
            let completed = open.replacingOccurrences(of: "RRULE", with: "STATUS:COMPLETED\r\nCOMPLETED:20260305T090000Z\r\nRRULE")
            #expect(try await ada.davPut(path, completed).status == .noContent)
            let next = try await ada.task(task.id)
            #expect(next.isCompleted == false && next.due?.date == LocalDate(iso: "2026-03-12"))
            let given = try await ada.davGet(path)
            #expect(given.text.contains("DUE;VALUE=DATE:20260312") && given.text.contains("STATUS:NEEDS-ACTION"))
            #expect(!given.text.contains("COMPLETED:"))
        }
    }

    @Test func aSubtaskStoredBeforeItsParentIsLinkedWhenTheParentComes() async throws {
        try await withAda { ada in
            let trip = try await ada.createProject("Trip")
            let calendar = "/dav/calendars/\(ada.me.id)/\(trip.id)/"
            #expect(try await ada.davPut("\(calendar)c.ics", vtodo("child", "SUMMARY:Passport", "RELATED-TO;RELTYPE=PARENT:parent")).status == .created)
            let child = try #require(try await ada.tasks(["project_id": trip.id]).first)
            #expect(child.parentID == nil)
            // While it waits, its object keeps naming the parent.
            #expect(try await ada.davGet("\(calendar)c.ics").text.contains("RELATED-TO;RELTYPE=PARENT:parent"))
            #expect(try await ada.davPut("\(calendar)p.ics", vtodo("parent", "SUMMARY:Pack")).status == .created)
            let parent = try #require(try await ada.tasks(["project_id": trip.id]).first { $0.content == "Pack" })
            #expect(try await ada.task(child.id).parentID == parent.id)

            // A subtask made in Kairos names its parent by the client's UID.
            let socks = try await ada.createTask("Socks", projectID: trip.id, parentID: parent.id)
            #expect(try await ada.davGet("\(calendar)task-\(socks.id).ics").text.contains("RELATED-TO;RELTYPE=PARENT:parent"))
            // Taking the relation away makes it a task of its own.
            #expect(try await ada.davPut("\(calendar)c.ics", vtodo("child", "SUMMARY:Passport")).status == .noContent)
            #expect(try await ada.task(child.id).parentID == nil)
        }
    }

    @Test func deletingAnObjectDeletesItsTaskAndASyncSaysSoByItsName() async throws {
        try await withAda { ada in
            let groceries = try await ada.createProject("Groceries")
            let calendar = "/dav/calendars/\(ada.me.id)/\(groceries.id)/"
            #expect(try await ada.davPut("\(calendar)x.ics", vtodo("x", "SUMMARY:Bread")).status == .created)
            let token = try #require(try await ada.davReport(calendar, CalDAVObjectTests.sync("")).syncToken)
            let task = try #require(try await ada.tasks(["project_id": groceries.id]).first)

            #expect(try await ada.dav("DELETE", "\(calendar)x.ics", headers: [.ifMatch: "\"1\""]).status == .preconditionFailed)
            #expect(try await ada.dav("DELETE", "\(calendar)x.ics").status == .noContent)
            #expect(try await ada.get("tasks/\(task.id)").status == .notFound)
            #expect(try await ada.davGet("\(calendar)x.ics").status == .notFound)
            let sync = try await ada.davReport(calendar, CalDAVObjectTests.sync(token))
            #expect(sync.goneHrefs == ["\(calendar)x.ics"] && sync.hrefs.isEmpty)

            // A task deleted in Kairos leaves by the client's name too.
            #expect(try await ada.davPut("\(calendar)y.ics", vtodo("y", "SUMMARY:Jam")).status == .created)
            let next = try #require(try await ada.davReport(calendar, CalDAVObjectTests.sync(token)).syncToken)
            let jam = try #require(try await ada.tasks(["project_id": groceries.id]).first)
            try expectNoContent(try await ada.delete("tasks/\(jam.id)"))
            #expect(try await ada.davReport(calendar, CalDAVObjectTests.sync(next)).goneHrefs == ["\(calendar)y.ics"])
            // And the name is free again.
            #expect(try await ada.davPut("\(calendar)y.ics", vtodo("y", "SUMMARY:Jam")).status == .created)
        }
    }

    @Test func anEventIsKeptAsItIsAndIsNeverATask() async throws {
        try await withAda { ada in
            let groceries = try await ada.createProject("Groceries")
            let calendar = "/dav/calendars/\(ada.me.id)/\(groceries.id)/"
            let event = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Client//EN", "BEGIN:VEVENT", "UID:ev1",
                "DTSTAMP:20260301T100000Z", "DTSTART:20260306T100000Z", "SUMMARY:Market", "END:VEVENT", "END:VCALENDAR",
            ].joined(separator: "\r\n") + "\r\n"
            let stored = try await ada.davPut("\(calendar)ev1.ics", event)
            #expect(stored.status == .created && stored.headers[.eTag] != nil)
            #expect(try await ada.tasks(["project_id": groceries.id]).isEmpty)
            #expect(try await ada.davGet("\(calendar)ev1.ics").text == event)
            let events = try await ada.davReport(
                calendar,
                #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter></c:calendar-query>"#)
            #expect(events.hrefs == ["\(calendar)ev1.ics"])
            // It cannot turn into a to-do, and its UID is taken.
            #expect(try await ada.davPut("\(calendar)ev1.ics", vtodo("ev1", "SUMMARY:Market")).status == .forbidden)
            let clash = try await ada.davPut("\(calendar)other.ics", vtodo("ev1", "SUMMARY:Market"))
            #expect(clash.status == .forbidden && clash.text.contains("<c:no-uid-conflict><d:href>\(calendar)ev1.ics</d:href>"))
            #expect(try await ada.dav("DELETE", "\(calendar)ev1.ics").status == .noContent)
            #expect(try await ada.davGet("\(calendar)ev1.ics").status == .notFound)
        }
    }

    @Test func badDataAndOtherPeoplesListsChangeNothing() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let calendar = "/dav/calendars/\(ada.me.id)/\(launch.id)/"
            let broken = try await ada.davPut("\(calendar)b.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n")
            #expect(broken.status == .forbidden && broken.text.contains("valid-calendar-data"))
            let noUID = try await ada.davPut("\(calendar)b.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
            #expect(noUID.status == .forbidden)
            #expect(try await ada.tasks(["project_id": launch.id]).isEmpty)

            // Someone else's address, or a list they cannot see, is not theirs to write.
            #expect(try await dave.davPut(calendar + "d.ics", vtodo("d", "SUMMARY:Sneak")).status == .notFound)
            #expect(try await dave.davPut("/dav/calendars/\(dave.me.id)/\(launch.id)/d.ics", vtodo("d", "SUMMARY:Sneak")).status == .conflict)
            // A commenter reads the shared list and may not add to it; an editor may.
            let carols = "/dav/calendars/\(carol.me.id)/\(launch.id)/"
            #expect(try await carol.propfind(carols).text.contains("<d:privilege><d:read/></d:privilege>"))
            #expect(!(try await carol.propfind(carols).text.contains("<d:write-content/>")))
            #expect(try await carol.davPut(carols + "c.ics", vtodo("c", "SUMMARY:Mine")).status == .forbidden)
            #expect(try await ada.tasks(["project_id": launch.id]).isEmpty)
            let bobs = "/dav/calendars/\(bob.me.id)/\(launch.id)/"
            #expect(try await bob.propfind(bobs).text.contains("<d:write-content/>"))
            #expect(try await bob.davPut(bobs + "b.ics", vtodo("b", "SUMMARY:Venue")).status == .created)
            let venue = try #require(try await ada.tasks(["project_id": launch.id]).first)
            #expect(venue.content == "Venue")
            // What Bob's client did is audited as Bob's.
            #expect(try await ada.activity(of: venue.id).first?.1 == "Bob")
        }
    }

    @Test func aClientMakesAndDeletesLists() async throws {
        try await withAda { ada in
            let home = "/dav/calendars/\(ada.me.id)/"
            let made = try await ada.dav(
                "MKCALENDAR", "\(home)E2B4-list/",
                body: """
                    <?xml version="1.0" encoding="utf-8"?>
                    <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:ic="http://apple.com/ns/ical/">
                    <d:set><d:prop><d:displayname>Garden</d:displayname><ic:calendar-color>#FF0000FF</ic:calendar-color></d:prop></d:set>
                    </c:mkcalendar>
                    """,
                headers: [.contentType: "application/xml"])
            #expect(made.status == .created)
            let garden = try #require(try await ada.projects().first { $0.name == "Garden" })
            #expect(garden.color == "red")
            let listing = try await ada.propfind(home, depth: "1")
            #expect(listing.hrefs.contains("\(home)E2B4-list/"))
            #expect(try await ada.davPut("\(home)E2B4-list/t.ics", vtodo("t", "SUMMARY:Weed")).status == .created)
            #expect(try await ada.tasks(["project_id": garden.id]).map(\.content) == ["Weed"])
            #expect(try await ada.dav("MKCALENDAR", "\(home)E2B4-list/").status == .methodNotAllowed)

            #expect(try await ada.dav("DELETE", "\(home)E2B4-list/").status == .noContent)
            #expect(try await ada.projects().contains { $0.name == "Garden" } == false)
            let inbox = try #require(try await ada.projects().first { $0.isInbox })
            #expect(try await ada.dav("DELETE", "\(home)\(inbox.id)/").status == .forbidden)
        }
    }

    @Test func aClientRenamesAndColoursAListAndKeepsItsOwnProperties() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let path = "/dav/calendars/\(ada.me.id)/\(launch.id)/"
            let patch = """
                <?xml version="1.0" encoding="utf-8"?>
                <d:propertyupdate xmlns:d="DAV:" xmlns:ic="http://apple.com/ns/ical/" xmlns:x="urn:example">
                <d:set><d:prop><d:displayname>Launch day</d:displayname><ic:calendar-color>#42A393FF</ic:calendar-color>
                <ic:calendar-order>3</ic:calendar-order><x:pinned>yes</x:pinned></d:prop></d:set>
                </d:propertyupdate>
                """
            let patched = try await ada.dav("PROPPATCH", path, body: patch, headers: [.contentType: "application/xml"])
            #expect(patched.status.code == 207 && !patched.text.contains("403"))
            let project = try #require(try await ada.projects().first { $0.id == launch.id })
            #expect(project.name == "Launch day" && project.color == "mint_green")
            let read = try await ada.propfind(path).text
            for value in ["<ic:calendar-color>#42A393FF</ic:calendar-color>", "<ic:calendar-order>3</ic:calendar-order>", ">yes</x:pinned>"] {
                #expect(read.contains(value), "missing \(value) in \(read)")
            }
            // Another member sees the new name, with their own order and none of Ada's own properties.
            let bobs = try await bob.propfind("/dav/calendars/\(bob.me.id)/\(launch.id)/").text
            #expect(bobs.contains("<d:displayname>Launch day</d:displayname>") && !bobs.contains("pinned"))

            // A commenter may not rename it; a live property cannot be set; either way nothing changes.
            let refused = try await carol.dav(
                "PROPPATCH", "/dav/calendars/\(carol.me.id)/\(launch.id)/",
                body: patch.replacingOccurrences(of: "Launch day", with: "Mine"), headers: [.contentType: "application/xml"])
            #expect(refused.text.contains("HTTP/1.1 403 Forbidden") && refused.text.contains("HTTP/1.1 424 Failed Dependency"))
            let live = try await ada.dav(
                "PROPPATCH", path,
                body: #"<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Other</d:displayname><d:resourcetype/></d:prop></d:set></d:propertyupdate>"#,
                headers: [.contentType: "application/xml"])
            #expect(live.text.contains("HTTP/1.1 403 Forbidden"))
            #expect(try await ada.projects().first { $0.id == launch.id }?.name == "Launch day")
        }
    }
}
