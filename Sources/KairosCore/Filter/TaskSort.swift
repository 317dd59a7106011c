/// The orders a task list can be asked for (`?sort=`): the user's own, most urgent first, or soonest due first.
public enum TaskSort: String, CaseIterable, Sendable {
    /// The list's own order: the places the user gave its tasks.
    case manual
    /// Most urgent first (p1, which the API calls priority 4), then soonest due, then the user's order.
    case priority
    /// Soonest due first (by day, then time; all-day after timed), undated last, then most urgent, then the
    /// user's order.
    case due

    /// Reads a `sort` query parameter; none is the user's order.
    public init(query: String?) throws(KairosError) {
        guard let query else {
            self = .manual
            return
        }
        guard let sort = TaskSort(rawValue: query) else {
            throw .invalidField(
                field: "sort",
                message: "sort must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = sort
    }

    /// What a task sorts by before the list's own order: nothing for the user's order.
    public func key(of task: TaskItem) -> [Int64] {
        let urgency = Int64(5 - task.priority)
        let day = task.due.map { Int64(LocalDate.daysBetween(Self.epoch, $0.date)) } ?? .max
        let minute = task.due?.time.map { Int64($0.hour * 60 + $0.minute) } ?? 24 * 60
        switch self {
        case .manual: return []
        case .priority: return [urgency, day, minute]
        case .due: return [day, minute, urgency]
        }
    }

    /// One page of `tasks` in this sort, after the task a cursor of this sort ended on (`cursor`'s keys, as
    /// `cursor(_:ownKeys:)` read them). `own` is the list's own order, which breaks ties; the next cursor names
    /// this sort, so each page continues in it.
    public func page(
        of tasks: [TaskItem], own: (TaskItem) -> [Int64], after cursor: PageCursor?, limit: Int
    ) -> Page<TaskItem> {
        let keyed = tasks.map { (key: key(of: $0) + own($0), task: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        let rest = cursor.map { cursor in keyed.drop { !cursor.keys.lexicographicallyPrecedes($0.key) } } ?? keyed[...]
        let kept = rest.prefix(limit)
        let next = rest.count > limit ? kept.last.map { PageCursor(keys: [tag] + $0.key).token } : nil
        return Page(results: kept.map(\.task), nextCursor: next)
    }

    /// Reads the `cursor` parameter of a list whose own order has `ownKeys` keys, asked for in this sort: the
    /// user's order reads its own cursors; the others read theirs without the tag that names the sort. A
    /// cursor made for another sort of the list is an error saying which.
    public func cursor(_ token: String?, ownKeys: Int) throws(KairosError) -> PageCursor? {
        guard let token else { return nil }
        let madeFor: (sort: TaskSort, keys: [Int64])?
        if let manual = PageCursor(token: token, keyCount: ownKeys) {
            madeFor = (.manual, manual.keys)
        } else if let keys = PageCursor(token: token, keyCount: 1 + Self.sortKeys + ownKeys)?.keys,
            let sort = Self.allCases.first(where: { $0 != .manual && $0.tag == keys[0] })
        {
            madeFor = (sort, Array(keys.dropFirst()))
        } else {
            madeFor = nil
        }
        guard let madeFor else {
            throw .invalidField(
                field: "cursor", message: "cursor is not one this list handed out. Pass next_cursor back unchanged.")
        }
        guard madeFor.sort == self else {
            throw .invalidField(
                field: "cursor",
                message: "cursor continues the list in sort=\(madeFor.sort.rawValue). Ask with that sort, or "
                    + "leave cursor out to start sort=\(rawValue) from its first page.")
        }
        return PageCursor(keys: madeFor.keys)
    }

    /// How many keys `key(of:)` gives in the sorts other than the user's.
    private static let sortKeys = 3
    /// The first key of this sort's cursors, which tells them apart.
    private var tag: Int64 { Int64(Self.allCases.firstIndex(of: self)!) }
    private static let epoch = LocalDate(year: 2000, month: 1, day: 1)!
}
