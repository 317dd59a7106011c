import Foundation

/// What is known of a notification when it leaves: its feed entry and the names it speaks of.
public struct NoticeFacts: Sendable, Equatable {
    public var notificationID: String
    public var kind: AppNotification.Kind
    /// The feed's sentence for it (`NotificationText`).
    public var text: String
    public var taskID: String?
    public var taskContent: String?
    public var conversationID: String?
    public var messageID: String?
    public var createdAt: Date

    public init(
        notificationID: String, kind: AppNotification.Kind, text: String, taskID: String? = nil,
        taskContent: String? = nil, conversationID: String? = nil, messageID: String? = nil, createdAt: Date
    ) {
        self.notificationID = notificationID
        self.kind = kind
        self.text = text
        self.taskID = taskID
        self.taskContent = taskContent
        self.conversationID = conversationID
        self.messageID = messageID
        self.createdAt = createdAt
    }
}

extension Notice {
    /// The notice for a notification: a reminder names its task and asks nothing ("Whenever you're ready"),
    /// and can be done or snoozed from where it shows; the others say what the feed says.
    public init(_ facts: NoticeFacts) {
        let title: String
        let body: String
        switch facts.kind {
        case .reminder:
            title = facts.taskContent ?? NotificationText.noticeTitle(of: .reminder)
            body = NotificationText.reminderNudge
        default:
            title = NotificationText.noticeTitle(of: facts.kind)
            body = facts.text
        }
        let path: String =
            if let conversation = facts.conversationID, let message = facts.messageID {
                "/#/messages/\(conversation)/at/\(message)"
            } else if let conversation = facts.conversationID {
                "/#/messages/\(conversation)"
            } else if let task = facts.taskID {
                "/#/task/\(task)"
            } else {
                "/#/home"
            }
        let actions: [Action] =
            switch facts.kind {
            case .reminder where facts.taskID != nil: [.done, .snooze, .open]
            case .assigned where facts.taskID != nil: [.done, .open]
            default: [.open]
            }
        self.init(
            id: facts.notificationID, kind: facts.kind, title: title, body: body, taskID: facts.taskID, path: path,
            actions: actions, createdAt: facts.createdAt)
    }
}
