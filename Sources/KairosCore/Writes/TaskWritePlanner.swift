import Foundation

/// What a task write's plan is made from, read by the store inside the write.
public struct TaskWriteFacts: Sendable, Equatable {
    /// Someone the write may reach, with the settings that decide whether and how it does.
    public struct Person: Sendable, Equatable {
        public var name: String
        /// Their quiet hours and time zone, and whether they muted this task or its project.
        public var listener: NotificationPolicy.Listener

        public init(name: String, listener: NotificationPolicy.Listener) {
            self.name = name
            self.listener = listener
        }
    }

    /// A conversation the task is linked to, and who is in it.
    public struct Thread: Sendable, Equatable {
        public var conversationID: String
        public var memberIDs: [String]

        public init(conversationID: String, memberIDs: [String]) {
            self.conversationID = conversationID
            self.memberIDs = memberIDs
        }
    }

    public var actorID: String
    /// Everyone `TaskWritePlanner.needs` asked for, and the followers, by id; someone missing is "Someone".
    public var people: [String: Person]
    /// Who follows the task, when the changes need them.
    public var followerIDs: [String]
    /// Who hears of changes to tasks of the task's project (`ProjectAudience`).
    public var projectPeople: [String]
    /// The linked conversations, when the changes are told to threads.
    public var threads: [Thread]
    /// For a move: the project the task left and who heard of it, and the owner of the one it is in now.
    public var move: Move?

    public struct Move: Sendable, Equatable {
        public var sourceProjectID: String
        public var sourcePeople: [String]
        public var destinationOwnerID: String

        public init(sourceProjectID: String, sourcePeople: [String], destinationOwnerID: String) {
            self.sourceProjectID = sourceProjectID
            self.sourcePeople = sourcePeople
            self.destinationOwnerID = destinationOwnerID
        }
    }

    public init(
        actorID: String, people: [String: Person], followerIDs: [String] = [], projectPeople: [String] = [],
        threads: [Thread] = [], move: Move? = nil
    ) {
        self.actorID = actorID
        self.people = people
        self.followerIDs = followerIDs
        self.projectPeople = projectPeople
        self.threads = threads
        self.move = move
    }
}

/// Who hears of what when a task is created or changed: the activity kept, who starts following, who is
/// notified (as `NotificationPolicy` lets them be), the feed events of the project's people, and the notices
/// posted to the task's threads.
public enum TaskWritePlanner {
    /// What the store must read for `changes` to `task`: only what they can reach.
    public struct Needs: Sendable, Equatable {
        /// The people to read (name, settings, mutes), beyond the followers.
        public var peopleIDs: [String]
        /// Whether the followers matter.
        public var followers: Bool
        /// Whether the linked conversations matter.
        public var threads: Bool
    }

    public static func needs(_ changes: [TaskChange], of task: TaskItem, by actorID: String) -> Needs {
        var people = [actorID]
        for change in changes {
            switch change {
            case .created: people += task.assigneeIDs
            case .assigneesChanged(let added, let removed): people += added + removed
            case .unassignedByMove(let removed): people += removed
            default: break
            }
        }
        return Needs(
            peopleIDs: people.uniqued(),
            followers: changes.contains { $0.notifiesFollowers != nil },
            threads: changes.contains { $0.notice(task: "", by: "") != nil })
    }

