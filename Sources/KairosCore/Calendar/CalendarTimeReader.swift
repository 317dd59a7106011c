import Foundation

/// Reads the moments of iCalendar values for one request: a TZID's IANA zone, or `defaultTimeZone` for floating
/// times, dates and TZIDs it does not know. Zones are looked up once per name, as a query reads the same TZID
/// in object after object.
final class CalendarTimeReader {
    let defaultTimeZone: TimeZone
    private var zones: [String: TimeZone] = [:]
    /// TZIDs read in the default zone for want of anything better, which a VTIMEZONE met later may still name.
    private var unknown: Set<String> = []

    init(defaultTimeZone: TimeZone) {
        self.defaultTimeZone = defaultTimeZone
    }

    /// The zone `value`'s wall time is read in: GMT for UTC, the TZID's zone, or the default.
    func zone(of value: ICalendar.DateValue) -> TimeZone {
        switch value {
        case .utc: .gmt
        case .zoned(_, _, let tzid): zone(tzid: tzid)
        case .date, .floating: defaultTimeZone
        }
    }

    /// Learns the zones `calendar`'s VTIMEZONEs name when their TZID is no IANA name: by the IANA name
    /// Thunderbird and others give in X-LIC-LOCATION, or, for a zone without daylight saving time, by its offset.
    func learnZones(from calendar: ICalendar.Component) {
        for definition in calendar.components where definition.name == "VTIMEZONE" {
            guard let tzid = definition.property("TZID")?.value,
                unknown.contains(tzid) || (zones[tzid] == nil && ICalendar.timeZone(tzid: tzid) == nil)
            else { continue }
            if let location = definition.property("X-LIC-LOCATION")?.value,
                let zone = ICalendar.timeZone(tzid: location)
            {
                zones[tzid] = zone
                unknown.remove(tzid)
            } else if definition.components(named: "DAYLIGHT").isEmpty,
                let offset = definition.components(named: "STANDARD").first?.property("TZOFFSETTO")
                    .flatMap({ Self.offsetSeconds($0.value) }),
                let zone = TimeZone(secondsFromGMT: offset)
            {
                zones[tzid] = zone
                unknown.remove(tzid)
            } else {
                zones[tzid] = defaultTimeZone
                unknown.insert(tzid)
            }
        }
    }

    /// A UTC offset such as `+0530` or `-0800` in seconds.
    private static func offsetSeconds(_ text: String) -> Int? {
        let digits = Array(text.unicodeScalars.dropFirst())
        guard let sign = text.first, sign == "+" || sign == "-", digits.count == 4 || digits.count == 6,
            let hours = LocalDate.digits(digits[0..<2]), let minutes = LocalDate.digits(digits[2..<4])
        else { return nil }
        let seconds = digits.count == 6 ? LocalDate.digits(digits[4..<6]) ?? 0 : 0
        return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60 + seconds)
    }

    func zone(tzid: String) -> TimeZone {
        if let known = zones[tzid] { return known }
        guard let zone = ICalendar.timeZone(tzid: tzid) else {
            unknown.insert(tzid)
            zones[tzid] = defaultTimeZone
            return defaultTimeZone
        }
        zones[tzid] = zone
        return zone
    }

    /// The moment `value` names; a date at its start.
    func instant(_ value: ICalendar.DateValue) -> Date {
        switch value {
        case .utc(let instant): instant
        case .date(let date): date.at(LocalTime(unchecked: 0, minute: 0, second: 0), in: defaultTimeZone)
        case .floating(let date, let time): date.at(time, in: defaultTimeZone)
        case .zoned(let date, let time, let tzid): date.at(time, in: zone(tzid: tzid))
        }
    }

    /// The wall time `value` shows in its own zone.
    func wallTime(_ value: ICalendar.DateValue) -> WallTime {
        switch value {
        case .utc(let instant): WallTime(instant, in: .gmt)
        case .date(let date): WallTime(day: date.dayNumber, second: 0)
        case .floating(let date, let time), .zoned(let date, let time, _): WallTime(date, time)
        }
    }

    /// A value of the same form as `template` (date, UTC, zoned or floating) showing `wall`.
    func value(_ wall: WallTime, like template: ICalendar.DateValue) -> ICalendar.DateValue {
        switch template {
        case .date: .date(wall.date)
        case .floating: .floating(wall.date, wall.time)
        case .zoned(_, _, let tzid): .zoned(wall.date, wall.time, tzid: tzid)
        case .utc: .utc(wall.date.at(wall.time, in: .gmt))
        }
    }

    /// The first DATE or DATE-TIME of property `name`, nil when absent or unreadable.
    func dateValue(_ name: String, of component: ICalendar.Component) -> ICalendar.DateValue? {
        component.property(name).flatMap(ICalendar.DateValue.init)
    }

    /// Every value of every property `name` (EXDATE, RDATE), each read with its property's TZID; a PERIOD's
    /// start stands for the period.
    func dateValues(_ name: String, of component: ICalendar.Component) -> [ICalendar.DateValue] {
        var values: [ICalendar.DateValue] = []
        for property in component.properties(named: name) {
            for item in property.value.split(separator: ",") {
                let start = item.split(separator: "/").first.map(String.init) ?? ""
                var single = property
                single.value = start
                if let value = ICalendar.DateValue(single) { values.append(value) }
            }
        }
        return values
    }
}
