import Foundation
import KairosCore
import KairosStore

/// The changes CalDAV clients make (RFC 4791 5.3): a to-do stored, changed or deleted is the same change of
/// its task as through the API (the task and reminder services make it, so it notifies, reaches threads and
/// open sockets, and is audited); an object that is no to-do is kept as it is; a calendar made or deleted is
/// a project made or deleted.
struct CalDAVWriter: Sendable {
    let store: any CalendarStore & CalendarObjectStore & ProjectStore & SharingStore
    let reader: CalDAVService
    let tasks: TaskService
    let reminders: ReminderService
    let projects: ProjectService
    let clock: Clock

    /// What a stored object became: whether it is new, and its entity tag when the server keeps it byte for
    /// byte as sent (RFC 4791 5.3.4: no tag when Kairos changed what it gives back).
    struct Stored: Equatable {
        var created: Bool
        var etag: String?
    }

    /// Stores a client's object at `path` under the preconditions the request gave.
    func put(_ body: [UInt8], at path: DAVPath, conditions: DAVConditions, user: User) async throws -> Stored {
        guard path.userID == user.id else { throw KairosError.notFound("Nothing is at this address.") }
        guard case .object(_, let segment, let name) = path else {
            throw DAVFailure.methodNotAllowed("Objects are stored inside a list: /dav/calendars/{you}/{list}/{name}.ics.")
        }
        guard let projectID = try await reader.projectID(segment: segment, user: user) else {
            throw DAVFailure.conflict("No list of yours is at this address. Make it first, or store the object in a list of yours.")
        }
        let existing = try await store.calendarEntries(userID: user.id, projectID: projectID, names: [name]).first
        try conditions.check(etag: existing.map(CalDAVService.etag))
        let object: StoredTodo
        do {
            object = try StoredTodo(utf8: body)
        } catch {
            throw DAVFailure.precondition(.caldav("valid-calendar-data"), "\(error)")
        }
        guard let uid = object.uid, !uid.isEmpty else {
            throw DAVFailure.precondition(
                .caldav("valid-calendar-object-resource"), "The object has no UID. Give its component a unique UID.")
        }
        if let other = try await store.calendarEntry(userID: user.id, projectID: projectID, uid: uid),
            other.name != name
        {
            throw DAVFailure.precondition(
                .caldav("no-uid-conflict"), "Another object in this list has the UID \(uid).",
                href: DAVPath.object(userID: user.id, projectID: segment, name: other.name).href)
        }
        let text = String(decoding: body, as: UTF8.self)
        let now = clock.now()
        guard let fields = object.fields(timeZone: user.timeZone, now: now) else {
            if existing?.task != nil {
                throw DAVFailure.precondition(
                    .caldav("valid-calendar-object-resource"),
                    "This object is a to-do; it cannot become another kind of object. Store that under a new name.")
            }
            try await requireEditing(projectID, user)
            try await store.saveCalendarObject(
                CalendarObject(name: name, uid: uid, text: text), projectID: projectID, taskID: nil)
            return try await stored(name, in: projectID, sent: text, created: existing == nil, user: user)
        }
        if existing != nil, existing?.task == nil {
            throw DAVFailure.precondition(
                .caldav("valid-calendar-object-resource"),
                "This object is not a to-do; it cannot become one. Store the to-do under a new name.")
        }
        let parent = try await parentTaskID(fields.parentUID, in: projectID, user: user)
        var kept = CalendarObject(name: name, uid: uid, text: text)
        if fields.parentUID != nil, parent == nil { kept.waitingParentUID = fields.parentUID }
        if let entry = existing, let task = entry.task {
            try await edit(task, entry: entry, to: fields, parent: parent, user: user)
            try await store.saveCalendarObject(kept, projectID: projectID, taskID: task.id)
        } else {
            let task = try await create(fields, in: projectID, parent: parent, user: user)
            try await store.saveCalendarObject(kept, projectID: projectID, taskID: task.id)
            for child in try await store.takeTasksWaiting(forParentUID: uid, projectID: projectID) {
                try await tasks.move(child, TaskMoveRequest(parentID: task.id), for: user)
            }
        }
        return try await stored(name, in: projectID, sent: text, created: existing == nil, user: user)
    }

