import Foundation
import KairosCore
import KairosStore

/// The daily brief: what the user's day holds, read from the stores and ranked by `PriorityFusion`.
public struct BriefService: Sendable {
    let store: any BriefStore & TaskStore & TimeStore & ChangeTracking
    let clock: Clock
    /// Writes the opening of each day's brief when it is sent, for users who allow the model.
    let model: ModelBrief?
    /// Each user's ranking facts, kept until the next write. Reading every open task is the brief's costly
    /// step; the ranking runs afresh each time, since its reasons change with the hour.
    private let rankingFacts: VersionedCache<[TaskFacts]>

    /// At most this many unread mentions are listed.
    static let mentionLimit = 20

    public init(
        store: any BriefStore & TaskStore & TimeStore & ChangeTracking, clock: Clock, model: ModelBrief? = nil
    ) {
        self.store = store
        self.clock = clock
        self.model = model
        // Kept facts stay true however long they are kept: a message read as recent that has since grown old
        // is weighed by its own time at each ranking. Few entries, since a busy user has thousands of tasks.
        rankingFacts = VersionedCache(version: { store.committedWrites }, lifetime: 600, capacity: 64)
    }

    /// The brief as of now, in the user's time zone. It speaks only of tasks on their plate
    /// (`DailyBriefRules.isOnTheirPlate`): assigned to them, or to nobody.
    public func brief(for user: User) async throws -> DailyBrief {
        let now = clock.now()
        let zone = user.timeZone
        let today = LocalDate(now, in: zone)
        let startOfToday = today.startOfDay(in: zone)
        let startOfTomorrow = today.adding(days: 1).startOfDay(in: zone)

        let dueFilter = try TaskFilter.parse(TaskView.today.query)
        async let factsRead = rankingFacts.value(for: user.id, now: now) {
            async let tasks = store.openTaskFacts(userID: user.id)
            async let messages = store.linkedTaskMessages(
                userID: user.id, since: now.addingTimeInterval(-Double(PriorityFusion.heatWindowMinutes) * 60))
            return Self.rankingFacts(try await tasks, messages: try await messages, userID: user.id)
        }
        async let dueRead = store.tasks(
            userID: user.id, query: TaskQuery(filter: dueFilter, today: today, now: now),
            page: PageRequest(limit: PageLimit.range.upperBound))
        async let mentionsRead = store.unreadMentions(userID: user.id, limit: Self.mentionLimit)
        async let spansRead = store.trackedSpans(
            userID: user.id, from: today.adding(days: -1).startOfDay(in: zone), to: startOfToday, now: now)
        async let remindersRead = store.reminders(userID: user.id, firingFrom: startOfToday, to: startOfTomorrow)
        async let sentRead = store.sentOpening(userID: user.id)

        let ranked = PriorityFusion.rank(try await factsRead, now: now, timeZone: zone)
        let reminders = try await remindersRead
        let needed = Set(ranked.map(\.taskID) + reminders.map(\.taskID))
        let tasks = try await taskItems(ids: Array(needed), for: user, today: today, now: now)

        var dueToday: [TaskItem] = []
        var stillOpen: [DailyBrief.StillOpen] = []
        for task in try await dueRead.results where DailyBriefRules.isOnTheirPlate(task, userID: user.id) {
            guard let due = task.due else { continue }
            let date = due.instant(fallback: zone).map { LocalDate($0, in: zone) } ?? due.date
            if date < today {
                stillOpen.append(.init(task: task, note: DailyBriefRules.stillOpenNote(dueDate: date, today: today)))
            } else {
                dueToday.append(task)
            }
        }

        let yesterday = today.adding(days: -1)
        let report = TimeReport(
            spans: try await spansRead, from: yesterday, to: yesterday, timeZone: zone, grouping: .project,
            activeDays: [], today: today)
        var brief = DailyBrief(
            greeting: DailyBriefRules.greeting(name: user.name, now: now, timeZone: zone), date: today,
            topThree: ranked.compactMap { pick in
                tasks[pick.taskID].map { DailyBrief.Pick(task: $0, reason: pick.reason, score: pick.score) }
            },
            today: dueToday, stillOpen: stillOpen, mentions: try await mentionsRead,
            trackedYesterday: .init(
                seconds: report.totalSeconds,
                byProject: report.groups.map { .init(projectID: $0.key, name: $0.name, seconds: $0.seconds) }),
            reminders: reminders.compactMap { reminder in
                tasks[reminder.taskID].map { DailyBrief.TodayReminder(reminder: reminder, task: $0) }
            })
        // Today's opening is the one sent at the brief time, when the model wrote it; otherwise Kairos' own, from
        // the facts as they are now.
        let sent = try await sentRead.flatMap { $0.day == today ? $0 : nil }
        if let sent, let text = sent.text {
            brief.opening = text
            brief.model = .used
        } else {
            brief.opening = DailyBriefRules.opening(of: brief)
            brief.model = sent?.model ?? Self.notYetWritten(for: user, model: model)
        }
        return brief
    }

