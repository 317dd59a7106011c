import Foundation
import KairosCapture
import KairosCore
import KairosStore
import NIOPosix

/// Capture: text to task proposals in the user's time zone and lists, and reviewed proposals to tasks, all or none.
public struct CaptureService: Sendable {
    let store: any TaskServiceStore
    let clock: Clock
    let engine = CaptureEngine()
    /// Checks where a quick-added task may go, as a created task's placement is checked.
    let tasks: TaskService
    /// Splits and words captured speech when the server has a language model; nil when it has none.
    let modelCapture: ModelCapture?

    /// Text longer than this many UTF-8 bytes is parsed off the event loop; everyday speech parses in well
    /// under a millisecond, a long transcript can take several.
    static let inlineParseBytes = 2_000

    public init(store: any TaskServiceStore, clock: Clock, modelCapture: ModelCapture? = nil) {
        self.store = store
        self.clock = clock
        self.modelCapture = modelCapture
        tasks = TaskService(store: store, clock: clock)
    }

    /// Every task `request.text` holds, without writing anything; text that gives no task but more than
    /// filler comes back as one task, so nothing said is lost. With a model (and the user's consent) the model
    /// splits and words the tasks and the engine reads their fields; `model` says whether it took part.
    public func capture(_ request: CaptureRequest, for user: User) async throws -> CaptureResult {
        let text = try Self.requireCapturable(request.text)
        let context = try await context(now: request.now, tz: request.tz, for: user)
        return try await capture(text, context: context, for: user)
    }

    /// `text` read in `context`, through the model where the user's consent and the server allow.
    func capture(_ text: String, context: CaptureContext, for user: User) async throws -> CaptureResult {
        switch ModelConsent(model: modelCapture, user: user) {
        case .allowed(let modelCapture):
            return await modelCapture.capture(text, context: context)
        case .refused(let use):
            var result = try await parse(text) { [engine] in
                engine.capture(text, context: context, keepUnparsedText: true)
            }
            result.model = use
            return result
        }
    }

    /// The one task a highlighted part of `request.text` makes, or nil when it holds none.
    public func captureSpan(_ request: CaptureSpanRequest, for user: User) async throws -> CaptureProposal? {
        let text = try Self.requireCapturable(request.text)
        let length = text.utf16.count
        guard (0...length).contains(request.start) else {
            throw KairosError.invalidField(
                field: "start", message: "start must be a UTF-16 offset from 0 to \(length), the length of text.")
        }
        guard (request.start...length).contains(request.end) else {
            throw KairosError.invalidField(
                field: "end", message: "end must be a UTF-16 offset from start (\(request.start)) to \(length).")
        }
        let context = try await context(now: request.now, tz: request.tz, for: user)
        let range = request.start..<request.end
        return try await parse(text) { [engine] in engine.captureOne(text, range: range, context: context) }
    }

    /// Creates the reviewed tasks in one transaction. Every field is checked first; an error names the task
    /// (`tasks[2].due`) and nothing is written. A retry with the same `client_id` writes nothing and gives back
    /// the tasks the first commit made, even when its body differs.
    public func commit(_ request: CaptureCommitRequest, for user: User) async throws -> [TaskItem] {
        let clientID = try request.clientID.map(Limits.requireClientID)
        guard Limits.committedTasks.contains(request.tasks.count) else {
            throw KairosError.invalidField(
                field: "tasks",
                message:
                    "tasks must hold 1 to \(Limits.committedTasks.upperBound) tasks; commit more in several requests.")
        }
        let now = clock.now()
        var checked: [(draft: TaskDraft, list: String?)] = []
        for (index, task) in request.tasks.enumerated() {
            do throws(KairosError) {
                checked.append(try Self.checked(task, for: user, now: now))
            } catch {
                throw error.nested(in: "tasks[\(index)]")
            }
        }
        let visible = try await openProjects(of: user)
        var lists = ListResolver(projects: visible.writable, readOnly: visible.readOnly)
        var items: [BatchTask] = []
        for (index, task) in checked.enumerated() {
            var item = BatchTask(draft: task.draft)
            if let name = task.list {
                switch lists.resolve(name, creating: request.createMissingLists ?? false) {
                case .existing(let project): item.draft.projectID = project.id
                case .new(let newIndex): item.newProject = newIndex
                case .readOnly(let project):
                    throw KairosError.invalidField(
                        field: "tasks[\(index)].list",
                        message:
                            "tasks[\(index)].list names \"\(project.name)\", where your role (\(project.role.rawValue)) "
                            + "does not let you add tasks. Pick another list, or ask its owner to make you an editor.")
                case .missing:
                    throw KairosError.invalidField(
                        field: "tasks[\(index)].list",
                        message: "tasks[\(index)].list names \"\(name)\", which is not one of your lists. Pick one "
                            + "of your lists, or send create_missing_lists: true to create it.")
                }
            }
            items.append(item)
        }
        return try await store.createTasks(
            userID: user.id, batch: TaskBatch(newProjects: lists.newProjects, tasks: items, clientID: clientID),
            now: now)
    }

