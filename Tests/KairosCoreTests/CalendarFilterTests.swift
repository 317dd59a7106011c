import Foundation
import Testing

@testable import KairosCore

/// The objects and questions of a CalDAV conformance run (caldav-server-tester's fixtures, in 2027), plus the
/// RFC 4791 9.9 table row by row.
@Suite("CalendarFilter")
struct CalendarFilterTests {
    typealias Filter = CalendarFilter
    typealias Comp = CalendarFilter.ComponentFilter
    typealias Prop = CalendarFilter.PropertyFilter
    typealias Text = CalendarFilter.TextMatch

    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A VCALENDAR holding `lines` (components written out).
    static func object(_ lines: String) -> ICalendar.Component {
        try! ICalendar.parse("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\n" + lines + "\nEND:VCALENDAR\n")
    }

    static func event(_ uid: String, _ lines: String) -> ICalendar.Component {
        object("BEGIN:VEVENT\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n\(lines)\nEND:VEVENT")
    }

    static func todo(_ uid: String, _ lines: String) -> ICalendar.Component {
        object("BEGIN:VTODO\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n\(lines)\nEND:VTODO")
    }

    /// "20270101T120000Z", "20270101" (UTC midnight) or "2027-01-01T12:00".
    static func at(_ text: String) -> Date {
        let compact = text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        let full = compact.count == 8 ? compact + "T000000Z" : compact.count == 13 ? compact + "00Z" : compact
        guard case .utc(let instant)? = ICalendar.DateValue(ICalendar.Property(name: "X", value: full)) else {
            fatalError("bad moment \(text)")
        }
        return instant
    }

    static func range(_ start: String?, _ end: String?) -> CalendarTimeRange {
        CalendarTimeRange(start: start.map(at), end: end.map(at))
    }

    /// A query for `kind` components over a range, with more property filters.
    static func query(
        _ kind: String? = nil, _ start: String? = nil, _ end: String? = nil, properties: [Prop] = [],
        components: [Comp] = []
    ) -> Filter {
        let timeRange = start == nil && end == nil ? nil : range(start, end)
        guard let kind else {
            return Filter(Comp("VCALENDAR", timeRange: timeRange, properties: properties, components: components))
        }
        return Filter(
            Comp(
                "VCALENDAR",
                components: [Comp(kind, timeRange: timeRange, properties: properties, components: components)]))
    }

    static func found(_ filter: Filter, in objects: [ICalendar.Component], zone: TimeZone = utc) -> [String] {
        filter.matchingIndices(objects, defaultTimeZone: zone).map { index in
            objects[index].components.first { $0.name != "VTIMEZONE" }?.property("UID")?.value ?? "?"
        }
    }

    // MARK: The conformance fixtures

    static let simpleEvent = event(
        "simple_event1",
        "SUMMARY:simple event with a start time and an end time\nDTSTART:20270101T120000Z\nDTEND:20270101T130000Z")
    static let eventWithoutEnd = event(
        "simple_event2", "SUMMARY:event with a start time but no end time\nDTSTART:20270102T120000Z")
    static let oneDayEvent = event(
        "simple_event3", "SUMMARY:event with a start date but no end date\nDTSTART;VALUE=DATE:20270103")
    static let twoDayEvent = event(
        "simple_event4",
        "SUMMARY:event with a start date and end date\nDTSTART;VALUE=DATE:20270104\nDTEND;VALUE=DATE:20270106")
    static let eventWithCategories = event(
        "event_with_categories",
        "SUMMARY:event with categories\nCATEGORIES:hands,feet,head\nDTSTART:20270107T120000\nDTEND:20270107T130000")
    static let eventWithClass = event(
        "event_with_class",
        "SUMMARY:event with confidential class\nDTSTART:20270116T120000Z\nDTEND:20270116T130000Z\nCLASS:CONFIDENTIAL")
    static let eventWithDuration = event(
        "event_with_duration", "SUMMARY:event with duration instead of dtend\nDTSTART:20270117T120000Z\nDURATION:PT1H")
    static let taskWithDue = todo("simple_task2", "SUMMARY:task with a due date\nDUE;VALUE=DATE:20270108")
    static let taskWithStartAndDue = todo(
        "simple_task3", "SUMMARY:task with a dtstart time and due time\nDTSTART:20270109T120000Z\nDUE:20270109T130000Z")
    static let taskWithDuration = todo(
        "task_with_duration", "SUMMARY:task with dtstart and duration\nDTSTART:20270118T120000Z\nDURATION:PT2H")
    static let eventWithAlarm = object(
        """
        BEGIN:VEVENT
        UID:event_with_alarm
        SUMMARY:event with alarm
        DTSTART:20270110T080000Z
        DTEND:20270110T090000Z
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT15M
        END:VALARM
        END:VEVENT
        """)
    static let monthlyEvent = event(
        "monthly_recurring_event",
        "SUMMARY:monthly recurring event\nRRULE:FREQ=MONTHLY\nDTSTART:20270112T120000Z\nDTEND:20270112T130000Z")
    static let monthlyAllDayEvent = event(
        "monthly_recurring_allday_event", "SUMMARY:monthly all-day\nRRULE:FREQ=MONTHLY\nDTSTART;VALUE=DATE:20270201")
    static let weeklyMeeting = event(
        "weeklymeeting",
        "DTSTART:20270120T140000Z\nDTEND:20270120T150000Z\nSUMMARY:Weekly meeting for three weeks\n"
            + "RRULE:FREQ=WEEKLY;COUNT=3")
    static let monthlyTask = todo(
        "monthly_recurring_task",
        "SUMMARY:monthly recurring task\nRRULE:FREQ=MONTHLY\nDTSTART:20270112T120000Z\nDUE:20270112T130000Z")
    static let monthlyWithException = object(
        """
        BEGIN:VEVENT
        UID:monthly_recurring_with_exception
        DTSTART:20270113T120000Z
        DTEND:20270113T130000Z
        RRULE:FREQ=MONTHLY
        SUMMARY:Monthly recurring with exception
        END:VEVENT
        BEGIN:VEVENT
        UID:monthly_recurring_with_exception
        RECURRENCE-ID:20270213T120000Z
        DTSTART:20270213T120000Z
        DTEND:20270213T130000Z
        SUMMARY:February recurrence with different summary
        END:VEVENT
        """)
    static let oldEvent = event("olddate_event", "SUMMARY:old\nDTSTART:20000101T120000Z\nDTEND:20000101T130000Z")
    static let oldTask = todo("olddate_task", "SUMMARY:old task\nDTSTART:20000109T120000Z\nDUE:20000109T130000Z")
    static let journal = object(
        "BEGIN:VJOURNAL\nUID:journal1\nDTSTART;VALUE=DATE:20270111\nSUMMARY:a journal entry\nEND:VJOURNAL")

