import Foundation
import KairosCore

/// A message to write; the service has already checked who may post it and resolved its mentions.
public struct MessageDraft: Sendable {
    public var conversationID: String
    /// Nil for Kairos' own notices.
    public var authorID: String?
    public var kind: MessageKind
    public var text: String
    public var mentions: [String]
    public var taskID: String?
    public var clientID: String?
    /// Who caused a notice: it counts as read for them, as their own messages do.
    public var actorID: String?
    /// The author's unposted uploads the message carries, in order.
    public var attachmentIDs: [String]
    /// The people a notice names, so that it can stop naming one whose account is deleted.
    public var naming: [String]

    public init(
        conversationID: String, authorID: String?, kind: MessageKind, text: String, mentions: [String] = [],
        taskID: String? = nil, clientID: String? = nil, actorID: String? = nil, attachmentIDs: [String] = [],
        naming: [String] = []
    ) {
        self.conversationID = conversationID
        self.authorID = authorID
        self.kind = kind
        self.text = text
        self.mentions = mentions
        self.taskID = taskID
        self.clientID = clientID
        self.actorID = actorID ?? authorID
        self.attachmentIDs = attachmentIDs
        self.naming = naming
    }

    /// A notice from Kairos about something `actorID` did, optionally to a task, naming the actor and `others`.
    public static func notice(
        _ text: String, in conversationID: String, by actorID: String, naming others: [String] = [],
        taskID: String? = nil
    ) -> MessageDraft {
        MessageDraft(
            conversationID: conversationID, authorID: nil, kind: .system, text: text, taskID: taskID, actorID: actorID,
            naming: [actorID] + others)
    }
}

/// That messages of a conversation up to `messageID` reached one of its members.
public struct DeliveryMark: Hashable, Sendable {
    public var conversationID: String
    public var userID: String
    public var messageID: String

    public init(conversationID: String, userID: String, messageID: String) {
        self.conversationID = conversationID
        self.userID = userID
        self.messageID = messageID
    }
}

/// Changes to a conversation: the group's name and project for everyone, the rest for one member only.
public struct ConversationChanges: Sendable {
    public var name: String?
    /// Posted with a rename.
    public var notice: String?
    public var projectID: FieldUpdate<String>
    public var muted: Bool?
    public var notificationLevel: NotificationLevel?

    public init(
        name: String? = nil, notice: String? = nil, projectID: FieldUpdate<String> = .unchanged, muted: Bool? = nil,
        notificationLevel: NotificationLevel? = nil
    ) {
        self.name = name
        self.notice = notice
        self.projectID = projectID
        self.muted = muted
        self.notificationLevel = notificationLevel
    }
}

/// Conversations, their members and messages, and the links between messages, threads and tasks.
///
/// Reads of a conversation return it whoever asks (with the asker's own settings when they are a
/// member), so that the permission guard, not the query, decides who sees it.
public protocol ConversationStore: Sendable {
    /// The direct message between two people, created on first use.
    func directMessage(between userID: String, and otherID: String, now: Date) async throws -> Conversation
    /// Creates a group owned by `userID` with the other members, and posts `notice` in it.
    func createGroup(
        userID: String, name: String, memberIDs: [String], notice: String, now: Date
    ) async throws -> Conversation
    /// The conversations `userID` is in, most recent activity first.
    func conversations(userID: String, page: PageRequest) async throws -> Page<Conversation>
    /// A conversation as `userID` sees it; nil if it does not exist.
    func conversation(id: String, for userID: String) async throws -> Conversation?
    /// Who is in a conversation and with what role, without the rest of it (what sending a message needs);
    /// nil if it does not exist.
    func memberRoles(conversationID: String) async throws -> [String: Role]?
    func updateConversation(
        id: String, for userID: String, changes: ConversationChanges, now: Date
    ) async throws -> Conversation
    /// Adds people to a group as members (those already in it are skipped) and posts `notice`.
    func addMembers(conversationID: String, userIDs: [String], notice: MessageDraft, now: Date) async throws
    /// Takes someone out of a group and posts `notice`; when the owner goes, the longest-standing
    /// member becomes the owner.
    func removeMember(conversationID: String, userID: String, notice: MessageDraft, now: Date) async throws

    /// A page of a conversation's messages, newest first.
    func messages(conversationID: String, page: PageRequest) async throws -> Page<Message>
    func message(id: String) async throws -> Message?
    /// Writes a message. A draft whose author already sent one with the same client id gets that first
    /// message back instead (`created` false), however many times and however concurrently it is sent; so
    /// does a task card for a task whose card is already in the conversation.
    /// Its attachments must be the author's and not yet posted, or nothing is written and the error
    /// names the offending `attachment_ids[i]`. The author must be a member; `authorize` then sees every
    /// member's role as the write finds them and throws to refuse the message, so the permission check and
    /// the write agree even when a removal races the send.
    func postMessage(
        _ draft: MessageDraft, now: Date, authorize: @escaping @Sendable (_ members: [String: Role]) throws -> Void
    ) async throws -> (message: Message, created: Bool)
    func editMessage(id: String, text: String, mentions: [String], now: Date) async throws -> Message
    /// Records that `userID` has read (and so received) up to `messageID`, never moving backwards. When
    /// that moves their position, the reader and the members allowed to see it get a `conversation.read`
    /// event: nobody but the reader when the reader or that member hides read receipts.
    func markRead(conversationID: String, userID: String, messageID: String, now: Date) async throws
    /// Records, for each mark, that its member has received the conversation's messages up to the
    /// mark's message (never moving backwards; marks of people no longer in the conversation do nothing).
    func markDelivered(_ marks: [DeliveryMark]) async throws

    /// Creates `userID`'s task from a message, links it to the message and its conversation, and posts
    /// `notice` about it there, all in one transaction. When `userID` already made a task of the message with
    /// the same title that they can still see, that task comes back and nothing is written; a message may hold
    /// several actions, each its own task, and someone else gets a task of their own.
    func createTask(
        fromMessage messageID: String, userID: String, draft: TaskDraft, notice: String, now: Date
    ) async throws -> TaskItem
    /// The tasks shared into the conversation that `userID` cannot open.
    func linkedTasks(in conversationID: String, hiddenFrom userID: String) async throws -> [String]
}
