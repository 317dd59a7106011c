import Foundation

/// The daily brief's rules: whose tasks it speaks of, how it greets, and how gently it words what is left
/// from before (seed 004: "Still on your list", never "Overdue").
public enum DailyBriefRules {
    /// A task is the user's to do when it is assigned to them, or to nobody; tasks assigned only to others
    /// stay out of their brief though they can see them.
    public static func isOnTheirPlate(_ task: TaskItem, userID: String) -> Bool {
        task.assigneeIDs.isEmpty || task.assigneeIDs.contains(userID)
    }

    /// The same rule over what the ranking reads of a task.
    public static func isOnTheirPlate(assignedToThem: Bool, hasAssignees: Bool) -> Bool {
        !hasAssignees || assignedToThem
    }

    /// "Good morning, Ada", by the hour on the user's own clock (as the web app's Home says it).
    public static func greeting(name: String, now: Date, timeZone: TimeZone) -> String {
        let hour = LocalTime(now, in: timeZone).hour
        let part = hour < 5 ? "Good evening" : hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening"
        let firstName = name.split(separator: " ").first.map(String.init) ?? name
        return firstName.isEmpty ? part : "\(part), \(firstName)"
    }

    /// The day whose brief is due at `now`, if one is: today in the user's zone, when it is one of their
    /// workdays, their brief time has come, and today's brief was not sent yet. A day whose brief time came
    /// before the account existed gets none, so signing up never brings an instant brief.
    public static func briefDue(
        workdays: [Weekday], at briefTime: LocalTime, in timeZone: TimeZone, since createdAt: Date,
        lastSent: LocalDate?, now: Date
    ) -> LocalDate? {
        let today = LocalDate(now, in: timeZone)
        guard workdays.contains(today.weekday), lastSent.map({ $0 < today }) ?? true else { return nil }
        let moment = today.at(briefTime, in: timeZone)
        return now >= moment && moment >= createdAt ? today : nil
    }

    /// A task from before today, in words that do not scold: "Still on your list from yesterday".
    public static func stillOpenNote(dueDate: LocalDate, today: LocalDate) -> String {
        let days = LocalDate.daysBetween(dueDate, today)
        return switch days {
        case ...0: "Still on your list"
        case 1: "Still on your list from yesterday"
        default: "Still on your list from \(days) days ago"
        }
    }

    /// Kairos' own opening for a brief, from its facts alone: what is due, what is still open, where to start,
    /// who is waiting, yesterday's tracked time and today's reminders. "3 tasks are due today, and 1 is still
    /// on your list from before. Start with “Send the deck”. 2 new mentions wait for you."
    public static func opening(of brief: DailyBrief) -> String {
        var sentences: [String] = []
        let (due, still) = (brief.today.count, brief.stillOpen.count)
        let stillPart = still == 0 ? "" : ", and \(still) \(still == 1 ? "is" : "are") still on your list from before"
        if due == 0 {
            sentences.append(still == 0 ? "Nothing is due today." : "Nothing new is due today\(stillPart).")
        } else {
            sentences.append("\(count(due, "task")) \(due == 1 ? "is" : "are") due today\(stillPart).")
        }
        if let first = brief.topThree.first { sentences.append("Start with \u{201C}\(first.task.content)\u{201D}.") }
        let mentions = brief.mentions.count
        if mentions > 0 {
            sentences.append("\(count(mentions, "new mention")) \(mentions == 1 ? "waits" : "wait") for you.")
        }
        let minutes = brief.trackedYesterday.seconds / 60
        if minutes > 0 {
            let spent = minutes < 60 ? "\(minutes) min" : minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
            sentences.append("Yesterday you tracked \(spent).")
        }
        let reminders = brief.reminders.count
        if reminders > 0 {
            sentences.append("\(count(reminders, "reminder")) \(reminders == 1 ? "goes" : "go") off today.")
        }
        return sentences.joined(separator: " ")
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }
}
