import Foundation
import KairosCapture
import KairosCore
import KairosStore
import NIOPosix

/// The assistant chat: each message answered in the user's time zone and lists, kept with its answer; the
/// answer's task and list cards become tasks when the user adds them.
///
/// The offline engine reads every message. With a model (and the user's consent) the model also splits and words
/// reminders, suggests a list's items and writes conversational replies; whatever goes wrong with it, the offline
/// answer stands. The model only proposes: nothing it says adds, changes or deletes anything.
public struct AssistantService: Sendable {
    let store: any AssistantStore & TaskStore
    let clock: Clock
    let engine = AssistantEngine()
    /// Builds the engine's context as capture does, reads reminders through the model as capture does, and
    /// creates added tasks through its commit.
    let capture: CaptureService
    /// Creates a list's items as subtasks, with every task rule.
    let tasks: TaskService
    /// Sets the reminder at an added task's due time.
    let reminders: ReminderService
    /// The server's model for list suggestions and replies; nil when it has none.
    let model: AssistantModel?

    /// The most tasks one answer lists.
    static let listedTasks = PageLimit.range.upperBound
    /// How many earlier messages a model's reply is given as context.
    static let historyMessages = 20

    public init(
        store: any AssistantStore & TaskStore, clock: Clock, capture: CaptureService, tasks: TaskService,
        reminders: ReminderService, model: AssistantModel? = nil
    ) {
        self.store = store
        self.clock = clock
        self.capture = capture
        self.tasks = tasks
        self.reminders = reminders
        self.model = model
    }

    // MARK: Answers

    /// A message checked, before any answer is made (so a streamed answer can still be refused with a 400).
    public struct Question: Sendable {
        let text: String
        let clientID: String?
    }

    public func check(_ request: AssistantMessageRequest) throws -> Question {
        Question(
            text: try Limits.requireText(request.text, Limits.messageText, field: "text"),
            clientID: try request.clientID.map(Limits.requireClientID))
    }

    /// Answers the user's message and keeps both. A retry with the same `client_id` gets the first answer back;
    /// nothing is answered or added twice. With "add without asking" on, a reminder's cards are added before the
    /// answer is kept, and its words say what was added. A model's words go to `onDelta` as they arrive.
    public func answer(
        _ question: Question, for user: User, onDelta: @Sendable (String) async -> Void = { _ in }
    ) async throws -> AssistantMessage {
        if let clientID = question.clientID,
            let earlier = try await store.assistantAnswer(userID: user.id, clientID: clientID)
        {
            return earlier
        }
        let now = clock.now()
        let context = try await capture.context(now: nil, tz: nil, for: user)
        var reading = try await read(question.text, context: context)
        if case .allowed(let modelCapture) = ModelConsent(model: capture.modelCapture, user: user) {
            reading = await modelCapture.refine(reading, of: question.text, context: context).answer
        }
        var draft = try await compose(reading, to: question.text, context: context, for: user, onDelta: onDelta)
        if user.assistantAddsWithoutAsking, draft.kind == .reminder {
            draft = try await addingAtOnce(draft, question: question, for: user)
        }
        return try await store.appendAssistantExchange(
            userID: user.id,
            question: AssistantMessage(
                id: "", role: .user, text: question.text, clientID: question.clientID, createdAt: now),
            answer: AssistantMessage(
                id: "", role: .assistant, type: draft.kind, text: draft.text, cards: draft.cards,
                clientID: question.clientID, createdAt: now))
    }

    /// `answer` for a request not yet checked.
    public func answer(_ request: AssistantMessageRequest, for user: User) async throws -> AssistantMessage {
        try await answer(try check(request), for: user)
    }

    /// The engine's answer; long text is read off the event loop, as capture reads it.
    private func read(_ text: String, context: CaptureContext) async throws -> AssistantAnswer {
        guard text.utf8.count > CaptureService.inlineParseBytes else { return engine.answer(text, context: context) }
        return try await NIOThreadPool.singleton.runIfActive { [engine] in engine.answer(text, context: context) }
    }

    /// The user's chat with the assistant, newest first.
    public func history(of user: User, page: PageRequest) async throws -> Page<AssistantMessage> {
        try await store.assistantMessages(userID: user.id, page: page)
    }

    /// An answer before it is kept.
    struct Draft {
        var kind: AssistantMessage.Kind
        var text: String
        var cards: [AssistantCard]
    }