    /// The plan for `changes`, just made to `task` (as it now is) by `facts.actorID`.
    public static func plan(_ changes: [TaskChange], of task: TaskItem, facts: TaskWriteFacts, now: Date) -> WritePlan {
        var plan = WritePlan()
        let actor = facts.actorID
        func name(_ id: String) -> String { facts.people[id]?.name ?? "Someone" }
        let actorName = name(actor)

        func notify(
            _ userIDs: [String], of occasion: NotificationPolicy.Occasion, as kind: AppNotification.Kind,
            _ text: String
        ) {
            let recipients = userIDs.compactMap { id -> WritePlan.Notification.Recipient? in
                guard id != actor, let person = facts.people[id] else { return nil }
                return .init(id, hearing: occasion, person.listener, at: now)
            }
            plan.notify(.init(recipients: recipients, kind: kind, text: text, actorID: actor, taskID: task.id))
        }

        func follow(_ userID: String) {
            let follow = WritePlan.Follow(taskID: task.id, userID: userID)
            if !plan.follows.contains(follow) { plan.follows.append(follow) }
        }

        func assign(_ assignees: [String]) {
            assignees.forEach(follow)
            notify(assignees, of: .assigned, as: .assigned, NotificationText.assigned(task.content, by: actorName))
        }

        for change in changes {
            switch change {
            case .created:
                follow(actor)
                assign(task.assigneeIDs)
            case .assigneesChanged(let added, _):
                assign(added)
            default:
                break
            }
            if let kind = change.notifiesFollowers {
                let text =
                    kind == .taskCompleted
                    ? NotificationText.completed(task.content, by: actorName)
                    : NotificationText.reopened(task.content, by: actorName)
                notify(facts.followerIDs, of: .taskActivity, as: kind, text)
            }
            let named = change.naming(name)
            for entry in named.activity {
                plan.activity.append(.init(taskID: task.id, actorID: actor, kind: entry.kind, detail: entry.detail))
            }
        }
        if let move = facts.move {
            plan.events += ProjectAudience.moveEvents(
                of: task.id, from: (move.sourceProjectID, move.sourcePeople),
                to: (task.projectID, facts.projectPeople, move.destinationOwnerID), by: actor)
        } else if !facts.projectPeople.isEmpty {
            plan.events.append(
                .init(
                    recipients: facts.projectPeople, kind: .taskUpdated, taskID: task.id, projectID: task.projectID,
                    actorID: actor))
        }
        guard !facts.threads.isEmpty else { return plan }
        let threadPeople = facts.threads.flatMap(\.memberIDs).uniqued()
        for change in changes {
            guard let text = change.naming(name).notice(task: task.content, by: actorName) else { continue }
            for thread in facts.threads {
                plan.threadNotices.append(
                    .init(
                        conversationID: thread.conversationID, taskID: task.id, actorID: actor, text: text,
                        others: change.namedPeople))
            }
            plan.threadEvents.append(.init(recipients: threadPeople, kind: .taskUpdated, taskID: task.id))
        }
        return plan
    }
}

/// Who hears of changes to a project's tasks: its owner and members when it is shared; nobody when it is
/// personal, since its owner made the change on a device of their own.
public enum ProjectAudience {
    public static func people(owner: String, members: [String]) -> [String] {
        members.isEmpty ? [] : [owner] + members.filter { $0 != owner }
    }
}

extension TaskChange {
    /// The kind of notification the task's followers get, for the changes they hear of.
    var notifiesFollowers: AppNotification.Kind? {
        switch self {
        case .completed: .taskCompleted
        case .reopened: .taskReopened
        default: nil
        }
    }

    /// The people the change names by id, whom its notice names too.
    var namedPeople: [String] {
        switch self {
        case .assigneesChanged(let added, let removed): added + removed
        case .unassignedByMove(let removed): removed
        default: []
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

extension ProjectAudience {
    /// The feed events of a task's move by `actorID` from `source` to `destination`, given who hears of each
    /// project and who owns the destination: `task.updated` to whoever still sees the task (the people of a
    /// shared destination, or the owner of a personal one), `task.deleted` to the rest of the source's people,
    /// who lost sight of it.
    public static func moveEvents(
        of taskID: String, from source: (projectID: String, people: [String]),
        to destination: (projectID: String, people: [String], ownerID: String), by actorID: String
    ) -> [WritePlan.Event] {
        let leaving = source.people.filter { !destination.people.contains($0) }
        let keepsSight = destination.people.isEmpty ? leaving.filter { $0 == destination.ownerID } : []
        let updated = destination.people + keepsSight
        let deleted = leaving.filter { !keepsSight.contains($0) }
        return [
            .init(
                recipients: updated, kind: .taskUpdated, taskID: taskID, projectID: destination.projectID,
                actorID: actorID),
            .init(
                recipients: deleted, kind: .taskDeleted, taskID: taskID, projectID: source.projectID, actorID: actorID),
        ].filter { !$0.recipients.isEmpty }
    }
}
