import KairosCore

/// The offline assistant's words: the sentence each answer opens with, before its cards.
public enum AssistantReplyText {
    /// Reminders proposed, or already added when the user lets the assistant add without asking (seed 003's
    /// "Here's what I've scheduled:").
    /// `added` of the `count` were added at once ("add without asking"); the rest wait for the user's tap.
    public static func reminders(count: Int, added: Int) -> String {
        if added > 0, added == count {
            return count == 1
                ? "I've set up a reminder based on your request. Here's what I've scheduled:"
                : "I've set up \(count) reminders based on your request. Here's what I've scheduled:"
        }
        if added > 0 {
            return "I've set up \(added) of \(count) reminders; the others couldn't be added, so add them yourself:"
        }
        return count == 1
            ? "Here's the reminder I'd set up. Add it to schedule it:"
            : "Here are the \(count) reminders I'd set up. Add them to schedule them:"
    }

    /// A list made of the items the user named, never invented ones.
    public static func list(title: String, items: [String], suggested: Int = 0) -> String {
        if suggested > 0 {
            let named = items.isEmpty ? "" : " with the \(items.count == 1 ? "item" : "\(items.count) items") you named"
            let ideas = suggested == 1 ? "1 suggestion" : "\(suggested) suggestions"
            return "Here's \"\(title)\"\(named), and \(ideas) to keep or drop. Add it to keep it as a task with "
                + "subtasks."
        }
        guard !items.isEmpty else {
            return "Here's \"\(title)\". You didn't name any items yet: tell me what goes on it, or add it and fill "
                + "it in yourself."
        }
        let named = items.count == 1 ? "1 item" : "\(items.count) items"
        return "Here's \"\(title)\" with \(named): \(series(items.map(lowercasedFirst))). Add it to keep it as a "
            + "task with subtasks."
    }

    /// A date in words: "Friday, March 6", with the year when it is not `today`'s.
    public static func date(_ date: LocalDate, today: LocalDate) -> String {
        let weekday = ListDirectory.capitalizeFirst(date.weekday.name)
        let day = "\(weekday), \(monthNames[date.month - 1]) \(date.day)"
        return date.year == today.year ? day : "\(day), \(date.year)"
    }

    /// The answer to a date question.
    public static func dateAnswer(_ date: LocalDate, today: LocalDate) -> String {
        date == today ? "Today is \(self.date(date, today: today))." : "That's \(self.date(date, today: today))."
    }

    /// The answer to a question about the user's tasks, before the card listing them.
    public static func tasks(_ question: AssistantTaskQuestion, count: Int, today: LocalDate) -> String {
        let tasks = count == 1 ? "1 task" : "\(count) tasks"
        switch question {
        case .overdue:
            return count == 0 ? "Nothing is overdue. You're all caught up." : "You have \(tasks) overdue:"
        case .due(let period):
            let when = words(period, today: today)
            return count == 0 ? "Nothing is due \(when)." : "You have \(tasks) due \(when):"
        case .completed(let period):
            let when = words(period, today: today)
            return count == 0 ? "You haven't completed any tasks \(when)." : "You completed \(tasks) \(when):"
        }
    }

    public static let greeting =
        "Hi! Tell me what to remember (\"remind me to call mom friday at 5\"), ask for a list, or ask what's due."
    public static let thanks = "You're welcome!"
    /// What the offline assistant says to what it cannot answer: what it can do, and what a model would add.
    public static let offline =
        "I answer offline here, so I can't chat about that. I can schedule reminders (\"remind me to call mom "
        + "friday at 5\"), make lists (\"make a packing list: sunscreen, towels\"), tell you dates (\"what day is "
        + "March 6\") and answer what's due, overdue or done. With a model configured on this server I could answer "
        + "more."

    /// The offline answer to someone who keeps their data from the server's model.
    public static let offlineByChoice =
        "You've kept your data from this server's AI model, so I answer offline and can't chat about that. I can "
        + "schedule reminders, make lists, tell you dates and answer what's due, overdue or done. Turn on \"Use the "
        + "server's AI model with my data\" in Settings for more."

    // MARK: Helpers

    /// The period as an answer says it: "today", "tomorrow", "this week", "on Friday, March 6".
    static func words(_ period: AssistantPeriod, today: LocalDate) -> String {
        switch period.name {
        case .today: "today"
        case .tomorrow: "tomorrow"
        case .yesterday: "yesterday"
        case .thisWeek: "this week"
        case .nextWeek: "next week"
        case .lastWeek: "last week"
        case .day: "on \(date(period.first, today: today))"
        }
    }

    /// "a, b and c".
    static func series(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// An item as it reads inside a sentence: its first letter lower-cased unless the word is a name or acronym.
    static func lowercasedFirst(_ item: String) -> String {
        let firstWord = item.prefix { $0 != " " }
        guard firstWord.count > 1, firstWord.dropFirst().allSatisfy({ $0.isLowercase || !$0.isLetter }) else {
            return item
        }
        return item.prefix(1).lowercased() + item.dropFirst()
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
