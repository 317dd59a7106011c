import KairosCapture
import KairosCore
import KairosStore

/// A conversation's action items for one of its members (offline by the action engine, or by the server's model
/// when the member allows it), each placed where a task made from it would go. Making the task is
/// `ConversationService.createTask(fromMessage:)`, which links it back to its message.
public struct ThreadActionService: Sendable {
    let conversations: ConversationService
    let store: any ProjectStore & SharingStore & MessageTaskLinkStore
    let model: ModelActions?
    private let engine = ActionEngine()

    public init(
        conversations: ConversationService, store: any ProjectStore & SharingStore & MessageTaskLinkStore,
        model: ModelActions? = nil
    ) {
        self.conversations = conversations
        self.store = store
        self.model = model
    }

    /// The action items of the latest `request.last` messages of conversation `id`, as `user` sees them;
    /// "not found" for someone not in it.
    public func actions(
        in id: String, _ request: LatestMessagesRequest, for user: User
    ) async throws -> ConversationActions {
        let last = try request.requireLast()
        let reading = try await conversations.reading(of: id, for: user, last: last)
        let found: (items: [ActionItem], model: ModelUse)
        switch ModelConsent(model: model, user: user) {
        case .allowed(let model):
            found = await model.actions(in: reading.thread)
        case .refused(let use):
            found = (engine.actions(in: reading.thread), use)
        }
        async let projectsRead = placeableProjects(for: user)
        async let madeRead = store.tasksMade(fromMessages: reading.messageIDs, by: user.id)
        let (projects, made) = try await (projectsRead, madeRead)
        let memberIDs = Set(reading.conversation.members.map(\.userID))
        let actions = found.items.map { item in
            let messageID = reading.messageIDs[item.message]
            let senderID = reading.thread.messages[item.message].senderID
            return ActionProposal(
                step: SummaryNextStep(
                    title: item.title, assigneeID: item.assignee?.id, assignee: item.assignee?.name, due: item.due,
                    messageID: messageID, confidence: item.confidence),
                senderID: senderID, sender: reading.thread.member(id: senderID)?.name,
                placement: ActionPlacement.place(
                    assignee: item.assignee.map { (id: $0.id, name: $0.name) }, callerID: user.id,
                    conversationProjectID: reading.conversation.projectID, memberIDs: memberIDs, projects: projects),
                taskID: made.first { $0.messageID == messageID && $0.content == item.title }?.taskID)
        }
        return ConversationActions(actions: actions, model: found.model)
    }

    /// The messages task `id` was made from that `user` can read, each with a line saying so; "not found" for a
    /// task they cannot see.
    public func sources(ofTask id: String, for user: User) async throws -> TaskSources {
        _ = try await conversations.tasks.task(id, of: user)
        let found = try await store.sources(ofTask: id, viewerID: user.id)
        return TaskSources(sources: found.map { TaskSource($0, viewerID: user.id) })
    }

    /// The lists shared with others that `user` sees, with who is in each: where a task for someone else can go.
    private func placeableProjects(for user: User) async throws -> [PlaceableProject] {
        let projects = try await store.projects(
            userID: user.id, archived: false, page: PageRequest(limit: PageLimit.range.upperBound))
        var placeable: [PlaceableProject] = []
        for project in projects.results where project.isShared {
            guard let access = try await store.projectAccess(projectID: project.id, viewerID: user.id) else { continue }
            placeable.append(
                PlaceableProject(
                    id: project.id, name: project.name, people: Set(access.roles.keys).union([access.ownerID]),
                    callerCanAdd: PermissionGuard.can(user.id, .create, .task, in: access.scope)))
        }
        return placeable
    }
}