    /// Deletes the object at `path` (its task, with the task's subtasks) or, at a list's address, the list.
    func delete(at path: DAVPath, conditions: DAVConditions, user: User) async throws {
        guard path.userID == user.id else { throw KairosError.notFound("Nothing is at this address.") }
        switch path {
        case .object(_, let segment, let name):
            guard let projectID = try await reader.projectID(segment: segment, user: user),
                let entry = try await store.calendarEntries(userID: user.id, projectID: projectID, names: [name]).first
            else { throw KairosError.notFound("No object is at this address.") }
            try conditions.check(etag: CalDAVService.etag(entry))
            if let task = entry.task {
                try await tasks.delete(task.id, for: user)
            } else {
                try await requireEditing(projectID, user)
                try await store.deleteCalendarObject(projectID: projectID, name: name)
            }
        case .calendar(_, let segment):
            guard let projectID = try await reader.projectID(segment: segment, user: user) else {
                throw KairosError.notFound("No list of yours is at this address.")
            }
            try conditions.check(etag: nil)
            let project = try await projects.project(projectID, of: user)
            if project.isInbox {
                throw KairosError.forbidden("The Inbox cannot be deleted. Delete its tasks, or keep it.")
            }
            try await projects.deleteProject(projectID, taskPolicy: "delete", for: user)
        default:
            throw DAVFailure.methodNotAllowed("Only objects and lists can be deleted.")
        }
    }

    /// Makes a list where a client asked for a new calendar (RFC 4791 5.3.1), named as it asked.
    func makeCalendar(at path: DAVPath, _ request: MakeCalendarRequest, user: User) async throws {
        guard path.userID == user.id else { throw KairosError.notFound("Nothing is at this address.") }
        guard case .calendar(_, let name) = path else {
            throw DAVFailure.methodNotAllowed("Lists are made in your calendar home: /dav/calendars/{you}/{name}/.")
        }
        if try await reader.projectID(segment: name, user: user) != nil {
            throw DAVFailure.methodNotAllowed("A list is already at this address.")
        }
        guard !name.allSatisfy(\.isNumber) else {
            throw KairosError.forbidden("Kairos numbers its own lists; name a new one with letters too, such as a UUID.")
        }
        let project = try await projects.createProject(
            ProjectCreateRequest(
                name: request.displayName ?? name, description: request.description,
                color: request.color.flatMap(ProjectColor.reading)),
            for: user)
        try await store.nameCalendarCollection(userID: user.id, projectID: project.id, name: name)
        if let color = request.color {
            let written = CalendarProperty(namespace: DAVName.apple, name: "calendar-color", value: color)
            try await store.setCalendarProperties(userID: user.id, projectID: project.id, [written])
        }
    }

    // MARK: To-dos as tasks

    private func create(_ fields: TodoFields, in projectID: String, parent: String?, user: User) async throws -> TaskItem {
        let edit = TodoEdit(from: TodoFields(uid: fields.uid, summary: ""), to: fields, reminders: [])
        let draft = TaskDraft(
            content: try Self.title(edit.content ?? TodoEdit.untitled),
            description: try TaskService.description(fields.description),
            projectID: parent == nil ? projectID : nil, parentID: parent,
            labels: try TaskService.labels(fields.labels), priority: fields.priority, due: fields.due,
            childOrder: fields.sortOrder)
        var task = try await tasks.create(draft, for: user)
        if fields.completedAt != nil {
            try await tasks.close(task.id, for: user)
            task = try await tasks.task(task.id, of: user)
        }
        try await addReminders(edit.addedReminders, to: task, user: user)
        return task
    }

    private func edit(
        _ task: TaskItem, entry: CalendarEntry, to fields: TodoFields, parent: String?, user: User
    ) async throws {
        let edit = TodoEdit(from: CalDAVService.fields(of: entry), to: fields, reminders: entry.reminders)
        var changes = TaskChanges()
        changes.content = try edit.content.map(Self.title)
        changes.description = try edit.description.map(TaskService.description)
        changes.priority = edit.priority
        changes.labels = try edit.labels.map(TaskService.labels)
        changes.due = edit.due
        changes.childOrder = edit.childOrder
        if changes.content != nil || changes.description != nil || changes.priority != nil || changes.labels != nil
            || changes.due != .unchanged || changes.childOrder != nil
        {
            _ = try await tasks.update(task.id, changes: changes, for: user)
        }
        switch edit.parent {
        case .unchanged: break
        case .clear:
            if task.parentID != nil {
                try await tasks.move(task.id, TaskMoveRequest(projectID: task.projectID), for: user)
            }
        case .set:
            // A parent whose object has not come yet is linked when it comes.
            if let parent, parent != task.parentID {
                try await tasks.move(task.id, TaskMoveRequest(parentID: parent), for: user)
            }
        }
        switch edit.completion {
        case .close: try await tasks.close(task.id, for: user)
        case .reopen: try await tasks.reopen(task.id, for: user)
        case nil: break
        }
        for id in edit.removedReminderIDs { try await reminders.delete(id, for: user) }
        try await addReminders(edit.addedReminders, to: try await tasks.task(task.id, of: user), user: user)
    }

