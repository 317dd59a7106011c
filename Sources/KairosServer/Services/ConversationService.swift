import Foundation
import KairosCore
import KairosStore

/// The rules for conversations and messages, and the round trip between messages and tasks.
///
/// Every read and write first loads the conversation and asks the permission guard; someone who is
/// not a member gets "not found", so a conversation's existence does not leak.
public struct ConversationService: Sendable {
    let store: any ConversationStore & AccountStore & ProjectStore & SharingStore & SignalStore
    let clock: Clock
    let tasks: TaskService
    let deliveries: DeliveryRecorder

    public init(
        store: any ConversationStore & AccountStore & ProjectStore & SharingStore & SignalStore, clock: Clock,
        tasks: TaskService, deliveries: DeliveryRecorder
    ) {
        self.store = store
        self.clock = clock
        self.tasks = tasks
        self.deliveries = deliveries
    }

    // MARK: Conversations

    public func conversations(of user: User, page: PageRequest) async throws -> Page<Conversation> {
        try await store.conversations(userID: user.id, page: page)
    }

    /// Unread messages across `user`'s conversations, those they muted left out: what the Messages tab shows.
    public func unreadCount(of user: User) async throws -> UnreadCount {
        var unread = 0
        var cursor: PageCursor?
        repeat {
            let page = try await store.conversations(
                userID: user.id, page: PageRequest(cursor: cursor, limit: PageLimit.range.upperBound))
            unread += page.results.filter { !$0.muted }.map(\.unreadCount).reduce(0, +)
            cursor = page.nextCursor.flatMap { PageCursor(token: $0, keyCount: 2) }
        } while cursor != nil
        return UnreadCount(unreadCount: unread)
    }

    public func conversation(_ id: String, of user: User) async throws -> Conversation {
        try await conversation(id, for: user, allowing: .view)
    }

    /// A direct message (the existing one if there is one) or a new group.
    public func create(_ request: ConversationCreateRequest, for user: User) async throws -> Conversation {
        switch request.kind {
        case .dm:
            let other = try await person(id: request.userID, email: request.email, reachableBy: user)
            guard other.id != user.id else {
                throw KairosError.invalidField(
                    field: request.userID != nil ? "user_id" : "email",
                    message: "You cannot start a direct message with yourself. Pick someone else.")
            }
            return try await store.directMessage(between: user.id, and: other.id, now: clock.now())
        case .group:
            guard let rawName = request.name else {
                throw KairosError.invalidField(field: "name", message: "name is required for a group.")
            }
            let name = try Limits.requireText(rawName, Limits.groupName, field: "name")
            let others = try await people(
                ids: request.memberIDs ?? [], emails: request.memberEmails ?? [], reachableBy: user
            ).filter { $0.id != user.id }
            try Self.requireGroupSize(others.count + 1)
            return try await store.createGroup(
                userID: user.id, name: name, memberIDs: others.map(\.id),
                notice: SystemNotice.groupCreated(by: user.name, name: name), now: clock.now())
        }
    }

    /// Renames a group or links it to a project (its owner only), and changes the caller's own mute and
    /// notification settings.
    public func update(
        _ id: String, _ request: ConversationUpdateRequest, for user: User
    ) async throws -> Conversation {
        let conversation = try await conversation(id, for: user, allowing: .view)
        var changes = ConversationChanges(muted: request.muted, notificationLevel: request.notificationLevel)
        if let rawName = request.name {
            guard conversation.kind == .group else {
                throw KairosError.invalidField(
                    field: "name", message: "Only a group has a name; a direct message shows the other person's.")
            }
            try PermissionGuard.require(user.id, .update, .conversation, in: conversation.accessScope)
            let name = try Limits.requireText(rawName, Limits.groupName, field: "name")
            changes.name = name
            changes.notice = SystemNotice.renamed(to: name, by: user.name)
        }
        if request.projectID != .unchanged {
            guard conversation.kind == .group else {
                throw KairosError.invalidField(
                    field: "project_id",
                    message: "project_id can only be set on a group. Start a group to link a project.")
            }
            try PermissionGuard.require(user.id, .update, .conversation, in: conversation.accessScope)
            if let projectID = request.projectID.newValue {
                // Linking shows the project's id to the members, so it must be the caller's to show.
                guard try await store.project(userID: user.id, id: projectID) != nil else {
                    throw KairosError.notFound("project_id is not one of your projects. Check the id.")
                }
            }
            changes.projectID = request.projectID
        }
        return try await store.updateConversation(id: conversation.id, for: user.id, changes: changes, now: clock.now())
    }

