import Foundation
import KairosCore

/// How conversations and messages read in the terminal.
struct ThreadText {
    let me: User
    let conversation: Conversation?

    /// A group's name, or the other person's name in a direct message.
    static func title(of conversation: Conversation, for me: User) -> String {
        if let name = conversation.name { return name }
        return conversation.members.first { $0.userID != me.id }?.name ?? "(just you)"
    }

    /// `14:05 Bob: text`, `14:06 · Ada completed "Report"`, `14:07 Ada shared [ ] Report (due 2026-03-10)`.
    func line(_ message: Message) -> String {
        let time = Self.clock(message.createdAt, in: me.timeZone)
        let edited = message.editedAt == nil ? "" : " (edited)"
        switch message.kind {
        case .system:
            return "\(time) · \(message.text)"
        case .taskCard:
            return "\(time) \(author(of: message)) shared \(card(message))"
        case .text:
            return "\(time) \(author(of: message)): \(message.text)\(edited)"
        }
    }

    private func author(of message: Message) -> String {
        guard let id = message.authorID else { return "Kairos" }
        if id == me.id { return "You" }
        return conversation?.members.first { $0.userID == id }?.name ?? "someone who left"
    }

    private func card(_ message: Message) -> String {
        guard let task = message.task else { return "a task that was deleted (\(message.text))" }
        let box = task.isCompleted ? "[x]" : "[ ]"
        let due = task.dueDate.map { " (due \($0))" } ?? ""
        return "\(box) \(task.content)\(due) #\(task.id)"
    }

    /// `HH:MM` today, `YYYY-MM-DD HH:MM` otherwise, in the user's zone.
    static func clock(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let day = LocalDate(instant, in: zone)
        return day == LocalDate.today(in: zone, now: Date()) ? time : "\(day.iso) \(time)"
    }
}
