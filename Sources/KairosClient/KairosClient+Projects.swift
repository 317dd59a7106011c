import Foundation

extension KairosClient {
    // MARK: Projects

    /// One page of active projects (`GET /projects`).
    public func projects(cursor: String? = nil, limit: Int? = nil) async throws -> Page<Project> {
        try await send(.get, "projects", query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// One page of archived projects (`GET /projects/archived`).
    public func archivedProjects(cursor: String? = nil, limit: Int? = nil) async throws -> Page<Project> {
        try await send(.get, "projects", "archived", query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// Every active project, following `next_cursor` to the last page.
    public func allProjects() async throws -> [Project] {
        try await collectPages { try await projects(cursor: $0, limit: PageLimit.range.upperBound) }
    }

    /// One project (`GET /projects/{id}`).
    public func project(id: String) async throws -> Project {
        try await send(.get, "projects", id)
    }

    /// Creates a project (`POST /projects`).
    public func createProject(_ request: ProjectCreateRequest) async throws -> Project {
        try await send(.post, "projects", body: request)
    }

    /// Changes the fields set in `request` (`POST /projects/{id}`).
    public func updateProject(id: String, _ request: ProjectUpdateRequest) async throws -> Project {
        try await send(.post, "projects", id, body: request)
    }

    /// Archives a project (`POST /projects/{id}/archive`).
    public func archiveProject(id: String) async throws -> Project {
        try await send(.post, "projects", id, "archive")
    }

    /// Brings an archived project back (`POST /projects/{id}/unarchive`).
    public func unarchiveProject(id: String) async throws -> Project {
        try await send(.post, "projects", id, "unarchive")
    }

    /// Gives several of the caller's own projects new places in their list, all or none (`POST /projects/reorder`).
    public func reorderProjects(_ request: ProjectReorderRequest) async throws {
        let _: NoContent = try await send(.post, "projects", "reorder", body: request)
    }

    /// What happens to a deleted project's tasks.
    public enum DeletedProjectTasks: String, Sendable {
        /// The tasks move to the Inbox (the server's default).
        case moveToInbox = "move_to_inbox"
        /// The tasks are deleted with the project.
        case delete
    }

    /// Deletes a project, moving its tasks to the Inbox or deleting them (`DELETE /projects/{id}?tasks=`).
    public func deleteProject(id: String, tasks: DeletedProjectTasks = .moveToInbox) async throws {
        let _: NoContent = try await send(.delete, "projects", id, query: ["tasks": tasks.rawValue])
    }

    /// The people a project is shared with (`GET /projects/{id}/collaborators`).
    public func collaborators(projectID: String) async throws -> [Collaborator] {
        let page: Page<Collaborator> = try await send(.get, "projects", projectID, "collaborators")
        return page.results
    }

    // MARK: Sharing

    /// The owner and members of a project with their roles (`GET /projects/{id}/members`).
    public func members(projectID: String) async throws -> [ProjectMember] {
        let page: Page<ProjectMember> = try await send(.get, "projects", projectID, "members")
        return page.results
    }

    /// Shares a project with the person who has this email, or changes their role (`POST /projects/{id}/members`).
    public func shareProject(id: String, withEmail email: String, role: Role) async throws -> ProjectMember {
        try await send(
            .post, "projects", id, "members", body: ProjectMemberRequest(email: email, role: role.rawValue))
    }

    /// Changes a member's role (`POST /projects/{id}/members/{user_id}`).
    public func setRole(_ role: Role, of userID: String, inProject id: String) async throws -> ProjectMember {
        try await send(.post, "projects", id, "members", userID, body: ProjectRoleRequest(role: role.rawValue))
    }

    /// Removes a member, or leaves when `userID` is the caller's own (`DELETE /projects/{id}/members/{user_id}`).
    public func removeMember(_ userID: String, fromProject id: String) async throws {
        let _: NoContent = try await send(.delete, "projects", id, "members", userID)
    }

    /// One page of the project's membership history, newest first (`GET /projects/{id}/audit`).
    public func auditLog(projectID: String, cursor: String? = nil) async throws -> Page<AuditEntry> {
        try await send(.get, "projects", projectID, "audit", query: ["cursor": cursor])
    }

    // MARK: Sections

    /// One page of sections, optionally of one project (`GET /sections`).
    public func sections(
        projectID: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> Page<Section> {
        try await send(
            .get, "sections",
            query: ["project_id": projectID, "cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// One section (`GET /sections/{id}`).
    public func section(id: String) async throws -> Section {
        try await send(.get, "sections", id)
    }

    /// Creates a section in a project (`POST /sections`).
    public func createSection(_ request: SectionCreateRequest) async throws -> Section {
        try await send(.post, "sections", body: request)
    }

    /// Changes the fields set in `request` (`POST /sections/{id}`).
    public func updateSection(id: String, _ request: SectionUpdateRequest) async throws -> Section {
        try await send(.post, "sections", id, body: request)
    }

    /// Gives several sections new places, all or none (`POST /sections/reorder`).
    public func reorderSections(_ request: SectionReorderRequest) async throws {
        let _: NoContent = try await send(.post, "sections", "reorder", body: request)
    }

    /// Deletes a section (`DELETE /sections/{id}`).
    public func deleteSection(id: String) async throws {
        let _: NoContent = try await send(.delete, "sections", id)
    }

    // MARK: Labels

    /// One page of personal labels (`GET /labels`).
    public func labels(cursor: String? = nil, limit: Int? = nil) async throws -> Page<Label> {
        try await send(.get, "labels", query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// One label (`GET /labels/{id}`).
    public func label(id: String) async throws -> Label {
        try await send(.get, "labels", id)
    }

    /// Creates a label (`POST /labels`).
    public func createLabel(_ request: LabelRequest) async throws -> Label {
        try await send(.post, "labels", body: request)
    }

    /// Changes the fields set in `request` (`POST /labels/{id}`).
    public func updateLabel(id: String, _ request: LabelRequest) async throws -> Label {
        try await send(.post, "labels", id, body: request)
    }

    /// Deletes a label (`DELETE /labels/{id}`).
    public func deleteLabel(id: String) async throws {
        let _: NoContent = try await send(.delete, "labels", id)
    }
}
