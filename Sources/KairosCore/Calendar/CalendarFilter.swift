import Foundation

/// A CalDAV calendar-query filter (RFC 4791 9.7): which calendar objects a REPORT answers with.
///
/// The filter is a tree of component filters (VCALENDAR at the root, then VEVENT, VTODO, VJOURNAL, VALARM and the rest)
/// holding property filters, which may hold parameter filters. A component filter matches when a component of
/// its name exists and passes all its tests together, so combined tests are a logical AND on one component.
/// Recurring components are searched instance by instance wherever a time range is asked for.
public struct CalendarFilter: Hashable, Sendable {
    /// The filter on the VCALENDAR object itself.
    public var calendar: ComponentFilter

    /// A filter whose root is `calendar`, which should name VCALENDAR.
    public init(_ calendar: ComponentFilter) {
        self.calendar = calendar
    }

    /// Whether the calendar object `calendar` (a VCALENDAR) passes the filter; floating times and dates are read
    /// in `defaultTimeZone` (the calendar's time zone, RFC 4791 5.2.2).
    public func matches(_ calendar: ICalendar.Component, defaultTimeZone: TimeZone) -> Bool {
        matches(calendar, reader: CalendarTimeReader(defaultTimeZone: defaultTimeZone))
    }

    /// The positions in `calendars` of the objects that pass, in order; time zones are looked up once for all.
    public func matchingIndices(_ calendars: [ICalendar.Component], defaultTimeZone: TimeZone) -> [Int] {
        let reader = CalendarTimeReader(defaultTimeZone: defaultTimeZone)
        return calendars.indices.filter { matches(calendars[$0], reader: reader) }
    }

    func matches(_ object: ICalendar.Component, reader: CalendarTimeReader) -> Bool {
        guard calendar.name == object.name, !calendar.isNotDefined else { return false }
        reader.learnZones(from: object)
        return calendar.matchesCalendar(object, reader: reader)
    }
}

extension CalendarFilter {
    /// A `comp-filter` (RFC 4791 9.7.1).
    public struct ComponentFilter: Hashable, Sendable {
        /// The component's name in upper case: VCALENDAR, VEVENT, VTODO, VJOURNAL, VFREEBUSY, VALARM and the rest.
        public var name: String
        /// Matches only when the parent has no component of this name.
        public var isNotDefined: Bool
        /// Some instance of the component must overlap this range (RFC 4791 9.9); for VALARM, some trigger.
        public var timeRange: CalendarTimeRange?
        /// Each must match the same component (or instance).
        public var properties: [PropertyFilter]
        /// Each must match among the component's subcomponents.
        public var components: [ComponentFilter]

        /// A filter on components called `name`; with nothing else it matches when one exists.
        public init(
            _ name: String, isNotDefined: Bool = false, timeRange: CalendarTimeRange? = nil,
            properties: [PropertyFilter] = [], components: [ComponentFilter] = []
        ) {
            self.name = name.uppercased()
            self.isNotDefined = isNotDefined
            self.timeRange = timeRange
            self.properties = properties
            self.components = components
        }
    }

    /// A `prop-filter` (RFC 4791 9.7.2).
    public struct PropertyFilter: Hashable, Sendable {
        /// The property's name in upper case.
        public var name: String
        /// Matches only when the component has no property of this name.
        public var isNotDefined: Bool
        /// The property's DATE or DATE-TIME value must lie in this range.
        public var timeRange: CalendarTimeRange?
        /// The property's text must match.
        public var textMatch: TextMatch?
        /// Each must match a parameter of the same property.
        public var parameters: [ParameterFilter]

        /// A filter on properties called `name`; with nothing else it matches when one exists.
        public init(
            _ name: String, isNotDefined: Bool = false, timeRange: CalendarTimeRange? = nil,
            textMatch: TextMatch? = nil, parameters: [ParameterFilter] = []
        ) {
            self.name = name.uppercased()
            self.isNotDefined = isNotDefined
            self.timeRange = timeRange
            self.textMatch = textMatch
            self.parameters = parameters
        }
    }

    /// A `param-filter` (RFC 4791 9.7.3).
    public struct ParameterFilter: Hashable, Sendable {
        /// The parameter's name in upper case.
        public var name: String
        /// Matches only when the property has no parameter of this name.
        public var isNotDefined: Bool
        /// The parameter's value must match.
        public var textMatch: TextMatch?

