import Foundation

extension KairosClient {
    /// One page of your conversations, most recent activity first (`GET /conversations`).
    public func conversations(cursor: String? = nil, limit: Int? = nil) async throws -> Page<Conversation> {
        try await send(.get, "conversations", query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// Every conversation you are in, across all pages.
    public func allConversations() async throws -> [Conversation] {
        try await collectPages { try await conversations(cursor: $0, limit: PageLimit.range.upperBound) }
    }

    /// One conversation, with your unread count and settings (`GET /conversations/{id}`).
    public func conversation(id: String) async throws -> Conversation {
        try await send(.get, "conversations", id)
    }

    /// Starts a group, or opens the direct message with someone (the existing one if any) (`POST /conversations`).
    public func createConversation(_ request: ConversationCreateRequest) async throws -> Conversation {
        try await send(.post, "conversations", body: request)
    }

    /// Renames a group, or changes your own mute and notification settings (`POST /conversations/{id}`).
    public func updateConversation(id: String, _ request: ConversationUpdateRequest) async throws -> Conversation {
        try await send(.post, "conversations", id, body: request)
    }

    /// Adds people to a group you own (`POST /conversations/{id}/members`).
    public func addMembers(conversationID: String, _ request: ConversationMembersRequest) async throws -> Conversation {
        try await send(.post, "conversations", conversationID, "members", body: request)
    }

    /// Takes someone out of a group you own (`DELETE /conversations/{id}/members/{user_id}`).
    public func removeMember(conversationID: String, userID: String) async throws {
        let _: NoContent = try await send(.delete, "conversations", conversationID, "members", userID)
    }

    /// Leaves a group (`POST /conversations/{id}/leave`).
    public func leaveConversation(id: String) async throws {
        let _: NoContent = try await send(.post, "conversations", id, "leave")
    }

    /// One page of a conversation's history, newest first (`GET /conversations/{id}/messages`).
    public func messages(conversationID: String, cursor: String? = nil, limit: Int? = nil) async throws -> Page<Message>
    {
        try await send(
            .get, "conversations", conversationID, "messages",
            query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// Sends a message (`POST /conversations/{id}/messages`), with files uploaded by `uploadAttachment`
    /// (then `text` may be empty). Pass the same `clientID` when retrying a send whose answer was lost:
    /// the server returns the first message instead of posting it twice.
    public func sendMessage(
        conversationID: String, text: String, attachmentIDs: [String] = [], clientID: String? = UUID().uuidString
    ) async throws -> PostedMessage {
        try await send(
            .post, "conversations", conversationID, "messages",
            body: MessageSendRequest(text: text, clientID: clientID, attachmentIDs: attachmentIDs))
    }

    /// Replaces the text of one of your messages (`POST /messages/{id}`).
    public func editMessage(id: String, text: String) async throws -> PostedMessage {
        try await send(.post, "messages", id, body: MessageSendRequest(text: text))
    }

    /// Marks a conversation read up to a message (`POST /conversations/{id}/read`).
    public func markRead(conversationID: String, messageID: String) async throws -> Conversation {
        try await send(
            .post, "conversations", conversationID, "read", body: ConversationReadRequest(messageID: messageID))
    }

    /// Makes a task for you from a message, linked back to it (`POST /messages/{id}/task`): titled with the
    /// message's first words, or as `request` says (an action item's title, assignee and due).
    public func createTask(
        fromMessage messageID: String, _ request: MessageTaskRequest = MessageTaskRequest()
    ) async throws -> TaskItem {
        try await send(.post, "messages", messageID, "task", body: request)
    }

    /// Makes the task an action item proposes: its title, assignee, due and list, linked to its message.
    public func createTask(from action: ActionProposal) async throws -> TaskItem {
        try await createTask(
            fromMessage: action.step.messageID,
            MessageTaskRequest(
                projectID: action.placement.projectID, content: action.step.title,
                assigneeID: action.placement.assigneeID, dueDatetime: action.step.due?.iso))
    }

    /// The messages a task was made from that you can read, each with a line saying so
    /// (`GET /tasks/{id}/sources`).
    public func sources(ofTask id: String) async throws -> TaskSources {
        try await send(.get, "tasks", id, "sources")
    }

    /// Shares one of your tasks into a conversation as a card; its changes are then posted there
    /// (`POST /conversations/{id}/tasks`).
    public func shareTask(id taskID: String, into conversationID: String) async throws -> Message {
        try await send(.post, "conversations", conversationID, "tasks", body: TaskShareRequest(taskID: taskID))
    }
}

extension KairosClient {
    /// Your events after `seq` (0 for all), oldest first: what to replay after being offline (`GET /events`).
    /// Pass the last `seq` you handled next time; `nextCursor` is set when more follow.
    public func events(after seq: Int = 0, limit: Int? = nil) async throws -> Page<UserEvent> {
        try await send(.get, "events", query: ["after": String(seq), "limit": limit.map { String($0) }])
    }
}

extension KairosClient {
    /// A summary of the latest `last` messages (1-200) of a conversation you are in: bullets, decisions, blockers,
    /// open questions and next steps, each naming its message; nothing is posted to the thread
    /// (`POST /conversations/{id}/summary`).
    public func summarize(
        conversation id: String, last: Int = LatestMessagesRequest.defaultLast
    ) async throws
        -> ConversationSummary
    {
        try await send(.post, "conversations", id, "summary", body: LatestMessagesRequest(last: last))
    }

    /// The action items of the latest `last` messages (1-200) of a conversation you are in, each with the list
    /// and assignee its task would get and the task once you made it (`POST /conversations/{id}/actions`).
    public func actions(
        in id: String, last: Int = LatestMessagesRequest.defaultLast
    ) async throws -> ConversationActions {
        try await send(.post, "conversations", id, "actions", body: LatestMessagesRequest(last: last))
    }
}
