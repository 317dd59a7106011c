import PostgresNIO

/// The one definition of what a user can see, as SQL conditions with the viewer bound: what they own, and
/// everything in the projects shared with them (SQLite's `Visible`).
extension PostgresQuery.StringInterpolation {
    /// True for a row of `tasks` the viewer can see.
    mutating func appendInterpolation(visibleTasks viewer: Int64) {
        appendLiteral("(tasks.user_id = ")
        appendInterpolation(viewer)
        appendLiteral(" OR tasks.project_id IN (SELECT project_id FROM project_members WHERE user_id = ")
        appendInterpolation(viewer)
        appendLiteral("))")
    }

    /// True for a row of `projects` the viewer can see.
    mutating func appendInterpolation(visibleProjects viewer: Int64) {
        appendLiteral("(projects.user_id = ")
        appendInterpolation(viewer)
        appendLiteral(" OR projects.id IN (SELECT project_id FROM project_members WHERE user_id = ")
        appendInterpolation(viewer)
        appendLiteral("))")
    }
}