    /// Adds people to a group (its owner only); people already in it are skipped.
    public func addMembers(
        _ id: String, _ request: ConversationMembersRequest, for user: User
    ) async throws -> Conversation {
        let conversation = try await group(id, for: user, allowing: .manageMembers)
        let current = Set(conversation.members.map(\.userID))
        let joining = try await people(
            ids: request.memberIDs ?? [], emails: request.memberEmails ?? [], reachableBy: user
        ).filter { !current.contains($0.id) }
        guard !joining.isEmpty else {
            if request.memberIDs?.isEmpty ?? true, request.memberEmails?.isEmpty ?? true {
                throw KairosError.invalidField(field: "member_ids", message: "Give member_ids or member_emails to add.")
            }
            return conversation
        }
        try Self.requireGroupSize(current.count + joining.count)
        try await store.addMembers(
            conversationID: conversation.id, userIDs: joining.map(\.id),
            notice: .notice(
                SystemNotice.added(joining.map(\.name), by: user.name), in: conversation.id, by: user.id,
                naming: joining.map(\.id)),
            now: clock.now())
        return try await self.conversation(id, of: user)
    }

    /// Takes someone out of a group (its owner only); taking oneself out is leaving.
    public func removeMember(_ id: String, memberID: String, for user: User) async throws {
        guard memberID != user.id else { return try await leave(id, for: user) }
        let conversation = try await group(id, for: user, allowing: .manageMembers)
        guard let member = conversation.members.first(where: { $0.userID == memberID }) else {
            throw KairosError.missing("Member")
        }
        try await store.removeMember(
            conversationID: conversation.id, userID: member.userID,
            notice: .notice(
                SystemNotice.removed(member.name, by: user.name), in: conversation.id, by: user.id,
                naming: [member.userID]),
            now: clock.now())
    }

    /// Leaves a group; its longest-standing member becomes the owner if the owner leaves.
    public func leave(_ id: String, for user: User) async throws {
        let conversation = try await conversation(id, for: user, allowing: .view)
        guard conversation.kind == .group else {
            throw KairosError.badRequest("You cannot leave a direct message. Mute it instead.")
        }
        try await store.removeMember(
            conversationID: conversation.id, userID: user.id,
            notice: .notice(SystemNotice.left(user.name), in: conversation.id, by: user.id), now: clock.now())
    }

    // MARK: Messages

    /// A page of history, newest first; its messages count as delivered to the caller.
    public func messages(in id: String, of user: User, page: PageRequest) async throws -> Page<Message> {
        let conversation = try await conversation(id, for: user, allowing: .view)
        let messages = try await store.messages(conversationID: conversation.id, page: page)
        deliveries.record(messages.results, deliveredTo: user)
        return messages
    }

    /// The latest `last` messages of a conversation the caller is in, oldest first, with the conversation. No
    /// delivery is recorded: the messages are read for the caller, not shown on one of their devices.
    public func latestMessages(
        in id: String, of user: User, last: Int
    ) async throws -> (conversation: Conversation, messages: [Message]) {
        let conversation = try await conversation(id, for: user, allowing: .view)
        let page = try await store.messages(conversationID: conversation.id, page: PageRequest(limit: last))
        return (conversation, page.results.reversed())
    }

    /// Posts a text message, with the caller's uploads attached; a retried send with the same `client_id`
    /// returns the first message.
    public func send(_ request: MessageSendRequest, to id: String, for user: User) async throws -> PostedMessage {
        let attachmentIDs = try Self.attachmentIDs(request.attachmentIDs)
        let text = try Self.messageText(request.text, carriesAttachments: !attachmentIDs.isEmpty)
        let clientID = try request.clientID.map(Limits.requireClientID)
        // The hottest request: the members are read before the write only when the text mentions someone.
        let mentions = try await mentions(in: text, amongMembersOf: id)
        let draft = MessageDraft(
            conversationID: id, authorID: user.id, kind: .text, text: text, mentions: mentions.userIDs,
            clientID: clientID, attachmentIDs: attachmentIDs)
        let posted = try await store.postMessage(draft, now: clock.now(), authorize: Self.commentGuard(for: user))
        return PostedMessage(
            message: posted.message, unresolvedMentions: mentions.unresolved,
            mentionsWithoutTaskAccess: try await withoutTaskAccess(mentions.userIDs, in: posted.message.conversationID))
    }