    /// Todoist's quick add: the one task `request.text` describes, in the list it names (else the preset project
    /// and section, else the Inbox), due when it says (else the preset day), with the note as its first comment.
    /// A retry with the same `client_id` gives back the task the first try made.
    public func quickAdd(_ request: QuickAddRequest, for user: User) async throws -> TaskItem {
        let now = clock.now()
        let plan = try await quickAddPlan(request, for: user, now: now)
        let created = try await store.createTasks(
            userID: user.id,
            batch: TaskBatch(tasks: [BatchTask(draft: plan.draft, comment: plan.note, reminders: plan.reminders)]),
            now: now)
        return try require(created.first, "Task")
    }

    /// What `quickAdd` would save for `request`, read the same way, with the phrases that set its fields;
    /// nothing is written.
    public func previewQuickAdd(_ request: QuickAddRequest, for user: User) async throws -> QuickAddPreview {
        let plan = try await quickAddPlan(request, for: user, now: clock.now())
        let draft = plan.draft
        return QuickAddPreview(
            content: draft.content, description: draft.description,
            projectID: try require(draft.projectID ?? plan.inboxID, "Inbox"), sectionID: draft.sectionID,
            labels: draft.labels, priority: draft.priority, due: draft.due, phrases: plan.phrases)
    }

