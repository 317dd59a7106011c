extension RecurrenceRule {
    /// The date a recurring task due on `due` moves to when it is completed on `today`.
    ///
    /// A rule from completion ("every! 3 days") counts from `today`. Any other rule takes its next date after
    /// `due`; an overdue series resumes from today rather than replaying the missed dates.
    public func nextDue(after due: LocalDate, completedOn today: LocalDate) -> LocalDate {
        if fromCompletion {
            return nextOccurrence(after: today, start: today)
        }
        var next = nextOccurrence(after: due, start: due)
        while next < today { next = nextOccurrence(after: next, start: due) }
        return next
    }
}
