import Foundation
import KairosCapture
import KairosCore
import Testing

/// The worked threads of the action rules, scored the way `score-actions.py` scores them: action F1 and the share
/// of threads answered exactly.
@Suite struct ActionDevSetTests {
    @Test(arguments: ["actions-dev", "actions-more"])
    func actionF1IsAtLeast90PercentAndThreadExactAtLeast80Percent(fixture: String) throws {
        let threads = try WorkedThread.load(fixture)
        let engine = ActionEngine()
        var score = ActionScore()
        var failures: [String] = []
        for worked in threads {
            let predicted = engine.actions(in: worked.thread)
            if let problem = score.add(gold: worked.expected, predicted: predicted) {
                failures.append("\(worked.id): \(problem)")
            }
        }
        let report =
            "f1 \(score.f1), thread-exact \(score.threadExact) on \(fixture):\n" + failures.joined(separator: "\n")
        #expect(threads.count >= 12)
        #expect(score.f1 >= 0.90, Comment(rawValue: report))
        #expect(score.threadExact >= 0.80, Comment(rawValue: report))
    }

    @Test func theScorerMatchesTitlesAsTheRulesDo() {
        #expect(ActionScore.titleMatches(["Send me the invoice"], "send me the invoice."))
        #expect(ActionScore.titleMatches(["Buy the tree"], "Buy my tree"))
        #expect(
            ActionScore.titleMatches(["Post the new opening hours on instagram"], "Post new opening hours on instagram")
        )
        #expect(!ActionScore.titleMatches(["Send the deck"], "Send the notes"))
    }
}

/// One line of a worked-thread file: the thread and the actions the rules give it.
struct WorkedThread {
    struct Expected {
        var titles: [String]
        var assignee: String?
        var due: String?
        var message: Int
    }

    var id: String
    var thread: ActionThread
    var expected: [Expected]

    static func load(_ name: String) throws -> [WorkedThread] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "jsonl", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try WorkedThread(line: String($0)) }
    }

    init(line: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        id = try #require(object["id"] as? String)
        let zoneName = try #require(object["tz"] as? String)
        let zone = try #require(TimeZone(identifier: zoneName))
        let names = try #require(object["members"] as? [String])
        let messages = try #require(object["messages"] as? [[String: Any]])
        thread = ActionThread(
            members: names.map { ActionMember(id: $0, name: $0) },
            messages: try messages.map { message in
                let sender = try #require(message["sender"] as? String)
                let ts = try #require(message["ts"] as? String)
                let sentAt = try #require(LocalDateTime(iso: ts))
                let text = try #require(message["text"] as? String)
                return ActionMessage(senderID: sender, sentAt: sentAt, text: text)
            },
            timeZone: zone)
        let actions = try #require((object["expected"] as? [String: Any])?["actions"] as? [[String: Any]])
        expected = try actions.map { action in
            let titles = try #require(action["title"] as? [String])
            let message = try #require(action["message"] as? Int)
            return Expected(
                titles: titles, assignee: action["assignee"] as? String, due: action["due"] as? String, message: message
            )
        }
    }
}

/// The scorer's counts: actions matched one-to-one by message and title, and threads answered exactly.
struct ActionScore {
    private(set) var predicted = 0
    private(set) var gold = 0
    private(set) var matched = 0
    private(set) var threads = 0
    private(set) var exactThreads = 0

    var f1: Double {
        let precision = predicted == 0 ? 0 : Double(matched) / Double(predicted)
        let recall = gold == 0 ? 0 : Double(matched) / Double(gold)
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    var threadExact: Double { threads == 0 ? 0 : Double(exactThreads) / Double(threads) }

    /// Counts one thread; nil when it is exact, else what differs.
    mutating func add(gold expected: [WorkedThread.Expected], predicted actions: [ActionItem]) -> String? {
        threads += 1
        gold += expected.count
        predicted += actions.count
        let pairs = Self.bestMatching(expected, actions)
        matched += pairs.count
        var problems: [String] = []
        for (goldIndex, predictedIndex) in pairs {
            let want = expected[goldIndex]
            let got = actions[predictedIndex]
            if want.assignee?.lowercased() != got.assignee?.name.lowercased() {
                problems.append("\"\(got.title)\" assignee \(got.assignee?.name ?? "nil") != \(want.assignee ?? "nil")")
            }
            if want.due != got.due?.iso {
                problems.append("\"\(got.title)\" due \(got.due?.iso ?? "nil") != \(want.due ?? "nil")")
            }
        }
        let matchedGold = Set(pairs.map(\.0))
        let matchedPredicted = Set(pairs.map(\.1))
        for (index, want) in expected.enumerated() where !matchedGold.contains(index) {
            problems.append("missing [\(want.message)] \"\(want.titles[0])\"")
        }
        for (index, got) in actions.enumerated() where !matchedPredicted.contains(index) {
            problems.append("extra [\(got.message)] \"\(got.title)\" -> \(got.assignee?.name ?? "nil")")
        }
        let valid = actions.allSatisfy { (0...1).contains($0.confidence) && !$0.title.isEmpty }
        guard problems.isEmpty, valid else { return problems.joined(separator: "; ") }
        exactThreads += 1
        return nil
    }

    /// The largest one-to-one matching of gold to predicted actions with the same message and a matching title.
    static func bestMatching(_ expected: [WorkedThread.Expected], _ actions: [ActionItem]) -> [(Int, Int)] {
        let options = expected.map { want in
            actions.indices.filter {
                actions[$0].message == want.message && titleMatches(want.titles, actions[$0].title)
            }
        }
        var best: [(Int, Int)] = []
        var pairs: [(Int, Int)] = []
        var used = Set<Int>()
        func search(_ goldIndex: Int) {
            if pairs.count > best.count { best = pairs }
            guard goldIndex < expected.count else { return }
            for option in options[goldIndex] where !used.contains(option) {
                used.insert(option)
                pairs.append((goldIndex, option))
                search(goldIndex + 1)
                pairs.removeLast()
                used.remove(option)
            }
            search(goldIndex + 1)
        }
        search(0)
        return best
    }

    /// Equal after the capture scorer's normalisation, or token-set F1 of at least 0.7 with an accepted title.
    static func titleMatches(_ accepted: [String], _ title: String) -> Bool {
        let normalized = WorkedCase.normalizedTitle(title)
        if !normalized.isEmpty, accepted.contains(where: { WorkedCase.normalizedTitle($0) == normalized }) {
            return true
        }
        let got = tokens(title)
        return accepted.contains { alternative in
            let want = tokens(alternative)
            guard !want.isEmpty, !got.isEmpty else { return false }
            return 2 * Double(want.intersection(got).count) / Double(want.count + got.count) >= 0.7
        }
    }

    private static func tokens(_ text: String) -> Set<String> {
        let folded = text.lowercased().replacingOccurrences(of: "'", with: "").replacingOccurrences(
            of: "\u{2019}", with: "")
        let spaced = String(folded.map { $0.isLetter || $0.isNumber || $0.isWhitespace ? $0 : " " })
        return Set(spaced.split(separator: " ").map(String.init).filter { !["a", "an", "the"].contains($0) })
    }
}
