import GRDB

/// The one definition of what a user can see: what they own, and everything in the projects shared with
/// them. Each condition binds the viewer's id twice, in the order `arguments(_:)` gives.
enum Visible {
    static let projects =
        "(projects.user_id = ? OR projects.id IN (SELECT project_id FROM project_members WHERE user_id = ?))"
    static let sections =
        "(sections.user_id = ? OR sections.project_id IN (SELECT project_id FROM project_members WHERE user_id = ?))"
    static let tasks =
        "(tasks.user_id = ? OR tasks.project_id IN (SELECT project_id FROM project_members WHERE user_id = ?))"

    static func arguments(_ viewer: Int64) -> StatementArguments { [viewer, viewer] }

    /// `tasks` for a list query: a user without shared projects gets the plain owner test, which keeps
    /// the owner-first indexes in play for the views that run most.
    static func taskList(
        _ db: Database, viewer: Int64
    ) throws -> (sql: String, arguments: StatementArguments, hasShared: Bool) {
        let shared = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT project_id FROM project_members WHERE user_id = ?"), arguments: [viewer])
        if shared.isEmpty { return ("tasks.user_id = ?", [viewer], false) }
        return (
            "(tasks.user_id = ? OR tasks.project_id IN (\(databaseQuestionMarks(count: shared.count))))",
            [viewer] + StatementArguments(shared), true
        )
    }
}
