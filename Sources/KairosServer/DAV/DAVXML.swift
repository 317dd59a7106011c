import Foundation
import HTTPTypes
import KairosCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A WebDAV property's name: its XML namespace and local name.
struct DAVName: Hashable, Sendable {
    var namespace: String
    var name: String

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"
    /// Kairos' own elements, such as an error's message.
    static let kairos = "urn:x-kairos:dav"

    static func dav(_ name: String) -> DAVName { DAVName(namespace: dav, name: name) }
    static func caldav(_ name: String) -> DAVName { DAVName(namespace: caldav, name: name) }
    static func apple(_ name: String) -> DAVName { DAVName(namespace: apple, name: name) }
    static func calendarServer(_ name: String) -> DAVName { DAVName(namespace: calendarServer, name: name) }

    /// The prefixes the server's answers declare once, at their root.
    static let prefixes: [(prefix: String, namespace: String)] = [
        ("d", dav), ("c", caldav), ("cs", calendarServer), ("ic", apple),
    ]
}

/// What a PROPFIND asks for (RFC 4918 9.1): every property, only their names, or the ones it lists. An empty
/// body asks for every property.
enum PropfindRequest: Equatable {
    case allProperties
    case propertyNames
    case properties([DAVName])

    /// Reads a PROPFIND body; a body that is not a `DAV:propfind` document is a 400 naming what was wrong.
    init(body: Data) throws {
        guard !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            self = .allProperties
            return
        }
        let document = try XMLElementTree(data: body)
        guard document.name == .dav("propfind") else {
            throw KairosError.badRequest("A PROPFIND body is a DAV: propfind element; this one is \(document.name.name).")
        }
        if document.children.contains(where: { $0.name == .dav("propname") }) {
            self = .propertyNames
        } else if let prop = document.children.first(where: { $0.name == .dav("prop") }) {
            self = .properties(prop.children.map(\.name))
        } else {
            self = .allProperties
        }
    }
}

/// A parsed XML document, as much of it as WebDAV requests need: elements with their namespaces and text.
struct XMLElementTree: Equatable {
    var name: DAVName
    var attributes: [String: String]
    var text: String
    var children: [XMLElementTree]

    init(name: DAVName, attributes: [String: String] = [:], text: String = "", children: [XMLElementTree] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    /// Parses `data`; malformed XML is a 400 saying where.
    init(data: Data) throws {
        let reader = TreeReader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            throw KairosError.badRequest(
                "The request body is not well-formed XML (line \(parser.lineNumber), column \(parser.columnNumber)).")
        }
        self = root
    }

    /// The first child named `name`.
    func child(_ name: DAVName) -> XMLElementTree? { children.first { $0.name == name } }
}

