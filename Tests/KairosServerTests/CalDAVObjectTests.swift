import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// A REPORT on a calendar, signed in as a CalDAV client is.
    func davReport(_ path: String, _ body: String) async throws -> Reply {
        let login = Data("\(me.email):\(token ?? "")".utf8).base64EncodedString()
        return try await send(
            .init("REPORT")!, path, body: Data(body.utf8),
            headers: [.authorization: "Basic \(login)", .contentType: "application/xml", .init("Depth")!: "1"])
    }

    func davGet(_ path: String) async throws -> Reply {
        let login = Data("\(me.email):\(token ?? "")".utf8).base64EncodedString()
        return try await send(.get, path, headers: [.authorization: "Basic \(login)"])
    }
}

extension Reply {
    /// The `href`s of a multistatus, in order.
    var hrefs: [String] { text.matches(of: /<d:href>([^<]+)<\/d:href><d:prop/).map { String($0.1) } }
    /// The `href`s answered 404 Not Found.
    var goneHrefs: [String] {
        text.matches(of: /<d:href>([^<]+)<\/d:href><d:status>HTTP\/1.1 404 Not Found/).map { String($0.1) }
    }
    var syncToken: String? { text.firstMatch(of: /<d:sync-token>([^<]+)<\/d:sync-token><\/d:multistatus>/).map { String($0.1) } }
}

/// A project's tasks as iCalendar to-dos over CalDAV: listed with entity tags, read one by one or many at a
/// time, and followed by sync tokens that name exactly what changed and what left.
@Suite struct CalDAVObjectTests {
    static func sync(_ token: String) -> String {
        """
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>
        <d:prop><d:getetag/></d:prop></d:sync-collection>
        """
    }