    /// The mentioned people who cannot open some task shared in the conversation.
    private func withoutTaskAccess(_ userIDs: [String], in conversationID: String) async throws -> [MentionTaskAccess] {
        var result: [MentionTaskAccess] = []
        for userID in userIDs {
            let hidden = try await store.linkedTasks(in: conversationID, hiddenFrom: userID)
            if !hidden.isEmpty { result.append(MentionTaskAccess(userID: userID, taskIDs: hidden)) }
        }
        return result
    }

    /// Replaces the text of one of the caller's own messages.
    public func edit(_ messageID: String, _ request: MessageSendRequest, for user: User) async throws -> PostedMessage {
        let (message, conversation) = try await message(messageID, for: user)
        try PermissionGuard.require(user.id, .update, .message, in: AccessScope(ownerID: message.authorID))
        guard message.kind == .text else {
            throw KairosError.invalidField(field: "text", message: "Only text messages can be edited.")
        }
        guard request.attachmentIDs.isEmpty else {
            throw KairosError.invalidField(
                field: "attachment_ids",
                message: "attachment_ids cannot be edited: an edit changes only the text. Send files in a new message.")
        }
        let text = try Self.messageText(request.text, carriesAttachments: !message.attachments.isEmpty)
        let mentions = try await mentions(in: text, among: conversation.members.map(\.userID))
        let edited = try await store.editMessage(
            id: message.id, text: text, mentions: mentions.userIDs, now: clock.now())
        return PostedMessage(
            message: edited, unresolvedMentions: mentions.unresolved,
            mentionsWithoutTaskAccess: try await withoutTaskAccess(mentions.userIDs, in: conversation.id))
    }

    /// Records that the caller has read the conversation up to `message_id`.
    public func markRead(_ request: ConversationReadRequest, in id: String, for user: User) async throws -> Conversation
    {
        let conversation = try await conversation(id, for: user, allowing: .view)
        guard let message = try await store.message(id: request.messageID),
            message.conversationID == conversation.id
        else {
            throw KairosError.notFound("message_id is not a message of this conversation. Check the id.")
        }
        try await store.markRead(
            conversationID: conversation.id, userID: user.id, messageID: message.id, now: clock.now())
        return try await self.conversation(id, of: user)
    }

    // MARK: Messages and tasks

    /// Makes a task for the caller from a message, links it back, and says so in the conversation, all
    /// or nothing. Asked again, it answers with the task the caller already made of the message; another
    /// member asking gets a task of their own.
    public func createTask(
        fromMessage messageID: String, _ request: MessageTaskRequest, for user: User
    ) async throws -> TaskItem {
        let (message, conversation) = try await message(messageID, for: user)
        guard message.kind == .text else {
            throw KairosError.badRequest("Only a text message can become a task, not a notice or a task card.")
        }
        let author = try await authorName(of: message, in: conversation)
        let now = clock.now()
        let taskRequest = TaskCreateRequest(
            content: request.content
                ?? Self.taskTitle(
                    from: message.text.isEmpty ? message.attachments.map(\.name).joined(separator: ", ") : message.text),
            description: SystemNotice.taskFromMessage(
                author: author, on: LocalDate(message.createdAt, in: user.timeZone)),
            projectID: request.projectID, dueDate: request.dueDate, dueDatetime: request.dueDatetime,
            assigneeID: request.assigneeID)
        let draft = try tasks.draft(taskRequest, for: user, now: now)
        try await tasks.requireCreate(
            projectID: request.projectID, sectionID: nil, parentID: nil, assignees: draft.assigneeIDs, for: user)
        return try await store.createTask(
            fromMessage: message.id, userID: user.id, draft: draft, notice: SystemNotice.taskCreated(by: user.name),
            now: now)
    }

