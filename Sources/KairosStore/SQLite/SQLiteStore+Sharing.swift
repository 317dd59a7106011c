import Foundation
import GRDB
import KairosCore

extension SQLiteStore: SharingStore {
    public func projectAccess(projectID: String, viewerID: String) async throws -> ProjectAccess? {
        guard let viewer = viewerID.rowID, let project = projectID.rowID else { return nil }
        return try await pool.read { db in try Self.access(db, viewer: viewer, project: project) }
    }

    public func taskAccess(taskID: String, viewerID: String) async throws -> ProjectAccess? {
        guard let viewer = viewerID.rowID, let task = taskID.rowID else { return nil }
        return try await pool.read { db in
            guard
                let project = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT project_id FROM tasks WHERE id = ?"), arguments: [task])
            else { return nil }
            return try Self.access(db, viewer: viewer, project: project)
        }
    }

    public func sectionAccess(sectionID: String, viewerID: String) async throws -> ProjectAccess? {
        guard let viewer = viewerID.rowID, let section = sectionID.rowID else { return nil }
        return try await pool.read { db in
            guard
                let project = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT project_id FROM sections WHERE id = ?"), arguments: [section])
            else { return nil }
            return try Self.access(db, viewer: viewer, project: project)
        }
    }

    public func contacts(of userID: String, among candidateIDs: [String]) async throws -> Set<String> {
        let user = try require(userID.rowID, "User")
        let candidates = candidateIDs.compactMap(\.rowID)
        guard !candidates.isEmpty else { return [] }
        return try await pool.read { db in
            Set(
                try Int64.fetchAll(
                    db,
                    sql: """
                        WITH mine(project_id) AS (
                            SELECT id FROM projects WHERE user_id = ?1
                            UNION SELECT project_id FROM project_members WHERE user_id = ?1
                        )
                        SELECT c.value FROM json_each(?2) c
                        WHERE EXISTS (
                                SELECT 1 FROM conversation_members me JOIN conversation_members them
                                    ON them.conversation_id = me.conversation_id
                                WHERE me.user_id = ?1 AND them.user_id = c.value)
                            OR EXISTS (
                                SELECT 1 FROM mine JOIN projects p ON p.id = mine.project_id
                                WHERE p.user_id = c.value
                                    OR EXISTS (
                                        SELECT 1 FROM project_members m
                                        WHERE m.project_id = mine.project_id AND m.user_id = c.value))
                        """,
                    arguments: [user, candidates.jsonArray]
                ).map(\.apiID))
        }
    }

