import Foundation
import KairosCapture
import KairosCore
import Testing

/// The worked cases of the assistant rules, scored the way `score-assistant.py` scores them.
@Suite struct AssistantDevSetTests {
    @Test(arguments: ["assistant-dev", "assistant-more"])
    func typeAccuracyIsAtLeast98PercentAndCaseExactAtLeast95Percent(fixture: String) throws {
        let cases = try AssistantCase.load(fixture)
        let engine = AssistantEngine()
        var wrongType: [String] = []
        var failures: [String] = []
        for worked in cases {
            let answer = engine.answer(worked.input, context: worked.context)
            if answer.type != worked.expectedType {
                wrongType.append("\(worked.id) \"\(worked.input)\": \(answer.type), expected \(worked.expectedType)")
            }
            if let problem = try worked.mismatch(with: answer) {
                failures.append("\(worked.id) \"\(worked.input)\": \(problem)")
            }
        }
        let typeAccuracy = Double(cases.count - wrongType.count) / Double(cases.count)
        let caseExact = Double(cases.count - failures.count) / Double(cases.count)
        #expect(cases.count >= 30)
        #expect(
            typeAccuracy >= 0.98,
            Comment(rawValue: "type accuracy \(typeAccuracy) on \(fixture):\n" + wrongType.joined(separator: "\n")))
        #expect(
            caseExact >= 0.95,
            Comment(rawValue: "case-exact \(caseExact) on \(fixture):\n" + failures.joined(separator: "\n")))
    }
}

/// One line of an assistant case file: the message, its context and the expected type and answer.
struct AssistantCase {
    var id: String
    var input: String
    var context: CaptureContext
    var expectedType: String
    var expected: [String: Any]
    var object: [String: Any]

    static func load(_ name: String) throws -> [AssistantCase] {
        try Fixture.objects(name).map { try AssistantCase(object: $0.object) }
    }

    init(object: [String: Any]) throws {
        id = try #require(object["id"] as? String)
        input = try #require(object["input"] as? String)
        context = try Fixture.context(of: object)
        expected = try #require(object["expected"] as? [String: Any])
        expectedType = try #require(expected["type"] as? String)
        self.object = object
    }

    /// Nil when the type and every answer field of that type match, else what differs.
    func mismatch(with answer: AssistantAnswer) throws -> String? {
        guard answer.type == expectedType else { return "type \(answer.type), expected \(expectedType)" }
        switch answer {
        case .reminder(let tasks, _):
            return try WorkedCase(object: object).mismatch(with: tasks)
        case .todoList(let list):
            var problems: [String] = []
            let titles = (expected["title"] as? [String] ?? []).map(WorkedCase.normalizedTitle)
            if !titles.contains(WorkedCase.normalizedTitle(list.title)) {
                problems.append("title \"\(list.title)\" not in \(expected["title"] ?? [])")
            }
            let items = expected["subtasks"] as? [[String]] ?? []
            let matches =
                items.count == list.subtasks.count
                && zip(items, list.subtasks).allSatisfy { accepted, item in
                    accepted.map(WorkedCase.normalizedTitle).contains(WorkedCase.normalizedTitle(item))
                }
            if !matches { problems.append("subtasks \(list.subtasks), expected \(items)") }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        case .dateQuery(let date):
            let weekday = date.weekday.name
            guard date.iso == expected["date"] as? String,
                weekday == (expected["weekday"] as? String)?.lowercased()
            else {
                return "date \(date.iso) \(weekday), expected \(expected["date"] ?? "") \(expected["weekday"] ?? "")"
            }
            return nil
        case .conversation:
            return nil
        }
    }
}
