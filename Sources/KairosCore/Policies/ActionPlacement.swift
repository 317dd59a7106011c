/// A list an action from a thread could go into, as the caller sees it.
public struct PlaceableProject: Hashable, Sendable {
    public var id: String
    public var name: String
    /// Its owner and members: the people a task there can be assigned to.
    public var people: Set<String>
    /// Whether the caller may add tasks there.
    public var callerCanAdd: Bool

    public init(id: String, name: String, people: Set<String>, callerCanAdd: Bool) {
        self.id = id
        self.name = name
        self.people = people
        self.callerCanAdd = callerCanAdd
    }
}

/// Where a task made from a thread's action goes, and to whom it is assigned: the action's assignee can only
/// be given a task in a list they are in, so the list follows the assignee.
public enum ActionPlacement {
    public struct Choice: Hashable, Sendable {
        /// Nil for the caller's Inbox.
        public var projectID: String?
        public var projectName: String?
        /// Nil when the task is left to anyone, or its assignee shares no list with the caller.
        public var assigneeID: String?
        /// Why the proposed assignee is not kept, in words for the caller.
        public var note: String?

        public init(projectID: String?, projectName: String?, assigneeID: String?, note: String?) {
            self.projectID = projectID
            self.projectName = projectName
            self.assigneeID = assigneeID
            self.note = note
        }
    }

    /// For an action assigned to `assignee` (nil: to anyone) in a conversation tied to `conversationProjectID`
    /// (if any): the conversation's list when the caller can add there and the assignee is in it; otherwise the
    /// list the caller can add to that holds the assignee and most of the conversation's members (then by name).
    /// An action for the caller or for anyone goes to the conversation's list, or else to the Inbox.
    public static func place(
        assignee: (id: String, name: String)?, callerID: String, conversationProjectID: String?,
        memberIDs: Set<String>, projects: [PlaceableProject]
    ) -> Choice {
        let open = projects.filter(\.callerCanAdd)
        let home = open.first { $0.id == conversationProjectID }
        guard let assignee, assignee.id != callerID else {
            return Choice(projectID: home?.id, projectName: home?.name, assigneeID: assignee?.id, note: nil)
        }
        if let home, home.people.contains(assignee.id) {
            return Choice(projectID: home.id, projectName: home.name, assigneeID: assignee.id, note: nil)
        }
        let best = open.filter { $0.people.contains(assignee.id) }.min { a, b in
            let (x, y) = (a.people.intersection(memberIDs).count, b.people.intersection(memberIDs).count)
            if x != y { return x > y }
            return (a.name.lowercased(), a.id) < (b.name.lowercased(), b.id)
        }
        guard let best else {
            return Choice(
                projectID: home?.id, projectName: home?.name, assigneeID: nil,
                note: "Not assigned: \(assignee.name) is in none of the lists you can add to. Share one with them to assign it.")
        }
        return Choice(projectID: best.id, projectName: best.name, assigneeID: assignee.id, note: nil)
    }
}
