import Foundation

/// A note on a task or a project, in the Todoist API v1 shape.
public struct Comment: Codable, Hashable, Sendable {
    public var id: String
    public var taskID: String?
    public var projectID: String?
    public var posterID: String
    public var content: String
    public var postedAt: Date

    public init(id: String, taskID: String?, projectID: String?, posterID: String, content: String, postedAt: Date) {
        self.id = id
        self.taskID = taskID
        self.projectID = projectID
        self.posterID = posterID
        self.content = content
        self.postedAt = postedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, content
        case taskID = "item_id"
        case projectID = "project_id"
        case posterID = "posted_uid"
        case postedAt = "posted_at"
        case fileAttachment = "file_attachment"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        taskID = try c.decodeIfPresent(String.self, forKey: .taskID)
        projectID = try c.decodeIfPresent(String.self, forKey: .projectID)
        posterID = try c.decode(String.self, forKey: .posterID)
        content = try c.decode(String.self, forKey: .content)
        postedAt = try c.decode(Date.self, forKey: .postedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(taskID, forKey: .taskID)
        try c.encode(projectID, forKey: .projectID)
        try c.encode(posterID, forKey: .posterID)
        try c.encode(content, forKey: .content)
        try c.encode(postedAt, forKey: .postedAt)
        try c.encodeNil(forKey: .fileAttachment)
    }
}
