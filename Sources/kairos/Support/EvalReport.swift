import Foundation
import KairosCapture
import KairosCore

/// The results of `kairos eval` for the terminal: one row per figure and one column per subject, or one JSON object.
struct EvalReport {
    let file: String
    let cases: [EvalCase]
    let columns: [EvalColumn]

    var kind: EvalKind { cases.first?.expected.kind ?? .capture }

    /// The figures with a column per subject, then up to `failures` failed cases of each subject.
    func table(failures: Int) -> String {
        var rows: [[String]] = [["\(cases.count) \(kind.rawValue) cases"] + columns.map(\.name)]
        switch kind {
        case .capture: rows += captureRows()
        case .assistant: rows += assistantRows()
        }
        rows += categoryRows() + runRows()
        var parts = [Self.align(rows)]
        if failures > 0 {
            parts += columns.compactMap { failureText($0, limit: failures) }
        }
        return parts.joined(separator: "\n\n")
    }

    private func captureRows() -> [[String]] {
        let scores = columns.map { column -> CaptureScore in
            if case .capture(let score) = column.score { return score }
            return CaptureScore()
        }
        var rows = [
            ["case_exact"] + scores.map(\.caseExact.description),
            ["task_count"] + scores.map(\.taskCount.description),
        ]
        for field in TaskField.allCases {
            rows.append(["  \(field.rawValue)"] + scores.map { ($0.fields[field] ?? EvalFraction()).description })
        }
        return rows
    }

    private var assistantScores: [AssistantScore] {
        columns.map { column in
            if case .assistant(let score) = column.score { return score }
            return AssistantScore()
        }
    }

    private func assistantRows() -> [[String]] {
        let scores = assistantScores
        var rows = [
            ["case_exact"] + scores.map(\.caseExact.description),
            ["type_acc"] + scores.map(\.type.description),
        ]
        for type in ExpectedAnswer.types {
            let typeScores = scores.map { $0.types[type] ?? AssistantScore.TypeScore() }
            guard let first = typeScores.first, first.caseExact.total > 0 else { continue }
            rows.append(["\(type) (\(first.caseExact.total) cases)"] + columns.map { _ in "" })
            rows.append(["  type"] + typeScores.map(\.type.description))
            rows.append(["  case_exact"] + typeScores.map(\.caseExact.description))
            for field in first.fieldOrder {
                rows.append(["  \(field)"] + typeScores.map { ($0.fields[field] ?? EvalFraction()).description })
            }
            if type == "reminder" {
                rows.append(["  task_count"] + typeScores.map(\.taskCount.description))
                for field in TaskField.allCases {
                    rows.append(
                        ["    \(field.rawValue)"]
                            + typeScores.map { ($0.taskFields[field] ?? EvalFraction()).description })
                }
            }
            if type == "todo_list" {
                rows.append(["  item_precision"] + typeScores.map(\.itemPrecision.description))
                rows.append(["  item_recall"] + typeScores.map(\.itemRecall.description))
            }
        }
        return rows
    }

    private func categories(of column: EvalColumn) -> [String: EvalFraction] {
        switch column.score {
        case .capture(let score): score.categories
        case .assistant(let score): score.categories
        }
    }

    private func categoryRows() -> [[String]] {
        let names = Set(columns.flatMap { categories(of: $0).keys }).sorted()
        guard !names.isEmpty else { return [] }
        var rows = [["case_exact by category"] + columns.map { _ in "" }]
        for name in names {
            rows.append(["  \(name)"] + columns.map { (categories(of: $0)[name] ?? EvalFraction()).description })
        }
        return rows
    }

    /// Fallbacks by reason and unanswered cases, where a subject had any, and the times.
    private func runRows() -> [[String]] {
        var rows: [[String]] = []
        let reasons = Set(columns.flatMap(\.fallbacks.keys)).sorted()
        if !reasons.isEmpty {
            rows.append(["fell back"] + columns.map { String($0.fallbacks.values.reduce(0, +)) })
            for reason in reasons {
                rows.append(["  \(reason)"] + columns.map { String($0.fallbacks[reason] ?? 0) })
            }
        }
        if columns.contains(where: { !$0.failures.isEmpty }) {
            rows.append(["no answer"] + columns.map { String($0.failures.count) })
        }
        rows.append(["time p50"] + columns.map { Self.milliseconds($0.p50) + " ms" })
        rows.append(["time p95"] + columns.map { Self.milliseconds($0.p95) + " ms" })
        return rows
    }

    /// The subject's failed cases as the scorers print them, or nil when it has none.
    private func failureText(_ column: EvalColumn, limit: Int) -> String? {
        let failed = cases.indices.filter { !column.verdicts[$0].exact }
        guard !failed.isEmpty else { return nil }
        var lines = ["\(column.name): \(failed.count) failed, \(min(limit, failed.count)) shown"]
        for index in failed.prefix(limit) {
            let evalCase = cases[index]
            lines.append(
                "--- FAIL \(evalCase.id) [\(evalCase.category)] line \(evalCase.line) now=\(evalCase.context.now.iso) "
                    + "tz=\(evalCase.context.timeZone.identifier)")
            lines.append("    input:    " + Self.quoted(evalCase.input))
            lines.append("    expected: " + Self.text(Self.expectedJSON(evalCase.expected)))
            lines.append(
                "    got:      " + (column.answers[index].map { Self.text(Self.answerJSON($0)) } ?? "<no answer>"))
            lines.append("    wrong:    " + column.verdicts[index].wrong.joined(separator: ", "))
        }
        if let first = column.failures.first {
            lines.append("(no answer on line \(first.line): \(first.message))")
        }
        return lines.joined(separator: "\n")
    }

    /// Rows of cells as columns two spaces apart, the first left-aligned with its indent kept.
    static func align(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f", Self.millisecondValue(duration))
    }

    static func millisecondValue(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
