/// How tasks are ordered: among their siblings (`child_order`) and within a day (`day_order`).
public enum TaskOrder {
    /// The siblings' ids in their new order, once `taskID` is placed at `position` (1 is first) among `siblings`
    /// (in their current order, without it). A position past the end puts it last, one below 1 first. Each
    /// task's `child_order` is then its place in the result, so orders stay unique and run 1, 2, 3...
    public static func placing(_ taskID: String, at position: Int, among siblings: [String]) -> [String] {
        var result = siblings.filter { $0 != taskID }
        result.insert(taskID, at: min(max(position, 1), result.count + 1) - 1)
        return result
    }

    /// The siblings' ids once the `moved` ones (some of the siblings, in the order the user gave them) take the
    /// places they held among `siblings`: the others stay where they are, so a section's tasks can be
    /// reordered without moving the project's other tasks. Ids that are not siblings are left out.
    public static func reordering(_ moved: [String], among siblings: [String]) -> [String] {
        let known = Set(siblings)
        var next = moved.filter(known.contains).makeIterator()
        let movedSet = Set(moved)
        return siblings.map { movedSet.contains($0) ? next.next() ?? $0 : $0 }
    }

    /// Where `day_order` puts a task among the tasks of its day: those given a place (zero or more) first, by
    /// that place; those without one (Todoist's -1) after them all.
    public static func dayRank(_ dayOrder: Int) -> Int64 {
        dayOrder >= 0 ? Int64(dayOrder) : Int64.max
    }

    /// Agenda order, the order the server gives Today and the other views by date: earliest day first, undated
    /// last; within a day, the tasks the user placed (`day_order`) in their places, then the rest in their
    /// projects' order (`child_order`). The order is the user's: priority and time sort only when asked.
    public static func agenda(_ tasks: [TaskItem]) -> [TaskItem] {
        tasks.sorted { agendaKey($0).lexicographicallyPrecedes(agendaKey($1)) }
    }

    /// A task's place in agenda order, as keys compared in turn.
    public static func agendaKey(_ task: TaskItem) -> [Int64] {
        let day = task.due.map { LocalDate.daysBetween(LocalDate(year: 2000, month: 1, day: 1)!, $0.date) } ?? .max
        return [Int64(day), dayRank(task.dayOrder)] + listKey(task)
    }

    /// A task's place in a list of tasks (`GET /tasks`): its projects' order (`child_order`), then its id.
    public static func listKey(_ task: TaskItem) -> [Int64] {
        [Int64(task.childOrder), Int64(task.id) ?? 0]
    }
}
