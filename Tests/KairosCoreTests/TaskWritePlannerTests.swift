import Foundation
import Testing

@testable import KairosCore

@Suite("Task write plans: who hears of a task's change")
struct TaskWritePlannerTests {
    /// 09:30 and 23:00 in New York, where everyone here keeps quiet hours from 22:00 to 07:00.
    static let morning = NotificationPolicyTests.morning
    static let night = NotificationPolicyTests.night

    static func task(assignees: [String] = []) -> TaskItem {
        TaskItem(
            id: "7", userID: "1", projectID: "3", content: "Order the banners", childOrder: 1, addedByUID: "1",
            assigneeIDs: assignees, addedAt: morning, updatedAt: morning)
    }

    static func person(_ name: String, taskMuted: Bool = false) -> TaskWriteFacts.Person {
        .init(
            name: name,
            listener: .init(
                quietHours: NotificationPolicyTests.nights, timeZone: NotificationPolicyTests.york, taskMuted: taskMuted))
    }

    static let people = ["1": person("Ada"), "2": person("Bob"), "4": person("Cy", taskMuted: true)]

    @Test("Completing tells the followers but the one who did it, unless they muted the task; held at night")
    func completed() {
        let facts = TaskWriteFacts(actorID: "1", people: Self.people, followerIDs: ["1", "2", "4"])
        let plan = TaskWritePlanner.plan([.completed], of: Self.task(), facts: facts, now: Self.morning)
        #expect(
            plan.notifications.map(\.recipients) == [
                [.init("2", hearing: .taskActivity, Self.people["2"]!.listener, at: Self.morning)!]
            ])
        #expect(plan.notifications.first?.kind == .taskCompleted)
        #expect(plan.events.map(\.kind) == [.notificationCreated])
        #expect(plan.activity.map(\.kind) == [.completed])

        let atNight = TaskWritePlanner.plan([.completed], of: Self.task(), facts: facts, now: Self.night)
        #expect(atNight.notifications.first?.recipients.map(\.quiet) == [true])
        #expect(atNight.events.isEmpty, "a held notification is not pushed")
    }

    @Test("A new task: its author follows it, each assignee follows it and all but the author are told")
    func created() {
        let facts = TaskWriteFacts(actorID: "1", people: Self.people)
        let plan = TaskWritePlanner.plan(
            [.created], of: Self.task(assignees: ["1", "2"]), facts: facts, now: Self.morning)
        #expect(plan.follows.map(\.userID) == ["1", "2"])
        #expect(plan.notifications.map { $0.recipients.map(\.userID) } == [["2"]])
        #expect(plan.notifications.first?.text == NotificationText.assigned("Order the banners", by: "Ada"))
        #expect(TaskWritePlanner.needs([.created], of: Self.task(assignees: ["2"]), by: "1").peopleIDs == ["1", "2"])
    }

    @Test("A change is told once to each linked thread, naming the people it names; members hear of it once")
    func threads() {
        let facts = TaskWriteFacts(
            actorID: "1", people: Self.people, projectPeople: ["1", "2"],
            threads: [
                .init(conversationID: "10", memberIDs: ["1", "2"]), .init(conversationID: "11", memberIDs: ["2", "4"]),
            ])
        let change = TaskChange.assigneesChanged(added: ["2"], removed: [])
        let plan = TaskWritePlanner.plan(
            [.contentEdited, change], of: Self.task(assignees: ["2"]), facts: facts, now: Self.morning)
        #expect(plan.threadNotices.map(\.conversationID) == ["10", "11"])
        #expect(plan.threadNotices.first?.text == "Ada assigned \u{201C}Order the banners\u{201D} to Bob")
        #expect(plan.threadNotices.first?.others == ["2"])
        #expect(plan.threadEvents.map(\.recipients) == [["1", "2", "4"]])
        #expect(
            plan.events.last
                == .init(recipients: ["1", "2"], kind: .taskUpdated, taskID: "7", projectID: "3", actorID: "1"))
        #expect(plan.activity.map(\.detail) == [nil, "Bob"])
        #expect(!TaskWritePlanner.needs([.contentEdited], of: Self.task(), by: "1").threads)
    }

    @Test("A personal project's changes reach nobody else's feed")
    func personal() {
        #expect(ProjectAudience.people(owner: "1", members: []).isEmpty)
        #expect(ProjectAudience.people(owner: "1", members: ["2"]) == ["1", "2"])
    }

    @Test("A move updates whoever still sees the task and tells the rest of the old project it is gone")
    func move() {
        let toShared = ProjectAudience.moveEvents(
            of: "7", from: ("3", ["1", "2", "4"]), to: ("5", ["1", "2"], "1"), by: "1")
        #expect(toShared.map(\.kind) == [.taskUpdated, .taskDeleted])
        #expect(toShared.map(\.recipients) == [["1", "2"], ["4"]])

        let toPersonal = ProjectAudience.moveEvents(of: "7", from: ("3", ["1", "2"]), to: ("9", [], "1"), by: "1")
        #expect(toPersonal.map(\.recipients) == [["1"], ["2"]])
        #expect(toPersonal.last?.projectID == "3")
    }
}
