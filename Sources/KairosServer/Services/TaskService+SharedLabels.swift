import Foundation
import KairosCore
import KairosStore

/// Todoist's shared labels: label names as they appear on tasks, whoever put them there, rather than anyone's
/// personal labels. In shared projects these include names the caller has no personal label for.
extension TaskService {
    /// The label names on open tasks of the shared projects the caller is in, and (unless `omitPersonal`) the
    /// names of their personal labels, alphabetically, each once.
    public func sharedLabels(of user: User, omitPersonal: Bool, page: PageRequest) async throws -> Page<String> {
        let now = clock.now()
        let query = TaskQuery(filter: .shared, today: LocalDate.today(in: user.timeZone, now: now), now: now)
        let shared = try await everyPage(cursorKeys: 3) {
            try await store.tasks(userID: user.id, query: query, page: $0)
        }
        .flatMap(\.labels)
        let personal = try await everyPage(cursorKeys: 2) { try await store.labels(userID: user.id, page: $0) }
            .map(\.name)
        // Names compare without case, as labels do; with omit_personal, a personal name counts as seen.
        var seen = omitPersonal ? Set(personal.map { $0.lowercased() }) : []
        var names: [String] = []
        for name in (omitPersonal ? [] : personal) + shared where seen.insert(name.lowercased()).inserted {
            names.append(name)
        }
        names.sort { $0.lowercased() < $1.lowercased() }
        return Page(sliceOf: names, after: page.cursor, limit: page.limit)
    }

    /// Renames the label `name` to `newName` on every open task the caller may edit, in any project.
    public func renameSharedLabel(_ name: String?, to newName: String?, for user: User) async throws {
        let old = try Self.sharedLabelName(name, field: "name")
        let new = try Self.sharedLabelName(newName, field: "new_name")
        try await relabel(old, for: user) { labels in
            labels.map { $0.caseInsensitiveCompare(old) == .orderedSame ? new : $0 }
        }
    }

    /// Takes the label `name` off every open task the caller may edit, in any project.
    public func removeSharedLabel(_ name: String?, for user: User) async throws {
        let old = try Self.sharedLabelName(name, field: "name")
        try await relabel(old, for: user) { labels in
            labels.filter { $0.caseInsensitiveCompare(old) != .orderedSame }
        }
    }

    private static func sharedLabelName(_ raw: String?, field: String) throws(KairosError) -> String {
        guard let raw else { throw .invalidField(field: field, message: "\(field) is required: a label's name.") }
        return try ProjectService.labelName(raw, field: field)
    }

    /// Changes the labels of each open task labelled `name` that the caller may edit, as an edit of each task
    /// (checked, recorded and announced like any other); tasks they may only read keep their labels.
    private func relabel(_ name: String, for user: User, _ change: ([String]) -> [String]) async throws {
        let now = clock.now()
        let query = TaskQuery(label: name, today: LocalDate.today(in: user.timeZone, now: now), now: now)
        let labelled = try await everyPage(cursorKeys: 2) {
            try await store.tasks(userID: user.id, query: query, page: $0)
        }
        for task in labelled {
            guard let access = try await store.taskAccess(taskID: task.id, viewerID: user.id),
                (try? PermissionGuard.require(user.id, .update, .task, in: access.scope)) != nil
            else { continue }
            var request = TaskUpdateRequest()
            request.labels = change(task.labels)
            _ = try await update(task.id, request, for: user)
        }
    }
}