    /// The answer's type, words and cards, by the assistant rules; the model takes part where it may.
    func compose(
        _ answer: AssistantAnswer, to text: String, context: CaptureContext, for user: User,
        onDelta: @Sendable (String) async -> Void
    ) async throws -> Draft {
        let today = context.now.date
        let model = ModelConsent(model: model, user: user)
        switch answer {
        case .reminder(let proposals, _):
            let cards = proposals.map { AssistantCard(content: .task(CaptureCommitTask($0))) }
            return Draft(
                kind: .reminder, text: AssistantReplyText.reminders(count: cards.count, added: 0), cards: cards)
        case .todoList(let list):
            var suggestions: [AssistantSuggestion] = []
            if case .allowed(let model) = model {
                suggestions = (try? await model.suggestions(for: list, request: text, context: context)) ?? []
            }
            return Draft(
                kind: .todoList,
                text: AssistantReplyText.list(title: list.title, items: list.subtasks, suggested: suggestions.count),
                cards: [
                    AssistantCard(content: .list(title: list.title, items: list.subtasks), suggestions: suggestions)
                ])
        case .dateQuery(let date):
            return Draft(kind: .dateQuery, text: AssistantReplyText.dateAnswer(date, today: today), cards: [])
        case .conversation:
            let offline =
                if case .refused(.optedOut) = model { AssistantReplyText.offlineByChoice } else {
                    AssistantReplyText.offline
                }
            var draft = Draft(kind: .conversation, text: offline, cards: [])
            switch engine.topic(of: text, context: context) {
            case .tasks(let question):
                let found = try await tasksAnswering(question, for: user)
                draft.text = AssistantReplyText.tasks(question, count: found.count, today: today)
                if !found.isEmpty {
                    draft.cards = [AssistantCard(content: .tasks(found.map(AssistantTaskSummary.init)))]
                }
            case .greeting: draft.text = AssistantReplyText.greeting
            case .thanks: draft.text = AssistantReplyText.thanks
            case .other: break
            }
            if case .allowed(let model) = model {
                let prompt = AssistantPrompt.conversation(
                    text, history: try await recentHistory(of: user), tasks: try await taskContext(for: user),
                    context: context)
                if let reply = try? await model.reply(to: prompt, onDelta: onDelta),
                    reply.contains(where: { !$0.isWhitespace })
                {
                    draft.text = reply.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            return draft
        }
    }

    /// The user's last messages with the assistant, oldest first, for a model's reply.
    private func recentHistory(of user: User) async throws -> [AssistantMessage] {
        try await store.assistantMessages(userID: user.id, page: PageRequest(limit: Self.historyMessages))
            .results.reversed()
    }

    /// What a model's reply may know of the user's own tasks.
    private func taskContext(for user: User) async throws -> AssistantTaskContext {
        let today = LocalDate.today(in: user.timeZone, now: clock.now())
        let week = { (first: LocalDate, last: LocalDate) in
            AssistantPeriod(name: .thisWeek, first: first, last: last)
        }
        return AssistantTaskContext(
            overdue: try await tasksAnswering(.overdue, for: user),
            upcoming: try await tasksAnswering(.due(week(today, today.adding(days: 7))), for: user),
            completed: try await tasksAnswering(.completed(week(today.adding(days: -7), today)), for: user))
    }

    /// The draft with each of its task cards added now, and words saying what was added: a card that cannot be
    /// added stays proposed, to add by hand.
    private func addingAtOnce(_ draft: Draft, question: Question, for user: User) async throws -> Draft {
        var draft = draft
        // Ids derived from the question make a retried message add nothing more; without one, each add is new.
        let origin = question.clientID ?? UUID().uuidString
        for index in draft.cards.indices where draft.cards[index].state == .proposed {
            if let created = try? await create(
                draft.cards[index], clientID: "assistant-ask-\(origin)-\(index)", for: user)
            {
                draft.cards[index].state = .added(taskIDs: created)
            }
        }
        let added = draft.cards.filter { if case .added = $0.state { true } else { false } }.count
        draft.text = AssistantReplyText.reminders(count: draft.cards.count, added: added)
        return draft
    }

    /// The user's tasks that answer a question about them, read with the task filters the task list uses.
    func tasksAnswering(_ question: AssistantTaskQuestion, for user: User) async throws -> [TaskItem] {
        let now = clock.now()
        let page = PageRequest(limit: Self.listedTasks)
        let filter: TaskFilter
        switch question {
        case .overdue: filter = .overdue
        case .due(let period):
            filter =
                period.first == period.last
                ? .dueOn(period.first)
                : .and(.dueAfter(period.first.adding(days: -1)), .dueBefore(period.last.adding(days: 1)))
        case .completed(let period):
            let zone = user.timeZone
            let query = CompletedQuery(
                basis: .completionDate, since: period.first.startOfDay(in: zone),
                until: period.last.adding(days: 1).startOfDay(in: zone), timeZone: zone)
            return try await store.completedTasks(userID: user.id, query: query, page: page).items
        }
        let query = TaskQuery(filter: filter, today: LocalDate.today(in: user.timeZone, now: now), now: now)
        return try await store.tasks(userID: user.id, query: query, page: page).results
    }

    // MARK: Cards

    /// Adds a card's task (with a reminder at its due time) or its list (a task with the items as subtasks) and
    /// marks the card added. Adding a card again creates nothing more.
    /// A list's suggestions are kept by their indices in `request.suggestions`, all of them when it is nil.
    public func addCard(
        _ index: String, of messageID: String, request: AssistantCardAddRequest = AssistantCardAddRequest(),
        for user: User
    ) async throws -> AssistantMessage {
        let (message, position) = try await proposal(index, of: messageID, for: user)
        return try await add(card: position, of: message, keeping: request.suggestions, for: user)
    }

    /// Marks a card dismissed; a card already added stays added.
    public func dismissCard(_ index: String, of messageID: String, for user: User) async throws -> AssistantMessage {
        let (message, position) = try await proposal(index, of: messageID, for: user)
        var card = message.cards[position]
        switch card.state {
        case .added:
            throw KairosError.conflict(
                "Card \(position) is added already; delete or complete its task to undo it.")
        case .dismissed: return message
        default:
            card.state = .dismissed
            return try await store.updateAssistantCard(
                userID: user.id, messageID: message.id, index: position, card: card)
        }
    }

    /// One of the user's answers and the index of one of its task or list cards.
    private func proposal(
        _ index: String, of messageID: String, for user: User
    ) async throws -> (AssistantMessage, Int) {
        guard let position = Int(index), position >= 0 else {
            throw KairosError.invalidField(
                field: "index", message: "index must be a card's position in the answer's cards, from 0.")
        }
        let message = try require(try await store.assistantMessage(userID: user.id, id: messageID), "Message")
        guard message.cards.indices.contains(position) else { throw KairosError.missing("Card") }
        guard message.cards[position].isProposal else {
            throw KairosError.invalidField(
                field: "index",
                message: "index \(position) is a card listing your tasks; only task and list cards can be added.")
        }
        return (message, position)
    }

    private func add(
        card index: Int, of message: AssistantMessage, keeping kept: [Int]? = nil, for user: User
    ) async throws -> AssistantMessage {
        var card = message.cards[index]
        if case .added = card.state { return message }
        if let kept {
            for position in kept where !card.suggestions.indices.contains(position) {
                throw KairosError.invalidField(
                    field: "suggestions",
                    message: "suggestions holds \(position), but the card has \(card.suggestions.count) suggestions "
                        + "(indices from 0); send the indices of those to keep.")
            }
            card.suggestions = card.suggestions.indices.filter(Set(kept).contains).map { card.suggestions[$0] }
        }
        // Ids derived from the card make every write a retry-safe one: a second add gives back the same tasks.
        let created = try await create(card, clientID: "assistant-\(message.id)-\(index)", for: user)
        card.state = .added(taskIDs: created)
        return try await store.updateAssistantCard(userID: user.id, messageID: message.id, index: index, card: card)
    }

    /// Creates a card's task (with a reminder at its due time), or its list (a task with the items, then the kept
    /// suggestions, as subtasks); the ids created, the parent first. Every write is keyed by `clientID`.
    private func create(_ card: AssistantCard, clientID: String, for user: User) async throws -> [String] {
        var created: [String] = []
        switch card.content {
        case .task(let task):
            let commit = CaptureCommitRequest(tasks: [task], createMissingLists: true, clientID: clientID)
            for item in try await capture.commit(commit, for: user) {
                try await remindAtDueTime(of: item, for: user)
                created.append(item.id)
            }
        case .list(let title, let items):
            let commit = CaptureCommitRequest(
                tasks: [CaptureCommitTask(title: title)], createMissingLists: true, clientID: clientID)
            let parent = try require(try await capture.commit(commit, for: user).first, "Task")
            created.append(parent.id)
            let subtasks = items.map { ($0, String?.none) } + card.suggestions.map { ($0.title, $0.note) }
            for (position, item) in subtasks.enumerated() {
                let subtask = try await tasks.create(
                    TaskCreateRequest(
                        content: item.0, description: item.1, parentID: parent.id, order: position + 1,
                        clientID: "\(clientID)-\(position)"),
                    for: user)
                created.append(subtask.id)
            }
        case .tasks:
            break
        }
        return created
    }

    /// A reminder at the task's due time (seed 003), unless it has none or the user already set one on it.
    private func remindAtDueTime(of task: TaskItem, for user: User) async throws {
        guard task.due?.time != nil else { return }
        let existing = try await reminders.reminders(of: user, taskID: task.id, page: PageRequest(limit: 1))
        guard existing.results.isEmpty else { return }
        _ = try await reminders.create(
            ReminderCreateRequest(taskID: task.id, type: "relative", minuteOffset: 0), for: user)
    }
}
