/// What the caller may do with a project, sent with it so clients offer only what the server will accept.
public enum ProjectCapability: String, CaseIterable, Sendable {
    /// Add tasks to it.
    case addTasks = "add_tasks"
    /// Add sections to it.
    case addSections = "add_sections"
    /// Rename, reorder and delete its sections.
    case editSections = "edit_sections"
    /// Rename it or change its colour or icon.
    case rename
    /// Put it away or bring it back.
    case archive
    /// Delete it.
    case delete
    /// Share it and change who has which role.
    case manageMembers = "manage_members"
    /// Give it a new place in the caller's list of projects.
    case reorder

    /// The permission it needs, on what.
    var permission: (Action, Resource) {
        switch self {
        case .addTasks: (.create, .task)
        case .addSections: (.create, .section)
        case .editSections: (.update, .section)
        case .rename: (.update, .project)
        case .archive: (.archive, .project)
        case .delete: (.delete, .project)
        case .manageMembers: (.manageMembers, .project)
        case .reorder: (.view, .project)
        }
    }
}

/// The rules that belong to projects themselves rather than to a role: the Inbox, and what counts as a task.
public enum ProjectRules {
    /// Whether sub-tasks count in a project's or section's task count. As in Todoist they do: every open task
    /// counts, so the Projects list and the project's own header show the same number.
    public static let subtasksCount = true

    /// The task count shown for a project or section holding these open tasks.
    public static func taskCount(topLevel: Int, subtasks: Int) -> Int {
        topLevel + (subtasksCount ? subtasks : 0)
    }

    /// Whether someone with `role` on a project may move it in their list: its order is its owner's, so
    /// only the owner may.
    public static func mayReorder(_ role: Role?) -> Bool { role == .owner }

    /// Throws unless the change may be made to `project`: the Inbox keeps its name and icon and is never
    /// archived or deleted.
    public static func requireChange(
        to project: Project, renaming: Bool = false, changingIcon: Bool = false, archiving: Bool = false,
        deleting: Bool = false
    ) throws(KairosError) {
        guard project.isInbox else { return }
        if renaming {
            throw .invalidField(field: "name", message: "The Inbox cannot be renamed. Create a project instead.")
        }
        if changingIcon {
            throw .invalidField(
                field: "icon", message: "The Inbox keeps its own icon. Create a project to choose one.")
        }
        if archiving || deleting {
            throw .invalidField(
                field: "id",
                message:
                    "The Inbox cannot be \(deleting ? "deleted" : "archived"). Move its tasks to a project instead.")
        }
    }
}

extension ProjectRules {
    /// The new places of a reorder request, checked: `field` (`projects` or `sections`) holds 1 to 1,000
    /// distinct ids, each with an order of 0 or more.
    public static func requireOrders(
        _ orders: [(id: String, order: Int)], field: String, orderKey: String
    ) throws(KairosError) -> [(id: String, order: Int)] {
        guard Limits.reorderedAtOnce.contains(orders.count) else {
            throw .invalidField(
                field: field,
                message: "\(field) must list 1 to \(Limits.reorderedAtOnce.upperBound) items. Send the ones that moved."
            )
        }
        var seen: Set<String> = []
        for (index, item) in orders.enumerated() {
            guard seen.insert(item.id).inserted else {
                throw .invalidField(field: "\(field)[\(index)].id", message: "\(field)[\(index)].id is listed twice.")
            }
            guard item.order >= 0 else {
                throw .invalidField(
                    field: "\(field)[\(index)].\(orderKey)",
                    message: "\(field)[\(index)].\(orderKey) must be 0 or more.")
            }
        }
        return orders
    }
}

extension Project {
    /// What the viewer (holding `role`) may do here, in `ProjectCapability` order.
    public var capabilities: [ProjectCapability] {
        ProjectCapability.allCases.filter { capability in
            let (action, resource) = capability.permission
            guard PermissionGuard.allows(role, action, resource, commentersMayComplete: commentersCanComplete) else {
                return false
            }
            switch capability {
            case .rename: return (try? ProjectRules.requireChange(to: self, renaming: true)) != nil
            case .archive: return (try? ProjectRules.requireChange(to: self, archiving: true)) != nil
            case .delete: return (try? ProjectRules.requireChange(to: self, deleting: true)) != nil
            case .manageMembers: return !isInbox
            case .reorder: return ProjectRules.mayReorder(role)
            case .addTasks, .addSections, .editSections: return true
            }
        }
    }
}