    public func contacts(of userID: String) async throws -> [Collaborator] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    WITH mine(project_id) AS (
                        SELECT id FROM projects WHERE user_id = ?1
                        UNION SELECT project_id FROM project_members WHERE user_id = ?1
                    ), people(id) AS (
                        SELECT them.user_id FROM conversation_members me JOIN conversation_members them
                            ON them.conversation_id = me.conversation_id WHERE me.user_id = ?1
                        UNION SELECT p.user_id FROM mine JOIN projects p ON p.id = mine.project_id
                        UNION SELECT m.user_id FROM mine JOIN project_members m ON m.project_id = mine.project_id
                    )
                    SELECT u.id, u.email, u.name FROM people JOIN users u ON u.id = people.id
                    WHERE u.id <> ?1 ORDER BY u.name COLLATE NOCASE, u.id
                    """,
                arguments: [user]
            ).map { Collaborator(id: ($0["id"] as Int64).apiID, email: $0["email"], name: $0["name"]) }
        }
    }

    public func projectMembers(projectID: String) async throws -> [ProjectMember] {
        let project = try require(projectID.rowID, "Project")
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT u.id, u.name, u.email, 'owner' AS role, p.created_at AS added_at, 0 AS rank
                    FROM projects p JOIN users u ON u.id = p.user_id WHERE p.id = ?
                    UNION ALL
                    SELECT u.id, u.name, u.email, m.role, m.added_at, 1 AS rank
                    FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_id = ?
                    ORDER BY rank, added_at, id
                    """,
                arguments: [project, project]
            ).map { row in
                ProjectMember(
                    userID: (row["id"] as Int64).apiID, name: row["name"], email: row["email"],
                    role: Role(rawValue: row["role"]) ?? .commenter, addedAt: Date(micros: row["added_at"]))
            }
        }
    }

    public func setProjectMember(
        projectID: String, userID: String, role: Role, by actorID: String, now: Date
    ) async throws -> Bool {
        let project = try require(projectID.rowID, "Project")
        let user = try require(userID.rowID, "User")
        let actor = try require(actorID.rowID, "User")
        return try await write { db in
            let existing = try String.fetchOne(
                db.cachedStatement(sql: "SELECT role FROM project_members WHERE project_id = ? AND user_id = ?"),
                arguments: [project, user])
            if existing == role.rawValue { return false }
            try db.run(
                sql: """
                    INSERT INTO project_members (project_id, user_id, role, added_by, added_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role
                    """,
                arguments: [project, user, role.rawValue, actor, now.micros])
            try Self.audit(
                db, existing == nil ? .memberAdded : .roleChanged, actor: actor, project: project, subject: user,
                role: role, now: now)
            try Self.announceProjectChange(db, project: project, by: actor, now: now)
            return existing == nil
        }
    }

    public func removeProjectMember(projectID: String, userID: String, by actorID: String, now: Date) async throws {
        let project = try require(projectID.rowID, "Project")
        let user = try require(userID.rowID, "User")
        let actor = try require(actorID.rowID, "User")
        try await write { db in
            // Before they go, so the member who leaves hears it too: their last event of the project.
            try Self.announceProjectChange(db, project: project, by: actor, now: now)
            try db.run(
                sql: "DELETE FROM project_members WHERE project_id = ? AND user_id = ?", arguments: [project, user])
            if db.changesCount == 0 { throw KairosError.notFound("That person is not a member of this project.") }
            let unassigned = try Int64.fetchAll(
                db,
                sql: """
                    SELECT ta.task_id FROM task_assignees ta JOIN tasks ON tasks.id = ta.task_id
                    WHERE tasks.project_id = ? AND ta.user_id = ?
                    """,
                arguments: [project, user])
            for task in unassigned {
                let rest = try Int64.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT user_id FROM task_assignees WHERE task_id = ? AND user_id <> ? ORDER BY position"),
                    arguments: [task, user])
                try Self.writeAssignees(db, task: task, rest.map(\.apiID), by: actor)
                try Self.announceTaskChange(db, task: task, in: project, by: actor, now: now)
            }
            try Self.audit(
                db, actor == user ? .memberLeft : .memberRemoved, actor: actor, project: project, subject: user,
                role: nil, now: now)
        }
    }

    public func auditLog(projectID: String, page: PageRequest) async throws -> Page<AuditEntry> {
        let project = try require(projectID.rowID, "Project")
        var keyset = ""
        var arguments: StatementArguments = [project]
        if let last = page.cursor?.keys.first {
            keyset = " AND id < ?"
            arguments += [last]
        }
        return try await pool.read { [keyset, arguments] db in
            let rows = try db.fetchRows(
                sql: "SELECT * FROM audit_log WHERE project_id = ?\(keyset) ORDER BY id DESC LIMIT ?",
                arguments: arguments + [page.fetchLimit]
            ).map(AuditEntry.init(row:))
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    // MARK: Rows

    /// The project's owner, roles and settings, if `viewer` is its owner or a member.
    static func access(_ db: Database, viewer: Int64, project: Int64) throws -> ProjectAccess? {
        guard
            let row = try db.fetchRow(
                sql: "SELECT user_id, commenters_can_complete FROM projects WHERE id = ?", arguments: [project])
        else { return nil }
        var roles: [String: Role] = [:]
        let members = try db.fetchRowCursor(
            sql: "SELECT user_id, role FROM project_members WHERE project_id = ?", arguments: [project])
        while let member = try members.next() {
            roles[(member[0] as Int64).apiID] = Role(rawValue: member[1])
        }
        let owner: Int64 = row["user_id"]
        guard owner == viewer || roles[viewer.apiID] != nil else { return nil }
        return ProjectAccess(
            projectID: project.apiID, ownerID: owner.apiID, roles: roles,
            commentersCanComplete: row["commenters_can_complete"])
    }

    static func audit(
        _ db: Database, _ kind: AuditEntry.Kind, actor: Int64, project: Int64? = nil, conversation: Int64? = nil,
        subject: Int64?, email: String? = nil, task: Int64? = nil, from: Int64? = nil, to: Int64? = nil,
        role: Role?, now: Date
    ) throws {
        try db.run(
            sql: """
                INSERT INTO audit_log (actor_id, action, project_id, conversation_id, subject_user_id, subject_email,
                    task_id, from_project_id, to_project_id, role, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                actor, kind.rawValue, project, conversation, subject, email, task, from, to, role?.rawValue,
                now.micros,
            ])
    }
}

extension AuditEntry {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, kind: Kind(rawValue: row["action"]) ?? .memberAdded,
            actorID: (row["actor_id"] as Int64?)?.apiID, projectID: (row["project_id"] as Int64?)?.apiID,
            conversationID: (row["conversation_id"] as Int64?)?.apiID,
            subjectID: (row["subject_user_id"] as Int64?)?.apiID, subjectEmail: row["subject_email"],
            taskID: (row["task_id"] as Int64?)?.apiID, fromProjectID: (row["from_project_id"] as Int64?)?.apiID,
            toProjectID: (row["to_project_id"] as Int64?)?.apiID, role: (row["role"] as String?).flatMap(Role.init),
            createdAt: Date(micros: row["created_at"]))
    }
}
