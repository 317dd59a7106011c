import Foundation

/// A personal label; tasks refer to labels by name, as in Todoist.
public struct Label: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var color: String
    public var order: Int
    public var isFavorite: Bool

    public init(id: String, name: String, color: String = ProjectColor.defaultColor, order: Int, isFavorite: Bool = false) {
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
