import Foundation

extension ICalendar.Component {
    /// This calendar object as CalDAV's `expand` asks for it (RFC 4791 9.6.5): every instance of a recurring
    /// component that overlaps `range` becomes a component of its own with a RECURRENCE-ID, and RRULE, RDATE
    /// and EXDATE are gone; overridden instances stand as written. Times are in UTC (dates stay dates; floating
    /// times are read in `defaultTimeZone`), so VTIMEZONEs are left out. Components that do not recur are kept.
    public func expanded(in range: CalendarTimeRange, defaultTimeZone: TimeZone) -> ICalendar.Component {
        let reader = CalendarTimeReader(defaultTimeZone: defaultTimeZone)
        reader.learnZones(from: self)
        var result = ICalendar.Component(name: name, properties: properties)
        var kinds: [String] = []
        for component in components where component.name != "VTIMEZONE" && !kinds.contains(component.name) {
            kinds.append(component.name)
        }
        for kind in kinds {
            for series in CalendarSeries.grouping(components(named: kind)) {
                result.components += Self.expanded(series, kind: kind, in: range, reader: reader)
            }
        }
        return result
    }

    private static func expanded(
        _ series: CalendarSeries, kind: String, in range: CalendarTimeRange, reader: CalendarTimeReader
    ) -> [ICalendar.Component] {
        if let master = series.master, !series.recurs, series.overrides.isEmpty {
            return [inUTC(master, reader: reader)]
        }
        var instances: [(start: Date, component: ICalendar.Component)] = []
        series.forEachInstance(near: range, reader: reader) { instance in
            guard instance.timing.overlaps(range, kind: kind, reader: reader) else { return false }
            let start = instance.timing.anchor.map(reader.instant) ?? .distantPast
            instances.append((start, component(for: instance, reader: reader)))
            return false
        }
        return instances.sorted { $0.start < $1.start }.map(\.component)
    }

    /// The component one instance is written as.
    private static func component(for instance: CalendarInstance, reader: CalendarTimeReader) -> ICalendar.Component {
        guard instance.isGenerated, let occurrence = instance.recurrenceID else {
            return inUTC(instance.component, reader: reader)
        }
        var component = instance.component
        for name in ["RRULE", "RDATE", "EXDATE", "EXRULE"] { component.removeProperties(named: name) }
        if let start = instance.timing.start {
            component.replace(with: utc(start, reader).property(named: "DTSTART"))
        }
        if let end = instance.timing.end {
            component.replace(
                with: utc(end, reader).property(named: instance.component.name == "VTODO" ? "DUE" : "DTEND"))
        }
        component.replace(with: utc(occurrence, reader).property(named: "RECURRENCE-ID"))
        return component
    }

    /// `component` with its start, end, due and recurrence id in UTC.
    private static func inUTC(_ component: ICalendar.Component, reader: CalendarTimeReader) -> ICalendar.Component {
        var converted = component
        for name in ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID"] {
            guard let property = component.property(name), let value = ICalendar.DateValue(property), !value.isDate
            else { continue }
            converted.replace(with: utc(value, reader).property(named: name))
        }
        return converted
    }

    private static func utc(_ value: ICalendar.DateValue, _ reader: CalendarTimeReader) -> ICalendar.DateValue {
        value.isDate ? value : .utc(reader.instant(value))
    }
}
