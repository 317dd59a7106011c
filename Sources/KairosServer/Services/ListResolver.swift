import KairosCore
import KairosStore

/// Finds lists by name, ignoring case, and keeps the new ones a commit creates (each once).
struct ListResolver {
    enum Match {
        case existing(Project)
        /// One of `newProjects`, by index.
        case new(Int)
        case missing
        /// A list the user sees but may not add tasks to (shared with them as commenter).
        case readOnly(Project)
    }

    private var existing: [String: Project] = [:]
    private var readOnly: [String: Project] = [:]
    private var created: [String: Int] = [:]
    private(set) var newProjects: [ProjectDraft] = []

    init(projects: [Project], readOnly: [Project] = []) {
        for project in projects where existing[Self.key(project.name)] == nil {
            existing[Self.key(project.name)] = project
        }
        for project in readOnly where self.readOnly[Self.key(project.name)] == nil {
            self.readOnly[Self.key(project.name)] = project
        }
    }

    mutating func resolve(_ name: String, creating: Bool) -> Match {
        let key = Self.key(name)
        if let project = existing[key] { return .existing(project) }
        if let index = created[key] { return .new(index) }
        if let project = readOnly[key] { return .readOnly(project) }
        guard creating else { return .missing }
        newProjects.append(
            ProjectDraft(
                name: name, description: "", parentID: nil, color: ProjectColor.defaultColor, isFavorite: false,
                viewStyle: "list"))
        created[key] = newProjects.count - 1
        return .new(newProjects.count - 1)
    }

    private static func key(_ name: String) -> String { name.lowercased() }
}