        /// A filter on the parameter `name`; with nothing else it matches when the parameter is there.
        public init(_ name: String, isNotDefined: Bool = false, textMatch: TextMatch? = nil) {
            self.name = name.uppercased()
            self.isNotDefined = isNotDefined
            self.textMatch = textMatch
        }
    }

    /// A `text-match` (RFC 4791 9.7.5): the text to find in a value, how letters compare, and whether the
    /// match is negated.
    public struct TextMatch: Hashable, Sendable {
        /// How characters compare (RFC 4790).
        public enum Collation: String, Hashable, Sendable, CaseIterable {
            /// Byte for byte: case counts.
            case octet = "i;octet"
            /// ASCII letters compare without case; the default (RFC 4791 7.5.1).
            case asciiCaseMap = "i;ascii-casemap"
            /// Any letters compare without case (RFC 5051).
            case unicodeCaseMap = "i;unicode-casemap"
        }

        /// Where the text must stand in the value; CalDAV's own is `contains` (RFC 4791 9.7.5).
        public enum MatchType: String, Hashable, Sendable, CaseIterable {
            case contains, equals
            case startsWith = "starts-with"
            case endsWith = "ends-with"
        }

        /// The text to find, as the client sent it.
        public var text: String
        public var collation: Collation
        public var matchType: MatchType
        /// `negate-condition="yes"`: the value must not match.
        public var isNegated: Bool
        /// `text` as the collation compares it, folded once.
        private let needle: String

        /// A match for `text`, by default a case-insensitive (ASCII) substring match.
        public init(
            _ text: String, collation: Collation = .asciiCaseMap, matchType: MatchType = .contains,
            isNegated: Bool = false
        ) {
            self.text = text
            self.collation = collation
            self.matchType = matchType
            self.isNegated = isNegated
            needle = TextMatch.folded(text, collation)
        }

        /// Whether `value` matches, negation applied.
        public func matches(_ value: String) -> Bool {
            let haystack = TextMatch.folded(value, collation)
            let found: Bool
            switch matchType {
            case .contains: found = needle.isEmpty || haystack.contains(needle)
            case .equals: found = haystack == needle
            case .startsWith: found = haystack.hasPrefix(needle)
            case .endsWith: found = haystack.hasSuffix(needle)
            }
            return found != isNegated
        }

        private static func folded(_ text: String, _ collation: Collation) -> String {
            switch collation {
            case .octet:
                return text
            case .asciiCaseMap:
                guard text.utf8.contains(where: { (65...90).contains($0) }) else { return text }
                return String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
            case .unicodeCaseMap:
                return text.lowercased()
            }
        }
    }
}

// MARK: - Evaluation

extension CalendarFilter.ComponentFilter {
    /// Properties of the VCALENDAR object itself; other properties named at its level are looked for on its
    /// components.
    static let calendarProperties: Set<String> = ["VERSION", "PRODID", "CALSCALE", "METHOD"]

    /// Whether the VCALENDAR object passes this (root) filter.
    ///
    /// RFC 4791 puts a time range and properties such as SUMMARY under a component filter like VEVENT. Clients
    /// that want "any kind of component" put them straight under VCALENDAR; they are read as asking for some
    /// component of the object (other than a VTIMEZONE) that passes them all.
    func matchesCalendar(_ calendar: ICalendar.Component, reader: CalendarTimeReader) -> Bool {
        let own = properties.filter { Self.calendarProperties.contains($0.name) }
        let onComponents = properties.filter { !Self.calendarProperties.contains($0.name) }
        guard own.allSatisfy({ $0.matches(calendar, reader: reader) }) else { return false }
        guard components.allSatisfy({ $0.matches(childrenOf: calendar, parent: nil, reader: reader) }) else {
            return false
        }
        guard timeRange != nil || !onComponents.isEmpty else { return true }
        var kinds: [String] = []
        for component in calendar.components where component.name != "VTIMEZONE" && !kinds.contains(component.name) {
            kinds.append(component.name)
        }
        return kinds.contains { kind in
            CalendarFilter.ComponentFilter(kind, timeRange: timeRange, properties: onComponents)
                .matches(childrenOf: calendar, parent: nil, reader: reader)
        }
    }

