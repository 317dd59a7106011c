import Foundation

/// The components of one kind and one UID in a calendar object: the master, which may recur (RRULE, RDATE,
/// EXDATE), and the instances it overrides (RECURRENCE-ID). A component without a UID is a series of its own.
struct CalendarSeries {
    var master: ICalendar.Component?
    var overrides: [ICalendar.Component]

    /// The most occurrences of a master one search looks at, so that an endless rule searched without an end
    /// (or a minutely one over a long range) stops.
    static let occurrenceLimit = 10_000

    /// The series among `components`, in the order their first component stands.
    static func grouping(_ components: [ICalendar.Component]) -> [CalendarSeries] {
        var series: [CalendarSeries] = []
        var indexByUID: [String: Int] = [:]
        for component in components {
            let isOverride = component.property("RECURRENCE-ID") != nil
            guard let uid = component.property("UID")?.value else {
                series.append(
                    CalendarSeries(master: isOverride ? nil : component, overrides: isOverride ? [component] : []))
                continue
            }
            let index: Int
            if let known = indexByUID[uid] {
                index = known
            } else {
                index = series.count
                indexByUID[uid] = index
                series.append(CalendarSeries(master: nil, overrides: []))
            }
            if isOverride {
                series[index].overrides.append(component)
            } else if series[index].master == nil {
                series[index].master = component
            } else {
                // A second master with the same UID is wrong, but is still searched as written.
                series.append(CalendarSeries(master: component, overrides: []))
            }
        }
        return series
    }

    /// Whether the master repeats.
    var recurs: Bool {
        guard let master else { return false }
        return master.property("RRULE") != nil || master.property("RDATE") != nil
    }

    /// The components as written, each an instance at its own start; nothing is expanded.
    func writtenInstances(reader: CalendarTimeReader) -> [CalendarInstance] {
        var instances: [CalendarInstance] = []
        if let master {
            instances.append(
                CalendarInstance(
                    component: master, timing: ComponentTiming(master, reader: reader), recurrenceID: nil,
                    isGenerated: false))
        }
        for override in overrides {
            instances.append(overrideInstance(override, reader: reader))
        }
        return instances
    }

    private func overrideInstance(_ override: ICalendar.Component, reader: CalendarTimeReader) -> CalendarInstance {
        CalendarInstance(
            component: override, timing: ComponentTiming(override, reader: reader),
            recurrenceID: reader.dateValue("RECURRENCE-ID", of: override), isGenerated: false)
    }

    /// Calls `body` with every instance that may start within `window` (widened by the master's length, so
    /// an instance that began earlier and still lasts is included), until `body` returns true; returns
    /// whether it did. Overrides are always offered; a master that does not recur is offered as itself.
    /// Instances come unordered; `body` decides which really overlap.
    @discardableResult
    func forEachInstance(
        near window: CalendarTimeRange, reader: CalendarTimeReader, _ body: (CalendarInstance) -> Bool
    ) -> Bool {
        for override in overrides where body(overrideInstance(override, reader: reader)) {
            return true
        }
        guard let master else { return false }
        let timing = ComponentTiming(master, reader: reader)
        let plain = CalendarInstance(component: master, timing: timing, recurrenceID: nil, isGenerated: false)
        guard recurs, let start = timing.anchor else { return body(plain) }

        // Occurrences a RECURRENCE-ID or EXDATE replaces or removes, by the moment they would start.
        var skipped = Set(overrides.compactMap { reader.dateValue("RECURRENCE-ID", of: $0).map(reader.instant) })
        skipped.formUnion(reader.dateValues("EXDATE", of: master).map(reader.instant))
        let startInstant = reader.instant(start)
        let length = (timing.effectiveEnd(reader) ?? startInstant).timeIntervalSince(startInstant)
        // A day's slack either side covers the zone offsets between wall times and moments.
        let lower = window.start?.addingTimeInterval(-max(0, length) - 86_400)
        let upper = window.end?.addingTimeInterval(86_400)

        func offer(_ occurrence: ICalendar.DateValue, instant: Date) -> Bool {
            guard !skipped.contains(instant) else { return false }
            let instance = CalendarInstance(
                component: master, timing: timing.moved(to: occurrence, reader: reader), recurrenceID: occurrence,
                isGenerated: true)
            return body(instance)
        }

        // DTSTART is always the first instance, whether or not the rule would make it.
        if offer(start, instant: startInstant) { return true }
        for rdate in reader.dateValues("RDATE", of: master) {
            let instant = reader.instant(rdate)
            if let lower, instant < lower { continue }
            if let upper, instant > upper { continue }
            if offer(rdate, instant: instant) { return true }
        }
        guard let rule = master.property("RRULE").flatMap({ ICalendar.RecurrencePattern($0.value) }) else {
            return false
        }
        let zone = reader.zone(of: start)
        let startWall = reader.wallTime(start)
        let until = rule.until.map { untilWall($0, start: start, zone: zone, reader: reader) }
        let notBefore = lower.map { WallTime($0, in: zone).day }
        var seen = 0
        for wall in rule.occurrences(start: startWall, isDate: start.isDate, until: until, notBefore: notBefore) {
            seen += 1
            if seen > Self.occurrenceLimit { break }
            if wall == startWall { continue }
            let occurrence = reader.value(wall, like: start)
            let instant = reader.instant(occurrence)
            if let upper, instant > upper { break }
            if let lower, instant < lower { continue }
            if offer(occurrence, instant: instant) { return true }
        }
        return false
    }

    /// UNTIL as a wall time of a series starting at `start`: a date means the whole of that day.
    private func untilWall(
        _ until: ICalendar.DateValue, start: ICalendar.DateValue, zone: TimeZone, reader: CalendarTimeReader
    ) -> WallTime {
        switch until {
        case .date(let date): return WallTime(day: date.dayNumber, second: 86_399)
        case .utc(let instant):
            if start.isDate { return WallTime(day: WallTime(instant, in: reader.defaultTimeZone).day, second: 86_399) }
            return WallTime(instant, in: zone)
        case .floating, .zoned: return reader.wallTime(until)
        }
    }
}