    private func addReminders(_ added: [TodoReminder], to task: TaskItem, user: User) async throws {
        for reminder in added {
            let request =
                switch reminder {
                case .beforeDue(let minutes):
                    ReminderCreateRequest(taskID: task.id, type: "relative", minuteOffset: minutes)
                case .at(let moment):
                    ReminderCreateRequest(
                        taskID: task.id, type: "absolute",
                        due: ReminderDue(datetime: APITimestamp.utcSeconds(moment)))
                }
            do {
                _ = try await reminders.create(request, for: user)
            } catch KairosError.invalidField, KairosError.badRequest {
                // An alarm Kairos cannot keep (one already past) is left out; the rest of the change stands.
                continue
            }
        }
    }

    /// The task a parent UID names in the list, nil when no object there has it (yet).
    private func parentTaskID(_ uid: String?, in projectID: String, user: User) async throws -> String? {
        guard let uid else { return nil }
        return try await store.calendarEntry(userID: user.id, projectID: projectID, uid: uid)?.task?.id
    }

    private static func title(_ text: String) throws -> String {
        do {
            return try Limits.requireText(text, Limits.taskContent, field: "SUMMARY")
        } catch {
            throw DAVFailure.precondition(
                .caldav("valid-calendar-object-resource"),
                "A title (SUMMARY) holds at most \(Limits.taskContent.upperBound) characters.")
        }
    }

    /// Objects that are no to-do may be kept by those who may add tasks to the list.
    private func requireEditing(_ projectID: String, _ user: User) async throws {
        guard let access = try await store.projectAccess(projectID: projectID, viewerID: user.id) else {
            throw KairosError.notFound("No list of yours is at this address.")
        }
        try PermissionGuard.require(user.id, .create, .task, in: access.scope)
    }

    private func stored(
        _ name: String, in projectID: String, sent text: String, created: Bool, user: User
    ) async throws -> Stored {
        guard let entry = try await store.calendarEntries(userID: user.id, projectID: projectID, names: [name]).first
        else { return Stored(created: created, etag: nil) }
        let kept = CalDAVService.calendarData(entry, user: user) == text
        return Stored(created: created, etag: kept ? CalDAVService.etag(entry) : nil)
    }
}

extension CalDAVWriter {
    /// Sets and removes a calendar's properties, all or none (RFC 4918 9.2): its name, description and colour
    /// are the project's (changed as the API would, by those who may); its colour as the client wrote it, its
    /// order and any property Kairos does not model are the person's own. Live properties cannot be set.
    func patch(at path: DAVPath, _ update: PropertyUpdate, user: User) async throws -> DAVResponse {
        guard case .calendar(_, let segment) = path, path.userID == user.id,
            let projectID = try await reader.projectID(segment: segment, user: user)
        else {
            return DAVResponse(
                href: path.href, found: [], missing: [], statuses: update.changes.map { ($0.name, 403) })
        }
        let access = try await store.projectAccess(projectID: projectID, viewerID: user.id)
        let mayEdit = access.map { PermissionGuard.can(user.id, .update, .project, in: $0.scope) } ?? false
        var project = ProjectUpdateRequest()
        var own: [CalendarProperty] = []
        var refused: Set<DAVName> = []
        for change in update.changes {
            switch change.name {
            case .dav("displayname"):
                guard mayEdit, let name = change.value, Limits.projectName.contains(name.count) else {
                    refused.insert(change.name)
                    continue
                }
                project.name = name
            case .caldav("calendar-description"):
                guard mayEdit else {
                    refused.insert(change.name)
                    continue
                }
                project.description = change.value ?? ""
            case .apple("calendar-color"):
                if let value = change.value {
                    guard mayEdit, let color = ProjectColor.reading(value) else {
                        refused.insert(change.name)
                        continue
                    }
                    project.color = color
                }
                own.append(CalendarProperty(namespace: change.name.namespace, name: change.name.name, value: change.value))
            case _ where CalDAVService.liveCalendarProperties.contains(change.name):
                refused.insert(change.name)
            default:
                own.append(CalendarProperty(namespace: change.name.namespace, name: change.name.name, value: change.value))
            }
        }
        guard refused.isEmpty else {
            return DAVResponse(
                href: path.href, found: [], missing: [],
                statuses: update.changes.map { ($0.name, refused.contains($0.name) ? 403 : 424) })
        }
        if project.name != nil || project.description != nil || project.color != nil {
            _ = try await projects.updateProject(projectID, project, for: user)
        }
        if !own.isEmpty { try await store.setCalendarProperties(userID: user.id, projectID: projectID, own) }
        return DAVResponse(href: path.href, found: [], missing: [], statuses: update.changes.map { ($0.name, 200) })
    }
}
