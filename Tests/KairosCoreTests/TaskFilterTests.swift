import Testing

@testable import KairosCore

@Suite("Filter queries")
struct TaskFilterTests {
    @Test(
        "Single terms",
        arguments: [
            ("today", TaskFilter.today), ("Tomorrow", .tomorrow), ("overdue", .overdue), ("no date", .noDate),
            ("7 days", .nextDays(7)), ("next 3 days", .nextDays(3)), ("#Work", .project("Work")),
            ("#Side project", .project("Side project")), ("@waiting", .label("waiting")), ("p1", .priority(4)),
            ("p4", .priority(1)), ("search: milk", .search("milk")), ("assigned to: me", .assignedToMe),
            ("recurring", .recurring), ("no labels", .noLabels), ("assigned to: others", .assignedToOthers),
            ("Assigned to:  ME", .assignedToMe), ("assigned to: Bob Stone", .assignedTo("Bob Stone")),
            ("assigned to: bob@example.com", .assignedTo("bob@example.com")), ("assigned by: me", .assignedByMe),
            ("added by: me", .addedByMe), ("shared", .shared), ("subtask", .subtask), ("followed", .followed),
            ("due: 2026-11-24", .dueOn(LocalDate(year: 2026, month: 11, day: 24)!)),
            ("Due before: 2026-12-01", .dueBefore(LocalDate(year: 2026, month: 12, day: 1)!)),
            ("due after:2026-10-31", .dueAfter(LocalDate(year: 2026, month: 10, day: 31)!)),
        ])
    func singleTerms(query: String, expected: TaskFilter) throws {
        #expect(try TaskFilter.parse(query) == expected)
    }

    @Test("| binds looser than &, ! binds tightest, parentheses group")
    func precedence() throws {
        #expect(try TaskFilter.parse("today | overdue & p1") == .or(.today, .and(.overdue, .priority(4))))
        #expect(try TaskFilter.parse("(today | overdue) & p1") == .and(.or(.today, .overdue), .priority(4)))
        #expect(try TaskFilter.parse("!no date & #Work") == .and(.not(.noDate), .project("Work")))
        #expect(try TaskFilter.parse("!(p1 | p2)") == .not(.or(.priority(4), .priority(3))))
    }

    @Test(
        "Bad queries name the query field and what went wrong",
        arguments: ["", "  ", "(today", "today &", "someday", "today )", "due: 2026-13-01", "due before: soon"])
    func badQueries(query: String) {
        #expect {
            try TaskFilter.parse(query)
        } throws: { error in
            guard case .invalidField(let field, let message) = error as? KairosError else { return false }
            return field == "query" && !message.isEmpty
        }
    }

    @Test("Views are defined as filter queries that parse")
    func views() throws {
        for view in TaskView.allCases { _ = try TaskFilter.parse(view.query) }
        #expect(TaskView.filters.count == TaskView.allCases.count)
    }
}
