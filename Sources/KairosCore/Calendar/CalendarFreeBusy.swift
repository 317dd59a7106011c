import Foundation

/// The busy time in some calendars over a range, as a CalDAV free-busy-query answers it (RFC 4791 7.10).
///
/// Each instance of an event counts unless it is TRANSP:TRANSPARENT or STATUS:CANCELLED (a TENTATIVE one is
/// BUSY-TENTATIVE); VFREEBUSY components add their FREEBUSY periods that are not FREE. Periods are cut to the
/// range and those of one kind that touch or overlap are joined.
public struct CalendarFreeBusy: Hashable, Sendable {
    /// What a busy period is (RFC 5545 3.2.9).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case busy = "BUSY"
        case unavailable = "BUSY-UNAVAILABLE"
        case tentative = "BUSY-TENTATIVE"
    }

    /// One busy period, from `start` to `end`.
    public struct Period: Hashable, Sendable {
        public var start: Date
        public var end: Date
        public var kind: Kind

        public init(start: Date, end: Date, kind: Kind) {
            self.start = start
            self.end = end
            self.kind = kind
        }
    }

    /// The first moment asked about.
    public var start: Date
    /// The moment after the last one asked about.
    public var end: Date
    /// The busy periods, by kind then start.
    public var periods: [Period]

    /// The busy time of `calendars` (VCALENDAR objects) from `start` to `end`; floating times and dates are
    /// read in `defaultTimeZone`.
    public init(calendars: [ICalendar.Component], start: Date, end: Date, defaultTimeZone: TimeZone) {
        self.start = start
        self.end = end
        let reader = CalendarTimeReader(defaultTimeZone: defaultTimeZone)
        let range = CalendarTimeRange(start: start, end: end)
        var found: [Period] = []
        for calendar in calendars {
            reader.learnZones(from: calendar)
            for series in CalendarSeries.grouping(calendar.components(named: "VEVENT")) {
                series.forEachInstance(near: range, reader: reader) { instance in
                    if let period = Self.busyPeriod(of: instance, reader: reader) { found.append(period) }
                    return false
                }
            }
            for freeBusy in calendar.components(named: "VFREEBUSY") {
                found += Self.periods(of: freeBusy)
            }
        }
        periods = Self.joined(
            found.compactMap { period in
                let clipped = Period(start: max(period.start, start), end: min(period.end, end), kind: period.kind)
                return clipped.start < clipped.end ? clipped : nil
            })
    }

    /// The answer's calendar object: a VCALENDAR holding one VFREEBUSY, stamped `stamp`.
    public func calendar(stamp: Date) -> ICalendar.Component {
        var freeBusy = ICalendar.Component(
            name: "VFREEBUSY",
            properties: [
                ICalendar.DateValue.utc(stamp).property(named: "DTSTAMP"),
                ICalendar.DateValue.utc(start).property(named: "DTSTART"),
                ICalendar.DateValue.utc(end).property(named: "DTEND"),
            ])
        for period in periods {
            freeBusy.properties.append(
                ICalendar.Property(
                    name: "FREEBUSY", parameters: [ICalendar.Parameter("FBTYPE", period.kind.rawValue)],
                    value: ICalendar.DateValue.utc(period.start) + "/" + ICalendar.DateValue.utc(period.end)))
        }
        return ICalendar.Component(
            name: "VCALENDAR",
            properties: [
                ICalendar.Property(name: "VERSION", value: "2.0"),
                ICalendar.Property(name: "PRODID", value: TaskCalendar.productID),
            ],
            components: [freeBusy])
    }

    /// The time one event instance keeps busy; nil when it keeps none.
    private static func busyPeriod(of instance: CalendarInstance, reader: CalendarTimeReader) -> Period? {
        let event = instance.component
        if event.property("TRANSP")?.value.uppercased() == "TRANSPARENT" { return nil }
        let status = event.property("STATUS")?.value.uppercased()
        if status == "CANCELLED" { return nil }
        guard let start = instance.timing.start.map(reader.instant), let end = instance.timing.effectiveEnd(reader),
            end > start
        else { return nil }
        return Period(start: start, end: end, kind: status == "TENTATIVE" ? .tentative : .busy)
    }

    /// The FREEBUSY periods of a VFREEBUSY component that are not FREE: `start/end` or `start/duration`, in UTC.
    private static func periods(of freeBusy: ICalendar.Component) -> [Period] {
        var periods: [Period] = []
        for property in freeBusy.properties(named: "FREEBUSY") {
            let type = property.parameter("FBTYPE")?.uppercased() ?? "BUSY"
            guard type != "FREE" else { continue }
            let kind = Kind(rawValue: type) ?? .busy
            for item in property.value.split(separator: ",") {
                let parts = item.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2,
                    case .utc(let start)? = ICalendar.DateValue(ICalendar.Property(name: "P", value: parts[0]))
                else { continue }
                let end: Date
                if case .utc(let until)? = ICalendar.DateValue(ICalendar.Property(name: "P", value: parts[1])) {
                    end = until
                } else if let seconds = ICalendar.durationSeconds(parts[1]) {
                    end = start.addingTimeInterval(TimeInterval(seconds))
                } else {
                    continue
                }
                periods.append(Period(start: start, end: end, kind: kind))
            }
        }
        return periods
    }

    /// Periods of one kind that overlap or touch made into one, ordered by kind then start.
    private static func joined(_ periods: [Period]) -> [Period] {
        var result: [Period] = []
        for kind in Kind.allCases {
            let sorted = periods.filter { $0.kind == kind }.sorted { $0.start < $1.start }
            var current: Period?
            for period in sorted {
                if let open = current, period.start <= open.end {
                    current?.end = max(open.end, period.end)
                } else {
                    if let open = current { result.append(open) }
                    current = period
                }
            }
            if let open = current { result.append(open) }
        }
        return result
    }
}