    @Test func eachTaskIsAnObjectWithItsSubtasksDueLabelsAndReminders() async throws {
        try await withAda { ada in
            let groceries = try await ada.createProject("Groceries")
            let milk = try await ada.createTask(
                "Milk", projectID: groceries.id, labels: ["shop"], priority: 4, dueString: "tomorrow at 9am")
            let eggs = try await ada.createTask("Eggs", projectID: groceries.id, parentID: milk.id)
            try await ada.remind(milk.id, minutesBefore: 30)
            let calendar = "/dav/calendars/\(ada.me.id)/\(groceries.id)/"

            let listing = try await ada.propfind(calendar, depth: "1")
            #expect(listing.status.code == 207)
            #expect(listing.hrefs == [calendar, "\(calendar)task-\(milk.id).ics", "\(calendar)task-\(eggs.id).ics"])
            let etag = try #require(listing.text.firstMatch(of: /<d:getetag>([^<]+)<\/d:getetag>/).map { String($0.1) })

            let object = try await ada.davGet("\(calendar)task-\(milk.id).ics")
            #expect(object.status == .ok && object.headers[.eTag] == etag.replacingOccurrences(of: "&quot;", with: "\""))
            #expect(object.headers[.contentType]?.hasPrefix("text/calendar") == true)
            for line in ["BEGIN:VTODO", "SUMMARY:Milk", "PRIORITY:1", "CATEGORIES:shop", "BEGIN:VALARM", "TRIGGER;RELATED=END:-PT30M"] {
                #expect(object.text.contains(line), "missing \(line) in\n\(object.text)")
            }
            let child = try await ada.davGet("\(calendar)task-\(eggs.id).ics")
            #expect(child.text.contains("RELATED-TO;RELTYPE=PARENT:task-\(milk.id)@kairos"))

            let multiget = try await ada.davReport(
                calendar,
                """
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                <d:prop><d:getetag/><c:calendar-data/></d:prop>
                <d:href>\(calendar)task-\(eggs.id).ics</d:href><d:href>\(calendar)task-999999.ics</d:href>
                </c:calendar-multiget>
                """)
            #expect(multiget.hrefs == ["\(calendar)task-\(eggs.id).ics"])
            #expect(multiget.goneHrefs == ["\(calendar)task-999999.ics"])
            #expect(multiget.text.contains("SUMMARY:Eggs"))

            let todos = try await ada.davReport(
                calendar,
                #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>"#)
            #expect(todos.hrefs.count == 2)
            let events = try await ada.davReport(
                calendar,
                #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter></c:calendar-query>"#)
            #expect(events.hrefs.isEmpty)
        }
    }

    @Test func aSyncTokenNamesExactlyWhatChangedAndWhatLeft() async throws {
        try await withAda { ada in
            let groceries = try await ada.createProject("Groceries")
            let other = try await ada.createProject("Other")
            let milk = try await ada.createTask("Milk", projectID: groceries.id)
            let eggs = try await ada.createTask("Eggs", projectID: groceries.id)
            let tea = try await ada.createTask("Tea", projectID: groceries.id)
            let calendar = "/dav/calendars/\(ada.me.id)/\(groceries.id)/"

            let first = try await ada.davReport(calendar, Self.sync(""))
            #expect(first.hrefs.count == 3 && first.goneHrefs.isEmpty)
            let token = try #require(first.syncToken)
            #expect(try await ada.davReport(calendar, Self.sync(token)).hrefs.isEmpty)
            let ctag = try await ada.propfind(calendar).text.firstMatch(of: /<cs:getctag>(\d+)</)?.1

            _ = try await ada.updateTask(milk.id) { $0.content = "Oat milk" }
            try expectNoContent(try await ada.delete("tasks/\(eggs.id)"))
            try expectNoContent(try await ada.post("tasks/\(tea.id)/move", TaskMoveRequest(projectID: other.id)))
            let bread = try await ada.createTask("Bread", projectID: groceries.id)

            let second = try await ada.davReport(calendar, Self.sync(token))
            #expect(Set(second.hrefs) == ["\(calendar)task-\(milk.id).ics", "\(calendar)task-\(bread.id).ics"])
            #expect(Set(second.goneHrefs) == ["\(calendar)task-\(eggs.id).ics", "\(calendar)task-\(tea.id).ics"])
            let next = try #require(second.syncToken)
            #expect(next != token)
            #expect(try await ada.propfind(calendar).text.firstMatch(of: /<cs:getctag>(\d+)</)?.1 != ctag)
            // The task that moved is in the other list now.
            let moved = try await ada.davReport("/dav/calendars/\(ada.me.id)/\(other.id)/", Self.sync(token))
            #expect(moved.hrefs == ["/dav/calendars/\(ada.me.id)/\(other.id)/task-\(tea.id).ics"])

            // A label or a reminder changes the object too.
            _ = try await ada.updateTask(bread.id) { $0.labels = ["bakery"] }
            try await ada.remind(milk.id, at: "2030-01-01T09:00:00")
            let third = try await ada.davReport(calendar, Self.sync(next))
            #expect(Set(third.hrefs) == ["\(calendar)task-\(milk.id).ics", "\(calendar)task-\(bread.id).ics"])

            let unknown = try await ada.davReport(calendar, Self.sync("http://example.com/sync/1"))
            #expect(unknown.status == .forbidden && unknown.text.contains("<d:valid-sync-token/>"))
        }
    }

    @Test func nobodyReadsAnotherPersonsTasks() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let groceries = try await ada.createProject("Groceries")
            let milk = try await ada.createTask("Milk", projectID: groceries.id)
            let name = "task-\(milk.id).ics"
            #expect(try await bob.davGet("/dav/calendars/\(ada.me.id)/\(groceries.id)/\(name)").status == .notFound)
            #expect(try await bob.davGet("/dav/calendars/\(bob.me.id)/\(groceries.id)/\(name)").status == .notFound)
            let inbox = try await bob.createTask("Bob's own")
            // Ada's task named under Bob's own list is not found either.
            #expect(
                try await bob.davGet("/dav/calendars/\(bob.me.id)/\(inbox.projectID)/\(name)").status == .notFound)
            let sync = try await bob.davReport("/dav/calendars/\(bob.me.id)/\(groceries.id)/", Self.sync(""))
            #expect(sync.status == .notFound)
        }
    }
}
