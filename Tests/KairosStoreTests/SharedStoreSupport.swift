import Foundation
import KairosCore

@testable import KairosStore

/// The moment the shared suites write at: 2026-03-04T14:30:00Z, a Wednesday.
let suiteNow = Date(timeIntervalSince1970: 1_772_634_600)

// Ways to set a store up so a shared suite reads as the story it checks.

extension AccountStore {
    /// A new person, each with an email of their own.
    func person(_ name: String = "Ada", timezone: String = "UTC") async throws -> User {
        try await createUser(
            email: "\(name.lowercased())-\(UUID().uuidString.prefix(8))@example.com", name: name, passwordHash: "x",
            timezone: timezone, now: suiteNow)
    }
}

extension TaskStore {
    /// A task in the Inbox, or where `configure` puts it.
    func task(
        _ content: String, for user: User, at now: Date = suiteNow, _ configure: (inout TaskDraft) -> Void = { _ in }
    ) async throws -> TaskItem {
        var draft = TaskDraft(content: content)
        configure(&draft)
        return try await createTask(userID: user.id, draft: draft, now: now)
    }
}

extension ProjectStore {
    /// A plain project of the user's.
    func project(_ name: String, for user: User, parentID: String? = nil) async throws -> Project {
        try await createProject(
            userID: user.id,
            draft: ProjectDraft(
                name: name, description: "", parentID: parentID, color: "blue", isFavorite: false, viewStyle: "list"),
            now: suiteNow)
    }
}

extension TaskStore {
    /// The ids of the user's open tasks that match `filter` (all of them without one), as of `suiteNow`.
    func openTaskIDs(_ filter: String? = nil, for user: User) async throws -> [String] {
        try await tasks(userID: user.id, query: openTasks(filter), page: PageRequest(limit: 200)).results.map(\.id)
    }

    /// A query for open tasks matching `filter`, today being the date of `suiteNow` in UTC.
    func openTasks(_ filter: String? = nil, projectID: String? = nil) throws -> TaskQuery {
        TaskQuery(
            projectID: projectID, filter: try filter.map { try TaskFilter.parse($0) },
            today: LocalDate(suiteNow, in: .gmt), now: suiteNow)
    }
}

extension TaskChanges {
    /// Changes made by `configure`.
    static func with(_ configure: (inout TaskChanges) -> Void) -> TaskChanges {
        var changes = TaskChanges()
        configure(&changes)
        return changes
    }
}
