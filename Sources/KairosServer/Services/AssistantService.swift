import Foundation
import KairosCapture
import KairosCore
import KairosStore
import NIOPosix

/// The assistant chat: each message answered by the offline engine in the user's time zone and lists, kept with
/// its answer; the answer's task and list cards become tasks when the user adds them.
public struct AssistantService: Sendable {
    let store: any AssistantStore & TaskStore
    let clock: Clock
    let engine = AssistantEngine()
    /// Builds the engine's context as capture does, and creates added tasks through its commit.
    let capture: CaptureService
    /// Creates a list's items as subtasks, with every task rule.
    let tasks: TaskService
    /// Sets the reminder at an added task's due time.
    let reminders: ReminderService

    /// The most tasks one answer lists.
    static let listedTasks = PageLimit.range.upperBound

    public init(
        store: any AssistantStore & TaskStore, clock: Clock, capture: CaptureService, tasks: TaskService,
        reminders: ReminderService
    ) {
        self.store = store
        self.clock = clock
        self.capture = capture
        self.tasks = tasks
        self.reminders = reminders
    }

    // MARK: Answers

    /// Answers the user's message and keeps both. A retry with the same `client_id` gets the first answer back;
    /// nothing is answered or added twice. With "add without asking" on, a reminder's cards are added at once.
    public func answer(_ request: AssistantMessageRequest, for user: User) async throws -> AssistantMessage {
        let text = try Limits.requireText(request.text, Limits.messageText, field: "text")
        let clientID = try request.clientID.map(Limits.requireClientID)
        if let clientID, let earlier = try await store.assistantAnswer(userID: user.id, clientID: clientID) {
            return earlier
        }
        let now = clock.now()
        let context = try await capture.context(now: nil, tz: nil, for: user)
        let addsAtOnce = user.assistantAddsWithoutAsking
        let (kind, reply, cards) = try await compose(
            try await read(text, context: context), to: text, context: context, addsAtOnce: addsAtOnce, for: user)
        var answer = try await store.appendAssistantExchange(
            userID: user.id,
            question: AssistantMessage(id: "", role: .user, text: text, clientID: clientID, createdAt: now),
            answer: AssistantMessage(
                id: "", role: .assistant, type: kind, text: reply, cards: cards, clientID: clientID, createdAt: now))
        if addsAtOnce, kind == .reminder {
            for index in answer.cards.indices where answer.cards[index].state == .proposed {
                answer = try await add(card: index, of: answer, for: user)
            }
        }
        return answer
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

    /// The answer's type, words and cards, by the assistant rules.
    func compose(
        _ answer: AssistantAnswer, to text: String, context: CaptureContext, addsAtOnce: Bool, for user: User
    ) async throws -> (AssistantMessage.Kind, String, [AssistantCard]) {
        let today = context.now.date
        switch answer {
        case .reminder(let proposals, _):
            let cards = proposals.map { AssistantCard(content: .task(CaptureCommitTask($0))) }
            return (.reminder, AssistantReplyText.reminders(count: cards.count, added: addsAtOnce), cards)
        case .todoList(let list):
            return (
                .todoList, AssistantReplyText.list(title: list.title, items: list.subtasks),
                [AssistantCard(content: .list(title: list.title, items: list.subtasks))]
            )
        case .dateQuery(let date):
            return (.dateQuery, AssistantReplyText.dateAnswer(date, today: today), [])
        case .conversation:
            switch engine.topic(of: text, context: context) {
            case .tasks(let question):
                let found = try await tasksAnswering(question, for: user)
                let reply = AssistantReplyText.tasks(question, count: found.count, today: today)
                let cards = found.isEmpty ? [] : [AssistantCard(content: .tasks(found.map(AssistantTaskSummary.init)))]
                return (.conversation, reply, cards)
            case .greeting: return (.conversation, AssistantReplyText.greeting, [])
            case .thanks: return (.conversation, AssistantReplyText.thanks, [])
            case .other: return (.conversation, AssistantReplyText.offline, [])
            }
        }
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
    public func addCard(_ index: String, of messageID: String, for user: User) async throws -> AssistantMessage {
        let (message, position) = try await proposal(index, of: messageID, for: user)
        return try await add(card: position, of: message, for: user)
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

    private func add(card index: Int, of message: AssistantMessage, for user: User) async throws -> AssistantMessage {
        var card = message.cards[index]
        if case .added = card.state { return message }
        // Ids derived from the card make every write below a retry-safe one: a second add gives back the same tasks.
        let clientID = "assistant-\(message.id)-\(index)"
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
            for (position, item) in items.enumerated() {
                let subtask = try await tasks.create(
                    TaskCreateRequest(
                        content: item, parentID: parent.id, order: position + 1,
                        clientID: "\(clientID)-\(position)"),
                    for: user)
                created.append(subtask.id)
            }
        case .tasks:
            return message
        }
        card.state = .added(taskIDs: created)
        return try await store.updateAssistantCard(userID: user.id, messageID: message.id, index: index, card: card)
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