    /// Posts one of the caller's own tasks into a conversation as a card; from then on the task's
    /// changes are posted there. Where its card already is, that card is the answer and nothing is posted.
    public func share(_ request: TaskShareRequest, into id: String, for user: User) async throws -> Message {
        let conversation = try await conversation(id, for: user, allowing: .comment)
        let task = try await tasks.task(request.taskID, allowing: .share, for: user)
        let draft = MessageDraft(
            conversationID: conversation.id, authorID: user.id, kind: .taskCard, text: task.content, taskID: task.id)
        return try await store.postMessage(draft, now: clock.now(), authorize: Self.commentGuard(for: user)).message
    }

    /// The other members of a conversation the caller is in, to tell that the caller is typing there.
    /// Tells the conversation's other members, on whichever process their sockets are, that `user` is typing.
    public func announceTyping(in id: String, by user: User) async throws {
        let conversation = try await conversation(id, for: user, allowing: .comment)
        let audience = conversation.members.map(\.userID).filter { $0 != user.id }
        try await store.send(.typing(conversationID: id, userID: user.id, audience: audience))
    }

    // MARK: Access

    /// The conversation as `user` sees it, once the guard allows `action`; `resource` names what a
    /// stranger is told was not found.
    private func conversation(
        _ id: String, for user: User, allowing action: Action, resource: Resource = .conversation
    ) async throws -> Conversation {
        guard let conversation = try await store.conversation(id: id, for: user.id) else {
            throw KairosError.missing(resource.title)
        }
        try PermissionGuard.require(user.id, action, resource, in: conversation.accessScope)
        return conversation
    }

    /// A group the guard allows `action` on; membership changes make no sense for a direct message.
    func group(_ id: String, for user: User, allowing action: Action) async throws -> Conversation {
        let conversation = try await conversation(id, for: user, allowing: .view)
        guard conversation.kind == .group else {
            throw KairosError.badRequest(
                "A direct message is always between its two people. Start a group to talk with more.")
        }
        try PermissionGuard.require(user.id, action, .conversation, in: conversation.accessScope)
        return conversation
    }

    /// A message and its conversation, if the caller is a member there.
    private func message(_ id: String, for user: User) async throws -> (Message, Conversation) {
        let message = try require(try await store.message(id: id), "Message")
        let conversation = try await conversation(
            message.conversationID, for: user, allowing: .view, resource: .message)
        return (message, conversation)
    }

    // MARK: People

    /// How many people the directory answers with at most.
    static let directoryLimit = 50

    /// The people `user` can start a conversation with without knowing their address: those they share a
    /// project or a conversation with (`ReachPolicy`), whose name or email contains `query` (any case, any
    /// accents), by name.
    public func directory(matching query: String?, for user: User) async throws -> [Collaborator] {
        let text = query ?? ""
        guard text.count <= SearchService.longestQuery else {
            throw KairosError.invalidField(
                field: "q", message: "q may be at most \(SearchService.longestQuery) characters.")
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let found = try await store.contacts(of: user.id).filter { person in
            words.allSatisfy { word in
                person.name.range(of: word, options: options) != nil
                    || person.email.range(of: word, options: options) != nil
            }
        }
        return Array(found.prefix(Self.directoryLimit))
    }

    /// One person by id or by email (exactly one of them); someone `actor` may not reach (`ReachPolicy`) is
    /// answered for as someone unknown.
    private func person(id: String?, email: String?, reachableBy actor: User) async throws -> User {
        let reach = PeopleReach(store: store)
        if let id {
            guard let user = try await reach.reachable(try await store.users(ids: [id]), by: actor, lookup: .id).first
            else {
                throw KairosError.notFound("No account has the user_id \(id). Check the id.")
            }
            return user
        }
        guard let email else {
            throw KairosError.invalidField(
                field: "user_id", message: "Give user_id or email of the person to message.")
        }
        let address = try Self.email(email, field: "email")
        guard
            let user = try await reach.reachable(try await store.users(emails: [address]), by: actor, lookup: .email)
                .first
        else {
            throw KairosError.unknownEmail(address)
        }
        return user
    }

    /// The people named by ids and emails, each once, in the order given; an unknown one, or one `actor` may
    /// not reach (`ReachPolicy`), is not found.
    private func people(ids: [String], emails: [String], reachableBy actor: User) async throws -> [User] {
        let addresses = try emails.enumerated().map { index, email in
            try Self.email(email, field: "member_emails[\(index)]")
        }
        let reach = PeopleReach(store: store)
        let found =
            try await reach.reachable(try await store.users(ids: ids), by: actor, lookup: .id)
            + reach.reachable(try await store.users(emails: addresses), by: actor, lookup: .email)
        for (index, id) in ids.enumerated() where !found.contains(where: { $0.id == id }) {
            throw KairosError.notFound("No account has the id \(id) (member_ids[\(index)]). Check the id.")
        }
        for (index, address) in addresses.enumerated() where !found.contains(where: { $0.email == address }) {
            throw KairosError.unknownEmail(address, field: "member_emails[\(index)]")
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.id).inserted }
    }

