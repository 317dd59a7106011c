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

    @Test("The calendar export writes every kind of task as it always has, line for line")
    func calendarExport() throws {
        let now = Date(timeIntervalSince1970: 1_772_634_600)
        let berlin = try #require(LocalDate(year: 2026, month: 3, day: 9))
        let tasks = [
            TaskItem(
                id: "1", userID: "1", projectID: "2", content: "Water the plants; then rest, maybe",
                description: "Line one\nline two\\ end", labels: ["home", "a,b"], priority: 4,
                due: Due(date: try #require(LocalDate(year: 2026, month: 3, day: 5)), string: "mar 5"), childOrder: 1,
                addedByUID: "1", completedAt: now.addingTimeInterval(-3600), addedAt: now.addingTimeInterval(-86_400),
                updatedAt: now),
            TaskItem(
                id: "2", userID: "1", projectID: "2", parentID: "1", content: "Stand-up", priority: 3,
                due: Due(
                    date: berlin, time: LocalTime(hour: 9, minute: 30), timezone: "Europe/Berlin",
                    string: "every mon, wed at 9:30",
                    recurrence: RecurrenceRule(frequency: .weekly, byDay: [.monday, .wednesday])),
                childOrder: 2, addedByUID: "1", addedAt: now, updatedAt: now),
            TaskItem(
                id: "3", userID: "1", projectID: "3", content: String(repeating: "Grüße 😀 ", count: 12), priority: 2,
                due: Due(date: berlin, time: LocalTime(hour: 17, minute: 0), string: "mar 9 5pm"), childOrder: 1,
                addedByUID: "1", addedAt: now, updatedAt: now),
            TaskItem(
                id: "4", userID: "1", projectID: "3", content: "Plain", childOrder: 2, addedByUID: "1", addedAt: now,
                updatedAt: now),
        ]
        let expected = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Kairos//Kairos tasks//EN",
            "CALSCALE:GREGORIAN",
            "BEGIN:VTODO",
            "UID:task-1@kairos",
            "DTSTAMP:20260304T143000Z",
            "CREATED:20260303T143000Z",
            "LAST-MODIFIED:20260304T143000Z",
            "SUMMARY:Water the plants\\; then rest\\, maybe",
            "DESCRIPTION:Line one\\nline two\\\\ end",
            "DUE;VALUE=DATE:20260305",
            "PRIORITY:1",
            "CATEGORIES:home,a\\,b",
            "X-KAIROS-PROJECT:Home\\, garden",
            "STATUS:COMPLETED",
            "COMPLETED:20260304T133000Z",
            "PERCENT-COMPLETE:100",
            "END:VTODO",
            "BEGIN:VTODO",
            "UID:task-2@kairos",
            "DTSTAMP:20260304T143000Z",
            "CREATED:20260304T143000Z",
            "LAST-MODIFIED:20260304T143000Z",
            "SUMMARY:Stand-up",
            "DTSTART:20260309T083000Z",
            "DUE:20260309T083000Z",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,WE",
            "PRIORITY:5",
            "X-KAIROS-PROJECT:Home\\, garden",
            "RELATED-TO;RELTYPE=PARENT:task-1@kairos",
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
            "BEGIN:VTODO",
            "UID:task-3@kairos",
            "DTSTAMP:20260304T143000Z",
            "CREATED:20260304T143000Z",
            "LAST-MODIFIED:20260304T143000Z",
            "SUMMARY:Grüße 😀 Grüße 😀 Grüße 😀 Grüße 😀 Grüße 😀 Gr",
            " üße 😀 Grüße 😀 Grüße 😀 Grüße 😀 Grüße 😀 Grüße ",
            " 😀 Grüße 😀 ",
            "DUE:20260309T170000",
            "PRIORITY:9",
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
            "BEGIN:VTODO",
            "UID:task-4@kairos",
            "DTSTAMP:20260304T143000Z",
            "CREATED:20260304T143000Z",
            "LAST-MODIFIED:20260304T143000Z",
            "SUMMARY:Plain",
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
            "END:VCALENDAR",
        ]
        let calendar = TaskCalendar.ics(tasks: tasks, projectNames: ["2": "Home, garden"], now: now)
        #expect(calendar == expected.joined(separator: "\r\n") + "\r\n")
    }
}
