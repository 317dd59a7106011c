import Foundation

/// A project as a CalDAV calendar of to-dos: what a client shows of it.
public struct DAVCalendar: Hashable, Sendable {
    public var project: Project

    public init(project: Project) {
        self.project = project
    }

    /// Only to-dos are Kairos' own; other objects a client stores are kept as they are.
    public static let components = ["VTODO"]

    /// The project's colour as `#RRGGBB`.
    public var color: String {
        ProjectColor.hex[project.color] ?? ProjectColor.hex[ProjectColor.defaultColor] ?? "#808080"
    }

    /// Whether `userID` may store objects in it: when the guard lets them add tasks to the project.
    public func allowsWriting(by userID: String) -> Bool {
        let scope = AccessScope(
            ownerID: project.ownerID, roles: userID == project.ownerID ? [:] : [userID: project.role],
            commentersMayComplete: project.commentersCanComplete)
        return PermissionGuard.can(userID, .create, .task, in: scope)
    }

    /// The calendars a person sees: every project of theirs and shared with them, in the order given,
    /// archived ones left out.
    public static func calendars(of projects: [Project]) -> [DAVCalendar] {
        projects.filter { !$0.isArchived }.map(DAVCalendar.init(project:))
    }
}
