import Foundation

/// What a write does beyond the rows it edits: the activity it keeps, the notices it posts to threads, who
/// starts following, the notifications it sends and the events it adds to feeds.
///
/// Core's planners decide it, as plain functions of facts the store reads inside the write; the store applies
/// it in that same transaction, so it commits, or rolls back, with the change itself. Every backend applies
/// the same plan, so none of them decides who hears of what.
public struct WritePlan: Sendable, Equatable {
    /// One entry of a task's activity.
    public struct Activity: Sendable, Equatable {
        public var taskID: String
        public var actorID: String?
        public var kind: TaskActivity.Kind
        public var detail: String?
    }

    /// A line posted to a conversation a task is linked to, told by `actorID` and naming `others`.
    public struct ThreadNotice: Sendable, Equatable {
        public var conversationID: String
        public var taskID: String
        public var actorID: String
        public var text: String
        public var others: [String]
    }

    /// Someone starts following a task (a no-op when they already do).
    public struct Follow: Sendable, Equatable {
        public var taskID: String
        public var userID: String
    }

    /// The same notification in each recipient's feed; `quiet` ones fell in their quiet hours.
    public struct Notification: Sendable, Equatable {
        public struct Recipient: Sendable, Equatable {
            public var userID: String
            public var quiet: Bool

            /// `userID`, if `NotificationPolicy` lets `occasion` reach them at `instant`; quiet when it falls
            /// in their quiet hours.
            public init?(
                _ userID: String, hearing occasion: NotificationPolicy.Occasion,
                _ listener: NotificationPolicy.Listener, at instant: Date
            ) {
                switch NotificationPolicy.delivery(of: occasion, to: listener, at: instant) {
                case .none: return nil
                case .now: quiet = false
                case .held: quiet = true
                }
                self.userID = userID
            }
        }

        public var recipients: [Recipient]
        public var kind: AppNotification.Kind
        public var text: String
        public var actorID: String?
        public var conversationID: String?
        public var messageID: String?
        public var taskID: String?
        public var reminderID: String?

        public init(
            recipients: [Recipient], kind: AppNotification.Kind, text: String, actorID: String?,
            conversationID: String? = nil, messageID: String? = nil, taskID: String? = nil, reminderID: String? = nil
        ) {
            self.recipients = recipients
            self.kind = kind
            self.text = text
            self.actorID = actorID
            self.conversationID = conversationID
            self.messageID = messageID
            self.taskID = taskID
            self.reminderID = reminderID
        }
    }

    /// One event, under one number, in the feed of each of `recipients`.
    public struct Event: Sendable, Equatable {
        public var recipients: [String]
        public var kind: UserEventKind
        public var conversationID: String?
        public var messageID: String?
        /// The task it is about; for `task.deleted`, the task that is gone.
        public var taskID: String?
        public var projectID: String?
        public var actorID: String?

        public init(
            recipients: [String], kind: UserEventKind, conversationID: String? = nil, messageID: String? = nil,
            taskID: String? = nil, projectID: String? = nil, actorID: String? = nil
        ) {
            self.recipients = recipients
            self.kind = kind
            self.conversationID = conversationID
            self.messageID = messageID
            self.taskID = taskID
            self.projectID = projectID
            self.actorID = actorID
        }
    }

    /// In the order the store applies them: follows, activity, notifications, events, then thread notices
    /// with their events.
    public var follows: [Follow] = []
    public var activity: [Activity] = []
    public var notifications: [Notification] = []
    public var events: [Event] = []
    public var threadNotices: [ThreadNotice] = []
    /// Events told after the thread notices, about what the notices say.
    public var threadEvents: [Event] = []

    public init() {}

    /// Sends `notification` to its recipients' feeds, pushed through their event feeds (and so their open apps)
    /// to those it does not find in their quiet hours. Nothing when it has no recipient.
    public mutating func notify(_ notification: Notification) {
        guard !notification.recipients.isEmpty else { return }
        notifications.append(notification)
        let pushed = notification.recipients.filter { !$0.quiet }.map(\.userID)
        guard !pushed.isEmpty else { return }
        events.append(
            Event(
                recipients: pushed, kind: .notificationCreated, conversationID: notification.conversationID,
                messageID: notification.messageID, taskID: notification.taskID, actorID: notification.actorID))
    }
}
