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
}
