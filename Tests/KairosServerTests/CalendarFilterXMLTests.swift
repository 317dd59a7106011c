import Foundation
import KairosCore
import Testing

@testable import KairosServer

/// Reading calendar-query filters, `expand` and free-busy-query bodies as CalDAV clients send them.
@Suite("CalendarFilter XML")
struct CalendarFilterXMLTests {
    static func tree(_ xml: String) throws -> XMLElementTree {
        try XMLElementTree(data: Data(xml.utf8))
    }

    static func moment(_ text: String) -> Date {
        guard case .utc(let instant)? = ICalendar.DateValue(ICalendar.Property(name: "X", value: text)) else {
            fatalError("bad moment \(text)")
        }
        return instant
    }

    @Test("A calendar-query from python caldav reads as the filter it means")
    func query() throws {
        let document = try Self.tree(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop>
                <C:calendar-data><C:expand start="20270212T000000Z" end="20270213T000000Z"/></C:calendar-data>
                <D:getetag/>
              </D:prop>
              <C:filter>
                <C:comp-filter name="VCALENDAR">
                  <C:comp-filter name="VEVENT">
                    <C:prop-filter name="CATEGORIES">
                      <C:text-match collation="i;octet">hands</C:text-match>
                    </C:prop-filter>
                    <C:prop-filter name="STATUS">
                      <C:text-match negate-condition="yes">CANCELLED</C:text-match>
                    </C:prop-filter>
                    <C:prop-filter name="CLASS"><C:is-not-defined/></C:prop-filter>
                    <C:prop-filter name="ATTENDEE">
                      <C:param-filter name="PARTSTAT"><C:text-match>ACCEPTED</C:text-match></C:param-filter>
                    </C:prop-filter>
                    <C:time-range start="20270101T110000Z" end="20270113T140000Z"/>
                    <C:comp-filter name="VALARM"><C:time-range start="20270110T074000Z"/></C:comp-filter>
                  </C:comp-filter>
                </C:comp-filter>
              </C:filter>
            </C:calendar-query>
            """)
        let filter = try CalendarFilter(xml: try #require(document.child(.caldav("filter"))))
        typealias Prop = CalendarFilter.PropertyFilter
        let expected = CalendarFilter(
            .init(
                "VCALENDAR",
                components: [
                    .init(
                        "VEVENT",
                        timeRange: CalendarTimeRange(
                            start: Self.moment("20270101T110000Z"), end: Self.moment("20270113T140000Z")),
                        properties: [
                            Prop("CATEGORIES", textMatch: .init("hands", collation: .octet)),
                            Prop("STATUS", textMatch: .init("CANCELLED", isNegated: true)),
                            Prop("CLASS", isNotDefined: true),
                            Prop("ATTENDEE", parameters: [.init("PARTSTAT", textMatch: .init("ACCEPTED"))]),
                        ],
                        components: [
                            .init(
                                "VALARM",
                                timeRange: CalendarTimeRange(start: Self.moment("20270110T074000Z"), end: nil))
                        ])
                ]))
        #expect(filter == expected)

        let data = try CalendarDataRequest(
            xml: try #require(document.child(.dav("prop"))?.child(.caldav("calendar-data"))))
        #expect(
            data.expand
                == CalendarTimeRange(start: Self.moment("20270212T000000Z"), end: Self.moment("20270213T000000Z")))
    }

    @Test("A free-busy-query needs both ends of its range")
    func freeBusy() throws {
        let query = try FreeBusyQuery(
            xml: try Self.tree(
                """
                <C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav">
                  <C:time-range start="20270101T000000Z" end="20270131T235959Z"/>
                </C:free-busy-query>
                """))
        #expect(query.start == Self.moment("20270101T000000Z") && query.end == Self.moment("20270131T235959Z"))
        #expect(throws: KairosError.self) {
            try FreeBusyQuery(
                xml: try Self.tree(
                    #"<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav">"#
                        + #"<C:time-range start="20270101T000000Z"/></C:free-busy-query>"#))
        }
    }

    @Test(
        "Bad filters are refused with what to change",
        arguments: [
            (#"<C:comp-filter name="VTODO"/>"#, "must be named VCALENDAR"),
            (#"<C:comp-filter/>"#, "needs a name attribute"),
            (#"<C:comp-filter name="VCALENDAR"/><C:comp-filter name="VCALENDAR"/>"#, "exactly one comp-filter"),
            (inTodo("<C:time-range/>"), "needs a start attribute"),
            (inTodo(#"<C:time-range start="2027-01-01"/>"#), "UTC date-time"),
            (inTodo(#"<C:time-range start="20270102T000000Z" end="20270101T000000Z"/>"#), "must come before its end"),
            (inSummary(#"<C:text-match collation="i;klingon">x</C:text-match>"#), "collation i;klingon is not"),
            (inSummary(#"<C:text-match negate-condition="maybe">x</C:text-match>"#), "negate-condition"),
            (#"<C:comp-filter name="VCALENDAR"><C:unknown-filter/></C:comp-filter>"#, "cannot hold unknown-filter"),
        ])
    func refused(inner: String, message: String) throws {
        let element = try Self.tree(#"<C:filter xmlns:C="urn:ietf:params:xml:ns:caldav">"# + inner + "</C:filter>")
        do {
            _ = try CalendarFilter(xml: element)
            Issue.record("accepted \(inner)")
        } catch let error as KairosError {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}

/// `inner` inside a VTODO filter inside the VCALENDAR one.
private func inTodo(_ inner: String) -> String {
    #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">"# + inner + "</C:comp-filter></C:comp-filter>"
}

/// `inner` inside a SUMMARY filter on the VCALENDAR one.
private func inSummary(_ inner: String) -> String {
    #"<C:comp-filter name="VCALENDAR"><C:prop-filter name="SUMMARY">"# + inner + "</C:prop-filter></C:comp-filter>"
}