    static let events = [
        simpleEvent, eventWithoutEnd, oneDayEvent, twoDayEvent, eventWithCategories, eventWithClass,
        eventWithDuration, eventWithAlarm, monthlyEvent, monthlyAllDayEvent, weeklyMeeting, monthlyWithException,
        oldEvent,
    ]
    static let todos = [taskWithDue, taskWithStartAndDue, taskWithDuration, monthlyTask, oldTask]
    static let everything = events + todos + [journal]

    @Test("A query for one kind of component finds only that kind; one naming none finds every object")
    func componentTypes() {
        #expect(Self.found(Self.query("VEVENT"), in: Self.everything).count == Self.events.count)
        #expect(Set(Self.found(Self.query("VTODO"), in: Self.everything)) == Set(Self.todos.map(Self.uid)))
        #expect(Self.found(Self.query("VJOURNAL"), in: Self.everything) == ["journal1"])
        #expect(Self.found(Self.query(), in: Self.everything).count == Self.everything.count)
        let noTodo = Filter(Comp("VCALENDAR", components: [Comp("VTODO", isNotDefined: true)]))
        #expect(Self.found(noTodo, in: Self.everything).count == Self.events.count + 1)
        // The root must be VCALENDAR and be defined.
        #expect(Self.found(Filter(Comp("VTODO")), in: Self.everything).isEmpty)
        #expect(Self.found(Filter(Comp("VCALENDAR", isNotDefined: true)), in: Self.everything).isEmpty)
    }

    static func uid(_ object: ICalendar.Component) -> String {
        object.components.first?.property("UID")?.value ?? "?"
    }

