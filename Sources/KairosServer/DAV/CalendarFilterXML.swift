import Foundation
import KairosCore

// Reading CalDAV's query elements (RFC 4791 9.6-9.9) into the Core types that evaluate them.

extension CalendarFilter {
    /// Reads a `CALDAV:filter` element: one `comp-filter` named VCALENDAR, and what it holds.
    init(xml: XMLElementTree) throws {
        guard xml.name == .caldav("filter") else {
            throw KairosError.badRequest("Expected a CALDAV:filter element here, not \(xml.name.name).")
        }
        let roots = xml.children.filter { $0.name == .caldav("comp-filter") }
        guard roots.count == 1, let root = roots.first else {
            throw KairosError.badRequest(
                "A CALDAV:filter holds exactly one comp-filter, named VCALENDAR; this one holds \(roots.count).")
        }
        let calendar = try ComponentFilter(xml: root)
        guard calendar.name == "VCALENDAR" else {
            throw KairosError.badRequest(
                "The outer comp-filter must be named VCALENDAR, not \(calendar.name); put \(calendar.name) inside it.")
        }
        self.init(calendar)
    }
}

extension CalendarFilter.ComponentFilter {
    /// Reads a `CALDAV:comp-filter` element.
    init(xml: XMLElementTree) throws {
        let name = try Self.requiredName(xml, of: "comp-filter")
        self.init(name)
        for child in xml.children {
            switch child.name {
            case .caldav("is-not-defined"): isNotDefined = true
            case .caldav("time-range"): timeRange = try CalendarTimeRange(xml: child)
            case .caldav("prop-filter"): properties.append(try CalendarFilter.PropertyFilter(xml: child))
            case .caldav("comp-filter"): components.append(try CalendarFilter.ComponentFilter(xml: child))
            default: throw Self.unexpected(child, in: "comp-filter")
            }
        }
    }

    /// The `name` attribute, upper-cased; a missing or empty one is a 400.
    static func requiredName(_ xml: XMLElementTree, of element: String) throws -> String {
        guard let name = xml.attributes["name"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw KairosError.badRequest("Each CALDAV:\(element) needs a name attribute, such as name=\"VEVENT\".")
        }
        return name.uppercased()
    }

    static func unexpected(_ child: XMLElementTree, in element: String) -> KairosError {
        .forbidden(
            "A CALDAV:\(element) cannot hold \(child.name.name); this server supports the filters of RFC 4791 9.7.")
    }
}

extension CalendarFilter.PropertyFilter {
    /// Reads a `CALDAV:prop-filter` element.
    init(xml: XMLElementTree) throws {
        self.init(try CalendarFilter.ComponentFilter.requiredName(xml, of: "prop-filter"))
        for child in xml.children {
            switch child.name {
            case .caldav("is-not-defined"): isNotDefined = true
            case .caldav("time-range"): timeRange = try CalendarTimeRange(xml: child)
            case .caldav("text-match"): textMatch = try CalendarFilter.TextMatch(xml: child)
            case .caldav("param-filter"): parameters.append(try CalendarFilter.ParameterFilter(xml: child))
            default: throw CalendarFilter.ComponentFilter.unexpected(child, in: "prop-filter")
            }
        }
    }
}

extension CalendarFilter.ParameterFilter {
    /// Reads a `CALDAV:param-filter` element.
    init(xml: XMLElementTree) throws {
        self.init(try CalendarFilter.ComponentFilter.requiredName(xml, of: "param-filter"))
        for child in xml.children {
            switch child.name {
            case .caldav("is-not-defined"): isNotDefined = true
            case .caldav("text-match"): textMatch = try CalendarFilter.TextMatch(xml: child)
            default: throw CalendarFilter.ComponentFilter.unexpected(child, in: "param-filter")
            }
        }
    }
}

