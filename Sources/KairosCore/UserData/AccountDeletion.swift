import Foundation

/// What happens to the shared projects someone owns when they delete their account.
public enum SharedProjectsChoice: String, Codable, Sendable, CaseIterable {
    /// Each goes to its longest-standing editor; a project without an editor is deleted.
    case transfer
    /// Each is deleted with its tasks, for every member.
    case delete
}

/// `DELETE /api/v1/user`: the password again, and what to do with the shared projects the person owns.
public struct AccountDeletionRequest: Codable, Sendable {
    public var password: String
    public var sharedProjects: SharedProjectsChoice?

    public init(password: String, sharedProjects: SharedProjectsChoice? = nil) {
        self.password = password
        self.sharedProjects = sharedProjects
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case password
        case sharedProjects = "shared_projects"
    }
}

/// A project the leaving person owns, with the people it is shared with.
public struct OwnedSharedProject: Sendable {
    public var projectID: String
    /// Owner first, then members in the order they joined (as `projectMembers` gives them).
    public var members: [ProjectMember]

    public init(projectID: String, members: [ProjectMember]) {
        self.projectID = projectID
        self.members = members
    }
}

/// What deleting an account does to the projects others share: which go to whom, which are deleted.
/// Everything else of the person's is deleted with the account; their messages in conversations that others
/// are in stay, without an author ("Deleted user").
public struct AccountDeletionPlan: Sendable, Equatable {
    /// A shared project handed to a new owner.
    public struct Transfer: Sendable, Equatable {
        public var projectID: String
        /// The member who becomes its owner.
        public var heirID: String

        public init(projectID: String, heirID: String) {
            self.projectID = projectID
            self.heirID = heirID
        }
    }

    /// Shared projects handed to a new owner.
    public var transfers: [Transfer]
    /// Shared projects deleted with the account.
    public var deletions: [String]

    /// Decides for each shared project: with `transfer`, its editor who joined first (ties by id) becomes the
    /// owner; a project with only commenters cannot be handed on and is deleted. A person with shared projects
    /// must choose (`shared_projects`); one without needs no choice.
    public init(projects: [OwnedSharedProject], choice: SharedProjectsChoice?) throws(KairosError) {
        transfers = []
        deletions = []
        guard !projects.isEmpty else { return }
        guard let choice else {
            throw .invalidField(
                field: "shared_projects",
                message: "shared_projects is required: you own \(projects.count) shared project(s). Send \"transfer\" "
                    + "to hand each to its longest-standing editor, or \"delete\" to delete them for everyone.")
        }
        for project in projects {
            let heir = project.members.filter { $0.role == .editor }
                .min { ($0.addedAt, $0.userID.count, $0.userID) < ($1.addedAt, $1.userID.count, $1.userID) }
            if choice == .transfer, let heir {
                transfers.append(Transfer(projectID: project.projectID, heirID: heir.userID))
            } else {
                deletions.append(project.projectID)
            }
        }
    }
}

/// How someone whose account is gone is named where others still read about them: in the notices of the
/// conversations they were in and in the notifications they caused.
public enum DeletedUser {
    public static let name = "Deleted user"

    /// A conversation notice (`SystemNotice`, `TaskChange`) with the person's name replaced wherever it stands
    /// as a name: as a whole word, outside the quotes that hold a task's or a group's own name.
    public static func redacting(_ personName: String, in notice: String) -> String {
        guard !personName.isEmpty else { return notice }
        var result = ""
        var rest = notice[...]
        var previous: Character?
        var quoted = false
        while let next = rest.first {
            let after = rest.dropFirst(personName.count).first
            if !quoted, rest.hasPrefix(personName), !isWordPart(previous), !isWordPart(after) {
                result += name
                previous = personName.last
                rest = rest.dropFirst(personName.count)
                continue
            }
            if next == "\u{201C}" { quoted = true } else if next == "\u{201D}" { quoted = false }
            result.append(next)
            previous = next
            rest = rest.dropFirst()
        }
        return result
    }

    /// A notification about something the person did (`NotificationText`), which always opens with their name.
    public static func redactingActor(_ personName: String, in notification: String) -> String {
        guard !personName.isEmpty, notification.hasPrefix(personName) else { return notification }
        return name + notification.dropFirst(personName.count)
    }

    private static func isWordPart(_ character: Character?) -> Bool {
        character.map { $0.isLetter || $0.isNumber } ?? false
    }
}
