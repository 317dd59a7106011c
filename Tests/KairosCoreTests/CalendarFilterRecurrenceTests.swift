import Foundation
import Testing

@testable import KairosCore

/// RRULE expansion as the calendar filter uses it, checked against RFC 5545 3.8.5.3's examples.
@Suite("CalendarFilter recurrence rules")
struct CalendarFilterRecurrenceTests {
    /// The first `limit` occurrences of `rule` from `start` ("19970902T090000" or a date "19970902"), as compact
    /// local values.
    static func occurrences(_ rule: String, from start: String, limit: Int = 10, notBefore: String? = nil) -> [String] {
        let pattern = ICalendar.RecurrencePattern(rule)!
        guard let value = ICalendar.DateValue(ICalendar.Property(name: "DTSTART", value: start)) else {
            fatalError("bad start \(start)")
        }
        let reader = CalendarTimeReader(defaultTimeZone: .gmt)
        let until = pattern.until.map { reader.wallTime($0) }
        let hint = notBefore.flatMap { ICalendar.DateValue(ICalendar.Property(name: "X", value: $0)) }
            .map { reader.wallTime($0).day }
        return Array(
            pattern.occurrences(start: reader.wallTime(value), isDate: value.isDate, until: until, notBefore: hint)
                .prefix(limit)
        ).map { wall in
            value.isDate
                ? ICalendar.DateValue.compact(wall.date) : ICalendar.DateValue.compact(wall.date, wall.time)
        }
    }

    @Test("Daily, weekly and monthly rules with COUNT, UNTIL and INTERVAL")
    func basics() {
        #expect(
            Self.occurrences("FREQ=DAILY;COUNT=3", from: "19970902T090000")
                == ["19970902T090000", "19970903T090000", "19970904T090000"])
        #expect(
            Self.occurrences("FREQ=DAILY;INTERVAL=10;COUNT=3", from: "19970902T090000")
                == ["19970902T090000", "19970912T090000", "19970922T090000"])
        #expect(
            Self.occurrences("FREQ=WEEKLY;UNTIL=19970923T090000", from: "19970902T090000")
                == ["19970902T090000", "19970909T090000", "19970916T090000", "19970923T090000"])
        // Every other week on Monday, Wednesday and Friday until 24 December 1997 (first six).
        #expect(
            Self.occurrences(
                "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", from: "19970901T090000",
                limit: 6)
                == [
                    "19970901T090000", "19970903T090000", "19970905T090000", "19970915T090000", "19970917T090000",
                    "19970919T090000",
                ])
        // The 31st is skipped in months without one.
        #expect(
            Self.occurrences("FREQ=MONTHLY;COUNT=4", from: "20270131")
                == ["20270131", "20270331", "20270531", "20270731"])
    }

    @Test("BYDAY with ordinals, BYMONTHDAY lists, BYMONTH and BYSETPOS")
    func byParts() {
        // The first Friday of the month, ten times.
        #expect(
            Self.occurrences("FREQ=MONTHLY;COUNT=3;BYDAY=1FR", from: "19970905T090000")
                == ["19970905T090000", "19971003T090000", "19971107T090000"])
        // The first and last Sunday every other month.
        #expect(
            Self.occurrences("FREQ=MONTHLY;INTERVAL=2;COUNT=4;BYDAY=1SU,-1SU", from: "19970907T090000")
                == ["19970907T090000", "19970928T090000", "19971102T090000", "19971130T090000"])
        // The second-to-last day of the month.
        #expect(
            Self.occurrences("FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3", from: "19970929T090000")
                == ["19970929T090000", "19971030T090000", "19971129T090000"])
        // Yearly in June and July.
        #expect(
            Self.occurrences("FREQ=YEARLY;COUNT=4;BYMONTH=6,7", from: "19970610T090000")
                == ["19970610T090000", "19970710T090000", "19980610T090000", "19980710T090000"])
        // Friday the 13th.
        #expect(
            Self.occurrences("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", from: "19980213T090000", limit: 3)
                == ["19980213T090000", "19980313T090000", "19981113T090000"])
        // The last work day of the month.
        #expect(
            Self.occurrences("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: "19970930T090000", limit: 3)
                == ["19970930T090000", "19971031T090000", "19971128T090000"])
        // The 20th Monday of the year.
        #expect(
            Self.occurrences("FREQ=YEARLY;BYDAY=20MO", from: "19970519T090000", limit: 2) == [
                "19970519T090000", "19980518T090000",
            ])
        // Times from BYHOUR and BYMINUTE.
        #expect(
            Self.occurrences("FREQ=DAILY;BYHOUR=9,10;BYMINUTE=0,30;COUNT=5", from: "19970902T090000")
                == ["19970902T090000", "19970902T093000", "19970902T100000", "19970902T103000", "19970903T090000"])
        // Every 90 minutes.
        #expect(
            Self.occurrences("FREQ=MINUTELY;INTERVAL=90;COUNT=3", from: "19970902T090000")
                == ["19970902T090000", "19970902T103000", "19970902T120000"])
        #expect(
            Self.occurrences("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", from: "19970902T090000")
                == ["19970902T090000", "19970902T120000", "19970902T150000"])
    }

    @Test("Without COUNT the walk starts near the range asked about, and an impossible rule ends")
    func farAndImpossible() {
        #expect(
            Self.occurrences("FREQ=MONTHLY", from: "20270112T120000", limit: 2, notBefore: "20720301")
                == ["20720312T120000", "20720412T120000"])
        #expect(
            Self.occurrences(
                "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", from: "20270105T120000", limit: 1, notBefore: "20270201")
                == ["20270202T120000"])
        #expect(Self.occurrences("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", from: "20270101").isEmpty)
        // A leap day comes back every fourth year.
        #expect(Self.occurrences("FREQ=YEARLY", from: "20280229", limit: 2) == ["20280229", "20320229"])
    }

    @Test("Malformed rules and BYWEEKNO are refused")
    func refused() {
        for rule in [
            "", "FREQ=SOMETIMES", "FREQ=DAILY;INTERVAL=0", "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=YEARLY;BYWEEKNO=20",
            "FREQ=WEEKLY;BYDAY=XX", "COUNT=3",
        ] {
            #expect(ICalendar.RecurrencePattern(rule) == nil, "\(rule)")
        }
    }
}
