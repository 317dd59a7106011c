import Foundation
import KairosCapture
import KairosCore
import KairosStore

/// Answers a search query: a commitment question about a person ("what did I promise Ben", "what did Ben ask me
/// last week") from the tasks that tie the caller to them, the commitments the action engine finds in the
/// conversations both are in and the messages holding the words left, each with why it was found; any other
/// query with the plain search's hits. Only what the caller can see is read.
public struct SearchAnswerService: Sendable {
    let store: any CommitmentStore & SharingStore
    let conversations: ConversationService
    let search: SearchService
    let model: ModelSearchPlan?
    let clock: Clock
    private let answerer = CommitmentAnswerer()
    /// Each conversation's actions as the engine read them, under a key that changes with whatever they are
    /// read from (the messages, their edits, the members' names, the zone), so a question asked again reads
    /// only the conversations that changed. The store's write count is no use here: any message anywhere
    /// would throw every entry away.
    private let threadActions = VersionedCache<SharedThread>(version: { 0 }, lifetime: 3_600, capacity: 1_000)

    /// How many of a conversation's latest messages the action engine reads.
    public static let messagesPerConversation = 200
    /// How many of the conversations both are in the action engine reads, the most recently active first: the
    /// engine's time grows with every message it reads, and a question must answer while it is typed.
    public static let conversationsRead = 10
    /// How long a completed task still answers ("what did I promise Ben" shows what was done this week too).
    static let recentlyDone: TimeInterval = 7 * 86_400
    /// How many matching messages join the answer at most.
    static let messageLimit = 20

    public init(
        store: any CommitmentStore & SharingStore, conversations: ConversationService, search: SearchService,
        model: ModelSearchPlan?, clock: Clock
    ) {
        self.store = store
        self.conversations = conversations
        self.search = search
        self.model = model
        self.clock = clock
    }

    /// The answer to `text` for `user`; `page` pages the plain search's hits when it is not a commitment question.
    public func answer(_ text: String?, for user: User, page: PageRequest) async throws -> SearchAnswer {
        let query = try SearchService.requireQuery(text)
        let now = clock.now()
        let people = try await store.contacts(of: user.id).map { person in
            QueryPerson(
                id: person.id, name: person.name,
                handle: person.email.split(separator: "@").first.map(String.init))
        }
        let offline = SearchQuestionReader(people: people, now: now, timeZone: user.timeZone).read(query)
        var question = offline
        var use: ModelUse
        switch ModelConsent(model: model, user: user) {
        case .refused(let refused):
            use = refused
        case .allowed where !offline.commitment:
            // Plain searches run as typed; only a query that speaks of a commitment is worth a plan.
            use = .failed("plain_search")
        case .allowed(let model):
            (question, use) = await model.plan(
                query, people: people, offline: offline, now: now, timeZone: user.timeZone)
        }
        guard question.isCommitmentQuestion, let person = question.person else {
            let hits = try await search.search(
                query, kind: nil, personID: nil, conversationID: nil, projectID: nil, for: user, page: page)
            return SearchAnswer(question: question, answered: false, results: [], hits: hits, model: use)
        }
        let shared = try await store.sharedConversations(userID: user.id, otherID: person.id)
        let threads = try await sharedThreads(
            shared.prefix(Self.conversationsRead).map(\.id), of: user, and: person.id)
        let tasks = try await store.personTasks(
            userID: user.id, personID: person.id, completedSince: now.addingTimeInterval(-Self.recentlyDone))
        var messages: [SearchHit] = []
        if !question.words.isEmpty, !shared.isEmpty {
            messages = try await search.messages(
                SearchQuery(
                    text: question.words.joined(separator: " "), kind: .message, conversationIDs: shared.map(\.id),
                    since: question.period?.from, until: question.period?.to),
                for: user, limit: Self.messageLimit)
        }
        let groupNames = Dictionary(
            shared.compactMap { conversation in conversation.groupName.map { (conversation.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        let results = answerer.results(
            for: question, userID: user.id, tasks: tasks, threads: threads, messages: messages,
            groupNames: groupNames, now: now, timeZone: user.timeZone)
        return SearchAnswer(
            question: question, answered: true, results: results, hits: Page(results: [], nextCursor: nil), model: use)
    }

    /// The conversations `ids` as the action engine reads them, side by side: the latest messages `user` can see
    /// of each, keeping only what the two of them wrote, since only their own words and follow-ups answer what
    /// one promised or asked the other (a third member's words would cost the engine's time for nothing).
    private func sharedThreads(_ ids: [String], of user: User, and personID: String) async throws -> [SharedThread] {
        try await withThrowingTaskGroup(of: (Int, SharedThread).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    let (conversation, messages) = try await conversations.latestMessages(
                        in: id, of: user, last: Self.messagesPerConversation)
                    let theirs = messages.filter { $0.authorID == user.id || $0.authorID == personID }
                    let members = conversation.members.map { "\($0.userID):\($0.name)" }.joined(separator: ",")
                    let edited = theirs.compactMap(\.editedAt).max()?.timeIntervalSince1970 ?? 0
                    let key = [
                        conversation.id, user.id, personID, user.timezone, conversation.name ?? "", members,
                        "\(theirs.count)", theirs.first?.id ?? "", theirs.last?.id ?? "", "\(edited)",
                    ].joined(separator: "|")
                    let shared = try await threadActions.value(for: key, now: clock.now()) {
                        let (thread, written) = ActionThread.written(in: conversation, messages: theirs, for: user)
                        return SharedThread(
                            conversationID: conversation.id,
                            name: conversation.kind == .group ? conversation.name : nil, thread: thread,
                            messageIDs: written.map(\.id), sentAt: written.map(\.createdAt))
                    }
                    return (index, shared)
                }
            }
            var threads: [(Int, SharedThread)] = []
            for try await thread in group { threads.append(thread) }
            return threads.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
