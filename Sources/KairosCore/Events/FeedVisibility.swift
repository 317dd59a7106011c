/// Whether an entry of someone's event feed is shown to them when they read it. Entries are written once for
/// everyone they concern; what happened since (someone left a conversation or a project, hid their read
/// receipts, deleted a message or their account) is decided here, when the feed is read.
public enum FeedVisibility {
    /// What the store knows of one entry, as the reader sees things now.
    public struct Entry: Sendable, Equatable {
        public var kind: UserEventKind
        public var actorID: String?
        public var messageID: String?
        public var taskID: String?
        public var projectID: String?
        /// For an entry about a conversation: whether the reader is in it now.
        public var readerInConversation: Bool
        /// Whether the reader or the actor hides read receipts.
        public var receiptsHidden: Bool
        /// For a project's entry: whether the reader sees its task, and its project, now.
        public var readerSeesTask: Bool
        public var readerSeesProject: Bool

        public init(
            kind: UserEventKind, actorID: String? = nil, messageID: String? = nil, taskID: String? = nil,
            projectID: String? = nil, readerInConversation: Bool = true, receiptsHidden: Bool = false,
            readerSeesTask: Bool = false, readerSeesProject: Bool = false
        ) {
            self.kind = kind
            self.actorID = actorID
            self.messageID = messageID
            self.taskID = taskID
            self.projectID = projectID
            self.readerInConversation = readerInConversation
            self.receiptsHidden = receiptsHidden
            self.readerSeesTask = readerSeesTask
            self.readerSeesProject = readerSeesProject
        }
    }

    /// Whether `reader` sees how far `member` has read: their own always; someone else's only when neither of
    /// them hides read receipts (`hidden`).
    public static func showsReceipt(of member: String, to reader: String, hidden: Bool) -> Bool {
        member == reader || !hidden
    }

    /// Whether `reader` is shown `entry`:
    /// - nothing of a conversation they have left;
    /// - a read receipt only between two people who both show them (their own always), and only while the
    ///   reader and the message exist;
    /// - a message's entry while the message exists; a task's change while the task does;
    /// - of a shared project: a task's change while they see the task, its removal while they see the project,
    ///   and the project's own change always, since it is how a member who was removed learns they are out.
    public static func shows(_ entry: Entry, to reader: String) -> Bool {
        guard entry.readerInConversation else { return false }
        switch entry.kind {
        case .messageCreated, .messageEdited:
            guard entry.messageID != nil else { return false }
        case .conversationRead:
            guard entry.messageID != nil, let actor = entry.actorID,
                showsReceipt(of: actor, to: reader, hidden: entry.receiptsHidden)
            else { return false }
        case .taskUpdated:
            guard entry.taskID != nil else { return false }
        case .taskDeleted, .projectUpdated, .stopwatchChanged, .notificationCreated:
            break
        }
        guard entry.projectID != nil else { return true }
        switch entry.kind {
        case .projectUpdated: return true
        case .taskDeleted: return entry.readerSeesProject
        default: return entry.readerSeesTask
        }
    }
}
