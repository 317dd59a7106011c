/// The one definition of what a user can see: what they own, and everything in the projects shared with
/// them (SQLite's `Visible`). Each condition takes the placeholder the viewer's id is bound to
/// (`QueryBuilder.bind`).
enum Visibility {
    static func projects(_ viewer: String) -> String {
        "(projects.user_id = \(viewer) OR projects.id IN \(sharedWith(viewer)))"
    }

    static func sections(_ viewer: String) -> String {
        "(sections.user_id = \(viewer) OR sections.project_id IN \(sharedWith(viewer)))"
    }

    static func tasks(_ viewer: String) -> String {
        "(tasks.user_id = \(viewer) OR tasks.project_id IN \(sharedWith(viewer)))"
    }

    /// The projects shared with the viewer.
    private static func sharedWith(_ viewer: String) -> String {
        "(SELECT project_id FROM project_members WHERE user_id = \(viewer))"
    }
}
