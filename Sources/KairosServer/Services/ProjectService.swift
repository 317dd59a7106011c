import Foundation
import KairosCore
import KairosStore

/// What `ProjectService` reads and writes: projects, sections and labels, who they are shared with and
/// those people's accounts, and the stopwatches to stop when a project goes.
public typealias ProjectServiceStore = ProjectStore & SharingStore & AccountStore & TimeStore

/// The rules for projects, sections and labels, shared by every caller of the API.
public struct ProjectService: Sendable {
    let store: any ProjectServiceStore
    let clock: Clock

    public init(store: any ProjectServiceStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    // MARK: Projects

    public func projects(of user: User, archived: Bool, page: PageRequest) async throws -> Page<Project> {
        try await store.projects(userID: user.id, archived: archived, page: page)
    }

    public func project(_ id: String, of user: User) async throws -> Project {
        try require(try await store.project(userID: user.id, id: id), "Project")
    }

    public func createProject(_ request: ProjectCreateRequest, for user: User) async throws -> Project {
        let draft = ProjectDraft(
            name: try Limits.requireText(request.name, Limits.projectName, field: "name"),
            description: request.description ?? "",
            parentID: request.parentID,
            color: try Limits.requireColor(request.color ?? ProjectColor.defaultColor),
            icon: try request.icon.map { try ProjectIcon.require($0) },
            isFavorite: request.isFavorite ?? false,
            viewStyle: try Limits.requireViewStyle(request.viewStyle ?? "list"))
        return try await store.createProject(userID: user.id, draft: draft, now: clock.now())
    }

    public func updateProject(_ id: String, _ request: ProjectUpdateRequest, for user: User) async throws -> Project {
        let access = try await access(id, allowing: .update, for: user)
        if request.commentersCanComplete != nil {
            try PermissionGuard.require(user.id, .manageMembers, .project, in: access.scope)
        }
        if let icon = request.icon.newValue { _ = try ProjectIcon.require(icon) }
        let changes = ProjectChanges(
            name: try request.name.map { try Limits.requireText($0, Limits.projectName, field: "name") },
            description: request.description,
            color: try request.color.map { try Limits.requireColor($0) },
            icon: request.icon,
            isFavorite: request.isFavorite,
            viewStyle: try request.viewStyle.map { try Limits.requireViewStyle($0) },
            childOrder: request.childOrder,
            isCollapsed: request.isCollapsed,
            commentersCanComplete: request.commentersCanComplete)
        return try await store.updateProject(userID: user.id, id: id, changes: changes, now: clock.now())
    }

    public func setArchived(_ id: String, _ archived: Bool, for user: User) async throws -> Project {
        try await access(id, allowing: .archive, for: user)
        return try await store.updateProject(
            userID: user.id, id: id, changes: ProjectChanges(isArchived: archived), now: clock.now())
    }

    /// Gives the caller's own projects new places in their list, all or none.
    public func reorderProjects(_ request: ProjectReorderRequest, for user: User) async throws {
        let orders = try ProjectRules.requireOrders(
            request.projects.map { ($0.id, $0.childOrder) }, field: "projects", orderKey: "child_order")
        for (id, _) in orders {
            let access = try await access(id, allowing: .view, for: user)
            guard ProjectRules.mayReorder(access.scope.role(of: user.id)) else {
                throw KairosError.forbidden(
                    "You can reorder only your own projects; \(id) belongs to someone who shares it with you.")
            }
        }
        try await store.reorderProjects(userID: user.id, orders: orders, now: clock.now())
    }

    /// Deletes a project; `taskPolicy` is `move_to_inbox` (the default) or `delete`.
    public func deleteProject(_ id: String, taskPolicy: String?, for user: User) async throws {
        let move: Bool
        switch taskPolicy ?? "move_to_inbox" {
        case "move_to_inbox": move = true
        case "delete": move = false
        default:
            throw KairosError.invalidField(field: "tasks", message: "tasks must be move_to_inbox or delete.")
        }
        try await access(id, allowing: .delete, for: user)
        let now = clock.now()
        // As for a task deleted alone, time being tracked on the tasks that go with the project is recorded first.
        let project = try require(try await store.project(userID: user.id, id: id), "Project")
        if !move && !project.isInbox {
            try await store.stopStopwatches(on: .project(id), now: TimeService.wholeSecond(now))
        }
        try await store.deleteProject(userID: user.id, id: id, moveTasksToInbox: move, now: now)
    }

    // MARK: Sections

    public func sections(of user: User, projectID: String?, page: PageRequest) async throws -> Page<Section> {
        if let projectID { _ = try await project(projectID, of: user) }
        return try await store.sections(userID: user.id, projectID: projectID, page: page)
    }

    public func section(_ id: String, of user: User) async throws -> Section {
        try require(try await store.section(userID: user.id, id: id), "Section")
    }

    public func createSection(_ request: SectionCreateRequest, for user: User) async throws -> Section {
        let name = try Limits.requireText(request.name, Limits.sectionName, field: "name")
        let access = try require(
            try await store.projectAccess(projectID: request.projectID, viewerID: user.id), "Project")
        try PermissionGuard.require(user.id, .create, .section, in: access.scope)
        return try await store.createSection(
            userID: user.id, projectID: request.projectID, name: name, order: request.order, now: clock.now())
    }

    public func updateSection(_ id: String, _ request: SectionUpdateRequest, for user: User) async throws -> Section {
        let name = try request.name.map { try Limits.requireText($0, Limits.sectionName, field: "name") }
        try await sectionAccess(id, allowing: .update, for: user)
        return try await store.updateSection(
            userID: user.id, id: id, name: name, order: request.sectionOrder, isCollapsed: request.isCollapsed,
            now: clock.now())
    }

    /// Deletes a section; `taskPolicy` is `delete` (the default, as in Todoist) or `move_to_project`, which
    /// keeps its tasks in the project outside any section.
    public func deleteSection(_ id: String, taskPolicy: String?, for user: User) async throws {
        let keep: Bool
        switch taskPolicy ?? "delete" {
        case "move_to_project": keep = true
        case "delete": keep = false
        default:
            throw KairosError.invalidField(field: "tasks", message: "tasks must be move_to_project or delete.")
        }
        try await sectionAccess(id, allowing: .delete, for: user)
        let now = clock.now()
        if !keep { try await store.stopStopwatches(on: .section(id), now: TimeService.wholeSecond(now)) }
        try await store.deleteSection(userID: user.id, id: id, keepTasks: keep, now: now)
    }

    /// Gives sections new places, all or none; the caller must be allowed to edit each one's project.
    public func reorderSections(_ request: SectionReorderRequest, for user: User) async throws {
        let orders = try ProjectRules.requireOrders(
            request.sections.map { ($0.id, $0.sectionOrder) }, field: "sections", orderKey: "section_order")
        for (id, _) in orders { try await sectionAccess(id, allowing: .update, for: user) }
        try await store.reorderSections(userID: user.id, orders: orders, now: clock.now())
    }

    // MARK: Counts

    /// Each project's and section's open tasks, counted by the one rule the Projects list and project header share.
    public func taskCounts(of user: User) async throws -> TaskCounts {
        TaskCounts(tallies: try await store.openTaskTallies(userID: user.id))
    }

    // MARK: Labels

    public func labels(of user: User, page: PageRequest) async throws -> Page<Label> {
        try await store.labels(userID: user.id, page: page)
    }

    public func label(_ id: String, of user: User) async throws -> Label {
        try require(try await store.label(userID: user.id, id: id), "Label")
    }

    public func createLabel(_ request: LabelRequest, for user: User) async throws -> Label {
        guard let rawName = request.name else {
            throw KairosError.invalidField(field: "name", message: "name is required.")
        }
        return try await store.createLabel(
            userID: user.id, name: try Self.labelName(rawName),
            color: try Limits.requireColor(request.color ?? ProjectColor.defaultColor),
            order: request.order, isFavorite: request.isFavorite ?? false)
    }

    public func updateLabel(_ id: String, _ request: LabelRequest, for user: User) async throws -> Label {
        try await store.updateLabel(
            userID: user.id, id: id,
            name: try request.name.map { name throws(KairosError) in try Self.labelName(name) },
            color: try request.color.map { try Limits.requireColor($0) }, order: request.order,
            isFavorite: request.isFavorite)
    }

    public func deleteLabel(_ id: String, for user: User) async throws {
        try await store.deleteLabel(userID: user.id, id: id)
    }

    // MARK: Sharing

    /// The owner and everyone the project is shared with; any of them may look.
    public func members(of projectID: String, for user: User) async throws -> [ProjectMember] {
        try await access(projectID, allowing: .view, for: user)
        return try await store.projectMembers(projectID: projectID)
    }

    /// Shares the project with someone who has an account, or changes their role (the owner only).
    public func share(
        _ projectID: String, _ request: ProjectMemberRequest, for user: User
    ) async throws -> ProjectMember {
        let access = try await access(projectID, allowing: .manageMembers, for: user)
        let role = try Self.memberRole(request.role)
        let project = try await project(projectID, of: user)
        if project.isInbox {
            throw KairosError.invalidField(field: "id", message: "The Inbox is yours alone. Share another project.")
        }
        // Someone out of reach is answered for as someone without an account.
        let reach = PeopleReach(store: store)
        let person: User
        switch (request.email, request.userID) {
        case (let email?, nil):
            let found = try await reach.reachable(try await store.users(emails: [email]), by: user, lookup: .email)
            guard let first = found.first else { throw KairosError.unknownEmail(email) }
            person = first
        case (nil, let userID?):
            let found = try await reach.reachable(
                try await store.user(id: userID).map { [$0] } ?? [], by: user, lookup: .id)
            guard let first = found.first else {
                throw KairosError.notFound("No account has the user_id \(userID). Check the id.")
            }
            person = first
        default:
            throw KairosError.invalidField(field: "email", message: "Give either email or user_id of the person.")
        }
        if person.id == access.ownerID {
            throw KairosError.invalidField(field: "user_id", message: "The owner already has every right here.")
        }
        try await store.setProjectMember(
            projectID: projectID, userID: person.id, role: role, by: user.id, now: clock.now())
        return try require(
            try await store.projectMembers(projectID: projectID).first { $0.userID == person.id }, "Member")
    }

    /// Changes a member's role (the owner only).
    public func setRole(
        _ projectID: String, of memberID: String, _ request: ProjectRoleRequest, for user: User
    ) async throws -> ProjectMember {
        let access = try await access(projectID, allowing: .manageMembers, for: user)
        let role = try Self.memberRole(request.role)
        guard access.roles[memberID] != nil else {
            throw KairosError.notFound("That person is not a member of this project.")
        }
        try await store.setProjectMember(
            projectID: projectID, userID: memberID, role: role, by: user.id, now: clock.now())
        return try require(
            try await store.projectMembers(projectID: projectID).first { $0.userID == memberID }, "Member")
    }

    /// Removes a member (the owner), or the caller leaves. Their access ends with this request.
    public func removeMember(_ projectID: String, _ memberID: String, for user: User) async throws {
        let access = try await access(projectID, allowing: .view, for: user)
        if memberID != user.id {
            try PermissionGuard.require(user.id, .manageMembers, .project, in: access.scope)
        } else if memberID == access.ownerID {
            throw KairosError.invalidField(
                field: "user_id", message: "The owner cannot leave their own project. Delete or archive it instead.")
        }
        try await store.removeProjectMember(projectID: projectID, userID: memberID, by: user.id, now: clock.now())
    }

    /// Who joined, changed role or left, and which tasks moved in or out, newest first (the owner only).
    public func auditLog(of projectID: String, for user: User, page: PageRequest) async throws -> Page<AuditEntry> {
        try await access(projectID, allowing: .manageMembers, for: user)
        return try await store.auditLog(projectID: projectID, page: page)
    }

    /// The project's access, once the guard allows `action` on it.
    @discardableResult
    private func access(_ projectID: String, allowing action: Action, for user: User) async throws -> ProjectAccess {
        let access = try require(try await store.projectAccess(projectID: projectID, viewerID: user.id), "Project")
        try PermissionGuard.require(user.id, action, .project, in: access.scope)
        return access
    }

    @discardableResult
    private func sectionAccess(_ id: String, allowing action: Action, for user: User) async throws -> ProjectAccess {
        let access = try require(try await store.sectionAccess(sectionID: id, viewerID: user.id), "Section")
        try PermissionGuard.require(user.id, action, .section, in: access.scope)
        return access
    }

    /// The roles a project can be shared with; ownership is not handed over.
    private static func memberRole(_ raw: String) throws(KairosError) -> Role {
        guard let role = Role(rawValue: raw), role == .editor || role == .commenter else {
            throw .invalidField(field: "role", message: "role must be editor or commenter.")
        }
        return role
    }

    /// Label names are used inside filter queries (`@name`), so they cannot hold the query's operators.
    static func labelName(_ raw: String, field: String = "name") throws(KairosError) -> String {
        let name = try Limits.requireText(raw, Limits.labelName, field: field)
        guard !name.contains(where: { "&|()!@#,".contains($0) }) else {
            throw .invalidField(field: field, message: "\(field) cannot contain any of & | ( ) ! @ # or commas.")
        }
        return name
    }
}
