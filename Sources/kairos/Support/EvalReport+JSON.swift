import Foundation
import KairosCapture
import KairosCore

// `kairos eval --json`, and the expected and given answers of a failed case, as compact JSON.
extension EvalReport {
    /// `text` as a JSON string, as the scorers print a case's input.
    static func quoted(_ text: String) -> String {
        var json = JSONWriter(capacity: text.utf8.count + 2)
        json.string(text)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func expectedJSON(_ expected: EvalCase.Expectation) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        switch expected {
        case .capture(let tasks): writeExpected(tasks, to: &json)
        case .assistant(let answer):
            json.object { json in
                json.key("type"); json.string(answer.type)
                switch answer {
                case .reminder(let tasks): json.key("tasks"); writeExpected(tasks, to: &json)
                case .todoList(let titles, let subtasks):
                    json.key("title"); json.array(titles) { json, title in json.string(title) }
                    json.key("subtasks")
                    json.array(subtasks) { json, item in json.array(item) { json, title in json.string(title) } }
                case .dateQuery(let date, let weekday):
                    json.key("date"); json.string(date)
                    json.key("weekday"); json.string(weekday)
                case .conversation: break
                }
            }
        }
        return json.bytes
    }

    private static func writeExpected(_ tasks: [ExpectedTask], to json: inout JSONWriter) {
        json.array(tasks) { json, task in
            json.object { json in
                json.key("title"); json.array(task.titles) { json, title in json.string(title) }
                json.key("due"); json.string(task.due)
                json.key("list"); json.string(task.list)
                json.key("priority"); json.int(task.priority)
                json.key("labels"); json.array(task.labels) { json, label in json.string(label) }
                json.key("recurrence"); json.string(task.recurrence)
            }
        }
    }

    static func answerJSON(_ answer: EvalAnswer) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        switch answer {
        case .tasks(let tasks): writeScored(tasks, to: &json)
        case .assistant(let answer):
            json.object { json in
                json.key("type"); json.string(answer.type)
                switch answer {
                case .reminder(let tasks, _): json.key("tasks"); writeScored(tasks, to: &json)
                case .todoList(let list):
                    json.key("title"); json.string(list.title)
                    json.key("subtasks"); json.array(list.subtasks) { json, item in json.string(item) }
                case .dateQuery(let date):
                    json.key("date"); json.string(date.iso)
                    json.key("weekday"); json.string(date.weekday.name)
                case .conversation: break
                }
            }
        }
        return json.bytes
    }

    /// Only the fields that are scored, so a failure reads at a glance.
    private static func writeScored(_ tasks: [CaptureProposal], to json: inout JSONWriter) {
        json.array(tasks) { json, task in
            json.object { json in
                json.key("title"); json.string(task.title)
                json.key("due"); json.string(task.due?.iso)
                json.key("list"); json.string(task.list)
                json.key("priority"); json.int(task.priority)
                json.key("labels"); json.array(task.labels) { json, label in json.string(label) }
                json.key("recurrence"); json.string(task.recurrence?.rrule)
            }
        }
    }

    /// `{"file", "kind", "cases", "subjects": {name: figures}}`; each fraction is `{"right", "total", "rate"}`.
    func json() -> [UInt8] {
        var json = JSONWriter()
        json.object { json in
            json.key("file"); json.string(file)
            json.key("kind"); json.string(kind.rawValue)
            json.key("cases"); json.int(cases.count)
            json.key("subjects")
            json.object { json in
                for column in columns {
                    json.dynamicKey(column.name)
                    json.object { json in write(column, to: &json) }
                }
            }
        }
        return json.bytes
    }

    private func write(_ column: EvalColumn, to json: inout JSONWriter) {
        switch column.score {
        case .capture(let score):
            json.key("case_exact"); json.fraction(score.caseExact)
            json.key("task_count"); json.fraction(score.taskCount)
            json.key("fields");
            json.fractions(TaskField.allCases.map { ($0.rawValue, score.fields[$0] ?? EvalFraction()) })
            json.key("categories")
            json.fractions(score.categories.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        case .assistant(let score):
            json.key("case_exact"); json.fraction(score.caseExact)
            json.key("type_acc"); json.fraction(score.type)
            json.key("confusion")
            json.object { json in
                for (type, given) in score.confusion.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(type)
                    json.object { json in
                        for (name, count) in given.sorted(by: { $0.key < $1.key }) {
                            json.dynamicKey(name); json.int(count)
                        }
                    }
                }
            }
            json.key("types")
            json.object { json in
                for type in ExpectedAnswer.types {
                    guard let typeScore = score.types[type] else { continue }
                    json.dynamicKey(type)
                    json.object { json in write(typeScore, type: type, to: &json) }
                }
            }
            json.key("categories")
            json.fractions(score.categories.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
        json.key("fallbacks")
        json.object { json in
            for (reason, count) in column.fallbacks.sorted(by: { $0.key < $1.key }) {
                json.dynamicKey(reason); json.int(count)
            }
        }
        json.key("no_answer"); json.int(column.failures.count)
        json.key("time_ms")
        json.object { json in
            json.key("p50"); json.raw(Array(String(format: "%.3f", Self.millisecondValue(column.p50)).utf8))
            json.key("p95"); json.raw(Array(String(format: "%.3f", Self.millisecondValue(column.p95)).utf8))
        }
    }

    private func write(_ score: AssistantScore.TypeScore, type: String, to json: inout JSONWriter) {
        json.key("type"); json.fraction(score.type)
        json.key("case_exact"); json.fraction(score.caseExact)
        json.key("fields"); json.fractions(score.fieldOrder.map { ($0, score.fields[$0] ?? EvalFraction()) })
        json.key("fields_given_type")
        json.fractions(score.fieldOrder.map { ($0, score.fieldsGivenType[$0] ?? EvalFraction()) })
        if type == "reminder" {
            json.key("task_count"); json.fraction(score.taskCount)
            json.key("task_fields")
            json.fractions(TaskField.allCases.map { ($0.rawValue, score.taskFields[$0] ?? EvalFraction()) })
        }
        if type == "todo_list" {
            json.key("item_precision"); json.fraction(score.itemPrecision)
            json.key("item_recall"); json.fraction(score.itemRecall)
        }
    }
}

extension JSONWriter {
    fileprivate mutating func fraction(_ fraction: EvalFraction) {
        object { json in
            json.key("right"); json.int(fraction.right)
            json.key("total"); json.int(fraction.total)
            json.key("rate"); json.raw(Array(String(format: "%.4f", fraction.rate).utf8))
        }
    }

    fileprivate mutating func fractions(_ named: [(String, EvalFraction)]) {
        object { json in
            for (name, fraction) in named {
                json.dynamicKey(name)
                json.fraction(fraction)
            }
        }
    }
}