    /// The guard on posting, run by the store inside the write on the members it finds there.
    private static func commentGuard(for user: User) -> @Sendable ([String: Role]) throws -> Void {
        { roles in try PermissionGuard.require(user.id, .comment, .conversation, in: .conversation(members: roles)) }
    }

    /// `mentions(in:among:)` of a conversation's members, read only when the text has a handle. The write
    /// that follows refuses a sender who is not a member, so what this resolves never reaches a stranger.
    private func mentions(
        in text: String, amongMembersOf conversationID: String
    ) async throws -> (userIDs: [String], unresolved: [String]) {
        guard !Mentions.handles(in: text).isEmpty else { return ([], []) }
        let roles = try await store.memberRoles(conversationID: conversationID)
        return try await mentions(in: text, among: roles.map { Array($0.keys) } ?? [])
    }

    private func mentions(
        in text: String, among memberIDs: [String]
    ) async throws -> (userIDs: [String], unresolved: [String]) {
        guard !Mentions.handles(in: text).isEmpty else { return ([], []) }
        let members = try await store.users(ids: memberIDs)
        return Mentions.resolve(
            text, among: members.map { MentionCandidate(userID: $0.id, name: $0.name, email: $0.email) })
    }

    private func authorName(of message: Message, in conversation: Conversation) async throws -> String {
        guard let authorID = message.authorID else { return "Kairos" }
        if let member = conversation.members.first(where: { $0.userID == authorID }) { return member.name }
        return try await store.users(ids: [authorID]).first?.name ?? "a former member"
    }

    // MARK: Field rules

    /// The title of a task made from a message: its first characters, on one line.
    static func taskTitle(from text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return String(line.prefix(Limits.taskTitleFromMessage)).trimmingCharacters(in: .whitespaces)
    }

    /// A message's text: 1 to 10,000 characters, or none at all when it carries files.
    private static func messageText(_ raw: String, carriesAttachments: Bool) throws(KairosError) -> String {
        if carriesAttachments, raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "" }
        return try Limits.requireText(raw, Limits.messageText, field: "text")
    }

    /// At most `Limits.attachmentsPerMessage` ids, each once; whose uploads they are is checked as the
    /// message is written.
    private static func attachmentIDs(_ ids: [String]) throws(KairosError) -> [String] {
        guard ids.count <= Limits.attachmentsPerMessage else {
            throw .invalidField(
                field: "attachment_ids",
                message:
                    "attachment_ids may list at most \(Limits.attachmentsPerMessage) files; send the rest in another message."
            )
        }
        for (index, id) in ids.enumerated() where ids[..<index].contains(id) {
            throw .invalidField(
                field: "attachment_ids[\(index)]", message: "attachment_ids[\(index)] (\(id)) is listed twice.")
        }
        return ids
    }

    private static func requireGroupSize(_ count: Int) throws(KairosError) {
        guard Limits.groupMembers.contains(count) else {
            throw .invalidField(
                field: "member_ids",
                message: count < Limits.groupMembers.lowerBound
                    ? "A group needs at least one other person: give member_ids or member_emails."
                    : "A group holds at most \(Limits.groupMembers.upperBound) people, yourself included.")
        }
    }

    private static func email(_ text: String, field: String) throws(KairosError) -> String {
        do {
            return try Limits.requireEmail(text)
        } catch {
            throw .invalidField(field: field, message: "\(field) must be an address such as ada@example.com.")
        }
    }
}
