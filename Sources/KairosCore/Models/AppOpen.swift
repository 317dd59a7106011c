import Foundation

/// When someone last opened the app and the open before it: what `MentionDigestRules` measures being away by.
public struct AppOpen: Hashable, Sendable {
    /// The client's id for the latest open, so a retried report of it changes nothing.
    public var openID: String
    public var openedAt: Date
    /// The open before the latest; nil until the second one.
    public var previousOpenedAt: Date?

    public init(openID: String, openedAt: Date, previousOpenedAt: Date?) {
        self.openID = openID
        self.openedAt = openedAt
        self.previousOpenedAt = previousOpenedAt
    }
}

/// The answer of `POST /api/v1/user/opened`: the opens recorded, and whether the person was away before this one.
public struct AppOpenResponse: Decodable, Hashable, Sendable, JSONWritable {
    public var openedAt: Date
    public var previousOpenedAt: Date?
    /// The previous open was at least `MentionDigestRules.awayAfter` before this one.
    public var away: Bool

    public init(openedAt: Date, previousOpenedAt: Date?, away: Bool) {
        self.openedAt = openedAt
        self.previousOpenedAt = previousOpenedAt
        self.away = away
    }

    enum CodingKeys: String, CodingKey {
        case away
        case openedAt = "opened_at"
        case previousOpenedAt = "previous_opened_at"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("opened_at"); json.date(openedAt)
            json.key("previous_opened_at"); json.date(previousOpenedAt)
            json.key("away"); json.bool(away)
        }
    }
}

/// `POST /api/v1/user/opened`: the app was started or came back to the foreground.
public struct AppOpenRequest: Codable, Sendable, ClosedRequestBody {
    /// The client's own id for this open: a retry carrying it is recognised and changes nothing.
    public var openID: String
    /// When the app was opened, for an open reported late (the device was offline); now when absent. A time
    /// ahead of the server's clock counts as now.
    public var at: Date?

    public init(openID: String, at: Date? = nil) {
        self.openID = openID
        self.at = at
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case at
        case openID = "open_id"
    }
}
