/// One entry of the Sync API's change journal (`sync_changes`): the latest change of an object, in the project
/// it was in then.
package struct SyncJournalRow: Sendable {
    package var kind: String
    package var objectID: Int64
    package var projectID: Int64?
    package var userID: Int64?

    package init(kind: String, objectID: Int64, projectID: Int64?, userID: Int64?) {
        self.kind = kind
        self.objectID = objectID
        self.projectID = projectID
        self.userID = userID
    }
}

extension [SyncJournalRow] {
    /// The projects whose membership of `viewer` changed and that `viewer` is in now (`stillIn`, joined) or
    /// not (left), given the projects they see.
    package func projects(whoseMembershipOf viewer: Int64, changed stillIn: Bool, seen: Set<Int64>) -> Set<Int64> {
        Set(
            filter { $0.kind == "member" && $0.userID == viewer && seen.contains($0.projectID ?? 0) == stillIn }
                .compactMap(\.projectID))
    }
}

/// Ids of the Sync API's objects by kind.
package struct SyncIDs: Sendable {
    package var items = Set<Int64>()
    package var projects = Set<Int64>()
    package var sections = Set<Int64>()
    package var labels = Set<Int64>()
    package var notes = Set<Int64>()
    package var reminders = Set<Int64>()

    package init() {}

    /// Adds the objects `changes` name (a membership's change is its project's); returns whether `viewer`'s
    /// own profile is among them.
    package mutating func add(_ changes: [SyncJournalRow], viewer: Int64) -> Bool {
        var userChanged = false
        for change in changes {
            switch change.kind {
            case "item": items.insert(change.objectID)
            case "project": projects.insert(change.objectID)
            case "member": if let project = change.projectID { projects.insert(project) }
            case "section": sections.insert(change.objectID)
            case "label": labels.insert(change.objectID)
            case "note": notes.insert(change.objectID)
            case "reminder": reminders.insert(change.objectID)
            case "user": userChanged = userChanged || change.objectID == viewer
            default: break
            }
        }
        return userChanged
    }
}
