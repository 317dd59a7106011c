import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: ProjectStore {
    public func projects(userID: String, archived: Bool, page: PageRequest) async throws -> Page<Project> {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let me = sql.bind(viewer)
        let condition = "\(Visibility.projects(me)) AND is_archived = \(sql.bind(archived))"
        let keyset = sql.ascendingKeyset(page, columns: ["child_order", "projects.id"])
        let query = sql.query(
            """
            \(Self.projectSelection(me)) WHERE \(condition)\(keyset)
            ORDER BY child_order, projects.id LIMIT \(sql.bind(page.fetchLimit))
            """)
        let rows = try await read { connection in
            try await connection.rows(query, logger: logger).map(Project.init(row:))
        }
        let cut = page.page(rows) { [Int64($0.childOrder), $0.id.rowID!] }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    public func project(userID: String, id: String) async throws -> Project? {
        guard let viewer = userID.rowID, let projectID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.project(connection, viewer: viewer, id: projectID, logger: logger)
        }
    }

    public func inbox(userID: String) async throws -> Project {
        let owner = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let me = sql.bind(owner)
        let query = sql.query("\(Self.projectSelection(me)) WHERE projects.user_id = \(me) AND is_inbox")
        return try await read { connection in
            try require(try await connection.firstRow(query, logger: logger), "Project").project
        }
    }

    public func createProject(userID: String, draft: ProjectDraft, now: Date) async throws -> Project {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let id = try await Self.insertProject(write, owner: owner, draft: draft, now: now)
            return try require(
                try await Self.project(write.connection, viewer: owner, id: id, logger: write.logger), "Project")
        }
    }

    /// Inserts a project after the user's others; returns its row id.
    static func insertProject(
        _ write: PostgresWrite, owner: Int64, draft: ProjectDraft, now: Date
    ) async throws
        -> Int64
    {
        var parent: Int64?
        if let parentID = draft.parentID {
            // Sub-projects go under the creator's own projects: a shared project's members cannot nest theirs in it.
            guard
                let parentProject = try await project(
                    write.connection, viewer: owner, id: parentID.rowID ?? 0, logger: write.logger),
                parentProject.ownerID == owner.apiID
            else { throw KairosError.missing("Parent project") }
            if parentProject.isInbox {
                throw KairosError.invalidField(field: "parent_id", message: "The Inbox cannot hold sub-projects.")
            }
            parent = parentProject.id.rowID
        }
        let row = try await write.firstRow(
            """
            INSERT INTO projects (user_id, parent_id, name, description, color, icon, child_order, is_favorite,
                                  view_style, created_at, updated_at)
            SELECT \(owner), \(parent), \(draft.name), \(draft.description), \(draft.color), \(draft.icon),
                COALESCE(MAX(child_order), 0) + 1, \(draft.isFavorite), \(draft.viewStyle), \(now.micros), \(now.micros)
            FROM projects WHERE user_id = \(owner)
            RETURNING id
            """)
        return try require(row, "Project").decode(Int64.self)
    }

    public func updateProject(userID: String, id: String, changes: ProjectChanges, now: Date) async throws -> Project {
        let viewer = try require(userID.rowID, "User")
        let projectID = try require(id.rowID, "Project")
        return try await write { write in
            let current = try require(
                try await Self.project(write.connection, viewer: viewer, id: projectID, logger: write.logger),
                "Project")
            try ProjectRules.requireChange(
                to: current, renaming: changes.name != nil, changingIcon: changes.icon != .unchanged,
                archiving: changes.isArchived != nil)
            try await write.query(
                """
                UPDATE projects SET name = COALESCE(\(changes.name), name),
                    description = COALESCE(\(changes.description), description),
                    color = COALESCE(\(changes.color), color),
                    icon = CASE WHEN \(changes.icon != .unchanged) THEN \(changes.icon.newValue) ELSE icon END,
                    is_favorite = COALESCE(\(changes.isFavorite), is_favorite),
                    view_style = COALESCE(\(changes.viewStyle), view_style),
                    child_order = COALESCE(\(changes.childOrder), child_order),
                    is_collapsed = COALESCE(\(changes.isCollapsed), is_collapsed),
                    is_archived = COALESCE(\(changes.isArchived), is_archived),
                    commenters_can_complete = COALESCE(\(changes.commentersCanComplete), commenters_can_complete),
                    updated_at = \(now.micros)
                WHERE id = \(projectID)
                """)
            try await Self.announceProjectChange(write, project: projectID, by: viewer, now: now)
            return try require(
                try await Self.project(write.connection, viewer: viewer, id: projectID, logger: write.logger),
                "Project")
        }
    }

    public func deleteProject(userID: String, id: String, moveTasksToInbox: Bool, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        let projectID = try require(id.rowID, "Project")
        try await write { write in
            let project = try require(
                try await Self.project(write.connection, viewer: owner, id: projectID, logger: write.logger),
                "Project")
            guard project.ownerID == owner.apiID else {
                throw KairosError.forbidden("Only the project's owner can delete it.")
            }
            try ProjectRules.requireChange(to: project, deleting: true)
            try await Self.announceProjectChange(write, project: projectID, by: owner, now: now)
            if moveTasksToInbox {
                // The project and its subprojects are about to go; their tasks land in the Inbox, unsectioned.
                try await write.query(
                    """
                    WITH RECURSIVE doomed(id) AS (
                        SELECT \(projectID)::bigint
                        UNION ALL SELECT p.id FROM projects p JOIN doomed ON p.parent_id = doomed.id
                    )
                    UPDATE tasks SET project_id = (SELECT id FROM projects WHERE user_id = \(owner) AND is_inbox),
                        section_id = NULL
                    WHERE project_id IN (SELECT id FROM doomed)
                    """)
            }
            try await Self.keepTrackedTime(write, of: .project(id), now: now)
            try await write.query("DELETE FROM projects WHERE id = \(projectID) AND user_id = \(owner)")
        }
    }

    /// Every project column, and what depends on who looks (bound to `viewer`): whether it is shared and
    /// their role. The columns `Project(row:)` reads, in its order.
    static func projectSelection(_ viewer: String) -> String {
        """
        SELECT projects.id, projects.user_id, projects.parent_id, projects.name, projects.description,
            projects.color, projects.icon, projects.child_order, projects.is_collapsed, projects.is_favorite,
            projects.is_archived, projects.view_style, projects.is_inbox, projects.commenters_can_complete,
            projects.created_at, projects.updated_at,
            EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = projects.id) AS is_shared,
            COALESCE(
                (SELECT role FROM project_members pm WHERE pm.project_id = projects.id AND pm.user_id = \(viewer)),
                'owner') AS viewer_role
        FROM projects
        """
    }

    /// The project if `viewer` owns it or it is shared with them.
    static func project(
        _ connection: PostgresConnection, viewer: Int64, id: Int64, logger: Logger
    ) async throws
        -> Project?
    {
        let sql = QueryBuilder()
        let me = sql.bind(viewer)
        let query = sql.query(
            "\(projectSelection(me)) WHERE projects.id = \(sql.bind(id)) AND \(Visibility.projects(me))")
        return try await connection.firstRow(query, logger: logger)?.project
    }

    // MARK: Sections

    public func sections(userID: String, projectID: String?, page: PageRequest) async throws -> Page<Section> {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        var condition = Visibility.sections(sql.bind(viewer))
        if let projectID {
            condition += " AND project_id = \(sql.bind(projectID.rowID ?? 0))"
        }
        let keyset = sql.ascendingKeyset(page, columns: ["section_order", "id"])
        let query = sql.query(
            """
            SELECT \(Section.columns) FROM sections WHERE \(condition)\(keyset)
            ORDER BY section_order, id LIMIT \(sql.bind(page.fetchLimit))
            """)
        let rows = try await read { connection in
            try await connection.rows(query, logger: logger).map(Section.init(row:))
        }
        let cut = page.page(rows) { [Int64($0.sectionOrder), $0.id.rowID!] }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    public func section(userID: String, id: String) async throws -> Section? {
        guard let viewer = userID.rowID, let sectionID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.section(connection, viewer: viewer, id: sectionID, logger: logger)
        }
    }

    public func createSection(
        userID: String, projectID: String, name: String, order: Int?, now: Date
    ) async throws -> Section {
        let viewer = try require(userID.rowID, "User")
        return try await write { write in
            let project = try require(
                try await Self.project(
                    write.connection, viewer: viewer, id: projectID.rowID ?? 0, logger: write.logger),
                "Project")
            let projectRow = try require(project.id.rowID, "Project")
            let row = try await write.firstRow(
                """
                INSERT INTO sections (user_id, project_id, name, section_order, added_at, updated_at)
                SELECT \(project.ownerID.rowID), \(projectRow), \(name),
                    COALESCE(\(order), (SELECT COALESCE(MAX(section_order), 0) + 1 FROM sections
                                        WHERE project_id = \(projectRow))),
                    \(now.micros), \(now.micros)
                RETURNING id
                """)
            let sectionID = try require(row, "Section").decode(Int64.self)
            let section = try require(
                try await Self.section(write.connection, viewer: viewer, id: sectionID, logger: write.logger),
                "Section")
            try await Self.announceProjectChange(write, project: projectRow, by: viewer, now: now)
            return section
        }
    }

    public func updateSection(
        userID: String, id: String, name: String?, order: Int?, isCollapsed: Bool?, now: Date
    ) async throws -> Section {
        let viewer = try require(userID.rowID, "User")
        let sectionID = try require(id.rowID, "Section")
        return try await write { write in
            let section = try require(
                try await Self.section(write.connection, viewer: viewer, id: sectionID, logger: write.logger),
                "Section")
            try await write.query(
                """
                UPDATE sections SET name = COALESCE(\(name), name),
                    section_order = COALESCE(\(order), section_order),
                    is_collapsed = COALESCE(\(isCollapsed), is_collapsed), updated_at = \(now.micros)
                WHERE id = \(sectionID)
                """)
            try await Self.announceProjectChange(write, project: section.projectID.rowID!, by: viewer, now: now)
            return try require(
                try await Self.section(write.connection, viewer: viewer, id: sectionID, logger: write.logger),
                "Section")
        }
    }

    public func deleteSection(userID: String, id: String, keepTasks: Bool, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let sectionID = try require(id.rowID, "Section")
        try await write { write in
            let section = try require(
                try await Self.section(write.connection, viewer: viewer, id: sectionID, logger: write.logger),
                "Section")
            if keepTasks {
                try await write.query("UPDATE tasks SET section_id = NULL WHERE section_id = \(sectionID)")
            } else {
                try await Self.keepTrackedTime(write, of: .section(id), now: now)
            }
            try await write.query("DELETE FROM sections WHERE id = \(sectionID)")
            try await Self.announceProjectChange(write, project: section.projectID.rowID!, by: viewer, now: now)
        }
    }

    public func reorderProjects(userID: String, orders: [(id: String, order: Int)], now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { write in
            for (id, order) in orders {
                let projectID = try require(id.rowID, "Project")
                let updated = try await write.rows(
                    """
                    UPDATE projects SET child_order = \(order), updated_at = \(now.micros)
                    WHERE id = \(projectID) AND user_id = \(owner) RETURNING id
                    """)
                if updated.isEmpty { throw KairosError.missing("Project") }
                try await Self.announceProjectChange(write, project: projectID, by: owner, now: now)
            }
        }
    }

    public func reorderSections(userID: String, orders: [(id: String, order: Int)], now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        try await write { write in
            var projects: Set<Int64> = []
            for (id, order) in orders {
                let section = try require(
                    try await Self.section(write.connection, viewer: viewer, id: id.rowID ?? 0, logger: write.logger),
                    "Section")
                try await write.query(
                    """
                    UPDATE sections SET section_order = \(order), updated_at = \(now.micros)
                    WHERE id = \(section.id.rowID!)
                    """)
                projects.insert(section.projectID.rowID!)
            }
            for project in projects.sorted() {
                try await Self.announceProjectChange(write, project: project, by: viewer, now: now)
            }
        }
    }

    public func openTaskTallies(userID: String) async throws -> [OpenTaskTally] {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let query = sql.query(
            """
            SELECT project_id, section_id, parent_id IS NOT NULL AS is_subtask, COUNT(*)
            FROM tasks WHERE completed_at IS NULL AND \(Visibility.tasks(sql.bind(viewer)))
            GROUP BY project_id, section_id, is_subtask
            """)
        return try await read { connection in
            try await connection.rows(query, logger: logger).map { row in
                let (project, section, isSubtask, count) = try row.decode((Int64, Int64?, Bool, Int64).self)
                return OpenTaskTally(
                    projectID: project.apiID, sectionID: section?.apiID, isSubtask: isSubtask, count: Int(count))
            }
        }
    }

    /// The section if its project is visible to `viewer`.
    static func section(
        _ connection: PostgresConnection, viewer: Int64, id: Int64, logger: Logger
    ) async throws
        -> Section?
    {
        let sql = QueryBuilder()
        let query = sql.query(
            """
            SELECT \(Section.columns) FROM sections
            WHERE id = \(sql.bind(id)) AND \(Visibility.sections(sql.bind(viewer)))
            """)
        return try await connection.firstRow(query, logger: logger).map(Section.init(row:))
    }

    // MARK: Labels

    public func labels(userID: String, page: PageRequest) async throws -> Page<Label> {
        let owner = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let condition = "user_id = \(sql.bind(owner))"
        let keyset = sql.ascendingKeyset(page, columns: ["item_order", "id"])
        let query = sql.query(
            """
            SELECT \(Label.columns) FROM labels WHERE \(condition)\(keyset)
            ORDER BY item_order, id LIMIT \(sql.bind(page.fetchLimit))
            """)
        let rows = try await read { connection in
            try await connection.rows(query, logger: logger).map(Label.init(row:))
        }
        let cut = page.page(rows) { [Int64($0.order), $0.id.rowID!] }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    public func label(userID: String, id: String) async throws -> Label? {
        guard let owner = userID.rowID, let labelID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.label(connection, owner: owner, id: labelID, logger: logger)
        }
    }

    public func createLabel(
        userID: String, name: String, color: String, order: Int?, isFavorite: Bool
    ) async throws -> Label {
        let owner = try require(userID.rowID, "User")
        // The check reads before the insert writes; a label of the same name created in between is caught
        // by the unique index, with the same answer.
        return try await conflictOnUniqueViolation(Self.labelNameTaken(name)) {
            try await write { write in
                try await Self.requireUnusedLabelName(write, owner: owner, name: name, except: nil)
                let row = try await write.firstRow(
                    """
                    INSERT INTO labels (user_id, name, color, item_order, is_favorite)
                    SELECT \(owner), \(name), \(color),
                        COALESCE(\(order),
                            (SELECT COALESCE(MAX(item_order), 0) + 1 FROM labels WHERE user_id = \(owner))),
                        \(isFavorite)
                    RETURNING id
                    """)
                let labelID = try require(row, "Label").decode(Int64.self)
                return try require(
                    try await Self.label(write.connection, owner: owner, id: labelID, logger: write.logger), "Label")
            }
        }
    }

    public func updateLabel(
        userID: String, id: String, name: String?, color: String?, order: Int?, isFavorite: Bool?
    ) async throws -> Label {
        let owner = try require(userID.rowID, "User")
        let labelID = try require(id.rowID, "Label")
        return try await conflictOnUniqueViolation(Self.labelNameTaken(name ?? "")) {
            try await write { write in
                let current = try require(
                    try await Self.label(write.connection, owner: owner, id: labelID, logger: write.logger), "Label")
                if let name, name != current.name {
                    try await Self.requireUnusedLabelName(write, owner: owner, name: name, except: labelID)
                    // A task that already carries the new name keeps one copy of it. The copy is another row: a
                    // rename that only changes case matches the label's own row, which stays.
                    try await write.query(
                        """
                        DELETE FROM task_labels WHERE user_id = \(owner) AND name = \(current.name)
                            AND task_id IN (SELECT other.task_id FROM task_labels other
                                            WHERE other.user_id = \(owner) AND other.name = \(name)
                                                AND other.position <> task_labels.position)
                        """)
                    try await write.query(
                        "UPDATE task_labels SET name = \(name) WHERE user_id = \(owner) AND name = \(current.name)")
                }
                try await write.query(
                    """
                    UPDATE labels SET name = COALESCE(\(name), name), color = COALESCE(\(color), color),
                        item_order = COALESCE(\(order), item_order), is_favorite = COALESCE(\(isFavorite), is_favorite)
                    WHERE id = \(labelID) AND user_id = \(owner)
                    """)
                return try require(
                    try await Self.label(write.connection, owner: owner, id: labelID, logger: write.logger), "Label")
            }
        }
    }

    public func deleteLabel(userID: String, id: String) async throws {
        let owner = try require(userID.rowID, "User")
        let labelID = try require(id.rowID, "Label")
        try await write { write in
            let label = try require(
                try await Self.label(write.connection, owner: owner, id: labelID, logger: write.logger), "Label")
            try await write.query("DELETE FROM task_labels WHERE user_id = \(owner) AND name = \(label.name)")
            try await write.query("DELETE FROM labels WHERE id = \(labelID)")
        }
    }

    static func label(
        _ connection: PostgresConnection, owner: Int64, id: Int64, logger: Logger
    ) async throws
        -> Label?
    {
        try await connection.firstRow(
            "SELECT \(unescaped: Label.columns) FROM labels WHERE id = \(id) AND user_id = \(owner)", logger: logger
        ).map(Label.init(row:))
    }

    private static func requireUnusedLabelName(
        _ write: PostgresWrite, owner: Int64, name: String, except: Int64?
    ) async throws {
        let taken = try await write.firstRow(
            "SELECT 1 FROM labels WHERE user_id = \(owner) AND name = \(name) AND id IS DISTINCT FROM \(except)")
        if taken != nil { throw KairosError.conflict(labelNameTaken(name)) }
    }

    /// What a user hears when they already have a label named `name`.
    private static func labelNameTaken(_ name: String) -> String {
        "You already have a label named \"\(name)\". Pick another name."
    }
}

