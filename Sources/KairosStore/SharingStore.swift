import Foundation
import KairosCore

/// Who projects are shared with, in which roles, and the audit trail of those changes. Reads that take a
/// `viewerID` answer nil when the viewer cannot see the thing, so callers cannot tell it exists.
public protocol SharingStore: Sendable {
    func projectAccess(projectID: String, viewerID: String) async throws -> ProjectAccess?
    /// The access of the project the task is in.
    func taskAccess(taskID: String, viewerID: String) async throws -> ProjectAccess?
    /// The access of the project the section is in.
    func sectionAccess(sectionID: String, viewerID: String) async throws -> ProjectAccess?
    /// The owner first, then members in the order they joined.
    func projectMembers(projectID: String) async throws -> [ProjectMember]
    /// Adds someone with a role, or changes the role of a member; records it in the audit log. True when added.
    func setProjectMember(
        projectID: String, userID: String, role: Role, by actorID: String, now: Date
    ) async throws
        -> Bool
    /// Removes a member, unassigns their tasks in the project and records it; `notFound` if not a member.
    func removeProjectMember(projectID: String, userID: String, by actorID: String, now: Date) async throws
    /// The project's membership history, newest first.
    func auditLog(projectID: String, page: PageRequest) async throws -> Page<AuditEntry>
    /// Those of `candidateIDs` who share a project (as owner or member) or a conversation with `userID`.
    func contacts(of userID: String, among candidateIDs: [String]) async throws -> Set<String>
    /// Everyone who shares a project (as owner or member) or a conversation with `userID`, by name.
    func contacts(of userID: String) async throws -> [Collaborator]
}
