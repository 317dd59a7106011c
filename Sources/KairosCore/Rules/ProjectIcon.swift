/// The icons a project may show in place of the plain list glyph; a project without one shows that glyph.
public enum ProjectIcon {
    /// Every icon name, in the order clients offer them.
    public static let all = [
        "briefcase", "home", "cart", "book", "heart", "star", "flag", "calendar", "plane", "code", "music",
        "dumbbell", "money", "gift", "leaf",
    ]

    /// `value` once it names one of `all`.
    public static func require(_ value: String, field: String = "icon") throws(KairosError) -> String {
        guard all.contains(value) else {
            throw .invalidField(
                field: field,
                message: "\(field) must be one of: \(all.joined(separator: ", ")), or null for the plain list glyph.")
        }
        return value
    }
}