    /// Whether the filter matches among the subcomponents of `parent`; `instance` is the parent's instance, which
    /// a VALARM's triggers count from.
    func matches(
        childrenOf parent: ICalendar.Component, parent instance: CalendarInstance?, reader: CalendarTimeReader
    ) -> Bool {
        let children = parent.components(named: name)
        if isNotDefined { return children.isEmpty }
        guard !children.isEmpty else { return false }
        if name == "VALARM" {
            return children.contains { alarm in
                matchesAlarm(alarm, parent: instance, reader: reader)
            }
        }
        let series = CalendarSeries.grouping(children)
        return series.contains { series in
            guard let window = expansionWindow(for: series, reader: reader) else {
                return series.writtenInstances(reader: reader).contains { passes($0, reader: reader) }
            }
            return series.forEachInstance(near: window, reader: reader) { passes($0, reader: reader) }
        }
    }

    /// Whether one instance passes the time range, every property filter and every component filter.
    private func passes(_ instance: CalendarInstance, reader: CalendarTimeReader) -> Bool {
        if let timeRange, !instance.timing.overlaps(timeRange, kind: name, reader: reader) { return false }
        return properties.allSatisfy { $0.matches(instance.component, reader: reader) }
            && components.allSatisfy { $0.matches(childrenOf: instance.component, parent: instance, reader: reader) }
    }

    /// The range a recurring series must be expanded over for this filter: its own time range, or one its
    /// VALARM filters ask about, widened by how far the series' alarms go off from their instance. Nil when no
    /// time range applies, and the components are tested as written.
    private func expansionWindow(for series: CalendarSeries, reader: CalendarTimeReader) -> CalendarTimeRange? {
        if let timeRange { return timeRange }
        guard series.recurs, let master = series.master else { return nil }
        let alarmRanges = components.filter { $0.name == "VALARM" && !$0.isNotDefined }.compactMap(\.timeRange)
        guard !alarmRanges.isEmpty else { return nil }
        let starts = alarmRanges.map(\.start)
        let ends = alarmRanges.map(\.end)
        let union = CalendarTimeRange(
            start: starts.contains(nil) ? nil : starts.compactMap { $0 }.min(),
            end: ends.contains(nil) ? nil : ends.compactMap { $0 }.max())
        let timing = ComponentTiming(master, reader: reader)
        let length =
            timing.start.flatMap { start in
                timing.effectiveEnd(reader).map { $0.timeIntervalSince(reader.instant(start)) }
            } ?? 0
        let reach = master.components(named: "VALARM").map { AlarmTrigger.reach(of: $0) }.max() ?? 0
        return union.widened(by: reach + max(0, length))
    }

    private func matchesAlarm(
        _ alarm: ICalendar.Component, parent: CalendarInstance?, reader: CalendarTimeReader
    ) -> Bool {
        if let timeRange {
            let triggers = AlarmTrigger.times(of: alarm, parent: parent, reader: reader)
            guard triggers.contains(where: timeRange.contains) else { return false }
        }
        let instance = CalendarInstance(
            component: alarm, timing: ComponentTiming(alarm, reader: reader), recurrenceID: nil, isGenerated: false)
        return properties.allSatisfy { $0.matches(alarm, reader: reader) }
            && components.allSatisfy { $0.matches(childrenOf: alarm, parent: instance, reader: reader) }
    }
}

extension CalendarFilter.PropertyFilter {
    /// Whether `component` has a property passing this filter (or, for is-not-defined, none of the name).
    func matches(_ component: ICalendar.Component, reader: CalendarTimeReader) -> Bool {
        let candidates = component.properties.lazy.filter { $0.name == name }
        if isNotDefined { return candidates.isEmpty }
        return candidates.contains { property in
            if let timeRange {
                guard let value = ICalendar.DateValue(property), timeRange.contains(reader.instant(value)) else {
                    return false
                }
            }
            if let textMatch, !textMatch.matches(property.text) { return false }
            return parameters.allSatisfy { $0.matches(property) }
        }
    }
}

extension CalendarFilter.ParameterFilter {
    /// Whether `property` has a parameter passing this filter (or, for is-not-defined, none of the name).
    func matches(_ property: ICalendar.Property) -> Bool {
        let candidates = property.parameters.filter { $0.name == name }
        if isNotDefined { return candidates.isEmpty }
        return candidates.contains { parameter in
            guard let textMatch else { return true }
            return parameter.values.contains(where: textMatch.matches)
        }
    }
}
