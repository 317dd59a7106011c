import Foundation
import KairosCore
import Testing

@Suite("Account deletion and export rules")
struct UserDataRulesTests {
    private func member(_ id: String, _ role: Role, joined: TimeInterval) -> ProjectMember {
        ProjectMember(
            userID: id, name: "P\(id)", email: "p\(id)@example.com", role: role,
            addedAt: Date(timeIntervalSince1970: joined))
    }

    @Test("Transfer goes to the editor who joined first; a project of commenters only is deleted")
    func heirs() throws {
        let owner = member("1", .owner, joined: 0)
        let launch = OwnedSharedProject(
            projectID: "10",
            members: [owner, member("5", .commenter, joined: 1), member("9", .editor, joined: 3),
                member("4", .editor, joined: 2)])
        let notes = OwnedSharedProject(projectID: "11", members: [owner, member("5", .commenter, joined: 1)])
        let plan = try AccountDeletionPlan(projects: [launch, notes], choice: .transfer)
        #expect(plan.transfers == [.init(projectID: "10", heirID: "4")])
        #expect(plan.deletions == ["11"])
        let deleting = try AccountDeletionPlan(projects: [launch, notes], choice: .delete)
        #expect(deleting.transfers.isEmpty && deleting.deletions == ["10", "11"])
        #expect(throws: KairosError.self) { try AccountDeletionPlan(projects: [launch], choice: nil) }
        #expect(try AccountDeletionPlan(projects: [], choice: nil).deletions.isEmpty)
    }

    @Test("A deleted person's name leaves notices where it stands as a name, never inside a quoted title or a word")
    func deletedUserNotices() {
        #expect(DeletedUser.redacting("Ada", in: "Ada added Bob and Adam") == "Deleted user added Bob and Adam")
        #expect(
            DeletedUser.redacting("Ada", in: "Bob assigned \u{201C}Call Ada\u{201D} to Carol and Ada")
                == "Bob assigned \u{201C}Call Ada\u{201D} to Carol and Deleted user")
        #expect(DeletedUser.redacting("Ada", in: "Task created by Ada") == "Task created by Deleted user")
        #expect(DeletedUser.redacting("Ada", in: "Nada joined, invited by Bob") == "Nada joined, invited by Bob")
        #expect(DeletedUser.redacting("", in: "Bob left") == "Bob left")
        #expect(
            DeletedUser.redactingActor("Ada", in: "Ada assigned you \u{201C}Ada's list\u{201D}")
                == "Deleted user assigned you \u{201C}Ada's list\u{201D}")
        #expect(DeletedUser.redactingActor("Ada", in: "Bob mentioned you") == "Bob mentioned you")
    }

    @Test("Calendar lines are at most 75 octets, folded between characters, never inside one")
    func folding() {
        let now = Date(timeIntervalSince1970: 1_772_634_600)
        let task = TaskItem(
            id: "7", userID: "1", projectID: "2", content: String(repeating: "é😀", count: 40), childOrder: 1,
            addedByUID: "1", addedAt: now, updatedAt: now)
        let calendar = TaskCalendar.ics(tasks: [task], projectNames: [:], now: now)
        let lines = calendar.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = calendar.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + String(repeating: "é😀", count: 40) + "\r\n"))
    }
}
