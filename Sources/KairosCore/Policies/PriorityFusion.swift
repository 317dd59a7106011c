import Foundation

/// Someone's message in a conversation, as the brief tells of it.
public struct ThreadMessageFact: Hashable, Sendable {
    /// The author's name.
    public var person: String
    /// The group's name; nil for a direct message.
    public var conversation: String?
    public var at: Date
    /// The message carries the task itself (its card, a notice about it, or the message it was made from);
    /// otherwise it was written in a conversation the task is shared in.
    public var isAboutTask: Bool

    public init(person: String, conversation: String?, at: Date, isAboutTask: Bool) {
        self.person = person
        self.conversation = conversation
        self.at = at
        self.isAboutTask = isAboutTask
    }
}

/// What is known about one of the user's open tasks when the brief ranks them; every field is a fact read
/// from the store, never a guess.
public struct TaskFacts: Hashable, Sendable {
    public var taskID: String
    /// Todoist's scale: 4 is p1, the most urgent.
    public var priority: Int
    public var due: Due?
    public var deadline: LocalDate?
    public var estimate: TaskDuration?
    /// The name of the person who assigned it to the user, when that was someone else.
    public var assignedBy: String?
    /// The latest message by someone else about the task or in a conversation it is shared in.
    public var latestMessage: ThreadMessageFact?
    /// The latest message by someone else that mentions the user, about the task or in a conversation it is
    /// shared in.
    public var latestMention: ThreadMessageFact?

    public init(
        taskID: String, priority: Int = 1, due: Due? = nil, deadline: LocalDate? = nil, estimate: TaskDuration? = nil,
        assignedBy: String? = nil, latestMessage: ThreadMessageFact? = nil, latestMention: ThreadMessageFact? = nil
    ) {
        self.taskID = taskID
        self.priority = priority
        self.due = due
        self.deadline = deadline
        self.estimate = estimate
        self.assignedBy = assignedBy
        self.latestMessage = latestMessage
        self.latestMention = latestMention
    }
}

/// One reason a task ranks where it does, with the points it gave.
public enum PriorityFactor: Hashable, Sendable {
    /// Its date has passed, `days` days ago.
    case stillOpen(days: Int)
    /// Due today, at a time or all day; `soon` when that time is within two hours or has passed.
    case dueToday(time: LocalTime?, soon: Bool)
    case dueTomorrow
    /// Due within the week, on that weekday.
    case dueThisWeek(Weekday)
    /// Its deadline is `days` days away (negative once it has passed).
    case deadline(days: Int, weekday: Weekday)
    /// Priority 1 to 3 (Todoist's p1-p3).
    case priority(Int)
    case assigned(by: String)
    case mentionedYou(ThreadMessageFact, minutesAgo: Int, daysAgo: Int)
    case discussed(ThreadMessageFact, minutesAgo: Int, daysAgo: Int)
    /// Its estimate takes at least half of the time left today.
    case fillsTheDay(estimate: TaskDuration, minutesLeft: Int)
}

/// A task's place in the ranking: its score, the factors that made it, strongest first, and the reason
/// they give in one line.
public struct RankedTask: Hashable, Sendable {
    public var taskID: String
    public var score: Int
    public var factors: [PriorityFactor]

    /// One line built from the (at most two) strongest factors: "Due today, and Sam mentioned it in Launch an
    /// hour ago". With none, the task's plain standing ("No date set").
    public var reason: String {
        let phrases = factors.prefix(2).map(PriorityFusion.phrase)
        guard let first = phrases.first else { return "On your list, with no date set" }
        let line = phrases.count == 2 ? "\(first), and \(phrases[1])" : first
        return line.prefix(1).uppercased() + line.dropFirst()
    }
}

/// The brief's Top 3: a pure, deterministic score over the user's open tasks (seed 000's "Priority
/// Fusion": due urgency and priority first, then who asked and how recently the task was talked about).
///
/// Points are fixed so that the order is explainable: a task due today at priority 1 (80 at least) always
/// beats an undated priority 4 task, whatever was said about it (48 at most). Equal scores keep id order.
public enum PriorityFusion {
    /// How many tasks the brief puts on top.
    public static let topCount = 3

