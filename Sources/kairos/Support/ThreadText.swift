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

    /// The message's line, then one indented line per attached file:
    /// `14:05 Bob: the view` and `      attached: view.png (image/png, 1.2 MB) #57`.
    func lines(_ message: Message) -> [String] {
        [line(message)]
            + message.attachments.map { file in
                "      attached: \(file.name) (\(file.mediaType.mimeType), \(Self.size(file.size))) #\(file.id)"
            }
    }

    /// `14:05 Bob: text`, `14:06 · Ada completed "Report"`, `14:07 Ada shared [ ] Report (due 2026-03-10)`.
    private func line(_ message: Message) -> String {
        let time = Self.clock(message.createdAt, in: me.timeZone)
        let edited = message.editedAt == nil ? "" : " (edited)"
        switch message.kind {
        case .system:
            return "\(time) · \(message.text)"
        case .taskCard:
            return "\(time) \(author(of: message)) shared \(card(message))"
        case .text where message.text.isEmpty:
            let count = message.attachments.count
            return "\(time) \(author(of: message)) sent \(count == 1 ? "a file" : "\(count) files")\(edited)"
        case .text:
            return "\(time) \(author(of: message)): \(message.text)\(edited)"
        }
    }

    private func author(of message: Message) -> String {
        // Only the messages of an account that was deleted have lost their author.
        guard let id = message.authorID else { return message.kind == .system ? "Kairos" : DeletedUser.name }
        if id == me.id { return "You" }
        return conversation?.members.first { $0.userID == id }?.name ?? "someone who left"
    }

    private func card(_ message: Message) -> String {
        guard let task = message.task else { return "a task that was deleted (\(message.text))" }
        let box = task.isCompleted ? "[x]" : "[ ]"
        let due = task.dueDate.map { " (due \($0))" } ?? ""
        return "\(box) \(task.content)\(due) #\(task.id)"
    }

    /// A file size in bytes, KB or MB (powers of 1,000, as file managers show them).
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_000: "\(bytes) B"
        case ..<1_000_000: String(format: "%.0f KB", Double(bytes) / 1_000)
        default: String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }
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