    /// The task quick add makes of `request`, checked and placed, with its note, reminders and phrases.
    private func quickAddPlan(
        _ request: QuickAddRequest, for user: User, now: Date
    ) async throws -> (
        draft: TaskDraft, note: String?, reminders: [ReminderTime], phrases: [CapturePhrase],
        inboxID: String?
    ) {
        let text = try Self.requireCapturable(request.text)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw KairosError.invalidField(
                field: "text", message: "text is required: the task, such as \"Buy milk tomorrow at 5pm #Errands p1\".")
        }
        let clientID = try request.clientID.map(Limits.requireClientID)
        let note = try request.note.flatMap { note throws(KairosError) in
            note.allSatisfy(\.isWhitespace) ? nil : try Limits.requireText(note, Limits.commentContent, field: "note")
        }
        let reminderTime = try request.reminder.flatMap { text throws -> Date? in
            guard !text.allSatisfy(\.isWhitespace) else { return nil }
            do {
                return try ReminderService.moment(ReminderDue(string: text), for: user, now: now)
            } catch KairosError.invalidField(let field, let message) {
                throw KairosError.invalidField(
                    field: "reminder", message: message.replacingOccurrences(of: field, with: "reminder"))
            }
        }
        let preset = try await tasks.requireCreate(
            projectID: request.projectID, sectionID: request.sectionID, parentID: nil, for: user)
        if let projectID = request.projectID, request.sectionID != nil, preset?.projectID != projectID {
            throw KairosError.invalidField(
                field: "section_id",
                message: "section_id belongs to another project than project_id; send one of them.")
        }
        let presetDue = try DueResolver(user: user, now: now).due(
            string: nil, date: request.dueDate, datetime: nil, lang: nil)
        let projects = try await openProjects(of: user).writable
        let context = CaptureContext(instant: now, timeZone: user.timeZone, lists: projects.map(\.name))
        let parsed = try await parse(text) { [engine] in engine.captureOne(text, context: context) }
        guard let proposal = parsed else {
            throw KairosError.invalidField(
                field: "text", message: "text holds nothing to make a task of. Say what to do, such as \"Call mom\".")
        }
        var task = try Self.checked(CaptureCommitTask(proposal), for: user, now: now)
        // The commit form gives the rule as an RRULE, which cannot say "every!"; quick add keeps the proposal's.
        if let rule = proposal.recurrence, rule.fromCompletion, let wallTime = proposal.due {
            task.draft.due = DueResolver(user: user, now: now).due(at: wallTime, recurrence: rule)
        }
        task.draft.clientID = clientID
        var lists = ListResolver(projects: projects)
        var named: String?
        if let name = task.list, case .existing(let project) = lists.resolve(name, creating: false) {
            named = project.id
        }
        (task.draft.projectID, task.draft.sectionID) = Self.placement(
            named: named, presetProject: preset?.projectID, presetSection: request.sectionID)
        if task.draft.due == nil { task.draft.due = presetDue }
        var reminders = reminderTime.map { [ReminderTime.at($0)] } ?? []
        // Todoist's automatic reminder: at the due time, when the text gave one.
        if request.autoReminder == true, task.draft.due?.time != nil { reminders.append(.beforeDue(minutes: 0)) }
        return (task.draft, note, reminders, proposal.phrases, projects.first(where: \.isInbox)?.id)
    }

    // MARK: Rules

    /// Where a quick-added task goes: the list its text names wins over the screen it was typed on, and keeps the
    /// screen's section only when that section is in the named list.
    static func placement(
        named: String?, presetProject: String?, presetSection: String?
    ) -> (projectID: String?, sectionID: String?) {
        guard let named, named != presetProject else { return (presetProject, presetSection) }
        return (named, nil)
    }

    /// Text the engine takes: at most `CaptureLimits.maxCharacters` characters.
    static func requireCapturable(_ text: String) throws(KairosError) -> String {
        guard text.count <= CaptureLimits.maxCharacters else {
            throw .payloadTooLarge(
                "text is over \(CaptureLimits.maxCharacters) characters. Send a long transcript in parts.")
        }
        return text
    }

    /// One reviewed task checked field by field (errors name the bare field, such as `due`), with its list
    /// still to be found.
    static func checked(
        _ task: CaptureCommitTask, for user: User, now: Date
    ) throws(KairosError) -> (draft: TaskDraft, list: String?) {
        let resolver = DueResolver(user: user, now: now)
        let due: Due?
        if let dueString = task.dueString {
            if task.due != nil {
                throw .invalidField(field: "due_string", message: "due_string cannot be given with due; give one.")
            }
            if task.recurrence != nil {
                throw .invalidField(
                    field: "recurrence",
                    message: "recurrence goes with due; a due_string says its own (\"every monday at 9am\").")
            }
            due = try resolver.due(string: dueString, date: nil, datetime: nil, lang: nil)
        } else {
            let rule = try task.recurrence.map { rrule throws(KairosError) in
                do throws(RecurrenceRuleError) {
                    return try RecurrenceRule(rrule: rrule)
                } catch {
                    throw .invalidField(
                        field: "recurrence",
                        message: "recurrence must be an RRULE such as FREQ=WEEKLY;BYDAY=MO: \(error.message).")
                }
            }
            if rule == nil, let day = task.due.flatMap({ LocalDate(iso: $0) }) {
                // A day without a time: an all-day due.
                due = Due(date: day, string: day.iso, lang: "en")
            } else {
                let wallTime = try task.due.map { text throws(KairosError) in
                    guard let wallTime = LocalDateTime(iso: text) else {
                        throw .invalidField(
                            field: "due",
                            message: "due must be a local time such as 2026-03-12T15:00 in your time zone, or a day "
                                + "such as 2026-03-12 without a recurrence.")
                    }
                    return wallTime
                }
                if rule != nil, wallTime == nil {
                    throw .invalidField(
                        field: "due", message: "due is required with a recurrence: give its first occurrence.")
                }
                due = wallTime.map { resolver.due(at: $0, recurrence: rule) }
            }
        }
        let priority = try task.priority.map { shown throws(KairosError) in
            guard Limits.priority.contains(shown) else {
                throw .invalidField(
                    field: "priority", message: "priority must be 1 (the most urgent, p1) to 4, as the user sees it.")
            }
            return 5 - shown
        }
        let draft = TaskDraft(
            content: try Limits.requireText(task.title, Limits.taskContent, field: "title"),
            description: try TaskService.description(task.description ?? ""),
            labels: try TaskService.labels(task.labels ?? []), priority: priority ?? 1, due: due)
        let list = try task.list.map { name throws(KairosError) in
            try Limits.requireText(name, Limits.projectName, field: "list")
        }
        return (draft, list)
    }

    // MARK: Helpers

    /// The request's moment and zone (by default now, in the user's zone), with the user's list names.
    func context(now: String?, tz: String?, for user: User) async throws -> CaptureContext {
        let lists = try await openProjects(of: user).writable.map(\.name)
        return try CaptureContext(now: now, tz: tz, lists: lists, defaultNow: clock.now(), defaultZone: user.timeZone)
    }

    /// The user's open (not archived) projects in their order: those they can add tasks to (their own and
    /// those shared with them as editor), and those they only see.
    private func openProjects(of user: User) async throws -> (writable: [Project], readOnly: [Project]) {
        var projects: [Project] = []
        var page = PageRequest(limit: PageLimit.range.upperBound)
        while true {
            let fetched = try await store.projects(userID: user.id, archived: false, page: page)
            projects += fetched.results
            guard let next = fetched.nextCursor.flatMap({ PageCursor(token: $0, keyCount: 2) }) else {
                let writable = projects.filter {
                    PermissionGuard.can(
                        user.id, .create, .task, in: AccessScope(ownerID: $0.ownerID, roles: [user.id: $0.role]))
                }
                return (writable, projects.filter { project in !writable.contains { $0.id == project.id } })
            }
            page.cursor = next
        }
    }

    private func parse<Value: Sendable>(
        _ text: String, _ work: @escaping @Sendable () -> Value
    ) async throws -> Value {
        guard text.utf8.count > Self.inlineParseBytes else { return work() }
        return try await NIOThreadPool.singleton.runIfActive(work)
    }
}
