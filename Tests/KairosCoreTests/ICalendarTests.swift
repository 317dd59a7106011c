import Foundation
import KairosCore
import Testing

@Suite("iCalendar reading and writing")
struct ICalendarTests {
    @Test("Every client's object reads, and writing it reads back as the same tree")
    func roundTrip() throws {
        for body in CalendarClientFixtures.all {
            let calendar = try ICalendar.parse(body)
            #expect(calendar.name == "VCALENDAR")
            #expect(try ICalendar.parse(calendar.text) == calendar)
            // The clients' own lines come back as they were: names in upper case, folded lines joined.
            let unfolded = body.replacingOccurrences(of: "\r\n ", with: "")
            #expect(calendar.text.replacingOccurrences(of: "\r\n ", with: "") == unfolded)
        }
    }

    @Test("Lines end in CRLF or LF, continue after a space or tab, and keep quoted parameters whole")
    func contentLines() throws {
        let body = """
            begin:vcalendar
            BEGIN:VTODO
            uid:42
            Summary;Language=en:Buy milk,
            \tbread and
              eggs
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE="Shop: Main St; 4, left";X-RADIUS=70:geo:52.5,13.4
            ATTENDEE;MEMBER="mailto:a@x.org","mailto:b@x.org";CN=Ada:mailto:ada@x.org

            END:VTODO
            END:VCALENDAR
            """
        let calendar = try ICalendar.parse(body)
        let todo = try #require(calendar.components.first)
        #expect(todo.name == "VTODO")
        #expect(todo.property("UID")?.value == "42")
        let summary = try #require(todo.property("summary"))
        #expect(summary.name == "SUMMARY" && summary.parameter("language") == "en")
        #expect(summary.text == "Buy milk,bread and eggs")
        let location = try #require(todo.property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(location.parameter("X-TITLE") == "Shop: Main St; 4, left")
        #expect(location.value == "geo:52.5,13.4")
        let attendee = try #require(todo.property("ATTENDEE"))
        #expect(attendee.parameters.first?.values == ["mailto:a@x.org", "mailto:b@x.org"])
        #expect(
            attendee.contentLine == "ATTENDEE;MEMBER=\"mailto:a@x.org\",\"mailto:b@x.org\";CN=Ada:mailto:ada@x.org")
        #expect(try ICalendar.parse(calendar.text) == calendar)
        #expect(
            calendar.text.replacingOccurrences(of: "\r\n ", with: "").contains(
                "X-TITLE=\"Shop: Main St; 4, left\";X-RADIUS=70:geo:52.5,13.4"))
    }

    @Test("Long UTF-8 lines fold at 75 octets between characters and unfold to the same text")
    func folding() throws {
        let title = String(repeating: "é😀", count: 40) + String(repeating: "a", count: 100)
        let todo = ICalendar.Component(
            name: "VTODO",
            properties: [ICalendar.Property(name: "UID", value: "1"), .init(name: "SUMMARY", text: title)])
        let text = ICalendar.Component(name: "VCALENDAR", components: [todo]).text
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(try ICalendar.parse(text).components[0].property("SUMMARY")?.text == title)
        // A character longer than a line (many combining marks) is split between its scalars.
        let heavy = "e" + String(repeating: "\u{301}", count: 60)
        let folded = ICalendar.fold("SUMMARY:" + heavy)
        #expect(folded.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let calendar = try ICalendar.parse("BEGIN:VCALENDAR\r\n" + folded + "\r\nEND:VCALENDAR\r\n")
        #expect(calendar.property("SUMMARY")?.text == heavy)
    }

    @Test("TEXT escaping round-trips backslashes, semicolons, commas and line breaks")
    func escaping() throws {
        let text = "a\\b; c, d\ne\r\nf"
        let property = ICalendar.Property(name: "DESCRIPTION", text: text)
        #expect(property.value == "a\\\\b\\; c\\, d\\ne\\nf")
        #expect(property.text == "a\\b; c, d\ne\nf")
        let calendar = ICalendar.Component(
            name: "VCALENDAR", components: [ICalendar.Component(name: "VTODO", properties: [property])])
        #expect(try ICalendar.parse(calendar.text).components[0].property("DESCRIPTION")?.text == "a\\b; c, d\ne\nf")
        #expect(ICalendar.Property(name: "CATEGORIES", value: "a\\,b,c,N").textList == ["a,b", "c", "N"])
        #expect(ICalendar.unescape("\\N and \\: kept") == "\n and : kept")
    }

    @Test("Bad bodies are refused with what is wrong and on which line")
    func errors() {
        func problem(_ body: String) -> String? {
            do {
                _ = try ICalendar.parse(body)
                return nil
            } catch {
                return error.description
            }
        }
        let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\n"
        let tail = "END:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(
            problem(head + "SUMMARY Buy milk\r\n" + tail)
                == "Line 5: a property needs a name and a ':' before its value")
        #expect(problem(head + ":no name\r\n" + tail) == "Line 5: a property needs a name and a ':' before its value")
        #expect(
            problem(head + "SUMMARY;LANGUAGE=\"en:Buy\r\n" + tail)
                == "Line 5: the parameter LANGUAGE of SUMMARY has a quote that is never closed")
        #expect(
            problem(head + "SUMMARY;LANGUAGE:x\r\n" + tail)
                == "Line 5: each parameter of SUMMARY needs a name, '=' and a value")
        #expect(problem(head + "SUM MARY:x\r\n" + tail)?.hasPrefix("Line 5: a property name may hold only") == true)
        #expect(problem(head + "SUMMARY:a\u{0}b\r\n" + tail) == "Line 5: SUMMARY holds the control character U+0000")
        #expect(
            problem(head + "END:VEVENT\r\nEND:VCALENDAR\r\n")
                == "Line 5: END:VEVENT cannot close BEGIN:VTODO; end it first")
        #expect(problem(head) == "Line 3: BEGIN:VTODO is never closed; add END:VTODO")
        #expect(
            problem("BEGIN:VTODO\r\nEND:VTODO\r\n")
                == "Line 1: a calendar object starts with BEGIN:VCALENDAR, not BEGIN:VTODO")
        #expect(problem("SUMMARY:x\r\n") == "Line 1: a calendar object starts with BEGIN:VCALENDAR, not SUMMARY")
        #expect(
            problem(head + tail + "BEGIN:VCALENDAR\r\n")
                == "Line 7: nothing may follow END:VCALENDAR; send one calendar object")
        #expect(problem("BEGIN:\r\n") == "Line 1: BEGIN needs a component name such as VTODO")
        #expect(problem("\r\n\r\n") == "The body is empty. Send a calendar object starting with BEGIN:VCALENDAR.")
        #expect(
            ICalendarError(line: 5, "a property needs a name and a ':' before its value").kairosError
                == .badRequest("Line 5: a property needs a name and a ':' before its value"))
    }

    @Test("A body is read from its bytes: a byte order mark is skipped, bytes that are not UTF-8 name their line")
    func bytes() throws {
        let body = Array(
            "\u{FEFF}BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:Grüße\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let todo = try StoredTodo(utf8: body).fields(timeZone: .gmt, now: Date())
        #expect(todo?.summary == "Grüße" && todo?.uid == "1")
        var latin1 = body
        latin1.replaceSubrange(body.firstIndex(of: 0xC3)!..<(body.firstIndex(of: 0xC3)! + 2), with: [0xFC])
        #expect(throws: ICalendarError(line: 4, "the text is not UTF-8; send the calendar object encoded as UTF-8")) {
            try ICalendar.parse(utf8: latin1)
        }
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: Limits.calendarObjectBytes + 1)
        #expect(throws: ICalendarError.self) { try ICalendar.parse(utf8: big) }
    }

    @Test("Bodies over the size limit and components nested too deep are refused")
    func limits() throws {
        let padding = String(repeating: "X-PAD:" + String(repeating: "x", count: 60) + "\r\n", count: 4_500)
        let big = "BEGIN:VCALENDAR\r\n" + padding + "END:VCALENDAR\r\n"
        #expect(big.utf8.count > Limits.calendarObjectBytes)
        #expect(throws: ICalendarError.self) { try ICalendar.parse(big) }
        do {
            _ = try ICalendar.parse(big)
        } catch {
            #expect(error.isTooLarge && error.line == nil)
            #expect(error.kairosError.code == "payload_too_large")
        }
        let names = ["VCALENDAR"] + (1..<Limits.calendarNesting).map { "X-LEVEL\($0)" }
        let deepest = names.map { "BEGIN:\($0)\r\n" }.joined() + names.reversed().map { "END:\($0)\r\n" }.joined()
        #expect(try ICalendar.parse(deepest).components.count == 1)
        let tooDeep = (names + ["X-LEVEL9"]).map { "BEGIN:\($0)\r\n" }.joined()
        #expect(throws: ICalendarError(line: 9, "components nest deeper than 8 levels here")) {
            try ICalendar.parse(tooDeep)
        }
    }

    @Test("Dates, times and durations read in their iCalendar forms")
    func values() throws {
        func value(_ line: String) throws -> ICalendar.DateValue? {
            let calendar = try ICalendar.parse("BEGIN:VCALENDAR\r\n\(line)\r\nEND:VCALENDAR\r\n")
            return calendar.properties.first.flatMap(ICalendar.DateValue.init)
        }
        let day = try #require(LocalDate(year: 2026, month: 3, day: 5))
        let nine = try #require(LocalTime(hour: 9, minute: 0))
        #expect(try value("DUE;VALUE=DATE:20260305") == .date(day))
        #expect(try value("DUE:20260305T090000") == .floating(day, nine))
        #expect(try value("DUE:20260305T090000Z") == .utc(day.at(nine, in: .gmt)))
        #expect(try value("DUE;TZID=Europe/Berlin:20260305T090000") == .zoned(day, nine, tzid: "Europe/Berlin"))
        #expect(try value("DUE:2026-03-05") == nil)
        #expect(try value("DUE:20260230") == nil)
        #expect(ICalendar.timeZone(tzid: "/mozilla.org/20050126_1/Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(ICalendar.timeZone(tzid: "W. Europe Standard Time") == nil)
        #expect(ICalendar.durationSeconds("-PT15M") == -900)
        #expect(ICalendar.durationSeconds("P1DT2H") == 93_600)
        #expect(ICalendar.durationSeconds("-P1W") == -604_800)
        #expect(ICalendar.durationSeconds("PT0S") == 0)
        #expect(ICalendar.durationSeconds("P") == nil)
        #expect(ICalendar.durationSeconds("PT15") == nil)
        #expect(ICalendar.durationSeconds("P1H") == nil)
        #expect(ICalendar.duration(seconds: -900) == "-PT15M")
        #expect(ICalendar.duration(seconds: -86_400) == "-P1D")
        #expect(ICalendar.duration(seconds: 0) == "PT0S")
    }
}
