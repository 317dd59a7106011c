import Foundation

/// A private subscription address for calendar apps: the person's due tasks, or one project's, as a
/// read-only iCalendar feed (`TaskCalendar.feed`). Its address holds a secret shown once, when it is made;
/// deleting the feed ends it.
public struct CalendarFeed: Decodable, Hashable, Sendable {
    public var id: String
    /// The project it shows; nil for every project the person sees.
    public var projectID: String?
    /// The address to subscribe to, with its secret: given only in the answer that made it.
    public var url: String?
    public var createdAt: Date

    public init(id: String, projectID: String?, url: String? = nil, createdAt: Date) {
        self.id = id
        self.projectID = projectID
        self.url = url
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, url
        case projectID = "project_id"
        case createdAt = "created_at"
    }
}

extension CalendarFeed: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("project_id"); json.string(projectID)
            if let url { json.key("url"); json.string(url) }
            json.key("created_at"); json.date(createdAt)
        }
    }
}

/// `POST /api/v1/calendar/feeds`: a feed of every project, or of `project_id`'s.
public struct CalendarFeedRequest: Codable, Sendable, ClosedRequestBody {
    public var projectID: String?

    public init(projectID: String? = nil) {
        self.projectID = projectID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case projectID = "project_id"
    }
}
