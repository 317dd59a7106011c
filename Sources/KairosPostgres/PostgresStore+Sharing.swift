import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: SharingStore {
    public func projectAccess(projectID: String, viewerID: String) async throws -> ProjectAccess? {
        guard let viewer = viewerID.rowID, let project = projectID.rowID else { return nil }
        return try await read { connection in
            try await Self.access(connection, viewer: viewer, project: project, logger: logger)
        }
    }

    public func taskAccess(taskID: String, viewerID: String) async throws -> ProjectAccess? {
        guard let viewer = viewerID.rowID, let task = taskID.rowID else { return nil }
        return try await read { connection in
            guard
                let project = try await connection.firstRow(
                    "SELECT project_id FROM tasks WHERE id = \(task)", logger: logger)?.decode(Int64.self)
            else { return nil }
            return try await Self.access(connection, viewer: viewer, project: project, logger: logger)
        }
    }

    public func sectionAccess(sectionID: String, viewerID: String) async throws -> ProjectAccess? {
        guard let viewer = viewerID.rowID, let section = sectionID.rowID else { return nil }
        return try await read { connection in
            guard
                let project = try await connection.firstRow(
                    "SELECT project_id FROM sections WHERE id = \(section)", logger: logger)?.decode(Int64.self)
            else { return nil }
            return try await Self.access(connection, viewer: viewer, project: project, logger: logger)
        }
    }

    public func contacts(of userID: String, among candidateIDs: [String]) async throws -> Set<String> {
        let user = try require(userID.rowID, "User")
        let candidates = candidateIDs.compactMap(\.rowID)
        guard !candidates.isEmpty else { return [] }
        return try await read { connection in
            Set(
                try await connection.rows(
                    """
                    WITH mine(project_id) AS (
                        SELECT id FROM projects WHERE user_id = \(user)
                        UNION SELECT project_id FROM project_members WHERE user_id = \(user)
                    )
                    SELECT c.value FROM unnest(\(candidates)) AS c(value)
                    WHERE EXISTS (
                            SELECT 1 FROM conversation_members me JOIN conversation_members them
                                ON them.conversation_id = me.conversation_id
                            WHERE me.user_id = \(user) AND them.user_id = c.value)
                        OR EXISTS (
                            SELECT 1 FROM mine JOIN projects p ON p.id = mine.project_id
                            WHERE p.user_id = c.value
                                OR EXISTS (
                                    SELECT 1 FROM project_members m
                                    WHERE m.project_id = mine.project_id AND m.user_id = c.value))
                    """, logger: logger
                ).map { try $0.decode(Int64.self).apiID })
        }
    }

    public func contacts(of userID: String) async throws -> [Collaborator] {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                """
                WITH mine(project_id) AS (
                    SELECT id FROM projects WHERE user_id = \(user)
                    UNION SELECT project_id FROM project_members WHERE user_id = \(user)
                ), people(id) AS (
                    SELECT them.user_id FROM conversation_members me JOIN conversation_members them
                        ON them.conversation_id = me.conversation_id WHERE me.user_id = \(user)
                    UNION SELECT p.user_id FROM mine JOIN projects p ON p.id = mine.project_id
                    UNION SELECT m.user_id FROM mine JOIN project_members m ON m.project_id = mine.project_id
                )
                SELECT u.id, u.email, u.name FROM people JOIN users u ON u.id = people.id
                WHERE u.id <> \(user) ORDER BY u.name COLLATE kairos_nocase, u.id
                """, logger: logger
            ).map { row in
                let (id, email, name) = try row.decode((Int64, String, String).self)
                return Collaborator(id: id.apiID, email: email, name: name)
            }
        }
    }

    public func projectMembers(projectID: String) async throws -> [ProjectMember] {
        let project = try require(projectID.rowID, "Project")
        return try await read { connection in
            try await connection.rows(
                """
                SELECT u.id, u.name, u.email, 'owner' AS role, p.created_at AS added_at, 0 AS rank
                FROM projects p JOIN users u ON u.id = p.user_id WHERE p.id = \(project)
                UNION ALL
                SELECT u.id, u.name, u.email, m.role, m.added_at, 1 AS rank
                FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_id = \(project)
                ORDER BY rank, added_at, id
                """, logger: logger
            ).map { row in
                let (id, name, email, role, addedAt, _) = try row.decode(
                    (Int64, String, String, String, Int64, Int32).self)
                return ProjectMember(
                    userID: id.apiID, name: name, email: email, role: Role(rawValue: role) ?? .commenter,
                    addedAt: Date(micros: addedAt))
            }
        }
    }

    public func setProjectMember(
        projectID: String, userID: String, role: Role, by actorID: String, now: Date
    ) async throws -> Bool {
        let project = try require(projectID.rowID, "Project")
        let user = try require(userID.rowID, "User")
        let actor = try require(actorID.rowID, "User")
        return try await write { write in
            let existing = try await write.firstRow(
                "SELECT role FROM project_members WHERE project_id = \(project) AND user_id = \(user) FOR UPDATE"
            )?.decode(String.self)
            if existing == role.rawValue { return false }
            try await write.query(
                """
                INSERT INTO project_members (project_id, user_id, role, added_by, added_at)
                VALUES (\(project), \(user), \(role.rawValue), \(actor), \(now.micros))
                ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role
                """)
            try await Self.audit(
                write, existing == nil ? .memberAdded : .roleChanged, actor: actor, project: project, subject: user,
                role: role, now: now)
            try await Self.tellProjectChanged(write, project: project, by: actor, now: now)
            return existing == nil
        }
    }

    public func removeProjectMember(projectID: String, userID: String, by actorID: String, now: Date) async throws {
        let project = try require(projectID.rowID, "Project")
        let user = try require(userID.rowID, "User")
        let actor = try require(actorID.rowID, "User")
        try await write { write in
            // Before they go, so the member who leaves hears it too: their last event of the project.
            try await Self.tellProjectChanged(write, project: project, by: actor, now: now)
            let removed = try await write.firstRow(
                "DELETE FROM project_members WHERE project_id = \(project) AND user_id = \(user) RETURNING user_id")
            if removed == nil { throw KairosError.notFound("That person is not a member of this project.") }
            let unassigned = try await write.rows(
                """
                SELECT ta.task_id FROM task_assignees ta JOIN tasks ON tasks.id = ta.task_id
                WHERE tasks.project_id = \(project) AND ta.user_id = \(user) ORDER BY ta.task_id
                """
            ).map { try $0.decode(Int64.self) }
            let audience = try await Self.audience(write.connection, project: project, logger: write.logger)
            for task in unassigned {
                try await Self.unassign(write, task: task, user: user, by: actor)
                guard !audience.isEmpty else { continue }
                write.add(
                    WritePlan.Event(
                        recipients: audience.map(\.apiID), kind: .taskUpdated, taskID: task.apiID,
                        projectID: project.apiID, actorID: actor.apiID),
                    now: now)
            }
            try await Self.audit(
                write, actor == user ? .memberLeft : .memberRemoved, actor: actor, project: project, subject: user,
                role: nil, now: now)
        }
    }

    public func auditLog(projectID: String, page: PageRequest) async throws -> Page<AuditEntry> {
        let project = try require(projectID.rowID, "Project")
        let before = page.cursor?.keys.first ?? .max
        return try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT \(unescaped: AuditEntry.columns) FROM audit_log WHERE project_id = \(project) AND id < \(before)
                ORDER BY id DESC LIMIT \(Int64(page.fetchLimit))
                """, logger: logger
            ).map(AuditEntry.init(row:))
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    // MARK: Rows

    /// The project's owner, roles and settings, if `viewer` is its owner or a member.
    static func access(
        _ connection: PostgresConnection, viewer: Int64, project: Int64, logger: Logger
    ) async throws -> ProjectAccess? {
        guard
            let row = try await connection.firstRow(
                "SELECT user_id, commenters_can_complete FROM projects WHERE id = \(project)", logger: logger)
        else { return nil }
        let (owner, commentersCanComplete) = try row.decode((Int64, Bool).self)
        var roles: [String: Role] = [:]
        for member in try await connection.rows(
            "SELECT user_id, role FROM project_members WHERE project_id = \(project)", logger: logger)
        {
            let (user, role) = try member.decode((Int64, String).self)
            roles[user.apiID] = Role(rawValue: role)
        }
        guard owner == viewer || roles[viewer.apiID] != nil else { return nil }
        return ProjectAccess(
            projectID: project.apiID, ownerID: owner.apiID, roles: roles, commentersCanComplete: commentersCanComplete)
    }

    /// Adds a row to the audit log, in the caller's transaction.
    static func audit(
        _ write: PostgresWrite, _ kind: AuditEntry.Kind, actor: Int64, project: Int64? = nil,
        conversation: Int64? = nil, subject: Int64?, email: String? = nil, task: Int64? = nil, from: Int64? = nil,
        to: Int64? = nil, role: Role?, now: Date
    ) async throws {
        try await write.query(
            """
            INSERT INTO audit_log (actor_id, action, project_id, conversation_id, subject_user_id, subject_email,
                task_id, from_project_id, to_project_id, role, created_at)
            VALUES (\(actor), \(kind.rawValue), \(project), \(conversation), \(subject), \(email), \(task), \(from),
                \(to), \(role?.rawValue), \(now.micros))
            """)
    }

    /// `project.updated` to everyone in the project, when it is shared: its members or roles changed. Called
    /// before a member is removed, it is their last word of it.
    fileprivate static func tellProjectChanged(
        _ write: PostgresWrite, project: Int64, by actor: Int64, now: Date
    ) async throws {
        let audience = try await Self.audience(write.connection, project: project, logger: write.logger)
        guard !audience.isEmpty else { return }
        write.add(
            WritePlan.Event(
                recipients: audience.map(\.apiID), kind: .projectUpdated, projectID: project.apiID,
                actorID: actor.apiID),
            now: now)
    }

    /// Takes `user` off the task's assignees, keeping the others in order; the first left is responsible.
    private static func unassign(_ write: PostgresWrite, task: Int64, user: Int64, by actor: Int64) async throws {
        let rest = try await write.rows(
            "SELECT user_id FROM task_assignees WHERE task_id = \(task) AND user_id <> \(user) ORDER BY position"
        ).map { try $0.decode(Int64.self) }
        try await write.query("DELETE FROM task_assignees WHERE task_id = \(task)")
        for (position, assignee) in rest.enumerated() {
            try await write.query(
                "INSERT INTO task_assignees (task_id, user_id, position) VALUES (\(task), \(assignee), \(Int64(position)))"
            )
        }
        try await write.query(
            """
            UPDATE tasks SET responsible = \(rest.first), assigned_by = \(rest.isEmpty ? nil : actor)
            WHERE id = \(task)
            """)
    }
}

extension AuditEntry {
    /// The columns `init(row:)` reads, in its order.
    static let columns = """
        id, action, actor_id, project_id, conversation_id, subject_user_id, subject_email, task_id, from_project_id,
        to_project_id, role, created_at
        """

    /// An entry from a row that starts with `columns`.
    init(row: PostgresRow) throws {
        let (id, action, actor, project, conversation, subject, email, task, from, to, role, createdAt) =
            try row.decode(
                (Int64, String, Int64?, Int64?, Int64?, Int64?, String?, Int64?, Int64?, Int64?, String?, Int64).self)
        self.init(
            id: id.apiID, kind: Kind(rawValue: action) ?? .memberAdded, actorID: actor?.apiID,
            projectID: project?.apiID, conversationID: conversation?.apiID, subjectID: subject?.apiID,
            subjectEmail: email, taskID: task?.apiID, fromProjectID: from?.apiID, toProjectID: to?.apiID,
            role: role.flatMap(Role.init), createdAt: Date(micros: createdAt))
    }
}