extension CalendarFilter.TextMatch {
    /// Reads a `CALDAV:text-match` element: its text, `collation` (i;ascii-casemap when absent),
    /// `negate-condition` and `match-type`.
    init(xml: XMLElementTree) throws {
        let collationName = xml.attributes["collation"] ?? Collation.asciiCaseMap.rawValue
        guard let collation = Collation(rawValue: collationName) else {
            let known = Collation.allCases.map(\.rawValue).joined(separator: ", ")
            throw KairosError.forbidden(
                "The collation \(collationName) is not supported; use one of \(known) (RFC 4791 7.5.1).")
        }
        let negated: Bool
        switch xml.attributes["negate-condition"]?.lowercased() {
        case nil, "no": negated = false
        case "yes": negated = true
        case let other?:
            throw KairosError.badRequest("negate-condition is \"yes\" or \"no\", not \"\(other)\".")
        }
        let matchTypeName = xml.attributes["match-type"] ?? MatchType.contains.rawValue
        guard let matchType = MatchType(rawValue: matchTypeName) else {
            let known = MatchType.allCases.map(\.rawValue).joined(separator: ", ")
            throw KairosError.badRequest("The match-type \(matchTypeName) is not one of \(known).")
        }
        // A body written over several lines puts its indentation around the text, which is not part of it.
        let text = xml.text.contains("\n") ? xml.text.trimmingCharacters(in: .whitespacesAndNewlines) : xml.text
        self.init(text, collation: collation, matchType: matchType, isNegated: negated)
    }
}

extension CalendarTimeRange {
    /// Reads a `CALDAV:time-range` (or `expand`, `limit-recurrence-set`) element: `start` and `end` as UTC
    /// date-times such as `20260105T000000Z`, at least one of them given, and `start` before `end`.
    init(xml: XMLElementTree, requiringBoth: Bool = false) throws {
        let element = xml.name.name
        func moment(_ attribute: String) throws -> Date? {
            guard let text = xml.attributes[attribute] else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard case .utc(let instant)? = ICalendar.DateValue(ICalendar.Property(name: "X", value: trimmed)) else {
                throw KairosError.badRequest(
                    "The \(attribute) of CALDAV:\(element) is a UTC date-time such as 20260105T000000Z, "
                        + "not \"\(text)\".")
            }
            return instant
        }
        self.init(start: try moment("start"), end: try moment("end"))
        if requiringBoth, start == nil || end == nil {
            throw KairosError.badRequest("CALDAV:\(element) needs both a start and an end attribute.")
        }
        guard start != nil || end != nil else {
            throw KairosError.badRequest("CALDAV:\(element) needs a start attribute, an end attribute, or both.")
        }
        guard isOrdered else {
            throw KairosError.badRequest("The start of CALDAV:\(element) must come before its end.")
        }
    }
}

/// What a `CALDAV:calendar-data` element asks of the objects' data (RFC 4791 9.6): whether recurring
/// components are to be expanded, and over which range.
struct CalendarDataRequest: Equatable {
    /// The `expand` range, nil when the objects are wanted as stored.
    var expand: CalendarTimeRange?

    /// Reads a `CALDAV:calendar-data` element from a report's `prop`.
    init(xml: XMLElementTree) throws {
        guard xml.name == .caldav("calendar-data") else {
            throw KairosError.badRequest("Expected a CALDAV:calendar-data element here, not \(xml.name.name).")
        }
        expand = try xml.child(.caldav("expand")).map { try CalendarTimeRange(xml: $0, requiringBoth: true) }
    }
}

/// A `CALDAV:free-busy-query` REPORT (RFC 4791 7.10): the busy time of a calendar over a range.
struct FreeBusyQuery: Equatable {
    /// The range asked about; both ends are given.
    var start: Date
    var end: Date

    /// Reads the report's root element, which holds one `time-range` with a start and an end.
    init(xml: XMLElementTree) throws {
        guard xml.name == .caldav("free-busy-query") else {
            throw KairosError.badRequest("Expected a CALDAV:free-busy-query element, not \(xml.name.name).")
        }
        guard let element = xml.child(.caldav("time-range")) else {
            throw KairosError.badRequest("A free-busy-query needs a CALDAV:time-range with a start and an end.")
        }
        let range = try CalendarTimeRange(xml: element, requiringBoth: true)
        start = range.start!
        end = range.end!
    }
}
