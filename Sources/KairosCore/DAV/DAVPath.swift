import Foundation

/// Where things live in Kairos' CalDAV space, under `/dav/`: each person's principal, their calendar home,
/// and in it one calendar collection per project they can see.
public enum DAVPath: Hashable, Sendable {
    /// `/dav/`, where a client starts discovery.
    case root
    /// `/dav/principals/{user}/`: the person.
    case principal(userID: String)
    /// `/dav/calendars/{user}/`: the container of their calendars.
    case calendarHome(userID: String)
    /// `/dav/calendars/{user}/{project}/`: one project as a calendar of to-dos.
    case calendar(userID: String, projectID: String)
    /// `/dav/calendars/{user}/{project}/{name}`: one object in it, by the name its client chose.
    case object(userID: String, projectID: String, name: String)

    static let prefix = "/dav"

    /// The location a request path names, with or without its trailing slash; nil for anything else.
    public init?(path: String) {
        guard path == Self.prefix || path.hasPrefix(Self.prefix + "/") else { return nil }
        let parts = path.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: true)
            .map { String($0).removingPercentEncoding ?? String($0) }
        switch parts.count {
        case 0: self = .root
        case 2 where parts[0] == "principals": self = .principal(userID: parts[1])
        case 2 where parts[0] == "calendars": self = .calendarHome(userID: parts[1])
        case 3 where parts[0] == "calendars": self = .calendar(userID: parts[1], projectID: parts[2])
        case 4 where parts[0] == "calendars" && !parts[3].isEmpty:
            self = .object(userID: parts[1], projectID: parts[2], name: parts[3])
        default: return nil
        }
    }

    /// The path as the server writes it in `href`s: collections end in a slash, names are percent-encoded.
    public var href: String {
        switch self {
        case .root: "\(Self.prefix)/"
        case .principal(let user): "\(Self.prefix)/principals/\(user)/"
        case .calendarHome(let user): "\(Self.prefix)/calendars/\(user)/"
        case .calendar(let user, let project): "\(Self.prefix)/calendars/\(user)/\(project)/"
        case .object(let user, let project, let name):
            "\(Self.prefix)/calendars/\(user)/\(project)/\(Self.encode(name))"
        }
    }

    /// The person the location belongs to; nil for the root.
    public var userID: String? {
        switch self {
        case .root: nil
        case .principal(let user), .calendarHome(let user), .calendar(let user, _), .object(let user, _, _): user
        }
    }

    /// The name a task has in its project's calendar.
    public static func objectName(taskID: String) -> String { "task-\(taskID).ics" }

    /// The task an object's name stands for; nil for a name Kairos did not give.
    public static func taskID(objectName name: String) -> String? {
        guard name.hasPrefix("task-"), name.hasSuffix(".ics") else { return nil }
        let id = name.dropFirst(5).dropLast(4)
        return !id.isEmpty && id.allSatisfy(\.isASCII) && id.allSatisfy(\.isNumber) ? String(id) : nil
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encode(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
