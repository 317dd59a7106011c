import Foundation

/// A note on a task or a project, in the Todoist API v1 shape.
public struct Comment: Decodable, Hashable, Sendable {
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
}

extension Comment: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("item_id"); json.string(taskID)
            json.key("project_id"); json.string(projectID)
            json.key("posted_uid"); json.string(posterID)
            json.key("content"); json.string(content)
            json.key("posted_at"); json.date(postedAt)
            json.key("file_attachment"); json.null()
        }
    }
}