extension PostgresRow {
    /// The project of a row that starts with `PostgresStore.projectSelection`'s columns.
    var project: Project {
        get throws { try Project(row: self) }
    }
}

extension Project {
    init(row: PostgresRow) throws {
        let (
            id, owner, parent, name, description, color, icon, childOrder, isCollapsed, isFavorite, isArchived,
            viewStyle, isInbox, commentersCanComplete, createdAt, updatedAt, isShared, role
        ) = try row.decode(
            (
                Int64, Int64, Int64?, String, String, String, String?, Int, Bool, Bool, Bool, String, Bool, Bool,
                Int64, Int64, Bool, String
            ).self)
        self.init(
            id: id.apiID, name: name, description: description, parentID: parent?.apiID, childOrder: childOrder,
            color: color, icon: icon, isCollapsed: isCollapsed, isShared: isShared, isFavorite: isFavorite,
            isArchived: isArchived, canAssignTasks: isShared, viewStyle: viewStyle, isInbox: isInbox,
            ownerID: owner.apiID, role: Role(rawValue: role) ?? .owner, commentersCanComplete: commentersCanComplete,
            createdAt: Date(micros: createdAt), updatedAt: Date(micros: updatedAt))
    }
}

extension Section {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, project_id, name, section_order, is_collapsed, added_at, updated_at"

    init(row: PostgresRow) throws {
        let (id, project, name, order, isCollapsed, addedAt, updatedAt) = try row.decode(
            (Int64, Int64, String, Int, Bool, Int64, Int64).self)
        self.init(
            id: id.apiID, projectID: project.apiID, name: name, sectionOrder: order, isCollapsed: isCollapsed,
            addedAt: Date(micros: addedAt), updatedAt: Date(micros: updatedAt))
    }
}

extension Label {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, name, color, item_order, is_favorite"

    init(row: PostgresRow) throws {
        let (id, name, color, order, isFavorite) = try row.decode((Int64, String, String, Int, Bool).self)
        self.init(id: id.apiID, name: name, color: color, order: order, isFavorite: isFavorite)
    }
}
