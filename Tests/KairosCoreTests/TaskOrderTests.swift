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

@Suite("Task sorts")
struct TaskSortTests {
    func task(_ id: String, priority: Int, day: Int?, time: LocalTime? = nil) -> TaskItem {
        let due = day.map { Due(date: LocalDate(year: 2026, month: 3, day: $0)!, time: time, string: "") }
        return TaskItem(
            id: id, userID: "1", projectID: "1", content: id, priority: priority, due: due, childOrder: Int(id)!,
            dayOrder: -1, addedByUID: "1", addedAt: Date(), updatedAt: Date())
    }

    @Test(
        "Priority puts p1 first, then soonest due; due puts the soonest first, undated last; the user's order breaks ties"
    )
    func orders() {
        let nine = LocalTime(hour: 9, minute: 0)
        let tasks = [
            task("1", priority: 1, day: nil), task("2", priority: 4, day: 6), task("3", priority: 4, day: 5),
            task("4", priority: 3, day: nil), task("5", priority: 4, day: nil), task("6", priority: 1, day: 4),
            task("7", priority: 4, day: 5), task("8", priority: 1, day: 5, time: nine),
        ]
        func ids(_ sort: TaskSort, limit: Int) -> [String] {
            var seen: [String] = []
            var cursor: PageCursor?
            repeat {
                let page = sort.page(of: tasks.shuffled(), own: TaskOrder.listKey, after: cursor, limit: limit)
                seen += page.results.map(\.id)
                cursor = try? page.nextCursor.flatMap { try sort.cursor($0, ownKeys: 2) }
            } while cursor != nil
            return seen
        }
        for limit in [1, 3, 50] {
            #expect(ids(.priority, limit: limit) == ["3", "7", "2", "5", "4", "6", "8", "1"])
            #expect(ids(.due, limit: limit) == ["6", "8", "3", "7", "2", "5", "4", "1"])
        }
    }

    @Test("A sort reads only its own cursors, and says which sort another one continues")
    func cursors() throws {
        let page = TaskSort.due.page(
            of: [task("1", priority: 1, day: 4), task("2", priority: 1, day: 5)], own: TaskOrder.listKey, after: nil,
            limit: 1)
        let token = try #require(page.nextCursor)
        #expect(try TaskSort.due.cursor(token, ownKeys: 2) != nil)
        #expect(
            throws: KairosError.invalidField(
                field: "cursor",
                message:
                    "cursor continues the list in sort=due. Ask with that sort, or leave cursor out to start sort=priority from its first page."
            )
        ) {
            try TaskSort.priority.cursor(token, ownKeys: 2)
        }
        #expect(throws: KairosError.self) { try TaskSort.manual.cursor(token, ownKeys: 2) }
        #expect(throws: KairosError.self) { try TaskSort.due.cursor(token, ownKeys: 4) }
        #expect(throws: KairosError.self) { try TaskSort.due.cursor(PageCursor(keys: [1, 2]).token, ownKeys: 2) }
        #expect(try TaskSort.manual.cursor(PageCursor(keys: [1, 2]).token, ownKeys: 2)?.keys == [1, 2])
        #expect(throws: KairosError.self) { try TaskSort(query: "Due") }
        #expect(try TaskSort(query: nil) == .manual)
    }
}
