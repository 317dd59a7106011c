import Foundation
import Testing

@testable import KairosCore

@Suite("Priority fusion: the brief's Top 3")
struct PriorityFusionTests {
    static let york = TimeZone(identifier: "America/New_York")!
    /// Wednesday 2026-03-04, 09:30 in New York.
    static let now = Date(timeIntervalSince1970: 1_772_634_600)
    static let today = LocalDate(year: 2026, month: 3, day: 4)!

    static func due(_ days: Int, at time: LocalTime? = nil) -> Due {
        Due(date: today.adding(days: days), time: time, timezone: time == nil ? nil : "America/New_York", string: "d")
    }

    static func message(_ person: String, _ minutesAgo: Double, in conversation: String? = "Launch", about: Bool = true)
        -> ThreadMessageFact
    {
        ThreadMessageFact(
            person: person, conversation: conversation, at: now.addingTimeInterval(-minutesAgo * 60),
            isAboutTask: about)
    }

    static func rank(_ tasks: [TaskFacts], limit: Int = 3) -> [RankedTask] {
        PriorityFusion.rank(tasks, now: now, timeZone: york, limit: limit)
    }

    /// A reproducible random task: each fact present or not, from a seeded generator.
    static func randomTask(_ id: Int, _ generator: inout SeededGenerator) -> TaskFacts {
        let people = ["Sam", "Ben", "Alex"]
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &generator) ? make() : nil }
        return TaskFacts(
            taskID: String(id),
            priority: Int.random(in: 1...4, using: &generator),
            due: maybe { due(Int.random(in: -10...10, using: &generator)) },
            deadline: maybe { today.adding(days: Int.random(in: -3...9, using: &generator)) },
            estimate: maybe { TaskDuration(amount: Int.random(in: 5...900, using: &generator), unit: .minute) },
            assignedBy: maybe { people.randomElement(using: &generator)! },
            latestMessage: maybe {
                message(
                    people.randomElement(using: &generator)!, Double.random(in: 0...6000, using: &generator),
                    in: Bool.random(using: &generator) ? "Launch" : nil, about: Bool.random(using: &generator))
            },
            latestMention: maybe {
                message(people.randomElement(using: &generator)!, Double.random(in: 0...6000, using: &generator))
            })
    }

    @Test("A task due today at priority 1 beats an undated priority 4 task, whatever else is true of either")
    func dueTodayP1BeatsUndatedP4() {
        var generator = SeededGenerator(seed: 1)
        for round in 0..<500 {
            var urgent = Self.randomTask(2 * round + 1, &generator)
            urgent.priority = 4
            urgent.due = Self.due(0)
            var idle = Self.randomTask(2 * round, &generator)
            idle.priority = 1
            idle.due = nil
            idle.deadline = nil
            let ranked = Self.rank([idle, urgent], limit: 2)
            #expect(ranked.map(\.taskID) == [urgent.taskID, idle.taskID], "\(urgent) vs \(idle)")
        }
    }

    @Test("A mention of the user about a task in the last hour gives it the heat boost, and the reason says so")
    func recentMentionHeats() throws {
        let plain = TaskFacts(taskID: "1", priority: 2, due: Self.due(1))
        var mentioned = plain
        mentioned.taskID = "2"
        mentioned.latestMention = Self.message("Sam", 40)
        let ranked = Self.rank([plain, mentioned])
        #expect(ranked.map(\.taskID) == ["2", "1"])
        #expect(ranked[0].score - ranked[1].score == 24)
        #expect(ranked[0].reason == "Due tomorrow, and Sam mentioned you about it in Launch 40 minutes ago")

        // Older mentions warm less, and after three days not at all.
        var yesterday = plain
        yesterday.latestMention = Self.message("Sam", 20 * 60)
        var lastWeek = plain
        lastWeek.latestMention = Self.message("Sam", 7 * 24 * 60)
        let base = try #require(Self.rank([plain]).first).score
        #expect(try #require(Self.rank([yesterday]).first).score - base == 6)
        #expect(try #require(Self.rank([lastWeek]).first).score == base)
    }

    @Test("The reason is built from the factors that won", arguments: [
        (
            TaskFacts(taskID: "1", due: due(0), latestMessage: message("Sam", 70)),
            "Due today, and Sam mentioned it in Launch an hour ago"
        ),
        (TaskFacts(taskID: "1", priority: 4, due: due(-1)), "Still on your list from yesterday, and priority 1"),
        (TaskFacts(taskID: "1", due: due(-3), assignedBy: "Ben"), "Still on your list from 3 days ago, and Ben assigned it to you"),
        (
            TaskFacts(taskID: "1", due: due(0, at: LocalTime(hour: 11, minute: 0)), estimate: TaskDuration(amount: 9, unit: .day)),
            "Due today at 11:00, and it needs about 9 days, with about 15 h of today left"
        ),
        (
            TaskFacts(taskID: "1", deadline: today.adding(days: 2), latestMessage: message("Alex", 5, in: nil, about: false)),
            "Alex wrote to you where it is shared 5 minutes ago, and its deadline is Friday"
        ),
        (TaskFacts(taskID: "1"), "On your list, with no date set"),
    ])
    func reasons(task: TaskFacts, reason: String) throws {
        #expect(try #require(Self.rank([task]).first).reason == reason)
    }

    @Test("Reasons name only true facts: each phrase comes from a fact the task has")
    func reasonsAreTrue() throws {
        var generator = SeededGenerator(seed: 7)
        let tasks = (1...400).map { Self.randomTask($0, &generator) }
        let byID = Dictionary(uniqueKeysWithValues: tasks.map { ($0.taskID, $0) })
        for ranked in Self.rank(tasks, limit: 400) {
            let task = try #require(byID[ranked.taskID])
            let reason = ranked.reason
            let dueDays = task.due.map { LocalDate.daysBetween(Self.today, $0.date) }
            if reason.contains("ue today") { #expect(dueDays == 0) }
            if reason.contains("ue tomorrow") { #expect(dueDays == 1) }
            if reason.contains("till on your list") { #expect((dueDays ?? 0) < 0) }
            if reason.contains("priority") { #expect(task.priority > 1 && reason.contains("priority \(5 - task.priority)")) }
            if reason.contains("deadline") { #expect(task.deadline != nil) }
            if reason.contains("assigned it to you") { #expect(reason.contains("\(task.assignedBy!) assigned")) }
            if reason.contains("mentioned you") { #expect(reason.contains("\(task.latestMention!.person) mentioned you")) }
            if reason.contains("mentioned it") || reason.contains("wrote") {
                #expect(reason.contains(task.latestMessage!.person))
            }
            if reason.contains("Launch") {
                #expect(task.latestMessage?.conversation == "Launch" || task.latestMention?.conversation == "Launch")
            }
            if reason.contains("needs about") { #expect(task.estimate != nil && (dueDays ?? 1) <= 0) }
            // The points add up to the score, and the reason's factors are the strongest.
            #expect(ranked.factors.map(PriorityFusion.points).reduce(0, +) == ranked.score)
            #expect(ranked.factors.map(PriorityFusion.points) == ranked.factors.map(PriorityFusion.points).sorted(by: >))
        }
    }

    @Test("The same tasks in any order give the same ranking; equal scores keep id order")
    func deterministic() {
        var generator = SeededGenerator(seed: 3)
        let tasks = (1...300).map { Self.randomTask($0, &generator) }
        let expected = Self.rank(tasks, limit: 300)
        for _ in 0..<20 {
            #expect(Self.rank(tasks.shuffled(using: &generator), limit: 300) == expected)
        }
        #expect(Self.rank(tasks.shuffled(using: &generator)) == Array(expected.prefix(3)))
        for (a, b) in zip(expected, expected.dropFirst()) {
            #expect(a.score > b.score || (a.score == b.score && Int(a.taskID)! < Int(b.taskID)!))
        }

        let equal = ["10", "9", "100", "11"].map { TaskFacts(taskID: $0, due: Self.due(0)) }
        #expect(Self.rank(equal.shuffled(using: &generator), limit: 4).map(\.taskID) == ["9", "10", "11", "100"])
    }

    @Test("Still-open wording is gentle and the greeting follows the user's clock")
    func wording() {
        #expect(DailyBriefRules.stillOpenNote(dueDate: Self.today.adding(days: -1), today: Self.today)
            == "Still on your list from yesterday")
        #expect(DailyBriefRules.stillOpenNote(dueDate: Self.today.adding(days: -4), today: Self.today)
            == "Still on your list from 4 days ago")
        #expect(DailyBriefRules.greeting(name: "Ada Lovelace", now: Self.now, timeZone: Self.york) == "Good morning, Ada")
        #expect(DailyBriefRules.greeting(name: "Ada", now: Self.now, timeZone: .gmt) == "Good afternoon, Ada")
    }
}

/// A small deterministic generator (SplitMix64), so a failing property names a reproducible case.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
