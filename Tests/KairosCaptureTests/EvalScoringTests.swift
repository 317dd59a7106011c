import Foundation
import KairosCapture
import KairosCore
import Testing

/// The comparison rules of the shared scorers, as `kairos eval` applies them.
@Suite struct EvalScoringTests {
    @Test func recurrenceIgnoresPrefixCasePartOrderAndDayOrder() {
        let rule = RecurrenceKey("FREQ=WEEKLY;BYDAY=TU,TH")
        #expect(RecurrenceKey("RRULE:freq=weekly;byday=th,tu") == rule)
        #expect(RecurrenceKey(" BYDAY=TH, TU ; FREQ=WEEKLY; ") == rule)
        #expect(RecurrenceKey("FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH") == rule)
        #expect(RecurrenceKey("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH") != rule)
        #expect(RecurrenceKey("FREQ=WEEKLY;BYDAY=TU") != rule)
        #expect(RecurrenceKey("FREQ=DAILY;BYDAY=TU,TH") != rule)
        #expect(RecurrenceKey(nil) == RecurrenceKey("  "))
        #expect(RecurrenceKey(nil) != RecurrenceKey("FREQ=DAILY"))
    }

    @Test func aRuleWithAPartThatIsNotNameEqualsValueMatchesOnlyItself() {
        #expect(RecurrenceKey("FREQ=DAILY;weekly") == .invalid("FREQ=DAILY;weekly"))
        #expect(RecurrenceKey("FREQ=DAILY;weekly") != RecurrenceKey("FREQ=DAILY;WEEKLY"))
    }

    @Test func titlesDropCaseApostrophesPunctuationAndArticles() {
        #expect(ScoringKey.title("Call the dentist") == "call dentist")
        #expect(ScoringKey.title("  Pick up my mom's   prescription!") == "pick up moms prescription")
        #expect(ScoringKey.title("Fix the bike\u{2019}s chain, then ride") == "fix bikes chain then ride")
        #expect(ScoringKey.title("A to-do list: an idea") == "to do list idea")
        #expect(ScoringKey.title("Renew passport #2 (urgent)") == "renew passport 2 urgent")
        #expect(ScoringKey.title("Café crème ½ price") == "café crème ½ price")
        #expect(ScoringKey.title("Theme the map") == "theme map")
        #expect(TitleRule.accepts(["Add milk", "Milk"], "milk."))
        #expect(!TitleRule.accepts(["Buy milk"], "Buy oat milk"))
    }

    @Test func dueTimesAreComparedToTheMinute() {
        let due = DueKey("2026-03-12T15:00")
        #expect(due == .wallTime("2026-03-12T15:00"))
        #expect(DueKey("2026-03-12 15:00") == due)
        #expect(DueKey(" 2026-03-12T15:00:00 ") == due)
        #expect(DueKey("2026-03-12T15:00:00.000") == due)
        #expect(DueKey("2026-03-12T15:00:30") == .invalid("2026-03-12T15:00:30"))
        #expect(DueKey("2026-03-12T15:00:00.") != due)
        #expect(DueKey("2026-03-12") != due)
        #expect(DueKey(nil) == .none)
    }

    @Test func listsIgnoreCaseAndLabelsAreSets() {
        #expect(ScoringKey.list(" Grocery ") == ScoringKey.list("grocery"))
        #expect(ScoringKey.list("") == nil)
        #expect(ScoringKey.labels(["Admin", "home"]) == ScoringKey.labels(["HOME", " admin"]))
        #expect(ScoringKey.labels(["admin"]) != ScoringKey.labels(["admin", "home"]))
    }

    @Test func weekdaysAndDatesAreReadAsTheAssistantScorerReadsThem() {
        #expect(ScoringKey.weekday("Fri.") == "friday")
        #expect(ScoringKey.weekday(" SUNDAY ") == "sunday")
        #expect(ScoringKey.weekday("fr") == nil)
        #expect(ScoringKey.date("2026-02-06") == "2026-02-06")
        #expect(ScoringKey.date("2026-2-6") == nil)
    }

    @Test func fractionsPrintAsTheScorersPrintThem() {
        #expect(EvalFraction(right: 50, total: 70).description == "0.714 (50/70)")
        #expect(EvalFraction(right: 1, total: 16).description == "0.062 (1/16)")
        #expect(EvalFraction().description == "0.000 (0/0)")
    }

    // MARK: Case files and scores

    static let header = #""now": "2026-03-13T10:00", "tz": "America/New_York", "lists": ["Inbox", "Grocery"]"#

