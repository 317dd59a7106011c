import Foundation
import KairosCore
import KairosStore

/// The rules for projects, sections and labels, shared by every caller of the API.
public struct ProjectService: Sendable {
    let store: any DataStore
    let clock: Clock

    public init(store: any DataStore, clock: Clock) {
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
            isFavorite: request.isFavorite ?? false,
            viewStyle: try Limits.requireViewStyle(request.viewStyle ?? "list"))
        return try await store.createProject(userID: user.id, draft: draft, now: clock.now())
    }

    public func updateProject(_ id: String, _ request: ProjectUpdateRequest, for user: User) async throws -> Project {
        let changes = ProjectChanges(
            name: try request.name.map { try Limits.requireText($0, Limits.projectName, field: "name") },
            description: request.description,
            color: try request.color.map { try Limits.requireColor($0) },
            isFavorite: request.isFavorite,
            viewStyle: try request.viewStyle.map { try Limits.requireViewStyle($0) },
            childOrder: request.childOrder,
            isCollapsed: request.isCollapsed)
        return try await store.updateProject(userID: user.id, id: id, changes: changes, now: clock.now())
    }

    public func setArchived(_ id: String, _ archived: Bool, for user: User) async throws -> Project {
        try await store.updateProject(
            userID: user.id, id: id, changes: ProjectChanges(isArchived: archived), now: clock.now())
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
        try await store.deleteProject(userID: user.id, id: id, moveTasksToInbox: move)
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
        return try await store.createSection(
            userID: user.id, projectID: request.projectID, name: name, order: request.order, now: clock.now())
    }

    public func updateSection(_ id: String, _ request: SectionUpdateRequest, for user: User) async throws -> Section {
        let name = try request.name.map { try Limits.requireText($0, Limits.sectionName, field: "name") }
        return try await store.updateSection(
            userID: user.id, id: id, name: name, order: request.sectionOrder, isCollapsed: request.isCollapsed,
            now: clock.now())
    }

    public func deleteSection(_ id: String, for user: User) async throws {
        try await store.deleteSection(userID: user.id, id: id)
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

    /// Label names are used inside filter queries (`@name`), so they cannot hold the query's operators.
    static func labelName(_ raw: String, field: String = "name") throws(KairosError) -> String {
        let name = try Limits.requireText(raw, Limits.labelName, field: field)
        guard !name.contains(where: { "&|()!@#,".contains($0) }) else {
            throw .invalidField(field: field, message: "\(field) cannot contain any of & | ( ) ! @ # or commas.")
        }
        return name
    }
}