    /// The `limit` best-ranked tasks, best first; equal scores in id order (the older first).
    public static func rank(
        _ tasks: [TaskFacts], now: Date, timeZone: TimeZone, limit: Int = topCount
    ) -> [RankedTask] {
        let today = LocalDate(now, in: timeZone)
        let context = Context(now: now, timeZone: timeZone, today: today, endOfToday: today.adding(days: 1).startOfDay(in: timeZone))
        // Scores are cheap and most tasks score nothing: keep only the best `limit` while scanning.
        var best: [(score: Int, facts: TaskFacts)] = []
        for facts in tasks {
            let score = factors(of: facts, context).reduce(0) { $0 + points($1) }
            let candidate = (score: score, facts: facts)
            if best.count == limit, let last = best.last, !ranksBefore(candidate, last) { continue }
            let place = best.firstIndex { ranksBefore(candidate, $0) } ?? best.endIndex
            best.insert(candidate, at: place)
            if best.count > limit { best.removeLast() }
        }
        return best.map { entry in
            let found = factors(of: entry.facts, context).sorted { points($0) > points($1) }
            return RankedTask(taskID: entry.facts.taskID, score: entry.score, factors: found)
        }
    }

    /// Whether `a` comes before `b`: the higher score, then the lower id (numerically when both are numbers).
    static func ranksBefore(_ a: (score: Int, facts: TaskFacts), _ b: (score: Int, facts: TaskFacts)) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let (x, y) = (a.facts.taskID, b.facts.taskID)
        return x.count != y.count ? x.count < y.count : x < y
    }

    struct Context {
        let now: Date
        let timeZone: TimeZone
        let today: LocalDate
        let endOfToday: Date
    }

    /// Every factor that applies to the task, in a fixed order (which also breaks ties between equal points).
    static func factors(of task: TaskFacts, _ context: Context) -> [PriorityFactor] {
        var found: [PriorityFactor] = []
        var dueDate: LocalDate?
        if let due = task.due {
            let instant = due.instant(fallback: context.timeZone)
            let date = instant.map { LocalDate($0, in: context.timeZone) } ?? due.date
            dueDate = date
            let days = LocalDate.daysBetween(context.today, date)
            switch days {
            case ..<0: found.append(.stillOpen(days: -days))
            case 0:
                let time = instant.map { LocalTime($0, in: context.timeZone) }
                let soon = instant.map { $0.timeIntervalSince(context.now) <= 2 * 3600 } ?? false
                found.append(.dueToday(time: time, soon: soon))
            case 1: found.append(.dueTomorrow)
            case 2...6: found.append(.dueThisWeek(date.weekday))
            default: break
            }
        }
        if let deadline = task.deadline {
            let days = LocalDate.daysBetween(context.today, deadline)
            if days <= 6 { found.append(.deadline(days: days, weekday: deadline.weekday)) }
        }
        if let mention = task.latestMention, let ago = age(of: mention, context) {
            found.append(.mentionedYou(mention, minutesAgo: ago.minutes, daysAgo: ago.days))
        }
        // The mention already tells of its message.
        if let message = task.latestMessage, message != task.latestMention, let ago = age(of: message, context) {
            found.append(.discussed(message, minutesAgo: ago.minutes, daysAgo: ago.days))
        }
        if let person = task.assignedBy { found.append(.assigned(by: person)) }
        if (2...4).contains(task.priority) { found.append(.priority(5 - task.priority)) }
        if let estimate = task.estimate, let dueDate, dueDate <= context.today {
            let minutesLeft = Int(context.endOfToday.timeIntervalSince(context.now) / 60)
            if minutes(of: estimate) * 2 >= minutesLeft {
                found.append(.fillsTheDay(estimate: estimate, minutesLeft: minutesLeft))
            }
        }
        return found
    }

    /// How long ago a message was, if it is recent enough to count (three days).
    static func age(of message: ThreadMessageFact, _ context: Context) -> (minutes: Int, days: Int)? {
        let minutes = Int(context.now.timeIntervalSince(message.at) / 60)
        guard (0..<heatWindowMinutes).contains(minutes) else { return nil }
        return (minutes, LocalDate.daysBetween(LocalDate(message.at, in: context.timeZone), context.today))
    }

    /// Messages older than this give no heat.
    public static let heatWindowMinutes = 3 * 24 * 60

    static func minutes(of estimate: TaskDuration) -> Int {
        switch estimate.unit {
        case .minute: estimate.amount
        case .day: estimate.amount * 24 * 60
        }
    }

    /// The points a factor gives.
    public static func points(_ factor: PriorityFactor) -> Int {
        switch factor {
        // Gentle: an older date weighs a little more, never without bound.
        case .stillOpen(let days): 52 + min(days, 6)
        case .dueToday(_, let soon): soon ? 56 : 50
        case .dueTomorrow: 25
        case .dueThisWeek: 10
        case .deadline(let days, _):
            switch days {
            case ..<0: 52 + min(-days, 6)
            case 0: 50
            case 1: 25
            default: 10
            }
        case .priority(let level): [30, 20, 10][level - 1]
        case .assigned: 12
        case .mentionedYou(_, let minutes, _): heat(24, minutes)
        case .discussed(_, let minutes, _): heat(12, minutes)
        case .fillsTheDay: 8
        }
    }

    /// The full boost within the hour, halving at 6 hours, a day and three days.
    static func heat(_ full: Int, _ minutes: Int) -> Int {
        switch minutes {
        case ..<60: full
        case ..<360: full / 2
        case ..<1440: full / 4
        default: full / 8
        }
    }

    /// The factor in words, starting in lower case unless with a name.
    public static func phrase(_ factor: PriorityFactor) -> String {
        switch factor {
        case .stillOpen(let days):
            return days == 1 ? "still on your list from yesterday" : "still on your list from \(days) days ago"
        case .dueToday(let time, _):
            return time.map { "due today at \($0.hourMinute)" } ?? "due today"
        case .dueTomorrow:
            return "due tomorrow"
        case .dueThisWeek(let weekday):
            return "due \(weekday.name.capitalized)"
        case .deadline(let days, let weekday):
            switch days {
            case ..<0: return "its deadline has passed"
            case 0: return "its deadline is today"
            case 1: return "its deadline is tomorrow"
            default: return "its deadline is \(weekday.name.capitalized)"
            }
        case .priority(let level):
            return "priority \(level)"
        case .assigned(let person):
            return "\(person) assigned it to you"
        case .mentionedYou(let message, let minutes, let days):
            let place = message.conversation.map { " in \($0)" } ?? ""
            let when = ago(minutes: minutes, days: days)
            if message.isAboutTask { return "\(message.person) mentioned you about it\(place) \(when)" }
            return message.conversation.map { "\(message.person) mentioned you in \($0), where it is shared, \(when)" }
                ?? "\(message.person) mentioned you where it is shared \(when)"
        case .discussed(let message, let minutes, let days):
            let when = ago(minutes: minutes, days: days)
            if message.isAboutTask {
                return message.conversation.map { "\(message.person) mentioned it in \($0) \(when)" }
                    ?? "\(message.person) mentioned it to you \(when)"
            }
            return message.conversation.map { "\(message.person) wrote in \($0), where it is shared, \(when)" }
                ?? "\(message.person) wrote to you where it is shared \(when)"
        case .fillsTheDay(let estimate, let minutesLeft):
            return "it needs about \(amount(estimate)), with \(left(minutesLeft)) of today left"
        }
    }

    /// "just now", "5 minutes ago", "an hour ago", "3 hours ago", "yesterday", "2 days ago".
    static func ago(minutes: Int, days: Int) -> String {
        switch minutes {
        case ..<1: return "just now"
        case 1: return "a minute ago"
        case ..<60: return "\(minutes) minutes ago"
        case ..<120: return "an hour ago"
        case ..<(24 * 60) where days == 0: return "\(minutes / 60) hours ago"
        default: return days <= 1 ? "yesterday" : "\(days) days ago"
        }
    }

    static func amount(_ estimate: TaskDuration) -> String {
        switch estimate.unit {
        case .day: return estimate.amount == 1 ? "a day" : "\(estimate.amount) days"
        case .minute where estimate.amount < 60: return "\(estimate.amount) min"
        case .minute:
            let (hours, rest) = estimate.amount.quotientAndRemainder(dividingBy: 60)
            return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
        }
    }

    static func left(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "about \((minutes + 30) / 60) h"
    }
}
