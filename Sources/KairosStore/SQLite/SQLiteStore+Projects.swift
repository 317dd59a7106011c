import Foundation
import GRDB
import KairosCore

extension SQLiteStore: ProjectStore {
    public func projects(userID: String, archived: Bool, page: PageRequest) async throws -> Page<Project> {
        let viewer = try require(userID.rowID, "User")
        let keyset = page.ascendingKeyset(orderColumn: "child_order")
        return try await pool.read { db in
            let rows = try db.fetchRows(
                sql: """
                    \(Self.projectSelection) WHERE \(Visible.projects) AND is_archived = ?\(keyset.sql)
                    ORDER BY child_order, id LIMIT ?
                    """,
                arguments: [viewer] + Visible.arguments(viewer) + [archived] + keyset.arguments + [page.fetchLimit]
            ).map(Project.init(row:))
            let cut = page.page(rows) { [Int64($0.childOrder), $0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func project(userID: String, id: String) async throws -> Project? {
        guard let viewer = userID.rowID, let projectID = id.rowID else { return nil }
        return try await pool.read { db in try Self.project(db, viewer: viewer, id: projectID) }
    }

    public func inbox(userID: String) async throws -> Project {
        let owner = try require(userID.rowID, "User")
        return try await pool.read { db in
            try require(
                try db.fetchRow(
                    sql: "\(Self.projectSelection) WHERE user_id = ? AND is_inbox = 1", arguments: [owner, owner]),
                "Project"
            ).asProject
        }
    }

    public func createProject(userID: String, draft: ProjectDraft, now: Date) async throws -> Project {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            try require(
                try Self.project(db, viewer: owner, id: Self.insertProject(db, owner: owner, draft: draft, now: now)),
                "Project")
        }
    }

    /// Inserts a project after the user's others; returns its row id.
    static func insertProject(_ db: Database, owner: Int64, draft: ProjectDraft, now: Date) throws -> Int64 {
        var parent: Int64?
        if let parentID = draft.parentID {
            // Sub-projects go under the creator's own projects: a shared project's members cannot nest theirs in it.
            guard let parentProject = try project(db, viewer: owner, id: parentID.rowID ?? 0),
                parentProject.ownerID == owner.apiID
            else { throw KairosError.missing("Parent project") }
            if parentProject.isInbox {
                throw KairosError.invalidField(field: "parent_id", message: "The Inbox cannot hold sub-projects.")
            }
            parent = parentProject.id.rowID
        }
        let order =
            try db.fetchValue(
                Int.self, sql: "SELECT COALESCE(MAX(child_order), 0) + 1 FROM projects WHERE user_id = ?",
                arguments: [owner]) ?? 1
        try db.run(
            sql: """
                INSERT INTO projects (user_id, parent_id, name, description, color, icon, child_order, is_favorite,
                                      view_style, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                owner, parent, draft.name, draft.description, draft.color, draft.icon, order, draft.isFavorite,
                draft.viewStyle, now.micros, now.micros,
            ])
        return db.lastInsertedRowID
    }

    public func updateProject(userID: String, id: String, changes: ProjectChanges, now: Date) async throws -> Project {
        let viewer = try require(userID.rowID, "User")
        let projectID = try require(id.rowID, "Project")
        return try await write { db in
            let current = try require(try Self.project(db, viewer: viewer, id: projectID), "Project")
            try ProjectRules.requireChange(
                to: current, renaming: changes.name != nil, changingIcon: changes.icon != .unchanged,
                archiving: changes.isArchived != nil)
            try db.run(
                sql: """
                    UPDATE projects SET name = COALESCE(?, name), description = COALESCE(?, description),
                        color = COALESCE(?, color), icon = CASE WHEN ? THEN ? ELSE icon END,
                        is_favorite = COALESCE(?, is_favorite),
                        view_style = COALESCE(?, view_style), child_order = COALESCE(?, child_order),
                        is_collapsed = COALESCE(?, is_collapsed), is_archived = COALESCE(?, is_archived),
                        commenters_can_complete = COALESCE(?, commenters_can_complete), updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    changes.name, changes.description, changes.color, changes.icon != .unchanged,
                    changes.icon.newValue, changes.isFavorite, changes.viewStyle,
                    changes.childOrder, changes.isCollapsed, changes.isArchived, changes.commentersCanComplete,
                    now.micros, projectID,
                ])
            try Self.announceProjectChange(db, project: projectID, by: viewer, now: now)
            return try require(try Self.project(db, viewer: viewer, id: projectID), "Project")
        }
    }

    public func deleteProject(userID: String, id: String, moveTasksToInbox: Bool, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        let projectID = try require(id.rowID, "Project")
        try await write { db in
            let project = try require(try Self.project(db, viewer: owner, id: projectID), "Project")
            guard project.ownerID == owner.apiID else {
                throw KairosError.forbidden("Only the project's owner can delete it.")
            }
            try ProjectRules.requireChange(to: project, deleting: true)
            // First, while the events of its tasks (which go with them) still hold the highest seqs.
            try Self.announceProjectChange(db, project: projectID, by: owner, now: now)
            if moveTasksToInbox {
                // The project and its subprojects are about to go; their tasks land in the Inbox, unsectioned.
                try db.run(
                    sql: """
                        WITH RECURSIVE doomed(id) AS (
                            SELECT ? UNION ALL SELECT p.id FROM projects p JOIN doomed ON p.parent_id = doomed.id
                        )
                        UPDATE tasks SET project_id = (SELECT id FROM projects WHERE user_id = ? AND is_inbox = 1),
                            section_id = NULL
                        WHERE project_id IN doomed
                        """,
                    arguments: [projectID, owner])
            }
            try Self.keepTrackedTime(db, of: .project(id), now: now)
            try db.run(sql: "DELETE FROM projects WHERE id = ? AND user_id = ?", arguments: [projectID, owner])
        }
    }

    /// Every project column, and what depends on who looks: whether it is shared and their role. Binds the viewer.
    static let projectSelection = """
        SELECT projects.*,
            EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = projects.id) AS is_shared,
            COALESCE((SELECT role FROM project_members pm WHERE pm.project_id = projects.id AND pm.user_id = ?), 'owner')
                AS viewer_role
        FROM projects
        """

    /// The project if `viewer` owns it or it is shared with them.
    static func project(_ db: Database, viewer: Int64, id: Int64) throws -> Project? {
        try db.fetchRow(
            sql: "\(projectSelection) WHERE projects.id = ? AND \(Visible.projects)",
            arguments: [viewer, id] + Visible.arguments(viewer))?.asProject
    }

    // MARK: Sections

    public func sections(userID: String, projectID: String?, page: PageRequest) async throws -> Page<Section> {
        let viewer = try require(userID.rowID, "User")
        let keyset = page.ascendingKeyset(orderColumn: "section_order")
        var condition = Visible.sections
        var arguments = Visible.arguments(viewer)
        if let projectID {
            condition += " AND project_id = ?"
            arguments += [projectID.rowID ?? 0]
        }
        return try await pool.read { [condition, arguments] db in
            let rows = try db.fetchRows(
                sql: "SELECT * FROM sections WHERE \(condition)\(keyset.sql) ORDER BY section_order, id LIMIT ?",
                arguments: arguments + keyset.arguments + [page.fetchLimit]
            ).map(Section.init(row:))
            let cut = page.page(rows) { [Int64($0.sectionOrder), $0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func section(userID: String, id: String) async throws -> Section? {
        guard let viewer = userID.rowID, let sectionID = id.rowID else { return nil }
        return try await pool.read { db in try Self.section(db, viewer: viewer, id: sectionID) }
    }

    public func createSection(
        userID: String, projectID: String, name: String, order: Int?, now: Date
    ) async throws -> Section {
        let viewer = try require(userID.rowID, "User")
        return try await write { db in
            let project = try require(try Self.project(db, viewer: viewer, id: projectID.rowID ?? 0), "Project")
            let position =
                try order ?? db.fetchValue(
                    Int.self, sql: "SELECT COALESCE(MAX(section_order), 0) + 1 FROM sections WHERE project_id = ?",
                    arguments: [project.id.rowID!]) ?? 1
            try db.run(
                sql: """
                    INSERT INTO sections (user_id, project_id, name, section_order, added_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [project.ownerID.rowID!, project.id.rowID!, name, position, now.micros, now.micros])
            let section = try require(try Self.section(db, viewer: viewer, id: db.lastInsertedRowID), "Section")
            try Self.announceProjectChange(db, project: project.id.rowID!, by: viewer, now: now)
            return section
        }
    }

    public func updateSection(
        userID: String, id: String, name: String?, order: Int?, isCollapsed: Bool?, now: Date
    ) async throws -> Section {
        let viewer = try require(userID.rowID, "User")
        let sectionID = try require(id.rowID, "Section")
        return try await write { db in
            let section = try require(try Self.section(db, viewer: viewer, id: sectionID), "Section")
            try db.run(
                sql: """
                    UPDATE sections SET name = COALESCE(?, name), section_order = COALESCE(?, section_order),
                        is_collapsed = COALESCE(?, is_collapsed), updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [name, order, isCollapsed, now.micros, sectionID])
            try Self.announceProjectChange(db, project: section.projectID.rowID!, by: viewer, now: now)
            return try require(try Self.section(db, viewer: viewer, id: sectionID), "Section")
        }
    }

    public func deleteSection(userID: String, id: String, keepTasks: Bool, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let sectionID = try require(id.rowID, "Section")
        try await write { db in
            let section = try require(try Self.section(db, viewer: viewer, id: sectionID), "Section")
            if keepTasks {
                try db.run(sql: "UPDATE tasks SET section_id = NULL WHERE section_id = ?", arguments: [sectionID])
            } else {
                try Self.keepTrackedTime(db, of: .section(id), now: now)
            }
            try db.run(sql: "DELETE FROM sections WHERE id = ?", arguments: [sectionID])
            try Self.announceProjectChange(db, project: section.projectID.rowID!, by: viewer, now: now)
        }
    }

    public func reorderProjects(userID: String, orders: [(id: String, order: Int)], now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { db in
            for (id, order) in orders {
                let projectID = try require(id.rowID, "Project")
                try db.run(
                    sql: "UPDATE projects SET child_order = ?, updated_at = ? WHERE id = ? AND user_id = ?",
                    arguments: [order, now.micros, projectID, owner])
                if db.changesCount == 0 { throw KairosError.missing("Project") }
                try Self.announceProjectChange(db, project: projectID, by: owner, now: now)
            }
        }
    }

    public func reorderSections(userID: String, orders: [(id: String, order: Int)], now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        try await write { db in
            var projects: Set<Int64> = []
            for (id, order) in orders {
                let section = try require(try Self.section(db, viewer: viewer, id: id.rowID ?? 0), "Section")
                try db.run(
                    sql: "UPDATE sections SET section_order = ?, updated_at = ? WHERE id = ?",
                    arguments: [order, now.micros, section.id.rowID!])
                projects.insert(section.projectID.rowID!)
            }
            for project in projects.sorted() {
                try Self.announceProjectChange(db, project: project, by: viewer, now: now)
            }
        }
    }

    public func openTaskTallies(userID: String) async throws -> [OpenTaskTally] {
        let viewer = try require(userID.rowID, "User")
        return try await pool.read { db in
            let visible = try Visible.taskList(db, viewer: viewer)
            return try db.fetchRows(
                sql: """
                    SELECT project_id, section_id, parent_id IS NOT NULL AS is_subtask, COUNT(*) AS open
                    FROM tasks WHERE completed_at IS NULL AND \(visible.sql)
                    GROUP BY project_id, section_id, is_subtask
                    """,
                arguments: visible.arguments
            ).map { row in
                OpenTaskTally(
                    projectID: (row["project_id"] as Int64).apiID, sectionID: (row["section_id"] as Int64?)?.apiID,
                    isSubtask: row["is_subtask"], count: row["open"])
            }
        }
    }

    /// The section if its project is visible to `viewer`.
    static func section(_ db: Database, viewer: Int64, id: Int64) throws -> Section? {
        try db.fetchRow(
            sql: "SELECT * FROM sections WHERE id = ? AND \(Visible.sections)",
            arguments: [id] + Visible.arguments(viewer)
        )
        .map(Section.init(row:))
    }

    // MARK: Labels

    public func labels(userID: String, page: PageRequest) async throws -> Page<Label> {
        let owner = try require(userID.rowID, "User")
        let keyset = page.ascendingKeyset(orderColumn: "item_order")
        return try await pool.read { db in
            let rows = try db.fetchRows(
                sql: "SELECT * FROM labels WHERE user_id = ?\(keyset.sql) ORDER BY item_order, id LIMIT ?",
                arguments: [owner] + keyset.arguments + [page.fetchLimit]
            ).map(Label.init(row:))
            let cut = page.page(rows) { [Int64($0.order), $0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func label(userID: String, id: String) async throws -> Label? {
        guard let owner = userID.rowID, let labelID = id.rowID else { return nil }
        return try await pool.read { db in try Self.label(db, owner: owner, id: labelID) }
    }

    public func createLabel(
        userID: String, name: String, color: String, order: Int?, isFavorite: Bool
    ) async throws -> Label {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            try Self.requireUnusedLabelName(db, owner: owner, name: name, except: nil)
            let position =
                try order ?? db.fetchValue(
                    Int.self, sql: "SELECT COALESCE(MAX(item_order), 0) + 1 FROM labels WHERE user_id = ?",
                    arguments: [owner]) ?? 1
            try db.run(
                sql: "INSERT INTO labels (user_id, name, color, item_order, is_favorite) VALUES (?, ?, ?, ?, ?)",
                arguments: [owner, name, color, position, isFavorite])
            return try require(try Self.label(db, owner: owner, id: db.lastInsertedRowID), "Label")
        }
    }

    public func updateLabel(
        userID: String, id: String, name: String?, color: String?, order: Int?, isFavorite: Bool?
    ) async throws -> Label {
        let owner = try require(userID.rowID, "User")
        let labelID = try require(id.rowID, "Label")
        return try await write { db in
            let current = try require(try Self.label(db, owner: owner, id: labelID), "Label")
            if let name, name != current.name {
                try Self.requireUnusedLabelName(db, owner: owner, name: name, except: labelID)
                // A task that already carries the new name keeps one copy of it. The copy is another row: a
                // rename that only changes case matches the label's own row, which stays.
                try db.run(
                    sql: """
                        DELETE FROM task_labels WHERE user_id = ? AND name = ?
                            AND task_id IN (SELECT other.task_id FROM task_labels other
                                            WHERE other.user_id = ? AND other.name = ?
                                                AND other.position <> task_labels.position)
                        """,
                    arguments: [owner, current.name, owner, name])
                try db.run(
                    sql: "UPDATE task_labels SET name = ? WHERE user_id = ? AND name = ?",
                    arguments: [name, owner, current.name])
            }
            try db.run(
                sql: """
                    UPDATE labels SET name = COALESCE(?, name), color = COALESCE(?, color),
                        item_order = COALESCE(?, item_order), is_favorite = COALESCE(?, is_favorite)
                    WHERE id = ? AND user_id = ?
                    """,
                arguments: [name, color, order, isFavorite, labelID, owner])
            return try require(try Self.label(db, owner: owner, id: labelID), "Label")
        }
    }

    public func deleteLabel(userID: String, id: String) async throws {
        let owner = try require(userID.rowID, "User")
        let labelID = try require(id.rowID, "Label")
        try await write { db in
            let label = try require(try Self.label(db, owner: owner, id: labelID), "Label")
            try db.run(sql: "DELETE FROM task_labels WHERE user_id = ? AND name = ?", arguments: [owner, label.name])
            try db.run(sql: "DELETE FROM labels WHERE id = ?", arguments: [labelID])
        }
    }

    static func label(_ db: Database, owner: Int64, id: Int64) throws -> Label? {
        try db.fetchRow(sql: "SELECT * FROM labels WHERE id = ? AND user_id = ?", arguments: [id, owner])
            .map(Label.init(row:))
    }

    private static func requireUnusedLabelName(_ db: Database, owner: Int64, name: String, except: Int64?) throws {
        let taken =
            try db.fetchValue(
                Bool.self, sql: "SELECT 1 FROM labels WHERE user_id = ? AND name = ? AND id IS NOT ?",
                arguments: [owner, name, except]) ?? false
        if taken { throw KairosError.conflict("You already have a label named \"\(name)\". Pick another name.") }
    }
}

extension Row {
    var asProject: Project { Project(row: self) }
}

extension Project {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, name: row["name"], description: row["description"],
            parentID: (row["parent_id"] as Int64?)?.apiID, childOrder: row["child_order"], color: row["color"],
            icon: row["icon"], isCollapsed: row["is_collapsed"], isShared: row["is_shared"],
            isFavorite: row["is_favorite"], isArchived: row["is_archived"], canAssignTasks: row["is_shared"],
            viewStyle: row["view_style"], isInbox: row["is_inbox"], ownerID: (row["user_id"] as Int64).apiID,
            role: Role(rawValue: row["viewer_role"]) ?? .owner, commentersCanComplete: row["commenters_can_complete"],
            createdAt: Date(micros: row["created_at"]), updatedAt: Date(micros: row["updated_at"]))
    }
}

extension Section {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, projectID: (row["project_id"] as Int64).apiID, name: row["name"],
            sectionOrder: row["section_order"], isCollapsed: row["is_collapsed"],
            addedAt: Date(micros: row["added_at"]),
            updatedAt: Date(micros: row["updated_at"]))
    }
}

extension Label {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, name: row["name"], color: row["color"], order: row["item_order"],
            isFavorite: row["is_favorite"])
    }
}
