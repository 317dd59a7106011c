import Foundation
import KairosCore

/// Reads a case file in the shared formats, one JSON object a line: `{"id", "category", "now", "tz", "lists",
/// "input", "expected"}`, where `expected` holds capture's `tasks` or the assistant's `type` and answer.
public enum EvalCaseFile {
    /// The cases of `text`, in file order, each checked for the kind given or, without one, the kind of the
    /// first case (`expected.type` for the assistant, else `expected.tasks` for capture). Blank lines are skipped.
    public static func read(_ text: String, kind: EvalKind? = nil) throws(EvalCaseFileError) -> [EvalCase] {
        var cases: [EvalCase] = []
        var kind = kind
        var ids: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let number = index + 1
            let raw: RawCase
            do {
                raw = try JSONDecoder().decode(RawCase.self, from: Data(line.utf8))
            } catch {
                throw EvalCaseFileError(line: number, message: Self.describe(error))
            }
            let caseKind = kind ?? (raw.expected.type != nil ? .assistant : .capture)
            kind = caseKind
            let evalCase = try raw.evalCase(kind: caseKind, line: number)
            if let first = ids[evalCase.id] {
                throw EvalCaseFileError(line: number, message: "id \(evalCase.id) is already used on line \(first).")
            }
            ids[evalCase.id] = number
            cases.append(evalCase)
        }
        guard !cases.isEmpty else { throw EvalCaseFileError(line: nil, message: "The file holds no cases.") }
        return cases
    }

    /// A decoding failure in the words of the case format: the member's path and what is wrong with it.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "The line is not a case: \(error)." }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is required."
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) must be \(Self.name(of: type)), not null."
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "The line is not a JSON object."
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) must be \(Self.name(of: type))."
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "The line is not a JSON object."
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "The line is not a case."
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is [String].Type: "an array of strings"
        case is [[String]].Type: "an array of arrays of strings"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "of another type"
        }
    }
}

/// A case line as written, before it is checked against its kind.
private struct RawCase: Decodable {
    var id: CaseID
    var category: String?
    var input: String
    var now: String
    var tz: String
    var lists: [String]
    var expected: RawExpectation

    func evalCase(kind: EvalKind, line: Int) throws(EvalCaseFileError) -> EvalCase {
        func failure(_ message: String) -> EvalCaseFileError { EvalCaseFileError(line: line, message: message) }
        let context: CaptureContext
        do {
            context = try CaptureContext(
                now: now, tz: tz, lists: lists, defaultNow: Date(), defaultZone: .current)
        } catch {
            throw failure(error.message)
        }
        let expectation: EvalCase.Expectation
        switch kind {
        case .capture:
            guard let tasks = expected.tasks else {
                throw failure("expected.tasks is required: the cases are read as capture cases.")
            }
            expectation = .capture(try Self.check(tasks, line: line))
        case .assistant:
            expectation = .assistant(try expected.answer(line: line))
        }
        return EvalCase(
            id: id.text, category: category ?? "?", input: input, context: context, expected: expectation, line: line)
    }

    static func check(_ tasks: [RawTask], line: Int) throws(EvalCaseFileError) -> [ExpectedTask] {
        var checked: [ExpectedTask] = []
        for (index, task) in tasks.enumerated() {
            let field = "expected.tasks[\(index)]"
            if let due = task.due, case .invalid = DueKey(due) {
                throw EvalCaseFileError(
                    line: line, message: "\(field).due must be a wall time such as 2026-03-12T15:00.")
            }
            if let rule = task.recurrence, case .invalid = RecurrenceKey(rule) {
                throw EvalCaseFileError(
                    line: line, message: "\(field).recurrence must be an RRULE such as FREQ=WEEKLY;BYDAY=MO.")
            }
            checked.append(
                ExpectedTask(
                    titles: task.title, due: task.due, list: task.list, priority: task.priority,
                    labels: task.labels ?? [], recurrence: task.recurrence))
        }
        return checked
    }
}

/// A case's `id`, a string or a number, compared as text as the scorers do.
private struct CaseID: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Int.self) {
            text = String(number)
        } else {
            text = try value.decode(String.self)
        }
    }
}

private struct RawTask: Decodable {
    var title: [String]
    var due: String?
    var list: String?
    var priority: Int?
    var labels: [String]?
    var recurrence: String?
}

private struct RawExpectation: Decodable {
    var type: String?
    var tasks: [RawTask]?
    var title: [String]?
    var subtasks: [[String]]?
    var date: String?
    var weekday: String?

    func answer(line: Int) throws(EvalCaseFileError) -> ExpectedAnswer {
        func failure(_ message: String) -> EvalCaseFileError { EvalCaseFileError(line: line, message: message) }
        switch type {
        case "reminder":
            guard let tasks else { throw failure("expected.tasks is required for a reminder.") }
            return .reminder(try RawCase.check(tasks, line: line))
        case "todo_list":
            guard let title else { throw failure("expected.title (the accepted names) is required for a todo_list.") }
            guard let subtasks else { throw failure("expected.subtasks is required for a todo_list; [] for none.") }
            return .todoList(titles: title, subtasks: subtasks)
        case "date_query":
            guard let date, ScoringKey.date(date) == date else {
                throw failure("expected.date must be a date such as 2026-03-12 for a date_query.")
            }
            guard let weekday, ScoringKey.weekday(weekday) == weekday.lowercased() else {
                throw failure("expected.weekday must be an English day's full name such as Friday for a date_query.")
            }
            return .dateQuery(date: date, weekday: weekday)
        case "conversation":
            return .conversation
        case nil:
            throw failure("expected.type is required: the cases are read as assistant cases.")
        case let other?:
            throw failure("expected.type must be one of \(ExpectedAnswer.types.joined(separator: ", ")), not \(other).")
        }
    }
}