    static func captureLine(_ id: String, _ input: String, _ tasks: String, category: String = "plain") -> String {
        #"{"id": "\#(id)", "category": "\#(category)", \#(header), "input": "\#(input)", "expected": {"tasks": \#(tasks)}}"#
    }

    static func task(_ title: String, due: String = "null", list: String = "null", rule: String = "null") -> String {
        #"{"title": ["\#(title)"], "due": \#(due), "list": \#(list), "priority": null, "labels": [], "recurrence": \#(rule)}"#
    }

    @Test func aCaptureFileIsScoredCaseByCaseAndFieldByField() async throws {
        let file = [
            Self.captureLine(
                "c1", "call the dentist tomorrow at 5pm",
                "[\(Self.task("Call the dentist", due: #""2026-03-14 17:00:00""#))]"),
            // The engine says 09:00: the due is wrong, the title right.
            Self.captureLine(
                "c2", "water the ferns tomorrow", "[\(Self.task("Water ferns", due: #""2026-03-14T10:00""#))]"),
            "",
            Self.captureLine(
                "c3", "buy milk and call mom", "[\(Self.task("Buy milk"))]", category: "split"),
            Self.captureLine(
                "c4", "floss every weekday",
                "[\(Self.task("Floss", due: #""2026-03-16T09:00""#, rule: #""RRULE:BYDAY=FR,TH,WE,TU,MO;FREQ=weekly""#))]"
            ),
        ].joined(separator: "\n")
        let cases = try EvalCaseFile.read(file)
        #expect(cases.map(\.line) == [1, 2, 4, 5])
        let outcomes = await EvalRunner().run(OfflineSubject(), on: cases)
        let column = EvalColumn(name: "offline", cases: cases, outcomes: outcomes)
        guard case .capture(let score) = column.score else {
            Issue.record("a capture file gives capture figures")
            return
        }
        #expect(score.caseExact == EvalFraction(right: 2, total: 4))
        #expect(score.taskCount == EvalFraction(right: 3, total: 4))
        #expect(score.fields[.title] == EvalFraction(right: 3, total: 3))
        #expect(score.fields[.due] == EvalFraction(right: 2, total: 3))
        #expect(score.fields[.recurrence] == EvalFraction(right: 3, total: 3))
        #expect(score.categories["split"] == EvalFraction(right: 0, total: 1))
        #expect(column.verdicts.map(\.wrong) == [[], ["due"], ["task count 2 != 1"], []])
    }

    @Test func anAssistantFileIsScoredByTypeAndField() async throws {
        let file = [
            #"{"id": 1, \#(Self.header), "input": "what day is march 20", "expected": {"type": "date_query", "date": "2026-03-20", "weekday": "Friday"}}"#,
            #"{"id": 2, \#(Self.header), "input": "what day is march 20", "expected": {"type": "date_query", "date": "2026-03-21", "weekday": "Saturday"}}"#,
            #"{"id": 3, \#(Self.header), "input": "make a packing list: towels and snacks", "expected": {"type": "todo_list", "title": ["Packing list"], "subtasks": [["Snacks"], ["Towels"]]}}"#,
            #"{"id": 4, \#(Self.header), "input": "thanks!", "expected": {"type": "reminder", "tasks": []}}"#,
        ].joined(separator: "\n")
        let cases = try EvalCaseFile.read(file)
        let column = EvalColumn(
            name: "offline", cases: cases, outcomes: await EvalRunner().run(OfflineSubject(), on: cases))
        guard case .assistant(let score) = column.score else {
            Issue.record("an assistant file gives assistant figures")
            return
        }
        #expect(score.caseExact == EvalFraction(right: 1, total: 4))
        #expect(score.type == EvalFraction(right: 3, total: 4))
        #expect(score.types["date_query"]?.fields["date"] == EvalFraction(right: 1, total: 2))
        #expect(score.types["todo_list"]?.fields["title"] == EvalFraction(right: 1, total: 1))
        #expect(score.types["todo_list"]?.fields["subtasks"] == EvalFraction(right: 0, total: 1))
        #expect(score.types["todo_list"]?.itemRecall == EvalFraction(right: 2, total: 2))
        #expect(score.confusion["reminder"] == ["conversation": 1])
        #expect(column.verdicts[3].wrong == ["type", "tasks"])
    }

