import Foundation
import KairosCore
import Testing

/// The wire `due` object of a task reply, for checking exactly what clients see.
private func wireDue(_ reply: Reply) -> [String: Any]? {
    reply.object?["due"] as? [String: Any]
}

@Suite("Tasks: create, update, close, reopen, move, delete and list")
struct TaskTests {
    // MARK: Create

    @Test("A task with only content lands in the Inbox with defaults")
    func createMinimal() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            let reply = try await ada.post("tasks", TaskCreateRequest(content: "  Buy milk  "))
            let task = try expectOK(reply, as: TaskItem.self)
            #expect(task.content == "Buy milk")
            #expect(task.projectID == inbox.id)
            #expect(task.sectionID == nil)
            #expect(task.parentID == nil)
            #expect(task.priority == 1)
            #expect(task.labels == [])
            #expect(task.due == nil)
            #expect(task.deadline == nil)
            #expect(task.duration == nil)
            #expect(task.completedAt == nil)
            #expect(task.userID == ada.me.id)
            #expect(task.addedByUID == ada.me.id)
            #expect(task.addedAt == ada.clock.now)
            let wire = try #require(reply.object)
            #expect(wire["checked"] as? Bool == false)
            #expect(wire["is_deleted"] as? Bool == false)
            #expect(wire["due"] is NSNull)
            for key in [
                "id", "user_id", "project_id", "section_id", "parent_id", "content", "description", "labels",
                "priority", "due", "deadline", "duration", "child_order", "day_order", "is_collapsed", "added_by_uid",
                "assigned_by_uid", "responsible_uid", "completed_at", "added_at", "updated_at", "note_count",
            ] {
                #expect(wire.keys.contains(key), "missing \(key)")
            }
        }
    }

    @Test("A task can be created with every field at once")
    func createWithEveryField() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let desk = try await ada.createSection("Desk", in: work.id)
            let reply = try await ada.post(
                "tasks",
                TaskCreateRequest(
                    content: "Quarterly report", description: "Numbers for Q1", projectID: work.id, sectionID: desk.id,
                    labels: ["focus", "Focus", "deep work"], priority: 4, dueString: "tomorrow at 5pm", dueLang: "en",
                    assigneeID: ada.me.id, order: 5, dayOrder: 2, duration: 90, durationUnit: "minute",
                    deadlineDate: "2026-03-20", deadlineLang: "en"))
            let task = try expectOK(reply, as: TaskItem.self)
            #expect(task.content == "Quarterly report")
            #expect(task.description == "Numbers for Q1")
            #expect(task.projectID == work.id)
            #expect(task.sectionID == desk.id)
            #expect(task.labels == ["focus", "deep work"])
            #expect(task.priority == 4)
            #expect(task.responsibleUID == ada.me.id)
            #expect(task.assignedByUID == ada.me.id)
            #expect(task.childOrder == 1)  // the project's only task: an order past the end is last
            #expect(task.dayOrder == 2)
            #expect(task.duration == TaskDuration(amount: 90, unit: .minute))
            #expect(task.deadline == Deadline(date: LocalDate(iso: "2026-03-20")!))
            let due = try #require(task.due)
            #expect(due.date.iso == "2026-03-05")
            #expect(due.time?.iso == "17:00:00")
            #expect(due.timezone == "America/New_York")
            #expect(due.string == "tomorrow at 5pm")
            #expect(!due.isRecurring)
            // 17:00 in New York on March 5 is 22:00 UTC.
            let wire = try #require(wireDue(reply))
            #expect(wire["date"] as? String == "2026-03-05T22:00:00Z")
            #expect(wire["datetime"] as? String == "2026-03-05T22:00:00Z")
            #expect(wire["timezone"] as? String == "America/New_York")
            #expect(wire["is_recurring"] as? Bool == false)
            let deadline = try #require(reply.object?["deadline"] as? [String: Any])
            #expect(deadline["date"] as? String == "2026-03-20")
            let duration = try #require(reply.object?["duration"] as? [String: Any])
            #expect(duration["amount"] as? Int == 90)
            #expect(duration["unit"] as? String == "minute")

            #expect(try await ada.task(task.id) == task)
        }
    }

    @Test(
        "due_string is read in the user's time zone",
        arguments: [
            ("today", "2026-03-04", false),
            ("tomorrow", "2026-03-05", false),
            ("Tomorrow", "2026-03-05", false),
            ("every monday", "2026-03-09", true),
            ("every day", "2026-03-04", true),
            ("friday", "2026-03-06", false),
            ("2026-04-01", "2026-04-01", false),
        ])
    func dueStrings(text: String, date: String, recurring: Bool) async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks", TaskCreateRequest(content: "Due", dueString: text))
            let task = try expectOK(reply, as: TaskItem.self)
            let due = try #require(task.due)
            #expect(due.date.iso == date)
            #expect(due.time == nil)
            #expect(due.string == text)
            #expect(due.isRecurring == recurring)
            let wire = try #require(wireDue(reply))
            #expect(wire["date"] as? String == date)
            #expect(wire["datetime"] is NSNull)
            #expect(wire["is_recurring"] as? Bool == recurring)
            #expect(wire["timezone"] is NSNull)
        }
    }

    @Test("due_string \"no date\" makes a task with no due date")
    func dueStringNoDate() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Someday", dueString: "no date")
            #expect(task.due == nil)
            #expect(try await ada.filter("no date") == [task.id])
        }
    }

    @Test("due_date gives an all-day due date")
    func dueDate() async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks", TaskCreateRequest(content: "Taxes", dueDate: "2026-04-15"))
            let task = try expectOK(reply, as: TaskItem.self)
            #expect(task.due?.date.iso == "2026-04-15")
            #expect(task.due?.time == nil)
            #expect(wireDue(reply)?["date"] as? String == "2026-04-15")
        }
    }

    @Test(
        "due_datetime with an offset is that instant; without one it is the user's wall time",
        arguments: [
            // With Z: 15:00 UTC is 10:00 in New York.
            ("2026-03-06T15:00:00Z", "2026-03-06T15:00:00Z", "2026-03-06", "10:00:00"),
            // With an explicit offset.
            ("2026-03-06T09:00:00+01:00", "2026-03-06T08:00:00Z", "2026-03-06", "03:00:00"),
            // Without an offset: 09:00 New York wall time (EST, UTC-5).
            ("2026-03-06T09:00:00", "2026-03-06T14:00:00Z", "2026-03-06", "09:00:00"),
            // After the switch to daylight saving time on March 8, the same wall time is UTC-4.
            ("2026-03-09T09:00:00", "2026-03-09T13:00:00Z", "2026-03-09", "09:00:00"),
            // Late evening UTC is still the previous day in New York.
            ("2026-03-07T02:00:00Z", "2026-03-07T02:00:00Z", "2026-03-06", "21:00:00"),
        ])
    func dueDatetime(given: String, wireDate: String, localDate: String, localTime: String) async throws {
        try await withAda { ada in
            let reply = try await ada.post("tasks", TaskCreateRequest(content: "Meeting", dueDatetime: given))
            let task = try expectOK(reply, as: TaskItem.self)
            let wire = try #require(wireDue(reply))
            #expect(wire["date"] as? String == wireDate)
            #expect(wire["datetime"] as? String == wireDate)
            #expect(wire["timezone"] as? String == "America/New_York")
            #expect(task.due?.date.iso == localDate)
            #expect(task.due?.time?.iso == localTime)
        }
    }

    @Test(
        "Bad or conflicting due fields are a 400 naming the field, and nothing is created",
        arguments: [
            (TaskCreateRequest(content: "x", dueString: "when pigs fly"), "due_string"),
            (TaskCreateRequest(content: "x", dueDate: "2026-02-30"), "due_date"),
            (TaskCreateRequest(content: "x", dueDate: "next week"), "due_date"),
            (TaskCreateRequest(content: "x", dueDatetime: "tomorrow"), "due_datetime"),
            (TaskCreateRequest(content: "x", dueString: "today", dueDate: "2026-03-04"), "due_"),
            (TaskCreateRequest(content: "x", dueDate: "2026-03-04", dueDatetime: "2026-03-04T10:00:00Z"), "due_"),
            (TaskCreateRequest(content: "x", deadlineDate: "soon"), "deadline_date"),
            (TaskCreateRequest(content: "x", duration: 0, durationUnit: "minute"), "duration"),
            (TaskCreateRequest(content: "x", duration: 30), "duration_unit"),
            (TaskCreateRequest(content: "x", duration: 30, durationUnit: "hour"), "duration_unit"),
            (TaskCreateRequest(content: "x", durationUnit: "minute"), "duration"),
            (TaskCreateRequest(content: "x", priority: 0), "priority"),
            (TaskCreateRequest(content: "x", labels: ["ok", "not ok!"]), "labels"),
            (TaskCreateRequest(content: "x", assigneeID: "999999"), "assignee_id"),
            (TaskCreateRequest(content: "x", description: String(repeating: "d", count: 16_384)), "description"),
        ])
    func createValidation(request: TaskCreateRequest, field: String) async throws {
        try await withAda { ada in
            expectError(try await ada.post("tasks", request), .badRequest, code: "invalid_field", mentioning: field)
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("Where a new task goes: a parent decides its project and section; a section its project")
    func placement() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let home = try await ada.createProject("Home")
            let desk = try await ada.createSection("Desk", in: work.id)
            let parent = try await ada.createTask("Report", sectionID: desk.id)
            #expect(parent.projectID == work.id)
            #expect(parent.sectionID == desk.id)
            let child = try await ada.createTask("Gather numbers", parentID: parent.id)
            #expect(child.parentID == parent.id)
            #expect(child.projectID == work.id)
            #expect(child.sectionID == desk.id)
            let grandchild = try await ada.createTask("Ask finance", parentID: child.id)
            #expect(grandchild.projectID == work.id)

            // A section of another project than project_id is refused.
            expectError(
                try await ada.post("tasks", TaskCreateRequest(content: "x", projectID: home.id, sectionID: desk.id)),
                .badRequest, code: "invalid_field", mentioning: "section_id")
            for (request, kind) in [
                (TaskCreateRequest(content: "x", projectID: "999999"), "Project"),
                (TaskCreateRequest(content: "x", sectionID: "999999"), "Section"),
                (TaskCreateRequest(content: "x", parentID: "999999"), "task"),
                (TaskCreateRequest(content: "x", parentID: "abc"), "task"),
            ] {
                expectError(try await ada.post("tasks", request), .notFound, code: "not_found", mentioning: kind)
            }
            #expect(try await ada.taskIDs() == [parent.id, child.id, grandchild.id])
        }
    }

    @Test("New tasks are appended: child_order counts up within a project")
    func childOrder() async throws {
        try await withAda { ada in
            let first = try await ada.createTask("One")
            let second = try await ada.createTask("Two")
            let third = try await ada.createTask("Three")
            #expect([first.childOrder, second.childOrder, third.childOrder] as [Int] == [1, 2, 3])
            #expect(try await ada.tasks().map(\.content) == ["One", "Two", "Three"])
        }
    }

    // MARK: Update

    @Test("Updating a task changes only the fields sent")
    func updateFields() async throws {
        try await withAda { ada in
            let task = try await ada.createTask(
                TaskCreateRequest(
                    content: "Draft", description: "v1", labels: ["a"], priority: 2, dueString: "tomorrow",
                    duration: 30, durationUnit: "minute", deadlineDate: "2026-03-31"))
            ada.clock.set("2026-03-04T16:00:00Z")
            let updated = try await ada.updateTask(task.id) {
                $0.content = "Final"
                $0.labels = ["b", "c"]
                $0.priority = 3
                $0.isCollapsed = true
                $0.childOrder = 42
                $0.dayOrder = 7
            }
            #expect(updated.content == "Final")
            #expect(updated.description == "v1")
            #expect(updated.labels == ["b", "c"])
            #expect(updated.priority == 3)
            #expect(updated.isCollapsed)
            #expect(updated.childOrder == 1)  // the Inbox's only task: an order past the end is last
            #expect(updated.dayOrder == 7)
            #expect(updated.due == task.due)
            #expect(updated.duration == task.duration)
            #expect(updated.deadline == task.deadline)
            #expect(updated.addedAt == task.addedAt)
            #expect(updated.updatedAt == ada.clock.now)
            #expect(try await ada.task(task.id) == updated)
        }
    }

    @Test("A new due date replaces the old one, in any of the three forms")
    func updateDue() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Move me", dueString: "today")
            let byString = try await ada.updateTask(task.id) { $0.dueString = .set("every monday") }
            #expect(byString.due?.date.iso == "2026-03-09")
            #expect(byString.due?.isRecurring == true)
            let byDate = try await ada.updateTask(task.id) { $0.dueDate = .set("2026-05-01") }
            #expect(byDate.due?.date.iso == "2026-05-01")
            #expect(byDate.due?.isRecurring == false)
            let byDatetime = try await ada.updateTask(task.id) { $0.dueDatetime = .set("2026-05-02T08:30:00") }
            #expect(byDatetime.due?.date.iso == "2026-05-02")
            #expect(byDatetime.due?.time?.iso == "08:30:00")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"due_string": "today", "due_date": "2026-03-04"}"#),
                .badRequest, code: "invalid_field", mentioning: "due_")
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"due_string": "gibberish o'clock"}"#), .badRequest,
                code: "invalid_field", mentioning: "due_string")
            #expect(try await ada.task(task.id).due == byDatetime.due)
        }
    }

    @Test("The due date is cleared with due_string \"no date\", or with a null due_date, due_string or due_datetime")
    func clearDue() async throws {
        try await withAda { ada in
            let viaNoDate = try await ada.createTask("A", dueString: "tomorrow")
            #expect(try await ada.updateTask(viaNoDate.id) { $0.dueString = .set("no date") }.due == nil)

            for key in ["due_date", "due_string", "due_datetime"] {
                let task = try await ada.createTask("B", dueString: "every monday")
                let reply = try await ada.post("tasks/\(task.id)", json: #"{"\#(key)": null}"#)
                let cleared = try expectOK(reply, as: TaskItem.self)
                #expect(cleared.due == nil, "clearing with \(key)")
                #expect(reply.object?["due"] is NSNull)
                #expect(try await ada.task(task.id).due == nil)
            }
            #expect(try await ada.filter("no date").count == 4)
        }
    }

    // DueResolver.update used to return `.clear` as soon as any of the three due fields was null, before
    // looking at the others, so a client that sends every field (nulls for the ones it does not use) and a
    // new due_date got its due date erased, while the same body on create set the date.
    @Test("A new due_date sent with the other due fields as null sets that date instead of clearing it")
    func dueDateWithNullSiblings() async throws {
        try await withAda { ada in
            let body = #"{"due_string": null, "due_date": "2026-03-09", "due_datetime": null}"#
            let created = try expectOK(
                try await ada.post(
                    "tasks",
                    json: #"{"content": "Created", "due_string": null, "due_date": "2026-03-09", "due_datetime": null}"#
                ),
                as: TaskItem.self)
            #expect(created.due?.date.iso == "2026-03-09")

            let task = try await ada.createTask("Updated", dueString: "today")
            let reply = try await ada.post("tasks/\(task.id)", json: body)
            #expect(
                reply.status == .badRequest || (try? reply.decode(TaskItem.self).due?.date.iso) == "2026-03-09",
                "\(reply)")
            #expect(try await ada.task(task.id).due != nil, "the due date was erased")
        }
    }

    @Test("DST: a wall time that does not exist (the spring-forward gap) is still accepted")
    func dueDatetimeInDSTGap() async throws {
        try await withAda { ada in
            // 02:30 on March 8, 2026 does not exist in New York: clocks jump from 02:00 to 03:00.
            let reply = try await ada.post(
                "tasks", TaskCreateRequest(content: "Gap", dueDatetime: "2026-03-08T02:30:00"))
            let task = try expectOK(reply, as: TaskItem.self)
            #expect(task.due?.date.iso == "2026-03-08")
        }
    }

    @Test("Closing an already completed task keeps its first completion time")
    func closeTwice() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Once")
            try await ada.close(task.id)
            let first = try await ada.task(task.id).completedAt
            ada.clock.set("2026-03-05T10:00:00Z")
            try await ada.close(task.id)
            #expect(try await ada.task(task.id).completedAt == first)
        }
    }

    @Test("Duration and deadline are cleared with null; a new duration keeps the current unit")
    func clearDurationAndDeadline() async throws {
        try await withAda { ada in
            let task = try await ada.createTask(
                TaskCreateRequest(content: "Run", duration: 2, durationUnit: "day", deadlineDate: "2026-03-31"))
            let longer = try await ada.updateTask(task.id) { $0.duration = .set(3) }
            #expect(longer.duration == TaskDuration(amount: 3, unit: .day))
            let inMinutes = try await ada.updateTask(task.id) {
                $0.duration = .set(45)
                $0.durationUnit = "minute"
            }
            #expect(inMinutes.duration == TaskDuration(amount: 45, unit: .minute))
            let moved = try await ada.updateTask(task.id) { $0.deadlineDate = .set("2026-04-30") }
            #expect(moved.deadline?.date.iso == "2026-04-30")

            let reply = try await ada.post("tasks/\(task.id)", json: #"{"duration": null, "deadline_date": null}"#)
            let cleared = try expectOK(reply, as: TaskItem.self)
            #expect(cleared.duration == nil)
            #expect(cleared.deadline == nil)
            #expect(reply.object?["duration"] is NSNull)
            #expect(reply.object?["deadline"] is NSNull)

            // With no duration left, a new amount needs its unit.
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"duration": 10}"#), .badRequest, code: "invalid_field",
                mentioning: "duration_unit")
        }
    }

    @Test("The assignee can be set to oneself and cleared, but not to anyone else")
    func assignee() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Mine")
            let assigned = try await ada.updateTask(task.id) { $0.assigneeID = .set(ada.me.id) }
            #expect(assigned.responsibleUID == ada.me.id)
            #expect(try await ada.filter("assigned to: me") == [task.id])
            let unassigned = try await ada.updateTask(task.id) { $0.assigneeID = .clear }
            #expect(unassigned.responsibleUID == nil)
            expectError(
                try await ada.post("tasks/\(task.id)", json: #"{"assignee_id": "424242"}"#), .badRequest,
                code: "invalid_field", mentioning: "assignee_id")
        }
    }

    // MARK: Close and reopen

    @Test("Closing a task completes it and its subtasks, and hides them from the active list")
    func closeNonRecurring() async throws {
        try await withAda { ada in
            let parent = try await ada.createTask("Move house", dueString: "today")
            let child = try await ada.createTask("Pack books", parentID: parent.id)
            let grandchild = try await ada.createTask("Find boxes", parentID: child.id)
            let bystander = try await ada.createTask("Unrelated")

            try await ada.close(parent.id)
            #expect(try await ada.taskIDs() == [bystander.id])
            for id in [parent.id, child.id, grandchild.id] {
                let reply = try await ada.get("tasks/\(id)")
                let closed = try expectOK(reply, as: TaskItem.self)
                #expect(closed.completedAt == ada.clock.now)
                #expect(reply.object?["checked"] as? Bool == true)
            }
            #expect(Set(try await ada.completed().map(\.id)) == [parent.id, child.id, grandchild.id])
        }
    }

    @Test("Closing only a subtask leaves its parent open")
    func closeSubtask() async throws {
        try await withAda { ada in
            let parent = try await ada.createTask("Move house")
            let child = try await ada.createTask("Pack books", parentID: parent.id)
            try await ada.close(child.id)
            #expect(try await ada.taskIDs() == [parent.id])
            #expect(try await ada.task(parent.id).completedAt == nil)
        }
    }

    @Test("Closing a recurring task moves it to its next occurrence and keeps it active")
    func closeRecurring() async throws {
        try await withAda { ada in
            let weekly = try await ada.createTask("Team sync", dueString: "every monday at 8am")
            #expect(weekly.due?.date.iso == "2026-03-09")
            try await ada.close(weekly.id)
            let next = try await ada.task(weekly.id)
            #expect(next.completedAt == nil)
            #expect(next.due?.date.iso == "2026-03-16")
            #expect(next.due?.time?.iso == "08:00:00")
            #expect(next.due?.string == "every monday at 8am")
            #expect(next.due?.isRecurring == true)
            #expect(try await ada.taskIDs() == [weekly.id])
            #expect(try await ada.completed().isEmpty)

            let daily = try await ada.createTask("Stretch", dueString: "every day")
            try await ada.close(daily.id)
            #expect(try await ada.task(daily.id).due?.date.iso == "2026-03-05")
        }
    }

    @Test("An overdue recurring task resumes from today instead of replaying missed dates")
    func closeOverdueRecurring() async throws {
        try await withAda { ada in
            let weekly = try await ada.createTask("Bins out", dueString: "every monday")
            ada.clock.set("2026-03-25T15:00:00Z")  // Wednesday, two Mondays later
            try await ada.close(weekly.id)
            #expect(try await ada.task(weekly.id).due?.date.iso == "2026-03-30")
        }
    }

    @Test("Reopening brings a task back, with any completed parents")
    func reopen() async throws {
        try await withAda { ada in
            let parent = try await ada.createTask("Move house")
            let child = try await ada.createTask("Pack books", parentID: parent.id)
            try await ada.close(parent.id)
            try expectNoContent(try await ada.post("tasks/\(child.id)/reopen"))
            #expect(try await ada.task(child.id).completedAt == nil)
            #expect(try await ada.task(parent.id).completedAt == nil)
            #expect(try await ada.taskIDs() == [parent.id, child.id])
            #expect(try await ada.completed().isEmpty)

            // Reopening an open task is harmless.
            try expectNoContent(try await ada.post("tasks/\(parent.id)/reopen"))
            #expect(try await ada.task(parent.id).completedAt == nil)
        }
    }

    @Test("Close and reopen of an unknown task are 404s")
    func closeUnknown() async throws {
        try await withAda { ada in
            for id in ["999999", "abc"] {
                expectError(try await ada.post("tasks/\(id)/close"), .notFound, code: "not_found", mentioning: "Task")
                expectError(try await ada.post("tasks/\(id)/reopen"), .notFound, code: "not_found", mentioning: "Task")
            }
        }
    }

    // MARK: Move

    @Test("Moving a task to a project takes its subtasks along and leaves its section")
    func moveToProject() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let work = try await ada.createProject("Work")
            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            let task = try await ada.createTask("Paint", sectionID: kitchen.id)
            let child = try await ada.createTask("Buy paint", parentID: task.id)

            try expectNoContent(try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: work.id)))
            let moved = try await ada.task(task.id)
            #expect(moved.projectID == work.id)
            #expect(moved.sectionID == nil)
            #expect(moved.parentID == nil)
            let movedChild = try await ada.task(child.id)
            #expect(movedChild.projectID == work.id)
            #expect(movedChild.sectionID == nil)
            #expect(movedChild.parentID == task.id)
            #expect(try await ada.taskIDs(["project_id": home.id]).isEmpty)
        }
    }

    @Test("Moving a task to a section puts it in that section's project")
    func moveToSection() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let desk = try await ada.createSection("Desk", in: work.id)
            let task = try await ada.createTask("File receipts")
            try expectNoContent(try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(sectionID: desk.id)))
            let moved = try await ada.task(task.id)
            #expect(moved.projectID == work.id)
            #expect(moved.sectionID == desk.id)
            #expect(try await ada.taskIDs(["section_id": desk.id]) == [task.id])
        }
    }

    @Test("Moving a task under another task makes it a subtask in the parent's project and section")
    func moveToParent() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let desk = try await ada.createSection("Desk", in: work.id)
            let parent = try await ada.createTask("Report", sectionID: desk.id)
            let task = try await ada.createTask("Chart")
            try expectNoContent(try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(parentID: parent.id)))
            let moved = try await ada.task(task.id)
            #expect(moved.parentID == parent.id)
            #expect(moved.projectID == work.id)
            #expect(moved.sectionID == desk.id)
            #expect(try await ada.taskIDs(["parent_id": parent.id]) == [task.id])
        }
    }

    @Test("A move needs exactly one destination, and never under the task itself or its subtasks")
    func moveValidation() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let desk = try await ada.createSection("Desk", in: work.id)
            let task = try await ada.createTask("Report")
            let child = try await ada.createTask("Chart", parentID: task.id)
            let grandchild = try await ada.createTask("Axis", parentID: child.id)

            expectError(
                try await ada.post("tasks/\(task.id)/move", json: "{}"), .badRequest, code: "invalid_field",
                mentioning: "project_id")
            expectError(
                try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: work.id, sectionID: desk.id)),
                .badRequest, code: "invalid_field", mentioning: "project_id")
            expectError(
                try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: work.id, parentID: child.id)),
                .badRequest, code: "invalid_field")
            for target in [task.id, child.id, grandchild.id] {
                expectError(
                    try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(parentID: target)), .badRequest,
                    code: "invalid_field", mentioning: "parent_id")
            }
            expectError(
                try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: "999999")), .notFound,
                code: "not_found", mentioning: "Project")
            expectError(
                try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(sectionID: "999999")), .notFound,
                code: "not_found", mentioning: "Section")
            expectError(
                try await ada.post("tasks/999999/move", TaskMoveRequest(projectID: work.id)), .notFound,
                code: "not_found", mentioning: "Task")

            let unchanged = try await ada.task(task.id)
            #expect(unchanged.projectID == task.projectID)
            #expect(unchanged.parentID == nil)
            #expect(try await ada.task(child.id).parentID == task.id)
        }
    }

    // MARK: Delete

    @Test("Deleting a task deletes all of its subtasks")
    func deleteCascades() async throws {
        try await withAda { ada in
            let parent = try await ada.createTask("Move house")
            let child = try await ada.createTask("Pack books", parentID: parent.id)
            let grandchild = try await ada.createTask("Find boxes", parentID: child.id)
            let bystander = try await ada.createTask("Unrelated")
            try expectNoContent(try await ada.delete("tasks/\(parent.id)"))
            for id in [parent.id, child.id, grandchild.id] {
                expectError(try await ada.get("tasks/\(id)"), .notFound, code: "not_found", mentioning: "Task")
            }
            #expect(try await ada.taskIDs() == [bystander.id])
            expectError(try await ada.delete("tasks/\(parent.id)"), .notFound, code: "not_found")
        }
    }

    @Test("Unknown task ids are a 404 for read, update and delete")
    func unknownTask() async throws {
        try await withAda { ada in
            for id in ["999999", "abc", "0"] {
                expectError(try await ada.get("tasks/\(id)"), .notFound, code: "not_found", mentioning: "Task")
                expectError(
                    try await ada.post("tasks/\(id)", json: #"{"content": "x"}"#), .notFound, code: "not_found")
                expectError(try await ada.delete("tasks/\(id)"), .notFound, code: "not_found")
            }
        }
    }

    // MARK: Listing

    @Test("GET /tasks narrows by project_id, section_id, parent_id, label and ids")
    func listParameters() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            let work = try await ada.createProject("Work")
            let desk = try await ada.createSection("Desk", in: work.id)
            let report = try await ada.createTask("Report", projectID: work.id, labels: ["focus"])
            let chart = try await ada.createTask("Chart", parentID: report.id, labels: ["focus", "quick"])
            let file = try await ada.createTask("File", sectionID: desk.id, labels: ["quick"])
            let milk = try await ada.createTask("Milk", labels: ["Errand"])

            #expect(try await ada.taskIDs() == [report.id, chart.id, file.id, milk.id])
            #expect(try await ada.taskIDs(["project_id": work.id]) == [report.id, chart.id, file.id])
            #expect(try await ada.taskIDs(["project_id": inbox.id]) == [milk.id])
            #expect(try await ada.taskIDs(["section_id": desk.id]) == [file.id])
            #expect(try await ada.taskIDs(["parent_id": report.id]) == [chart.id])
            #expect(try await ada.taskIDs(["label": "quick"]) == [chart.id, file.id])
            #expect(try await ada.taskIDs(["label": "errand"]) == [milk.id])
            #expect(try await ada.taskIDs(["label": "nothing"]).isEmpty)
            #expect(try await ada.taskIDs(["ids": "\(milk.id), \(file.id),999999"]) == [milk.id, file.id])
            #expect(try await ada.taskIDs(["ids": "abc"]).isEmpty)
            #expect(try await ada.taskIDs(["project_id": work.id, "label": "focus"]) == [report.id, chart.id])
            #expect(try await ada.taskIDs(["project_id": "999999"]).isEmpty)
            #expect(try await ada.taskIDs(["project_id": "abc"]).isEmpty)
        }
    }

    @Test("Paging through tasks with limit and cursor returns every task once, in list order")
    func pagination() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            var created: [String] = []
            for n in 1...7 {
                created.append(try await ada.createTask("Task \(n)", projectID: n.isMultiple(of: 2) ? work.id : nil).id)
            }
            let everything = try await ada.tasks().map(\.id)
            #expect(Set(everything) == Set(created))

            var pages: [[String]] = []
            var cursor: String?
            repeat {
                var query: [(String, String)] = [("limit", "3")]
                if let cursor { query.append(("cursor", cursor)) }
                let reply = try await ada.send(.get, "tasks" + queryString(query))
                let page = try expectOK(reply, as: Page<TaskItem>.self)
                pages.append(page.results.map(\.id))
                cursor = page.nextCursor
                #expect(pages.count <= 3)
            } while cursor != nil && pages.count <= 3
            #expect(pages.map(\.count) == [3, 3, 1])
            #expect(pages.flatMap { $0 } == everything)

            // An exact final page has no next cursor.
            let full = try expectOK(try await ada.get("tasks", ["limit": "7"]), as: Page<TaskItem>.self)
            #expect(full.results.count == 7)
            #expect(full.nextCursor == nil)
            let reply = try await ada.get("tasks", ["limit": "7"])
            #expect(reply.object?["next_cursor"] is NSNull)
        }
    }

    @Test("limit must be 1 to 200 and cursor must be one the list handed out")
    func paginationValidation() async throws {
        try await withAda { ada in
            for limit in ["0", "201", "-1", "ten", "1.5"] {
                expectError(
                    try await ada.get("tasks", ["limit": limit]), .badRequest, code: "invalid_field",
                    mentioning: "limit")
            }
            #expect(try await ada.get("tasks", ["limit": "1"]).status == .ok)
            #expect(try await ada.get("tasks", ["limit": "200"]).status == .ok)
            for cursor in ["garbage!!", "bm90LWEtY3Vyc29y", "MQ"] {  // not base64 / "not-a-cursor" / "1" (one key)
                expectError(
                    try await ada.get("tasks", ["cursor": cursor]), .badRequest, code: "invalid_field",
                    mentioning: "cursor")
            }
            for path in ["projects", "sections", "labels", "tasks/filter?query=today", "tasks/search?query=x"] {
                let separator = path.contains("?") ? "&" : "?"
                expectError(
                    try await ada.send(.get, path + separator + "limit=0"), .badRequest, code: "invalid_field",
                    mentioning: "limit")
                expectError(
                    try await ada.send(.get, path + separator + "cursor=%25%25"), .badRequest, code: "invalid_field",
                    mentioning: "cursor")
            }
        }
    }
}
