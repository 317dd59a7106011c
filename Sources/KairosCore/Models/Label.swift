import Foundation

/// A personal label; tasks refer to labels by name, as in Todoist.
public struct Label: Decodable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var color: String
    public var order: Int
    public var isFavorite: Bool

    public init(
        id: String, name: String, color: String = ProjectColor.defaultColor, order: Int, isFavorite: Bool = false
    ) {
        self.id = id
        self.name = name
        self.color = color
        self.order = order
        self.isFavorite = isFavorite
    }

    enum CodingKeys: String, CodingKey {
        case id, name, color, order
        case isFavorite = "is_favorite"
    }
}

extension Label: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("name"); json.string(name)
            json.key("color"); json.string(color)
            json.key("order"); json.int(order)
            json.key("is_favorite"); json.bool(isFavorite)
        }
    }
}
