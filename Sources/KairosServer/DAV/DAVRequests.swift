import Foundation
import HTTPTypes
import KairosCore

/// The preconditions of a write (RFC 9110 13.1): `If-Match` lists the entity tags the client's copy may have
/// (`*`: any, so the object must exist); `If-None-Match: *` asks that nothing is there yet.
struct DAVConditions: Equatable {
    var ifMatch: [String]?
    var ifNoneMatch: [String]?

    init(ifMatch: String? = nil, ifNoneMatch: String? = nil) {
        self.ifMatch = ifMatch.map(Self.tags)
        self.ifNoneMatch = ifNoneMatch.map(Self.tags)
    }

    init(headers: HTTPFields) {
        self.init(ifMatch: headers[.ifMatch], ifNoneMatch: headers[.ifNoneMatch])
    }

    /// Fails with 412 when the resource, whose tag is `etag` (nil when there is none), does not meet them.
    func check(etag: String?) throws {
        if let ifMatch {
            guard let etag, ifMatch.contains("*") || ifMatch.contains(etag) else {
                throw DAVFailure.preconditionFailed(
                    "The object changed since your copy (or is gone). Read it again, then make your change.")
            }
        }
        if let ifNoneMatch, let etag, ifNoneMatch.contains("*") || ifNoneMatch.contains(etag) {
            throw DAVFailure.preconditionFailed("An object is already at this address. Read it, or pick a new name.")
        }
    }

    /// The tags of a header's list; weak ones compare as strong, as a client's copy is whole.
    private static func tags(_ header: String) -> [String] {
        header.split(separator: ",").map { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
        }
    }
}

/// A CalDAV request that cannot be done, answered as WebDAV says: a named precondition in a `DAV:error`
/// body (RFC 4918 16), or the status alone with what to do.
enum DAVFailure: Error, Equatable {
    /// 403 with the precondition that failed, and the resource it concerns when there is one.
    case precondition(DAVName, String, href: String? = nil)
    /// 412: an `If-Match` or `If-None-Match` that does not hold.
    case preconditionFailed(String)
    /// 409: the collection the request needs is not there.
    case conflict(String)
    /// 405: the method does not apply to this resource.
    case methodNotAllowed(String)

    var status: HTTPResponse.Status {
        switch self {
        case .precondition: .forbidden
        case .preconditionFailed: .preconditionFailed
        case .conflict: .conflict
        case .methodNotAllowed: .methodNotAllowed
        }
    }

    var message: String {
        switch self {
        case .precondition(_, let message, _), .preconditionFailed(let message), .conflict(let message),
            .methodNotAllowed(let message):
            message
        }
    }

    /// The `DAV:error` document: the precondition, and the message in Kairos' own element, which clients skip.
    var xml: String {
        var xml = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n<d:error"
        for (prefix, namespace) in DAVName.prefixes { xml += " xmlns:\(prefix)=\"\(namespace)\"" }
        xml += " xmlns:k=\"\(DAVName.kairos)\">"
        if case .precondition(let name, _, let href) = self {
            let prefix = DAVName.prefixes.first { $0.namespace == name.namespace }?.prefix ?? "d"
            if let href {
                xml += "<\(prefix):\(name.name)><d:href>\(href.markupEscaped)</d:href></\(prefix):\(name.name)>"
            } else {
                xml += "<\(prefix):\(name.name)/>"
            }
        }
        xml += "<k:message>\(message.markupEscaped)</k:message></d:error>\n"
        return xml
    }
}

/// A MKCALENDAR body (RFC 4791 5.3.1): the properties the new calendar should have; an empty body sets none.
struct MakeCalendarRequest: Equatable {
    var displayName: String?
    var description: String?
    var color: String?

    init(displayName: String? = nil, description: String? = nil, color: String? = nil) {
        self.displayName = displayName
        self.description = description
        self.color = color
    }

    init(body: Data) throws {
        guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { return }
        let document = try XMLElementTree(data: body)
        guard document.name == .caldav("mkcalendar") || document.name == .dav("mkcol") else {
            throw KairosError.badRequest("A MKCALENDAR body is a mkcalendar element; this one is \(document.name.name).")
        }
        let properties = document.children.filter { $0.name == .dav("set") }
            .compactMap { $0.child(.dav("prop")) }.flatMap(\.children)
        func text(_ name: DAVName) -> String? {
            properties.first { $0.name == name }.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
                .flatMap { $0.isEmpty ? nil : $0 }
        }
        displayName = text(.dav("displayname"))
        description = text(.caldav("calendar-description"))
        color = text(.apple("calendar-color"))
    }
}

/// A PROPPATCH body (RFC 4918 9.2): properties to set, with their text, and to remove, in the order given.
struct PropertyUpdate: Equatable {
    struct Change: Equatable {
        var name: DAVName
        /// The new text; nil removes the property.
        var value: String?
    }

    var changes: [Change]

    init(changes: [Change]) {
        self.changes = changes
    }

    init(body: Data) throws {
        let document = try XMLElementTree(data: body)
        guard document.name == .dav("propertyupdate") else {
            throw KairosError.badRequest("A PROPPATCH body is a DAV: propertyupdate element; this one is \(document.name.name).")
        }
        changes = document.children.flatMap { instruction -> [Change] in
            let properties = instruction.child(.dav("prop"))?.children ?? []
            switch instruction.name {
            case .dav("set"):
                return properties.map { Change(name: $0.name, value: $0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
            case .dav("remove"):
                return properties.map { Change(name: $0.name, value: nil) }
            default:
                return []
            }
        }
    }
}