    @Test("Event time ranges follow RFC 4791 9.9: end exclusive, a date lasts its day, no end is a moment")
    func eventTimeRanges() {
        let events = Self.events
        #expect(
            Self.found(Self.query("VEVENT", "20270101T110000Z", "20270102T000000Z"), in: events) == ["simple_event1"])
        // Touching ranges do not overlap.
        #expect(Self.found(Self.query("VEVENT", "20270101T130000Z", "20270101T140000Z"), in: events).isEmpty)
        #expect(Self.found(Self.query("VEVENT", "20270101T110000Z", "20270101T120000Z"), in: events).isEmpty)
        // An event without an end is the moment it starts.
        #expect(
            Self.found(Self.query("VEVENT", "20270102T120000Z", "20270102T120001Z"), in: events) == ["simple_event2"])
        #expect(Self.found(Self.query("VEVENT", "20270102T120001Z", "20270103T000000Z"), in: events).isEmpty)
        // A start date without an end is that whole day.
        #expect(
            Self.found(Self.query("VEVENT", "20270103T230000Z", "20270104T000000Z"), in: events) == ["simple_event3"])
        // DTEND of a date is exclusive: the 4th and 5th, not the 6th.
        #expect(
            Self.found(Self.query("VEVENT", "20270105T100000Z", "20270105T110000Z"), in: events) == ["simple_event4"])
        #expect(Self.found(Self.query("VEVENT", "20270106T000000Z", "20270106T100000Z"), in: events).isEmpty)
        // DURATION instead of DTEND.
        #expect(
            Self.found(Self.query("VEVENT", "20270117T123000Z", "20270117T140000Z"), in: events) == [
                "event_with_duration"
            ])
        #expect(
            Self.found(Self.query("VEVENT", "20270117T110000Z", "20270117T123000Z"), in: events) == [
                "event_with_duration"
            ])
        #expect(Self.found(Self.query("VEVENT", "20270117T130000Z", "20270117T140000Z"), in: events).isEmpty)
        // Old dates are searched like any others.
        #expect(Self.found(Self.query("VEVENT", "20000101", "20000102"), in: events) == ["olddate_event"])
    }

    @Test("Floating times are read in the calendar's zone")
    func floatingTimes() {
        // 12:00 floating in Berlin is 11:00 UTC in January.
        let inBerlin = Self.query("VEVENT", "20270107T105000Z", "20270107T110500Z")
        #expect(Self.found(inBerlin, in: [Self.eventWithCategories], zone: Self.berlin) == ["event_with_categories"])
        #expect(Self.found(inBerlin, in: [Self.eventWithCategories], zone: Self.utc).isEmpty)
        // A TZID names its own zone whatever the default.
        let zoned = Self.event(
            "zoned", "DTSTART;TZID=Europe/Berlin:20270301T090000\nDTEND;TZID=Europe/Berlin:20270301T100000")
        #expect(Self.found(Self.query("VEVENT", "20270301T080000Z", "20270301T081500Z"), in: [zoned]) == ["zoned"])
        #expect(Self.found(Self.query("VEVENT", "20270301T090000Z", "20270301T091500Z"), in: [zoned]).isEmpty)
    }

    @Test(
        "To-do time ranges follow every row of RFC 4791 9.9",
        arguments: [
            // DTSTART and DURATION: [12:00, 14:00].
            ("DTSTART:20270118T120000Z\nDURATION:PT2H", "20270118T130000Z", "20270118T150000Z", true),
            ("DTSTART:20270118T120000Z\nDURATION:PT2H", "20270118T110000Z", "20270118T130000Z", true),
            ("DTSTART:20270118T120000Z\nDURATION:PT2H", "20270118T140000Z", "20270118T150000Z", true),
            ("DTSTART:20270118T120000Z\nDURATION:PT2H", "20270118T140001Z", "20270118T150000Z", false),
            ("DTSTART:20270118T120000Z\nDURATION:PT2H", "20270109T000000Z", "20270110T000000Z", false),
            // DTSTART and DUE.
            ("DTSTART:20270109T120000Z\nDUE:20270109T130000Z", "20270109T000000Z", "20270110T000000Z", true),
            ("DTSTART:20270109T120000Z\nDUE:20270109T130000Z", "20270109T130000Z", "20270110T000000Z", false),
            ("DTSTART:20270109T120000Z\nDUE:20270109T130000Z", "20270109T000000Z", "20270109T120000Z", false),
            ("DTSTART:20270109T120000Z\nDUE:20270109T130000Z", "20270109T000000Z", "20270109T120001Z", true),
            // DTSTART alone: a moment.
            ("DTSTART:20270109T120000Z", "20270109T120000Z", "20270109T120001Z", true),
            ("DTSTART:20270109T120000Z", "20270109T000000Z", "20270109T120000Z", false),
            // DUE alone: the range's end may equal the due.
            ("DUE:20270108T000000Z", "20270107T000000Z", "20270108T000000Z", true),
            ("DUE:20270108T000000Z", "20270108T000000Z", "20270109T000000Z", false),
            ("DUE;VALUE=DATE:20270108", "20270101T000000Z", "20270131T000000Z", true),
            // COMPLETED and CREATED.
            ("COMPLETED:20270105T100000Z\nCREATED:20270101T100000Z", "20270102T000000Z", "20270103T000000Z", true),
            ("COMPLETED:20270105T100000Z\nCREATED:20270101T100000Z", "20270106T000000Z", "20270107T000000Z", false),
            ("COMPLETED:20270105T100000Z\nCREATED:20270101T100000Z", "20261201T000000Z", "20261231T000000Z", false),
            ("COMPLETED:20270105T100000Z\nCREATED:20270101T100000Z", "20270101T000000Z", "20270102T000000Z", true),
            ("COMPLETED:20270105T100000Z\nCREATED:20270101T100000Z", "20270105T000000Z", "20270106T000000Z", true),
            ("COMPLETED:20270105T100000Z", "20270105T100000Z", "20270106T000000Z", true),
            ("COMPLETED:20270105T100000Z", "20270105T100001Z", "20270106T000000Z", false),
            ("CREATED:20270101T100000Z", "20200101T000000Z", "20270101T100001Z", true),
            ("CREATED:20270101T100000Z", "20200101T000000Z", "20270101T100000Z", false),
            // Nothing at all: every range.
            ("SUMMARY:undated", "19990101T000000Z", "19990102T000000Z", true),
        ])
    func todoTimeRanges(lines: String, start: String, end: String, expected: Bool) {
        let found = Self.found(Self.query("VTODO", start, end), in: [Self.todo("t", lines)])
        #expect(found == (expected ? ["t"] : []))
    }

    @Test("Open-ended ranges: only an end, or only a start")
    func openRanges() {
        let todos = Self.todos
        // Only an end before every fixture but the old one.
        #expect(Self.found(Self.query("VTODO", nil, "20270101T000000Z"), in: todos) == ["olddate_task"])
        // Only a start: simple_task3 (9 January) and what comes after it, the monthly task for ever.
        let later = Set(Self.found(Self.query("VTODO", "20270109T000000Z", nil), in: todos))
        #expect(later == ["simple_task3", "task_with_duration", "monthly_recurring_task"])
        #expect(
            Set(Self.found(Self.query("VEVENT", "20300101T000000Z", nil), in: Self.events)) == [
                "monthly_recurring_event", "monthly_recurring_allday_event", "monthly_recurring_with_exception",
            ])
    }

    @Test("Journals: a date lasts its day, a journal without DTSTART is in no range")
    func journals() {
        #expect(
            Self.found(Self.query("VJOURNAL", "20270111T200000Z", "20270112T000000Z"), in: [Self.journal]) == [
                "journal1"
            ])
        #expect(Self.found(Self.query("VJOURNAL", "20270112T000000Z", "20270113T000000Z"), in: [Self.journal]).isEmpty)
        let undated = Self.object("BEGIN:VJOURNAL\nUID:j2\nSUMMARY:x\nEND:VJOURNAL")
        #expect(Self.found(Self.query("VJOURNAL", "19000101T000000Z", "29000101T000000Z"), in: [undated]).isEmpty)
    }

    // MARK: Text, presence and parameters

    static func summary(_ text: String, _ collation: Text.Collation = .asciiCaseMap, negated: Bool = false) -> Prop {
        Prop("SUMMARY", textMatch: Text(text, collation: collation, isNegated: negated))
    }

    @Test("Text matches are substrings, without case by default, with case under i;octet")
    func textMatches() {
        let events = Self.events
        #expect(Self.found(Self.query("VEVENT", properties: [Self.summary("Simple", .octet)]), in: events).isEmpty)
        #expect(
            Self.found(Self.query("VEVENT", properties: [Self.summary("simple", .octet)]), in: events) == [
                "simple_event1"
            ])
        #expect(Self.found(Self.query("VEVENT", properties: [Self.summary("SIMPLE")]), in: events).isEmpty == false)
        #expect(
            Self.found(
                Self.query("VEVENT", properties: [Self.summary("simple event with a start time and an end time")]),
                in: events)
                == ["simple_event1"])
        #expect(
            Self.found(Self.query("VEVENT", properties: [Self.summary("start time and an end")]), in: events)
                == ["simple_event1"])
        // Negated: the property is there and does not contain the text.
        let notSimple = Self.found(
            Self.query("VEVENT", properties: [Self.summary("simple", negated: true)]), in: events)
        #expect(notSimple.count == events.count - 1 && !notSimple.contains("simple_event1"))
        // Unicode case folding only with i;unicode-casemap.
        let accented = Self.event("accented", "SUMMARY:Ärger im Büro")
        #expect(
            Self.found(Self.query("VEVENT", properties: [Self.summary("ärger", .unicodeCaseMap)]), in: [accented]) == [
                "accented"
            ])
        #expect(Self.found(Self.query("VEVENT", properties: [Self.summary("ärger")]), in: [accented]).isEmpty)
        // Escaped text is compared as it reads.
        let escaped = Self.event("escaped", "SUMMARY:Milk\\, bread\\; eggs")
        #expect(
            Self.found(Self.query("VEVENT", properties: [Self.summary("milk, bread; e")]), in: [escaped]) == ["escaped"]
        )
        // Other match types.
        let starts = Prop("SUMMARY", textMatch: Text("simple event", matchType: .startsWith))
        #expect(Self.found(Self.query("VEVENT", properties: [starts]), in: events).count == 1)
        let equals = Prop("SUMMARY", textMatch: Text("EVENT WITH ALARM", matchType: .equals))
        #expect(Self.found(Self.query("VEVENT", properties: [equals]), in: events) == ["event_with_alarm"])
    }

    @Test("Categories match within the list, and a category with a time range is a logical AND")
    func categories() {
        let hands = Prop("CATEGORIES", textMatch: Text("hands"))
        #expect(Self.found(Self.query("VEVENT", properties: [hands]), in: Self.events) == ["event_with_categories"])
        let feet = Prop("CATEGORIES", textMatch: Text("eet"))
        #expect(Self.found(Self.query("VEVENT", properties: [feet]), in: Self.events) == ["event_with_categories"])
        #expect(
            Self.found(
                Self.query("VEVENT", "20270101T110000Z", "20270113T140000Z", properties: [hands]), in: Self.events)
                == ["event_with_categories"])
        #expect(
            Self.found(
                Self.query("VEVENT", "20270101T090000Z", "20270106T140000Z", properties: [hands]), in: Self.events
            ).isEmpty)
        // Without a component type the category is looked for on the object's components.
        #expect(Self.found(Self.query(nil, properties: [hands]), in: Self.everything) == ["event_with_categories"])
        // A time range straight under VCALENDAR asks about any component.
        #expect(
            Set(Self.found(Self.query(nil, "20270109T000000Z", "20270109T230000Z"), in: Self.everything)) == [
                "simple_task3"
            ])
    }

    @Test("is-not-defined finds components without CATEGORIES, CLASS or DTEND")
    func notDefined() {
        let noCategory = Self.found(
            Self.query("VEVENT", properties: [Prop("CATEGORIES", isNotDefined: true)]), in: Self.events)
        #expect(noCategory.count == Self.events.count - 1 && !noCategory.contains("event_with_categories"))
        let noClass = Self.found(Self.query("VEVENT", properties: [Prop("CLASS", isNotDefined: true)]), in: Self.events)
        #expect(!noClass.contains("event_with_class") && noClass.count == Self.events.count - 1)
        let noEnd = Self.found(Self.query("VEVENT", properties: [Prop("DTEND", isNotDefined: true)]), in: Self.events)
        #expect(noEnd.contains("event_with_duration") && !noEnd.contains("simple_event1"))
        // A bare prop-filter asks for the property to be there.
        #expect(Self.found(Self.query("VEVENT", properties: [Prop("CLASS")]), in: Self.events) == ["event_with_class"])
        // Pending to-dos as clients ask for them: no COMPLETED, and STATUS not COMPLETED or not there.
        let done = Self.todo("done", "SUMMARY:done\nSTATUS:COMPLETED\nCOMPLETED:20270101T000000Z")
        let open = Self.todo("open", "SUMMARY:open\nSTATUS:NEEDS-ACTION")
        let pending = Self.query(
            "VTODO",
            properties: [
                Prop("COMPLETED", isNotDefined: true),
                Prop("STATUS", textMatch: Text("COMPLETED", isNegated: true)),
            ])
        #expect(Self.found(pending, in: [done, open, Self.taskWithDue]) == ["open"])
    }

    @Test("Parameter filters test one property's parameters")
    func parameters() {
        let object = Self.object(
            """
            BEGIN:VEVENT
            UID:meeting
            DTSTART:20270101T100000Z
            ATTENDEE;PARTSTAT=ACCEPTED;CN=Ada:mailto:ada@example.org
            ATTENDEE;CN=Bob:mailto:bob@example.org
            END:VEVENT
            """)
        func attendee(_ parameter: CalendarFilter.ParameterFilter, text: String? = nil) -> Filter {
            Self.query(
                "VEVENT", properties: [Prop("ATTENDEE", textMatch: text.map { Text($0) }, parameters: [parameter])])
        }
        #expect(Self.found(attendee(.init("PARTSTAT", textMatch: Text("accepted"))), in: [object]) == ["meeting"])
        #expect(Self.found(attendee(.init("PARTSTAT", textMatch: Text("accepted")), text: "bob"), in: [object]).isEmpty)
        #expect(Self.found(attendee(.init("PARTSTAT", isNotDefined: true), text: "bob"), in: [object]) == ["meeting"])
        #expect(Self.found(attendee(.init("ROLE")), in: [object]).isEmpty)
        // A property time range.
        let stamped = Self.query("VEVENT", properties: [Prop("DTSTART", timeRange: Self.range("20270101", "20270102"))])
        #expect(Self.found(stamped, in: [object]) == ["meeting"])
    }

    // MARK: Recurrence

    @Test("Recurring events are found on their later instances, also all-day ones and 45 years on")
    func implicitRecurrences() {
        let events = Self.events
        #expect(Self.found(Self.query("VEVENT", "20270212", "20270213"), in: events) == ["monthly_recurring_event"])
        #expect(
            Self.found(Self.query("VEVENT", "20270301", "20270302"), in: events) == ["monthly_recurring_allday_event"])
        #expect(Self.found(Self.query("VEVENT", "20720312", "20720313"), in: events) == ["monthly_recurring_event"])
        // The overridden instance moved nothing, but it is the one found, with its own summary.
        let february = Self.query(
            "VEVENT", "20270213T110000Z", "20270213T130000Z", properties: [Self.summary("February recurrence")])
        #expect(Self.found(february, in: events) == ["monthly_recurring_with_exception"])
        let master = Self.query(
            "VEVENT", "20270213T110000Z", "20270213T130000Z", properties: [Self.summary("Monthly recurring with")])
        #expect(Self.found(master, in: events).isEmpty)
        #expect(
            Self.found(
                Self.query(
                    "VEVENT", "20270313T110000Z", "20270313T130000Z",
                    properties: [Self.summary("Monthly recurring with")]), in: events)
                == ["monthly_recurring_with_exception"])
        // COUNT ends the weekly meeting after three weeks.
        #expect(
            Self.found(Self.query("VEVENT", "20270203T000000Z", "20270204T000000Z"), in: events) == ["weeklymeeting"])
        #expect(Self.found(Self.query("VEVENT", "20270210T000000Z", "20270211T000000Z"), in: events).isEmpty)
    }

    @Test("Recurring to-dos are found on their later instances")
    func recurringTodos() {
        #expect(Self.found(Self.query("VTODO", "20270212", "20270213"), in: Self.todos) == ["monthly_recurring_task"])
        #expect(Self.found(Self.query("VTODO", "20270213", "20270214"), in: Self.todos).isEmpty)
        let weeklyTask = Self.todo(
            "weekly_task",
            "DTSTART:20270119T065500Z\nDURATION:PT10M\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\nSTATUS:NEEDS-ACTION")
        // 2027-01-19 is a Tuesday: DTSTART itself, then Mondays 25 January, 1 and 8 February.
        #expect(Self.found(Self.query("VTODO", "20270119", "20270120"), in: [weeklyTask]) == ["weekly_task"])
        #expect(Self.found(Self.query("VTODO", "20270208", "20270209"), in: [weeklyTask]) == ["weekly_task"])
        #expect(Self.found(Self.query("VTODO", "20270215", "20270216"), in: [weeklyTask]).isEmpty)
    }

    @Test("A to-do with a DUE and no DTSTART recurs on its due")
    func recurringDue() throws {
        let weekly = Self.todo("due_weekly", "SUMMARY:Bins out\nDUE:20270104T180000Z\nRRULE:FREQ=WEEKLY")
        #expect(Self.found(Self.query("VTODO", "20270111T170000Z", "20270111T180000Z"), in: [weekly]) == ["due_weekly"])
        #expect(Self.found(Self.query("VTODO", "20270112T000000Z", "20270118T000000Z"), in: [weekly]).isEmpty)
        let instance = try #require(Self.instances(weekly, "20270111", "20270112").first)
        #expect(instance.property("DUE")?.value == "20270111T180000Z")
        #expect(instance.property("RECURRENCE-ID")?.value == "20270111T180000Z")
        #expect(instance.property("DTSTART") == nil)
    }

    @Test("A TZID that is no IANA name is read through the object's VTIMEZONE")
    func customZones() {
        let thunderbird = Self.object(
            """
            BEGIN:VTIMEZONE
            TZID:/mozilla.org/Custom/Berlin
            X-LIC-LOCATION:Europe/Berlin
            END:VTIMEZONE
            BEGIN:VTIMEZONE
            TZID:India Standard Time
            BEGIN:STANDARD
            DTSTART:16010101T000000
            TZOFFSETFROM:+0530
            TZOFFSETTO:+0530
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:berlin
            DTSTART;TZID=/mozilla.org/Custom/Berlin:20270701T090000
            END:VEVENT
            BEGIN:VEVENT
            UID:india
            DTSTART;TZID=India Standard Time:20270701T090000
            END:VEVENT
            """)
        // 9:00 in Berlin in summer is 7:00 UTC; 9:00 in India is 3:30 UTC.
        #expect(Self.found(Self.query("VEVENT", "20270701T070000Z", "20270701T070100Z"), in: [thunderbird]).count == 1)
        #expect(Self.found(Self.query("VEVENT", "20270701T033000Z", "20270701T033100Z"), in: [thunderbird]).count == 1)
        #expect(Self.found(Self.query("VEVENT", "20270701T090000Z", "20270701T090100Z"), in: [thunderbird]).isEmpty)
    }

    @Test("EXDATE removes instances, RDATE adds them, UNTIL ends the rule")
    func recurrenceSets() {
        let series = Self.event(
            "series",
            """
            DTSTART;TZID=Europe/Berlin:20270301T090000
            DTEND;TZID=Europe/Berlin:20270301T100000
            RRULE:FREQ=DAILY;UNTIL=20270310T080000Z
            EXDATE;TZID=Europe/Berlin:20270303T090000,20270304T090000
            RDATE;TZID=Europe/Berlin:20270401T150000
            """)
        func on(_ start: String, _ end: String) -> Bool {
            !Self.found(Self.query("VEVENT", start, end), in: [series]).isEmpty
        }
        #expect(on("20270302T080000Z", "20270302T081000Z"))
        #expect(!on("20270303T000000Z", "20270305T000000Z"))
        #expect(on("20270310T080000Z", "20270310T081000Z"))
        #expect(!on("20270311T000000Z", "20270331T000000Z"))
        // Daylight saving time starts on 28 March; the RDATE's 15:00 is 13:00 UTC.
        #expect(on("20270401T130000Z", "20270401T131000Z"))
    }

    @Test("A zoned rule keeps its wall time across a daylight-saving change")
    func recurrenceAcrossDaylightSaving() {
        let weekly = Self.event(
            "weekly", "DTSTART;TZID=Europe/Berlin:20270322T090000\nDURATION:PT30M\nRRULE:FREQ=WEEKLY")
        // 9:00 in Berlin is 8:00 UTC in March before the change and 7:00 UTC after it.
        #expect(Self.found(Self.query("VEVENT", "20270329T070000Z", "20270329T071000Z"), in: [weekly]) == ["weekly"])
        #expect(Self.found(Self.query("VEVENT", "20270329T080000Z", "20270329T081000Z"), in: [weekly]).isEmpty)
    }

    @Test("Alarms are found by when they go off, for recurring events too")
    func alarms() {
        func alarmQuery(_ start: String, _ end: String) -> Filter {
            Self.query("VEVENT", components: [Comp("VALARM", timeRange: Self.range(start, end))])
        }
        #expect(Self.found(alarmQuery("20270110T074000Z", "20270110T075500Z"), in: Self.events) == ["event_with_alarm"])
        #expect(Self.found(alarmQuery("20270110T080000Z", "20270110T081500Z"), in: Self.events).isEmpty)
        let recurring = Self.object(
            """
            BEGIN:VEVENT
            UID:standup
            DTSTART:20270104T090000Z
            DTEND:20270104T091500Z
            RRULE:FREQ=WEEKLY;BYDAY=MO,WE
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:PT5M
            REPEAT:2
            DURATION:PT10M
            END:VALARM
            END:VEVENT
            """)
        // The end is 9:15; the alarm goes off at 9:20, 9:30 and 9:40, on Mondays and Wednesdays, for years.
        #expect(Self.found(alarmQuery("20290103T093500Z", "20290103T094500Z"), in: [recurring]) == ["standup"])
        #expect(Self.found(alarmQuery("20290103T094500Z", "20290103T100000Z"), in: [recurring]).isEmpty)
        #expect(Self.found(alarmQuery("20290104T093500Z", "20290104T094500Z"), in: [recurring]).isEmpty)
        let absolute = Self.object(
            "BEGIN:VTODO\nUID:call\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;VALUE=DATE-TIME:20270105T070000Z\n"
                + "END:VALARM\nEND:VTODO")
        let todoAlarm = Self.query(
            "VTODO", components: [Comp("VALARM", timeRange: Self.range("20270105T065900Z", "20270105T070100Z"))])
        #expect(Self.found(todoAlarm, in: [absolute]) == ["call"])
    }

    // MARK: Expansion and free-busy

    static func instances(_ object: ICalendar.Component, _ start: String, _ end: String) -> [ICalendar.Component] {
        object.expanded(in: range(start, end), defaultTimeZone: utc).components
    }

    @Test("Expanding gives each instance in range with its RECURRENCE-ID, in UTC, without the rule")
    func expansion() throws {
        let february = Self.instances(Self.monthlyEvent, "20270212", "20270213")
        #expect(february.count == 1)
        let instance = try #require(february.first)
        #expect(instance.property("DTSTART")?.value == "20270212T120000Z")
        #expect(instance.property("DTEND")?.value == "20270212T130000Z")
        #expect(instance.property("RECURRENCE-ID")?.value == "20270212T120000Z")
        #expect(instance.property("RRULE") == nil)
        #expect(instance.property("SUMMARY")?.text == "monthly recurring event")

        let exception = Self.instances(Self.monthlyWithException, "20270213T110000Z", "20270213T130000Z")
        #expect(exception.count == 1)
        #expect(exception.first?.property("SUMMARY")?.text == "February recurrence with different summary")
        #expect(exception.first?.property("RECURRENCE-ID")?.value == "20270213T120000Z")

        let two = Self.instances(Self.monthlyWithException, "20270112", "20270314")
        #expect(
            two.map { $0.property("DTSTART")?.value } == ["20270113T120000Z", "20270213T120000Z", "20270313T120000Z"])

        // Zoned times come out in UTC; VTIMEZONEs are dropped; an all-day series stays in dates.
        let zoned = Self.object(
            """
            BEGIN:VTIMEZONE
            TZID:Europe/Berlin
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:z
            DTSTART;TZID=Europe/Berlin:20270301T090000
            DTEND;TZID=Europe/Berlin:20270301T100000
            RRULE:FREQ=DAILY;COUNT=3
            EXDATE;TZID=Europe/Berlin:20270302T090000
            END:VEVENT
            """)
        let expanded = zoned.expanded(in: Self.range("20270101", "20280101"), defaultTimeZone: Self.utc)
        #expect(expanded.components.map(\.name) == ["VEVENT", "VEVENT"])
        #expect(expanded.components.map { $0.property("DTSTART")?.value } == ["20270301T080000Z", "20270303T080000Z"])
        #expect(expanded.components.allSatisfy { $0.property("EXDATE") == nil })
        let allDay = Self.instances(Self.monthlyAllDayEvent, "20270301", "20270302")
        #expect(allDay.first?.property("DTSTART")?.value == "20270301")
        #expect(allDay.first?.property("RECURRENCE-ID")?.parameter("VALUE") == "DATE")
        // Objects that do not recur stay as they are.
        #expect(Self.instances(Self.simpleEvent, "20300101", "20300102") == Self.simpleEvent.components)
    }

    @Test("Free-busy counts opaque events, tentative apart, cut to the range and joined")
    func freeBusy() {
        let objects = [
            Self.event("a", "DTSTART:20270105T090000Z\nDTEND:20270105T100000Z"),
            Self.event("b", "DTSTART:20270105T093000Z\nDTEND:20270105T110000Z"),
            Self.event("free", "DTSTART:20270105T120000Z\nDTEND:20270105T130000Z\nTRANSP:TRANSPARENT"),
            Self.event("gone", "DTSTART:20270105T140000Z\nDTEND:20270105T150000Z\nSTATUS:CANCELLED"),
            Self.event("maybe", "DTSTART:20270105T160000Z\nDTEND:20270105T170000Z\nSTATUS:TENTATIVE"),
            Self.event("late", "DTSTART:20270105T230000Z\nDTEND:20270106T010000Z"),
            Self.event("weekly", "DTSTART:20261229T080000Z\nDURATION:PT1H\nRRULE:FREQ=WEEKLY"),
            Self.todo("task", "DTSTART:20270105T080000Z\nDUE:20270105T200000Z"),
        ]
        let report = CalendarFreeBusy(
            calendars: objects, start: Self.at("20270105"), end: Self.at("20270106"), defaultTimeZone: Self.utc)
        #expect(
            report.periods == [
                .init(start: Self.at("20270105T080000Z"), end: Self.at("20270105T110000Z"), kind: .busy),
                .init(start: Self.at("20270105T230000Z"), end: Self.at("20270106T000000Z"), kind: .busy),
                .init(start: Self.at("20270105T160000Z"), end: Self.at("20270105T170000Z"), kind: .tentative),
            ])
        let text = report.calendar(stamp: Self.at("20261201")).text
        #expect(
            text.contains(
                "BEGIN:VFREEBUSY\r\nDTSTAMP:20261201T000000Z\r\nDTSTART:20270105T000000Z\r\nDTEND:20270106T000000Z"))
        #expect(text.contains("FREEBUSY;FBTYPE=BUSY:20270105T080000Z/20270105T110000Z\r\n"))
        #expect(text.contains("FREEBUSY;FBTYPE=BUSY-TENTATIVE:20270105T160000Z/20270105T170000Z\r\n"))
        // VFREEBUSY components count with their own periods.
        let published = Self.object(
            """
            BEGIN:VFREEBUSY
            UID:fb
            FREEBUSY;FBTYPE=BUSY-UNAVAILABLE:20270105T060000Z/PT1H,20270104T000000Z/20270104T010000Z
            FREEBUSY;FBTYPE=FREE:20270105T000000Z/PT1H
            END:VFREEBUSY
            """)
        let unavailable = CalendarFreeBusy(
            calendars: [published], start: Self.at("20270105"), end: Self.at("20270106"), defaultTimeZone: Self.utc)
        #expect(
            unavailable.periods == [
                .init(start: Self.at("20270105T060000Z"), end: Self.at("20270105T070000Z"), kind: .unavailable)
            ])
    }

    // MARK: Speed

    @Test("A query over 1,000 objects, a tenth of them recurring, takes milliseconds")
    func speed() {
        var objects: [ICalendar.Component] = []
        for index in 0..<1_000 {
            let day = LocalDate(year: 2027, month: 1, day: 1)!.adding(days: index % 365)
            let start = ICalendar.DateValue.compact(day) + "T090000"
            let rule = index % 10 == 0 ? "\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH" : ""
            objects.append(
                index % 2 == 0
                    ? Self.event(
                        "e\(index)",
                        "SUMMARY:Meeting \(index)\nDTSTART;TZID=Europe/Berlin:\(start)\nDURATION:PT1H\(rule)")
                    : Self.todo(
                        "t\(index)",
                        "SUMMARY:Task \(index)\nDTSTART;TZID=Europe/Berlin:\(start)\n"
                            + "DUE;TZID=Europe/Berlin:\(start)\(rule)"))
        }
        let soon = Self.query("VEVENT", "20270601T000000Z", "20270608T000000Z", properties: [Self.summary("meeting")])
        let later = Self.query("VEVENT", "20400601T000000Z", "20400608T000000Z", properties: [Self.summary("meeting")])
        let began = Date()
        let foundSoon = soon.matchingIndices(objects, defaultTimeZone: Self.berlin)
        let foundLater = later.matchingIndices(objects, defaultTimeZone: Self.berlin)
        let elapsed = Date().timeIntervalSince(began)
        #expect(foundSoon.count > 50)
        // Every tenth object recurs, every one of them an event.
        #expect(foundLater.count == 100)
        // About 0.15 s for both in a debug build here; the bound leaves room for a busy machine and catches a
        // search that walks each rule from its start rather than from the range.
        #expect(elapsed < 1, "took \(elapsed) s")
    }
}