    @Test(arguments: [
        ("{\"id\": 1,", "line 1: The line is not a JSON object."),
        (#"{"id": "a", \#(header), "expected": {"tasks": []}}"#, "line 1: input is required."),
        (#"{"id": "a", \#(header), "input": 3, "expected": {"tasks": []}}"#, "line 1: input must be a string."),
        (
            #"{"id": "a", \#(header), "input": "x", "expected": {"tasks": [{"title": "X"}]}}"#,
            "line 1: expected.tasks[0].title must be an array."
        ),
        (
            #"{"id": "a", \#(header), "input": "x", "expected": {"tasks": [{"title": ["X"], "due": "friday"}]}}"#,
            "line 1: expected.tasks[0].due must be a wall time such as 2026-03-12T15:00."
        ),
        (
            #"{"id": "a", \#(header), "input": "x", "expected": {"type": "joke"}}"#,
            "line 1: expected.type must be one of reminder, todo_list, date_query, conversation, not joke."
        ),
        (
            #"{"id": "a", "now": "soon", "tz": "UTC", "lists": [], "input": "x", "expected": {"tasks": []}}"#,
            "line 1: now must be a local time such as 2026-03-04T14:30, or an instant such as 2026-03-04T19:30:00Z."
        ),
        ("\n  \n", "The file holds no cases."),
    ])
    func aBadLineIsNamedWithWhatToFix(line: String, message: String) {
        #expect(throws: EvalCaseFileError.self) { try EvalCaseFile.read(line) }
        do {
            _ = try EvalCaseFile.read(line)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theFirstCaseDecidesTheKindUnlessOneIsGiven() throws {
        let capture = Self.captureLine("c1", "buy milk", "[\(Self.task("Buy milk"))]")
        let assistant = #"{"id": "a1", \#(Self.header), "input": "hi", "expected": {"type": "conversation"}}"#
        #expect(
            throws: EvalCaseFileError(
                line: 2, message: "expected.tasks is required: the cases are read as capture cases.")
        ) {
            try EvalCaseFile.read(capture + "\n" + assistant)
        }
        #expect(
            throws: EvalCaseFileError(
                line: 1, message: "expected.type is required: the cases are read as assistant cases.")
        ) {
            try EvalCaseFile.read(capture, kind: .assistant)
        }
        #expect(throws: EvalCaseFileError(line: 2, message: "id c1 is already used on line 1.")) {
            try EvalCaseFile.read(capture + "\n" + capture)
        }
        #expect(try EvalCaseFile.read(assistant).first?.expected.kind == .assistant)
    }

    // MARK: Subjects

    /// Answers after a pause that shrinks down the file, so later cases finish first; counts how many run at once.
    actor SlowSubject: EvalSubject {
        nonisolated let name = "slow"
        nonisolated let answersConcurrently = true
        private var running = 0
        private(set) var mostAtOnce = 0

        func answer(_ evalCase: EvalCase) async throws -> EvalReply {
            running += 1
            mostAtOnce = max(mostAtOnce, running)
            defer { running -= 1 }
            let number = Int(evalCase.id.dropFirst())!
            try await Task.sleep(for: .milliseconds(5 * (12 - number)))
            if number == 3 { throw EvalFailure(message: "the model did not answer") }
            let title = evalCase.input.prefix(1).uppercased() + evalCase.input.dropFirst()
            let task = CaptureProposal(title: title, sourceSpan: 0..<evalCase.input.utf16.count)
            return EvalReply(answer: .tasks([task]), fallbackReason: number.isMultiple(of: 4) ? "timeout" : nil)
        }
    }

    @Test func aSlowSubjectAnswersSeveralCasesAtOnceAndKeepsFileOrder() async throws {
        let file = (1...10).map { Self.captureLine("c\($0)", "task \($0)", "[\(Self.task("Task \($0)"))]") }
        let cases = try EvalCaseFile.read(file.joined(separator: "\n"))
        let subject = SlowSubject()
        let outcomes = await EvalRunner(parallel: 3).run(subject, on: cases)
        #expect(await subject.mostAtOnce == 3)
        let titles = outcomes.map { outcome -> String? in
            guard case .success(let reply) = outcome.reply, case .tasks(let tasks) = reply.answer else { return nil }
            return tasks.first?.title
        }
        #expect(titles == (1...10).map { $0 == 3 ? nil : "Task \($0)" })
        let column = EvalColumn(name: subject.name, cases: cases, outcomes: outcomes)
        #expect(column.fallbacks == ["timeout": 2])
        #expect(column.failures.map(\.line) == [3])
        #expect(column.verdicts[2].wrong == ["no answer"])
        guard case .capture(let score) = column.score else { return }
        #expect(score.caseExact == EvalFraction(right: 9, total: 10))
        #expect(column.p50 >= .milliseconds(5 * 6) && column.p95 >= column.p50)
    }
}
