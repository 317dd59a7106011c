import Foundation

/// A named group of tasks inside a project, in the Todoist API v1 shape.
public struct Section: Decodable, Hashable, Sendable {
    public var id: String
    public var projectID: String
    public var name: String
    public var sectionOrder: Int
    public var isCollapsed: Bool
    public var addedAt: Date
    public var updatedAt: Date

    public init(
        id: String, projectID: String, name: String, sectionOrder: Int, isCollapsed: Bool = false,
        addedAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.projectID = projectID
        self.name = name
        self.sectionOrder = sectionOrder
        self.isCollapsed = isCollapsed
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case projectID = "project_id"
        case sectionOrder = "section_order"
        case isCollapsed = "is_collapsed"
        case addedAt = "added_at"
        case updatedAt = "updated_at"
    }
}

extension Section: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("project_id"); json.string(projectID)
            json.key("name"); json.string(name)
            json.key("section_order"); json.int(sectionOrder)
            json.key("is_collapsed"); json.bool(isCollapsed)
            json.key("added_at"); json.date(addedAt)
            json.key("updated_at"); json.date(updatedAt)
        }
    }
}
