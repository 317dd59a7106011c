import Foundation
import Testing

@testable import KairosCore

@Suite("Task order and moves")
struct TaskOrderTests {
    @Test("Placing a task renumbers its siblings 1...n around it; out-of-range positions go to an end")
    func placing() {
        #expect(TaskOrder.placing("c", at: 1, among: ["a", "b"]) == ["c", "a", "b"])
        #expect(TaskOrder.placing("c", at: 2, among: ["a", "b"]) == ["a", "c", "b"])
        #expect(TaskOrder.placing("c", at: 99, among: ["a", "b"]) == ["a", "b", "c"])
        #expect(TaskOrder.placing("c", at: -3, among: ["a", "b"]) == ["c", "a", "b"])
        #expect(TaskOrder.placing("a", at: 3, among: ["a", "b", "c"]) == ["b", "c", "a"])
        #expect(TaskOrder.placing("a", at: 1, among: []) == ["a"])
    }

    @Test("Reordering some siblings puts them in the places they held; the others stay")
    func reordering() {
        #expect(TaskOrder.reordering(["c", "a"], among: ["a", "b", "c", "d"]) == ["c", "b", "a", "d"])
        #expect(TaskOrder.reordering(["d", "c", "b", "a"], among: ["a", "b", "c", "d"]) == ["d", "c", "b", "a"])
        #expect(TaskOrder.reordering(["x", "b"], among: ["a", "b"]) == ["a", "b"])
        #expect(TaskOrder.reordering([], among: ["a", "b"]) == ["a", "b"])
    }

    @Test("Within a day, placed tasks come first in their places; the rest follow in their projects' order")
    func agenda() {
        let today = LocalDate(year: 2026, month: 3, day: 4)!
        func task(
            _ id: String, day: LocalDate?, time: LocalTime? = nil, dayOrder: Int = -1, priority: Int = 1
        )
            -> TaskItem
        {
            TaskItem(
                id: id, userID: "1", projectID: "1", content: id, priority: priority,
                due: day.map { Due(date: $0, time: time, string: "") }, childOrder: Int(id)!, dayOrder: dayOrder,
                addedByUID: "1", addedAt: Date(), updatedAt: Date())
        }
        let tasks = [
            task("1", day: today), task("2", day: today, dayOrder: 2), task("3", day: today, dayOrder: 1),
            task("4", day: today.adding(days: -1)), task("5", day: nil),
            task("6", day: today, time: LocalTime(hour: 9, minute: 0)), task("7", day: today, priority: 4),
        ]
        #expect(TaskOrder.agenda(tasks).map(\.id) == ["4", "3", "2", "1", "6", "7", "5"])
    }

    @Test("An editor moves tasks between the owner's shared projects, never out to someone else's")
    func moves() throws {
        let launch = AccessScope(ownerID: "1", roles: ["2": .editor, "3": .commenter])
        let party = AccessScope(ownerID: "1", roles: ["2": .editor])
        let editorsInbox = AccessScope(ownerID: "2")
        let othersProject = AccessScope(ownerID: "4", roles: ["2": .editor])
        try PermissionGuard.requireMove("2", from: launch, to: launch)
        try PermissionGuard.requireMove("2", from: launch, to: party)
        try PermissionGuard.requireMove("2", from: editorsInbox, to: launch)
        try PermissionGuard.requireMove("1", from: launch, to: AccessScope(ownerID: "1"))
        #expect(throws: KairosError.self) { try PermissionGuard.requireMove("2", from: launch, to: editorsInbox) }
        #expect(throws: KairosError.self) { try PermissionGuard.requireMove("2", from: launch, to: othersProject) }
        #expect(throws: KairosError.self) { try PermissionGuard.requireMove("3", from: launch, to: launch) }
        #expect(throws: KairosError.self) { try PermissionGuard.requireMove("5", from: launch, to: launch) }
    }
}