    /// Why a brief not sent yet today has no opening by the model: none is configured, the user opted out, or
    /// it is written when the brief is sent (`pending`).
    static func notYetWritten(for user: User, model: ModelBrief?) -> ModelUse {
        switch ModelConsent(model: model, user: user) {
        case .allowed: .failed("pending")
        case .refused(let use): use
        }
    }

    /// The opening of `day`'s brief as it is sent: the model's words when the user allows the model, or why not.
    public func sentOpening(of brief: DailyBrief, for user: User, day: LocalDate) async -> SentBriefOpening {
        switch ModelConsent(model: model, user: user) {
        case .allowed(let model):
            let written = await model.opening(of: brief, for: user)
            return SentBriefOpening(day: day, text: written.text, model: written.model)
        case .refused(let use):
            return SentBriefOpening(day: day, text: nil, model: use)
        }
    }

    /// What the ranking knows of each task on the user's plate: its own fields, who assigned it when that was
    /// someone else, and the latest message and mention of the user about it.
    static func rankingFacts(
        _ tasks: [OpenTaskFacts], messages: [LinkedTaskMessage], userID: String
    ) -> [TaskFacts] {
        var latestMessage: [String: ThreadMessageFact] = [:]
        var latestMention: [String: ThreadMessageFact] = [:]
        for message in messages {
            let fact = ThreadMessageFact(
                person: message.authorName, conversation: message.conversationName, at: message.createdAt,
                isAboutTask: message.isAboutTask)
            func keep(_ latest: inout [String: ThreadMessageFact]) {
                // The newest wins; at the same moment, one about the task itself says more.
                if let current = latest[message.taskID],
                    (current.at, current.isAboutTask ? 1 : 0) >= (fact.at, fact.isAboutTask ? 1 : 0)
                {
                    return
                }
                latest[message.taskID] = fact
            }
            keep(&latestMessage)
            if message.mentionsViewer { keep(&latestMention) }
        }
        let heated = !latestMessage.isEmpty
        var facts: [TaskFacts] = []
        facts.reserveCapacity(tasks.count)
        for task in tasks {
            guard DailyBriefRules.isOnTheirPlate(assignedToThem: task.isAssignedToViewer, hasAssignees: task.hasAssignees)
            else { continue }
            let assigner = task.isAssignedToViewer && task.assignedByID != userID ? task.assignedByName : nil
            facts.append(
                TaskFacts(
                    taskID: task.taskID, priority: task.priority, due: task.due, deadline: task.deadline,
                    estimate: task.estimate, assignedBy: assigner,
                    latestMessage: heated ? latestMessage[task.taskID] : nil,
                    latestMention: heated ? latestMention[task.taskID] : nil))
        }
        return facts
    }

    private func taskItems(
        ids: [String], for user: User, today: LocalDate, now: Date
    ) async throws -> [String: TaskItem] {
        guard !ids.isEmpty else { return [:] }
        let page = try await store.tasks(
            userID: user.id, query: TaskQuery(ids: ids, today: today, now: now),
            page: PageRequest(limit: PageLimit.range.upperBound))
        return Dictionary(page.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
