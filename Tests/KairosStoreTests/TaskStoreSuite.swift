import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `TaskStore`'s behaviour, the same on every backend.
@Suite("Task store, on every backend")
struct TaskStoreSuite {
    let today = LocalDate(year: 2026, month: 3, day: 4)!

    @Test("Tasks keep their fields, labels, due and order, and read back the same", arguments: StoreBackend.all)
    func createAndRead(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let first = try await store.task("Buy oat milk", for: ada) {
                $0.description = "the barista one"
                $0.labels = ["errand", "shop"]
                $0.priority = 3
                $0.due = Due(
                    date: today, time: LocalTime(hour: 9, minute: 15), timezone: "Europe/Paris", string: "today at 9:15"
                )
                $0.deadline = Deadline(date: today.adding(days: 2))
                $0.duration = TaskDuration(amount: 30, unit: .minute)
            }
            let second = try await store.task("Call the dentist", for: ada) { $0.dayOrder = 2 }
            #expect(first.content == "Buy oat milk" && first.description == "the barista one")
            #expect(first.labels == ["errand", "shop"] && first.priority == 3)
            #expect(first.due?.date == today && first.due?.time == LocalTime(hour: 9, minute: 15))
            #expect(first.due?.timezone == "Europe/Paris" && first.due?.string == "today at 9:15")
            #expect(first.deadline?.date == today.adding(days: 2))
            #expect(first.duration == TaskDuration(amount: 30, unit: .minute))
            #expect(first.userID == ada.id && first.addedByUID == ada.id && first.noteCount == 0)
            #expect(first.addedAt == suiteNow && first.completedAt == nil)
            #expect(second.childOrder == first.childOrder + 1 && second.dayOrder == 2)
            #expect(first.projectID == (try await store.inbox(userID: ada.id)).id)
            #expect(try await store.task(userID: ada.id, id: first.id) == first)
            let recurring = try await store.task("Water plants", for: ada) {
                $0.due = Due(
                    date: today, string: "every day", recurrence: try? RecurrenceRule(rrule: "FREQ=DAILY"))
            }
            #expect(recurring.due?.recurrence != nil)
            #expect(try await store.task(userID: ada.id, id: recurring.id)?.due == recurring.due)
        }
    }

    @Test("A client id gives back the first task, written once", arguments: StoreBackend.all)
    func clientID(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let first = try await store.task("once", for: ada) { $0.clientID = "c-1" }
            let again = try await store.task("twice", for: ada) { $0.clientID = "c-1" }
            #expect(again.id == first.id && again.content == "once")
            #expect(try await store.openTaskIDs(for: ada) == [first.id])
            // Another person's client ids are their own.
            let bob = try await store.person("Bob")
            #expect(try await store.task("bob's", for: bob) { $0.clientID = "c-1" }.id != first.id)
        }
    }

    @Test(
        "Search finds open tasks by word prefix in content and description, best match first",
        arguments: StoreBackend.all)
    func search(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let milk = try await store.task("Buy oat milk", for: ada)
            let dentist = try await store.task("Call the dentist", for: ada) { $0.description = "about the crown" }
            let both = try await store.task("Milk the milkman's milk", for: ada)
            _ = try await store.task("milk for bob", for: bob)
            func found(_ text: String) async throws -> [String] {
                try await store.searchTasks(userID: ada.id, text: text, page: PageRequest()).results.map(\.id)
            }
            #expect(try await found("crown") == [dentist.id])
            #expect(try await found("CROW") == [dentist.id])
            #expect(try await Set(found("mil")) == [milk.id, both.id])
            #expect(try await found("milk")[0] == both.id)
            #expect(try await found("oat mil") == [milk.id])
            #expect(try await found("oat dentist").isEmpty)
            #expect(try await found("  ,; ").isEmpty)
            // Accents are matched without regard, both ways, as the index reads words.
            let cafe = try await store.task("Café crème", for: ada)
            #expect(try await found("cafe") == [cafe.id])
            #expect(try await found("CRÉM") == [cafe.id])
            #expect(try await found("\"oat\" (mil*") == [milk.id])

            _ = try await store.updateTask(
                userID: ada.id, id: milk.id, changes: .with { $0.content = "Buy bread" }, now: suiteNow)
            #expect(try await found("oat").isEmpty)
            try await store.closeTask(userID: ada.id, id: dentist.id, now: suiteNow)
            #expect(try await found("crown").isEmpty)

            _ = try await store.task("page one", for: ada)
            _ = try await store.task("page two", for: ada)
            let first = try await store.searchTasks(userID: ada.id, text: "page", page: PageRequest(limit: 1))
            #expect(first.results.count == 1)
            let next = try #require(first.nextCursor)
            let second = try await store.searchTasks(
                userID: ada.id, text: "page", page: PageRequest(cursor: PageCursor(token: next, keyCount: 1), limit: 1))
            #expect(second.results.count == 1 && second.results[0].id != first.results[0].id)
        }
    }

    @Test(
        "Filters: today, overdue, no date, negation over missing dates, labels, projects", arguments: StoreBackend.all)
    func filters(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let dueToday = try await store.task("today", for: ada) { $0.due = Due(date: today, string: "today") }
            let late = try await store.task("late", for: ada) {
                $0.due = Due(date: today.adding(days: -2), string: "mon")
            }
            let soon = try await store.task("soon", for: ada) {
                $0.due = Due(date: today.adding(days: 3), string: "sat")
                $0.priority = 4
                $0.labels = ["home"]
            }
            let undated = try await store.task("undated", for: ada) { $0.priority = 4 }
            let work = try await store.project("Work", for: ada)
            let elsewhere = try await store.task("elsewhere", for: ada) { $0.projectID = work.id }
            func ids(_ filter: String) async throws -> Set<String> {
                Set(try await store.openTaskIDs(filter, for: ada))
            }
            #expect(try await ids("today") == [dueToday.id])
            #expect(try await ids("overdue") == [late.id])
            #expect(try await ids("today | overdue") == [dueToday.id, late.id])
            #expect(try await ids("no date") == [undated.id, elsewhere.id])
            #expect(try await ids("!overdue") == [dueToday.id, soon.id, undated.id, elsewhere.id])
            #expect(try await ids("!no date & p1") == [soon.id])
            #expect(try await ids("7 days") == [dueToday.id, soon.id])
            #expect(try await ids("@home") == [soon.id])
            #expect(try await ids("@HOME") == [soon.id])
            #expect(try await ids("no labels & no date") == [undated.id, elsewhere.id])
            #expect(try await ids("#inbox") == [dueToday.id, late.id, soon.id, undated.id])
            #expect(try await ids("#WORK") == [elsewhere.id])
            #expect(try await ids("due: 2026-03-07") == [soon.id])
            #expect(try await ids("due after: 2026-03-01 & due before: 2026-03-07") == [dueToday.id, late.id])
            #expect(try await ids("due after: 2026-03-04") == [soon.id])
            #expect(try await ids("search: und") == [undated.id])
            #expect(try await ids("!search: und & no date") == [elsewhere.id])

            // 00:30 tomorrow at UTC+14 was 10:30 this morning here: overdue although its date is tomorrow.
            let passedAbroad = try await store.task("passed abroad", for: ada) {
                $0.due = Due(
                    date: today.adding(days: 1), time: LocalTime(hour: 0, minute: 30), timezone: "Pacific/Kiritimati",
                    string: "tomorrow at 00:30")
            }
            #expect(try await ids("overdue") == [late.id, passedAbroad.id])
            #expect(try await ids("tomorrow & overdue") == [passedAbroad.id])
            // Filter results come in due order, undated last.
            #expect(
                try await store.openTaskIDs("today | overdue | no date", for: ada) == [
                    late.id, dueToday.id, passedAbroad.id, elsewhere.id, undated.id,
                ])
        }
    }

    @Test(
        "A due time without a zone is its writer's clock time: 10:00 in New York is not overdue at 09:30 there",
        arguments: StoreBackend.all)
    func floatingDueTime(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ny = try await store.person("Ny", timezone: "America/New_York")
            // suiteNow is 14:30 UTC, 09:30 in New York.
            let later = try await store.task("at ten", for: ny) {
                $0.due = Due(date: today, time: LocalTime(hour: 10, minute: 0), string: "today at 10")
            }
            let earlier = try await store.task("at nine", for: ny) {
                $0.due = Due(date: today, time: LocalTime(hour: 9, minute: 0), string: "today at 9")
            }
            #expect(try await store.openTaskIDs("overdue", for: ny) == [earlier.id])
            #expect(Set(try await store.openTaskIDs("today", for: ny)) == [later.id, earlier.id])
        }
    }

    @Test("Pages follow the cursor without gaps or repeats, with and without a filter", arguments: StoreBackend.all)
    func pagination(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            var created: [String] = []
            for index in 0..<7 {
                created.append(
                    try await store.task("task \(index)", for: ada) {
                        if index % 2 == 0 { $0.due = Due(date: today.adding(days: index), string: "soon") }
                    }.id)
            }
            for filter in [nil, "7 days | no date"] {
                var seen: [String] = []
                var page = PageRequest(limit: 3)
                let keys = filter == nil ? 2 : 4
                while true {
                    let result = try await store.tasks(userID: ada.id, query: store.openTasks(filter), page: page)
                    seen += result.results.map(\.id)
                    guard let next = result.nextCursor else { break }
                    page = PageRequest(cursor: PageCursor(token: next, keyCount: keys), limit: 3)
                }
                #expect(Set(seen) == Set(created) && seen.count == created.count, "filter \(filter ?? "none")")
                if filter == nil { #expect(seen == created) }
            }
        }
    }

    @Test(
        "Lists narrow by project, section, parent, label and ids; archived projects' tasks are left out",
        arguments: StoreBackend.all)
    func listConditions(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let work = try await store.project("Work", for: ada)
            let section = try await store.createSection(
                userID: ada.id, projectID: work.id, name: "S", order: nil, now: suiteNow)
            let parent = try await store.task("parent", for: ada) { $0.projectID = work.id }
            let child = try await store.task("child", for: ada) {
                $0.parentID = parent.id; $0.labels = ["x"]
            }
            let sectioned = try await store.task("sectioned", for: ada) { $0.sectionID = section.id }
            let inInbox = try await store.task("inbox", for: ada)
            func ids(_ configure: (inout TaskQuery) -> Void) async throws -> [String] {
                var query = try store.openTasks()
                configure(&query)
                return try await store.tasks(userID: ada.id, query: query, page: PageRequest()).results.map(\.id)
            }
            #expect(Set(try await ids { $0.projectID = work.id }) == [parent.id, child.id, sectioned.id])
            #expect(try await ids { $0.sectionID = section.id } == [sectioned.id])
            #expect(try await ids { $0.parentID = parent.id } == [child.id])
            #expect(try await ids { $0.label = "X" } == [child.id])
            #expect(Set(try await ids { $0.ids = [inInbox.id, child.id, "abc"] }) == [inInbox.id, child.id])
            #expect(try await ids { $0.ids = [] }.isEmpty)
            #expect(try await ids { $0.projectID = "nope" }.isEmpty)
            #expect(child.projectID == work.id)
            _ = try await store.updateProject(
                userID: ada.id, id: work.id, changes: ProjectChanges(isArchived: true), now: suiteNow)
            #expect(try await store.openTaskIDs(for: ada) == [inInbox.id])
            await #expect(throws: KairosError.self) {
                _ = try await store.task("into archive", for: ada) { $0.projectID = work.id }
            }
        }
    }

    @Test("Updates change the given fields and clear what is cleared", arguments: StoreBackend.all)
    func update(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("draft", for: ada) {
                $0.due = Due(date: today, string: "today")
                $0.deadline = Deadline(date: today)
                $0.duration = TaskDuration(amount: 2, unit: .day)
                $0.labels = ["a"]
            }
            let later = suiteNow.addingTimeInterval(30)
            let updated = try await store.updateTask(
                userID: ada.id, id: task.id,
                changes: .with {
                    $0.content = "final"
                    $0.description = "notes"
                    $0.priority = 4
                    $0.labels = ["b", "c"]
                    $0.due = .set(Due(date: today.adding(days: 1), string: "tomorrow"))
                    $0.deadline = .clear
                    $0.duration = .set(TaskDuration(amount: 45, unit: .minute))
                    $0.isCollapsed = true
                    $0.dayOrder = 3
                }, now: later)
            #expect(updated.content == "final" && updated.description == "notes" && updated.priority == 4)
            #expect(updated.labels == ["b", "c"] && updated.due?.date == today.adding(days: 1))
            #expect(updated.deadline == nil && updated.duration == TaskDuration(amount: 45, unit: .minute))
            #expect(updated.isCollapsed && updated.dayOrder == 3 && updated.updatedAt == later)
            #expect(try await store.task(userID: ada.id, id: task.id) == updated)
            let cleared = try await store.updateTask(
                userID: ada.id, id: task.id,
                changes: .with {
                    $0.due = .clear; $0.duration = .clear
                }, now: later)
            #expect(cleared.due == nil && cleared.duration == nil && cleared.content == "final")
            #expect(try await store.openTaskIDs("no date", for: ada) == [task.id])

            let bob = try await store.person("Bob")
            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.updateTask(
                    userID: bob.id, id: task.id, changes: .with { $0.content = "x" }, now: later)
            }
            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.updateTask(
                    userID: ada.id, id: "abc", changes: .with { $0.content = "x" }, now: later)
            }
        }
    }

    @Test(
        "A task placed among its siblings renumbers them; reorders keep the siblings' places",
        arguments: StoreBackend.all)
    func ordering(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let a = try await store.task("a", for: ada)
            let b = try await store.task("b", for: ada)
            let c = try await store.task("c", for: ada)
            let first = try await store.task("first", for: ada) { $0.childOrder = 1 }
            #expect(try await store.openTaskIDs(for: ada) == [first.id, a.id, b.id, c.id])
            _ = try await store.updateTask(
                userID: ada.id, id: a.id, changes: .with { $0.childOrder = 4 }, now: suiteNow)
            #expect(try await store.openTaskIDs(for: ada) == [first.id, b.id, c.id, a.id])
            try await store.reorderTasks(userID: ada.id, ids: [a.id, first.id], by: .childOrder, now: suiteNow)
            #expect(try await store.openTaskIDs(for: ada) == [a.id, b.id, c.id, first.id])
            try await store.reorderTasks(userID: ada.id, ids: [c.id, b.id], by: .dayOrder, now: suiteNow)
            #expect(try await store.task(userID: ada.id, id: c.id)?.dayOrder == 0)
            #expect(try await store.task(userID: ada.id, id: b.id)?.dayOrder == 1)
            await #expect(throws: KairosError.missing("Task")) {
                try await store.reorderTasks(userID: ada.id, ids: ["x"], by: .dayOrder, now: suiteNow)
            }
        }
    }

    @Test("Closing a parent closes its subtasks; reopening a subtask reopens its parent", arguments: StoreBackend.all)
    func closeAndReopen(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let parent = try await store.task("parent", for: ada)
            let child = try await store.task("child", for: ada) { $0.parentID = parent.id }
            let grandchild = try await store.task("grandchild", for: ada) { $0.parentID = child.id }
            try await store.closeTask(userID: ada.id, id: parent.id, now: suiteNow)
            for id in [parent.id, child.id, grandchild.id] {
                #expect(try await store.task(userID: ada.id, id: id)?.completedAt == suiteNow)
            }
            #expect(try await store.openTaskIDs(for: ada).isEmpty)
            try await store.reopenTask(userID: ada.id, id: grandchild.id, now: suiteNow)
            for id in [parent.id, child.id, grandchild.id] {
                #expect(try await store.task(userID: ada.id, id: id)?.isCompleted == false)
            }
            let bob = try await store.person("Bob")
            await #expect(throws: KairosError.missing("Task")) {
                try await store.closeTask(userID: bob.id, id: parent.id, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Task")) {
                try await store.reopenTask(userID: bob.id, id: parent.id, now: suiteNow)
            }
        }
    }

    @Test("Moving a task carries its subtasks; a task cannot move under its own subtask", arguments: StoreBackend.all)
    func move(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let work = try await store.project("Work", for: ada)
            let section = try await store.createSection(
                userID: ada.id, projectID: work.id, name: "S", order: nil, now: suiteNow)
            let parent = try await store.task("parent", for: ada)
            let child = try await store.task("child", for: ada) { $0.parentID = parent.id }
            let stays = try await store.task("stays", for: ada)
            let unassigned = try await store.moveTask(
                userID: ada.id, id: parent.id, to: .section(section.id), auditedIn: [], now: suiteNow)
            #expect(unassigned.isEmpty)
            let moved = try #require(try await store.task(userID: ada.id, id: parent.id))
            #expect(moved.projectID == work.id && moved.sectionID == section.id && moved.childOrder == 1)
            let movedChild = try #require(try await store.task(userID: ada.id, id: child.id))
            #expect(movedChild.projectID == work.id && movedChild.sectionID == section.id)
            #expect(try await store.task(userID: ada.id, id: stays.id)?.childOrder == 1)
            await #expect(throws: KairosError.self) {
                try await store.moveTask(
                    userID: ada.id, id: parent.id, to: .parent(child.id), auditedIn: [], now: suiteNow)
            }
            try await store.moveTask(userID: ada.id, id: parent.id, to: .parent(stays.id), auditedIn: [], now: suiteNow)
            let under = try #require(try await store.task(userID: ada.id, id: parent.id))
            #expect(under.parentID == stays.id && under.projectID == stays.projectID && under.sectionID == nil)
            #expect(try await store.task(userID: ada.id, id: child.id)?.projectID == stays.projectID)

            let bob = try await store.person("Bob")
            let bobs = try await store.project("Bob's", for: bob)
            await #expect(throws: KairosError.missing("Project")) {
                try await store.moveTask(
                    userID: ada.id, id: stays.id, to: .project(bobs.id), auditedIn: [], now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Task")) {
                try await store.moveTask(
                    userID: bob.id, id: stays.id, to: .project(bobs.id), auditedIn: [], now: suiteNow)
            }
        }
    }

    @Test(
        "Deleting takes subtasks and comments along; a batch delete skips what already went",
        arguments: StoreBackend.all)
    func delete(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let parent = try await store.task("parent", for: ada)
            let child = try await store.task("child", for: ada) { $0.parentID = parent.id }
            let comment = try await store.createComment(
                userID: ada.id, taskID: child.id, projectID: nil, content: "note", now: suiteNow)
            let other = try await store.task("other", for: ada)
            try await store.deleteTasks(userID: ada.id, ids: [parent.id, child.id, other.id], now: suiteNow)
            #expect(try await store.openTaskIDs(for: ada).isEmpty)
            #expect(try await store.comment(userID: ada.id, id: comment.id) == nil)

            let kept = try await store.task("kept", for: ada)
            let bob = try await store.person("Bob")
            await #expect(throws: KairosError.missing("Task")) {
                try await store.deleteTask(userID: bob.id, id: kept.id, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Task")) {
                try await store.deleteTasks(userID: ada.id, ids: [kept.id, "nope"], now: suiteNow)
            }
            #expect(try await store.openTaskIDs(for: ada) == [kept.id])
            try await store.deleteTask(userID: ada.id, id: kept.id, now: suiteNow)
            #expect(try await store.task(userID: ada.id, id: kept.id) == nil)
        }
    }

    @Test("Completed tasks list newest first, by completion or due date, page by page", arguments: StoreBackend.all)
    func completed(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            var closed: [String] = []
            for index in 0..<4 {
                let task = try await store.task("t\(index)", for: ada) {
                    $0.due = Due(date: today.adding(days: index), string: "soon")
                }
                try await store.closeTask(userID: ada.id, id: task.id, now: suiteNow.addingTimeInterval(Double(index)))
                closed.append(task.id)
            }
            _ = try await store.task("open", for: ada)
            var seen: [String] = []
            var page = PageRequest(limit: 3)
            let query = CompletedQuery(
                basis: .completionDate, since: suiteNow, until: suiteNow.addingTimeInterval(10), timeZone: .gmt)
            while true {
                let result = try await store.completedTasks(userID: ada.id, query: query, page: page)
                seen += result.items.map(\.id)
                guard let next = result.nextCursor else { break }
                page = PageRequest(cursor: PageCursor(token: next, keyCount: 2), limit: 3)
            }
            #expect(seen == closed.reversed())
            let byDue = try await store.completedTasks(
                userID: ada.id,
                query: CompletedQuery(
                    basis: .dueDate, since: suiteNow.addingTimeInterval(86_400),
                    until: suiteNow.addingTimeInterval(2 * 86_400), timeZone: .gmt),
                page: PageRequest())
            #expect(byDue.items.map(\.id) == [closed[2], closed[1]])
            let bob = try await store.person("Bob")
            #expect(try await store.completedTasks(userID: bob.id, query: query, page: PageRequest()).items.isEmpty)
        }
    }

    @Test(
        "Comments on tasks and projects: listed in order, edited, deleted, invisible to others",
        arguments: StoreBackend.all)
    func comments(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let task = try await store.task("task", for: ada)
            let work = try await store.project("Work", for: ada)
            var onTask: [String] = []
            for index in 0..<3 {
                onTask.append(
                    try await store.createComment(
                        userID: ada.id, taskID: task.id, projectID: nil, content: "c\(index)", now: suiteNow
                    ).id)
            }
            let onProject = try await store.createComment(
                userID: ada.id, taskID: nil, projectID: work.id, content: "p", now: suiteNow)
            #expect(onProject.projectID == work.id && onProject.taskID == nil && onProject.posterID == ada.id)
            #expect(try await store.task(userID: ada.id, id: task.id)?.noteCount == 3)
            let first = try await store.comments(
                userID: ada.id, taskID: task.id, projectID: nil, page: PageRequest(limit: 2))
            #expect(first.results.map(\.id) == Array(onTask.prefix(2)))
            let rest = try await store.comments(
                userID: ada.id, taskID: task.id, projectID: nil,
                page: PageRequest(cursor: PageCursor(token: try #require(first.nextCursor), keyCount: 1), limit: 2))
            #expect(rest.results.map(\.id) == [onTask[2]] && rest.nextCursor == nil)
            #expect(
                try await store.comments(userID: ada.id, taskID: nil, projectID: work.id, page: PageRequest()).results
                    .map(\.id) == [onProject.id])
            await #expect(throws: KairosError.self) {
                _ = try await store.comments(userID: ada.id, taskID: nil, projectID: nil, page: PageRequest())
            }
            let edited = try await store.updateComment(userID: ada.id, id: onTask[0], content: "edited", now: suiteNow)
            #expect(edited.content == "edited")

            #expect(try await store.comment(userID: bob.id, id: onTask[0]) == nil)
            #expect(
                try await store.comments(userID: bob.id, taskID: task.id, projectID: nil, page: PageRequest()).results
                    .isEmpty)
            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.createComment(
                    userID: bob.id, taskID: task.id, projectID: nil, content: "x", now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Project")) {
                _ = try await store.createComment(
                    userID: bob.id, taskID: nil, projectID: work.id, content: "x", now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Comment")) {
                _ = try await store.updateComment(userID: bob.id, id: onTask[0], content: "x", now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Comment")) {
                try await store.deleteComment(userID: bob.id, id: onTask[0], now: suiteNow)
            }
            try await store.deleteComment(userID: ada.id, id: onTask[0], now: suiteNow)
            #expect(try await store.comment(userID: ada.id, id: onTask[0]) == nil)
            #expect(try await store.comment(userID: ada.id, id: onTask[1])?.content == "c1")
        }
    }

    @Test("Another user's tasks are invisible and untouchable", arguments: StoreBackend.all)
    func isolation(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let task = try await store.task("secret", for: ada)
            #expect(try await store.task(userID: bob.id, id: task.id) == nil)
            await #expect(throws: KairosError.missing("Parent task")) {
                _ = try await store.task("sneaky", for: bob) { $0.parentID = task.id }
            }
            await #expect(throws: KairosError.missing("Project")) {
                _ = try await store.task("sneaky", for: bob) { $0.projectID = task.projectID }
            }
            #expect(try await store.openTaskIDs(for: bob).isEmpty)
            #expect(try await store.searchTasks(userID: bob.id, text: "secret", page: PageRequest()).results.isEmpty)
            #expect(try await store.task(userID: ada.id, id: task.id)?.content == "secret")
            for id in ["0", "-1", "abc", ""] {
                #expect(try await store.task(userID: ada.id, id: id) == nil, "id \(id)")
            }
        }
    }

    @Test("A failed write leaves nothing behind", arguments: StoreBackend.all)
    func atomicity(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            await #expect(throws: KairosError.missing("Section")) {
                _ = try await store.task("lost", for: ada) { $0.sectionID = "999999" }
            }
            #expect(try await store.openTaskIDs(for: ada).isEmpty)
        }
    }

    @Test(
        "A batch writes its new projects, tasks and comments together, or nothing when one task fails",
        arguments: StoreBackend.all)
    func batch(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let garden = ProjectDraft(
                name: "Garden", description: "", parentID: nil, color: "green", isFavorite: false, viewStyle: "list")
            let theirs = try await store.createProject(userID: bob.id, draft: garden, now: suiteNow)
            let plant = BatchTask(draft: TaskDraft(content: "Plant tulips"), newProject: 0, comment: "before the frost")
            let failing = TaskBatch(
                newProjects: [garden],
                tasks: [plant, BatchTask(draft: TaskDraft(content: "Sneak", projectID: theirs.id))])
            await #expect(throws: KairosError.missing("Project")) {
                _ = try await store.createTasks(userID: ada.id, batch: failing, now: suiteNow)
            }
            let projects = { try await store.projects(userID: ada.id, archived: false, page: PageRequest()).results }
            #expect(try await projects().map(\.name) == ["Inbox"])
            #expect(try await store.openTaskIDs(for: ada).isEmpty)

            let batch = TaskBatch(
                newProjects: [garden],
                tasks: [
                    plant,
                    BatchTask(
                        draft: TaskDraft(content: "Call mom", due: Due(date: today, string: "today")),
                        reminders: [.at(suiteNow.addingTimeInterval(3600))]),
                ],
                clientID: "batch-1")
            let created = try await store.createTasks(userID: ada.id, batch: batch, now: suiteNow)
            let mine = try #require(try await projects().first { $0.name == "Garden" })
            #expect(created.map(\.content) == ["Plant tulips", "Call mom"])
            #expect(created.map(\.projectID) == [mine.id, try await store.inbox(userID: ada.id).id])
            #expect(created.map(\.noteCount) == [1, 0])
            // The same batch again writes nothing and answers with the first one's tasks.
            #expect(
                try await store.createTasks(userID: ada.id, batch: batch, now: suiteNow).map(\.id) == created.map(\.id))
            #expect(try await projects().count == 2)
            #expect(try await store.createTasks(userID: ada.id, batch: TaskBatch(tasks: []), now: suiteNow).isEmpty)
        }
    }
}
