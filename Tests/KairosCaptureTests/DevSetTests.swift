import Foundation
import KairosCapture
import KairosCore
import Testing

/// The worked cases of the capture rules, scored the way `capture-score.py` scores them.
@Suite struct DevSetTests {
    @Test(arguments: ["capture-dev", "capture-dev-speech", "capture-extra"])
    func caseExactRateIsAtLeast97Percent(fixture: String) throws {
        let (rate, failures) = try Self.score(fixture)
        #expect(
            rate >= 0.97, Comment(rawValue: "case-exact \(rate) on \(fixture):\n" + failures.joined(separator: "\n")))
    }

    /// Corrections, deadline statements, promises and set-aside clauses (capture rules 7 and 8), set-aside texts
    /// included.
    @Test(arguments: ["capture-dev-corrections", "capture-corrections-extra"])
    func caseExactRateIsAtLeast95Percent(fixture: String) throws {
        let (rate, failures) = try Self.score(fixture)
        #expect(
            rate >= 0.95, Comment(rawValue: "case-exact \(rate) on \(fixture):\n" + failures.joined(separator: "\n")))
    }

    /// Long spoken brain-dumps with venting, list additions, deadlines, promises and corrections, set-aside texts
    /// included.
    @Test(arguments: ["capture-dumps", "capture-dumps-heldout"])
    func caseExactRateIsAtLeast85Percent(fixture: String) throws {
        let (rate, failures) = try Self.score(fixture)
        #expect(
            rate >= 0.85, Comment(rawValue: "case-exact \(rate) on \(fixture):\n" + failures.joined(separator: "\n")))
    }

    private static func score(_ fixture: String) throws -> (rate: Double, failures: [String]) {
        let cases = try WorkedCase.load(fixture)
        let engine = CaptureEngine()
        var failures: [String] = []
        for worked in cases {
            let result = engine.capture(worked.input, context: worked.context)
            if let problem = worked.mismatch(with: result) {
                failures.append("\(worked.id) \"\(worked.input)\": \(problem)")
            }
        }
        #expect(cases.count >= 12)
        return (Double(cases.count - failures.count) / Double(cases.count), failures)
    }
}

/// One line of a worked-case file.
struct WorkedCase {
    struct Expected {
        var titles: [String]
        var due: String?
        var list: String?
        var priority: Int?
        var labels: Set<String>
        var recurrence: String?
    }

    var id: String
    var input: String
    var context: CaptureContext
    var expected: [Expected]
    /// The set-aside texts, where the case gives them.
    var setAside: [String]?

    static func load(_ name: String) throws -> [WorkedCase] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "jsonl", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try WorkedCase(line: String($0)) }
    }

    init(line: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        id = try #require(object["id"] as? String)
        input = try #require(object["input"] as? String)
        let nowText = try #require(object["now"] as? String)
        let zoneName = try #require(object["tz"] as? String)
        let now = try #require(LocalDateTime(iso: nowText))
        let zone = try #require(TimeZone(identifier: zoneName))
        context = CaptureContext(now: now, timeZone: zone, lists: object["lists"] as? [String] ?? [])
        let expectation = try #require(object["expected"] as? [String: Any])
        setAside = expectation["set_aside_texts"] as? [String]
        let tasks = try #require(expectation["tasks"] as? [[String: Any]])
        expected = tasks.map { task in
            Expected(
                titles: task["title"] as? [String] ?? [],
                due: task["due"] as? String,
                list: task["list"] as? String,
                priority: task["priority"] as? Int,
                labels: Set((task["labels"] as? [String] ?? []).map { $0.lowercased() }),
                recurrence: task["recurrence"] as? String)
        }
    }

    /// Nil when every task matches in order, else what differs.
    func mismatch(with result: CaptureResult) -> String? {
        let tasks = result.tasks
        if let setAside, setAside.map(Self.normalizedTitle) != result.setAside.map({ Self.normalizedTitle($0.text) }) {
            return "set aside \(result.setAside.map(\.text)), expected \(setAside)"
        }
        guard tasks.count == expected.count else {
            return "\(tasks.count) tasks \(tasks.map(\.title)), expected \(expected.count)"
        }
        var problems: [String] = []
        for (index, (want, got)) in zip(expected, tasks).enumerated() {
            if !want.titles.map(Self.normalizedTitle).contains(Self.normalizedTitle(got.title)) {
                problems.append("#\(index) title \"\(got.title)\" not in \(want.titles)")
            }
            if want.due != got.due?.iso {
                problems.append("#\(index) due \(got.due?.iso ?? "nil") != \(want.due ?? "nil")")
            }
            if want.list?.lowercased() != got.list?.lowercased() {
                problems.append("#\(index) list \(got.list ?? "nil") != \(want.list ?? "nil")")
            }
            if want.priority != got.priority {
                problems.append(
                    "#\(index) priority \(got.priority.map(String.init) ?? "nil") != \(want.priority.map(String.init) ?? "nil")"
                )
            }
            if want.labels != Set(got.labels.map { $0.lowercased() }) {
                problems.append("#\(index) labels \(got.labels)")
            }
            if Self.normalizedRule(want.recurrence) != Self.normalizedRule(got.recurrence?.rrule) {
                problems.append("#\(index) recurrence \(got.recurrence?.rrule ?? "nil") != \(want.recurrence ?? "nil")")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Lower-case, apostrophes dropped, other punctuation as spaces, articles and "my" dropped.
    static func normalizedTitle(_ title: String) -> String {
        let folded = title.lowercased().replacingOccurrences(of: "'", with: "").replacingOccurrences(
            of: "\u{2019}", with: "")
        let spaced = String(folded.map { $0.isLetter || $0.isNumber || $0.isWhitespace ? $0 : " " })
        return spaced.split(separator: " ").filter { !["a", "an", "the", "my"].contains($0) }.joined(separator: " ")
    }

    static func normalizedRule(_ rule: String?) -> [String]? {
        guard let rule, !rule.isEmpty else { return nil }
        return rule.uppercased().replacingOccurrences(of: "RRULE:", with: "").split(separator: ";").compactMap { part in
            if part == "INTERVAL=1" { return nil }
            guard part.hasPrefix("BYDAY=") else { return String(part) }
            return "BYDAY=" + part.dropFirst(6).split(separator: ",").sorted().joined(separator: ",")
        }.sorted()
    }
}