private final class TreeReader: NSObject, XMLParserDelegate {
    var stack: [XMLElementTree] = []
    var root: XMLElementTree?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(
            XMLElementTree(name: DAVName(namespace: namespaceURI ?? "", name: elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}

/// A property's value as the server writes it.
enum DAVValue: Equatable {
    case text(String)
    /// One `href` element per path.
    case hrefs([String])
    /// Empty elements inside the property, such as a resource type's `collection` and `calendar`.
    case elements([DAVName])
    /// CalDAV's component set: one `comp` element per component name.
    case components([String])
    /// Privileges, each a `privilege` element holding one named privilege.
    case privileges([DAVName])
    /// Reports, each a `supported-report` element holding one named report.
    case reports([DAVName])
}

/// One resource in a 207 Multi-Status answer: its path, the properties found and those not; or, for a
/// resource that is gone or was never there, its path and `404 Not Found` alone.
struct DAVResponse: Equatable {
    var href: String
    var found: [(DAVName, DAVValue)]
    var missing: [DAVName]
    /// Properties answered with another status (a PROPPATCH's 403 or 424), named without values.
    var statuses: [(DAVName, Int)] = []
    /// The status of the resource as a whole, answered without properties: 404 for one that is gone, 507 for a
    /// sync answer cut short (RFC 6578 3.6).
    var wholeStatus: Int?

    init(href: String, found: [(DAVName, DAVValue)], missing: [DAVName], statuses: [(DAVName, Int)] = []) {
        self.href = href
        self.found = found
        self.missing = missing
        self.statuses = statuses
    }

    /// A sync's answer for the collection itself when it holds only part of the changes: ask again with its token.
    static func truncated(_ href: String) -> DAVResponse {
        var response = DAVResponse(href: href, found: [], missing: [])
        response.wholeStatus = 507
        return response
    }

    static func notFound(_ href: String) -> DAVResponse {
        var response = DAVResponse(href: href, found: [], missing: [])
        response.wholeStatus = 404
        return response
    }

    static func == (lhs: DAVResponse, rhs: DAVResponse) -> Bool {
        lhs.href == rhs.href && lhs.missing == rhs.missing && lhs.wholeStatus == rhs.wholeStatus
            && lhs.statuses.map(\.0) == rhs.statuses.map(\.0) && lhs.statuses.map(\.1) == rhs.statuses.map(\.1)
            && lhs.found.map(\.0) == rhs.found.map(\.0) && lhs.found.map(\.1) == rhs.found.map(\.1)
    }
}

/// Writes a `DAV:multistatus` document (RFC 4918 13).
struct MultistatusWriter {
    private(set) var xml = ""

    /// A sync-collection's answer ends with the token to ask with next.
    init(_ responses: [DAVResponse], namesOnly: Bool = false, syncToken: String? = nil) {
        xml = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n<d:multistatus"
        for (prefix, namespace) in DAVName.prefixes { xml += " xmlns:\(prefix)=\"\(namespace)\"" }
        xml += ">"
        for response in responses { write(response, namesOnly: namesOnly) }
        if let syncToken { xml += "<d:sync-token>\(syncToken.markupEscaped)</d:sync-token>" }
        xml += "</d:multistatus>\n"
    }

    private mutating func write(_ response: DAVResponse, namesOnly: Bool) {
        xml += "<d:response><d:href>\(response.href.markupEscaped)</d:href>"
        if let status = response.wholeStatus {
            let line = status == 507 ? "507 Insufficient Storage" : "404 Not Found"
            xml += "<d:status>HTTP/1.1 \(line)</d:status></d:response>"
            return
        }
        if !response.found.isEmpty {
            xml += "<d:propstat><d:prop>"
            for (name, value) in response.found {
                if namesOnly { element(name) } else { element(name, value) }
            }
            xml += "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
        }
        if !response.missing.isEmpty {
            xml += "<d:propstat><d:prop>"
            for name in response.missing { element(name) }
            xml += "</d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>"
        }
        for code in Set(response.statuses.map(\.1)).sorted() {
            xml += "<d:propstat><d:prop>"
            for (name, status) in response.statuses where status == code { element(name) }
            let reason =
                switch code {
                case 200: "OK"
                case 403: "Forbidden"
                case 424: "Failed Dependency"
                default: HTTPResponse.Status(code: code).reasonPhrase
                }
            xml += "</d:prop><d:status>HTTP/1.1 \(code) \(reason)</d:status></d:propstat>"
        }
        xml += "</d:response>"
    }

    private mutating func element(_ name: DAVName, _ value: DAVValue? = nil) {
        let (open, close) = Self.tags(name)
        guard let value else {
            xml += open.dropLast() + "/>"
            return
        }
        xml += open
        switch value {
        case .text(let text): xml += text.markupEscaped
        case .hrefs(let paths): for path in paths { xml += "<d:href>\(path.markupEscaped)</d:href>" }
        case .elements(let names): for name in names { element(name) }
        case .components(let names): for name in names { xml += "<c:comp name=\"\(name.markupEscaped)\"/>" }
        case .privileges(let names):
            for name in names {
                xml += "<d:privilege>"
                element(name)
                xml += "</d:privilege>"
            }
        case .reports(let names):
            for name in names {
                xml += "<d:supported-report><d:report>"
                element(name)
                xml += "</d:report></d:supported-report>"
            }
        }
        xml += close
    }

    /// The opening and closing tags of `name`, with a declared prefix, or its own namespace declaration.
    private static func tags(_ name: DAVName) -> (String, String) {
        if let prefix = DAVName.prefixes.first(where: { $0.namespace == name.namespace })?.prefix {
            return ("<\(prefix):\(name.name)>", "</\(prefix):\(name.name)>")
        }
        if name.namespace.isEmpty { return ("<\(name.name)>", "</\(name.name)>") }
        return ("<x:\(name.name) xmlns:x=\"\(name.namespace.markupEscaped)\">", "</x:\(name.name)>")
    }
}

/// The REPORTs a calendar answers (RFC 4791 7.8 and 7.9, RFC 6578 3.2), with the properties each asks for.
enum DAVReport: Equatable {
    /// The objects at the given paths.
    case multiget(properties: [DAVName], hrefs: [String])
    /// The objects matching a filter (RFC 4791 9.7), all of them without one; recurring ones expanded over
    /// `expand` when the calendar-data asked for it.
    case query(properties: [DAVName], filter: CalendarFilter?, expand: CalendarTimeRange?)
    /// The busy time of the calendar's objects over a range (RFC 4791 7.10).
    case freeBusy(FreeBusyQuery)
    /// People whose display name holds `match` (RFC 3744 9.4); a person only ever finds themselves.
    case principalSearch(properties: [DAVName], match: String?)
    /// What changed after a sync token; an empty token asks for everything; `limit` caps the answer's size.
    case syncCollection(properties: [DAVName], token: String, limit: Int?)

    init(body: Data) throws {
        let document = try XMLElementTree(data: body)
        let properties = document.child(.dav("prop"))?.children.map(\.name) ?? []
        switch document.name {
        case .caldav("calendar-multiget"):
            self = .multiget(
                properties: properties,
                hrefs: document.children.filter { $0.name == .dav("href") }.map {
                    $0.text.trimmingCharacters(in: .whitespacesAndNewlines)
                })
        case .caldav("calendar-query"):
            let data = try document.child(.dav("prop"))?.child(.caldav("calendar-data")).map(CalendarDataRequest.init)
            self = .query(
                properties: properties, filter: try document.child(.caldav("filter")).map(CalendarFilter.init),
                expand: data?.expand)
        case .caldav("free-busy-query"):
            self = .freeBusy(try FreeBusyQuery(xml: document))
        case .dav("sync-collection"):
            let token = document.child(.dav("sync-token"))?.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let limit = document.child(.dav("limit"))?.child(.dav("nresults")).flatMap {
                Int($0.text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            self = .syncCollection(properties: properties, token: token ?? "", limit: limit.map { max(1, $0) })
        case .dav("principal-property-search"):
            // Some clients list the properties beside an empty `prop` rather than in it.
            let asked = properties + document.children.map(\.name).filter {
                ![.dav("prop"), .dav("property-search"), .dav("apply-to-principal-collection-set")].contains($0)
            }
            let match = document.children.filter { $0.name == .dav("property-search") }
                .compactMap { $0.child(.dav("match"))?.text.trimmingCharacters(in: .whitespacesAndNewlines) }.first
            self = .principalSearch(properties: asked, match: match)
        default:
            throw KairosError.forbidden(
                "This calendar answers calendar-multiget, calendar-query and sync-collection reports, not \(document.name.name).")
        }
    }
}
