import Testing

@testable import KairosCore

@Suite("Mentions and task notices")
struct MentionsTests {
    static let members = [
        MentionCandidate(userID: "1", name: "Ada Lovelace", email: "ada@example.com"),
        MentionCandidate(userID: "2", name: "Bob", email: "robert.b@example.com"),
    ]

    @Test(
        "Handles: after a non-word character, trailing punctuation dropped, each once",
        arguments: [
            ("hi @ada", ["ada"]),
            ("@Ada, @ADA and @bob.", ["ada", "bob"]),
            ("mail ada@example.com please", []),
            ("(@robert.b@example.com)", ["robert.b@example.com"]),
            ("@ alone and @@", []),
            ("cc:@bob-", ["bob"]),
        ])
    func handles(text: String, expected: [String]) {
        #expect(Mentions.handles(in: text) == expected)
    }

    @Test("A mention names a member by email, its local part, name without spaces, or first name")
    func resolve() {
        let found = Mentions.resolve(
            "@adalovelace @robert.b @ROBERT.B@EXAMPLE.COM @bob @carol @ada", among: Self.members)
        #expect(found.userIDs == ["1", "2"])
        #expect(found.unresolved == ["carol"])
        #expect(Mentions.resolve("no mentions", among: Self.members) == ([], []))
    }

    @Test("Task changes read as one line each")
    func notices() throws {
        let date = try #require(LocalDate(year: 2026, month: 3, day: 12))
        #expect(TaskChange.completed.notice(task: "Report", by: "Ada") == "Ada completed \u{201C}Report\u{201D}")
        #expect(TaskChange.reopened.notice(task: "Report", by: "Ada") == "Ada reopened \u{201C}Report\u{201D}")
        #expect(
            TaskChange.dueChanged(Due(date: date, string: "Mar 12")).notice(task: "Report", by: "Ada")
                == "Ada moved \u{201C}Report\u{201D} to 2026-03-12")
        #expect(
            TaskChange.completedOccurrence(next: date).notice(task: "Water", by: "Ada")
                == "Ada completed \u{201C}Water\u{201D}; next due 2026-03-12")
        #expect(
            TaskChange.assigneesChanged(added: ["Bob"], removed: []).notice(task: "Report", by: "Ada")
                == "Ada assigned \u{201C}Report\u{201D} to Bob")
        #expect(
            TaskChange.assigneesChanged(added: [], removed: ["Bob", "Carol"]).notice(task: "Report", by: "Ada")
                == "Ada took Bob and Carol off \u{201C}Report\u{201D}")
        #expect(
            TaskChange.assigneesChanged(added: ["Dan"], removed: ["Bob"]).notice(task: "Report", by: "Ada")
                == "Ada assigned \u{201C}Report\u{201D} to Dan and took Bob off it")
        #expect(SystemNotice.added(["Bob", "Carol", "Dan"], by: "Ada") == "Ada added Bob, Carol and Dan")
    }
}
