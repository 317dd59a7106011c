import Foundation
import KairosCore
import Testing

@Suite("To-dos from calendar clients")
struct StoredTodoTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 2026-03-07T12:00:00Z, when the client's PUT arrives.
    let now = Date(timeIntervalSince1970: 1_772_884_800)
    /// A day later, when the client GETs the object back.
    var later: Date { now.addingTimeInterval(86_400) }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: day)!
    }

    private func time(_ hour: Int, _ minute: Int) -> LocalTime {
        LocalTime(hour: hour, minute: minute)!
    }

    private func utc(_ text: String) -> Date {
        ICalendar.DateValue(ICalendar.Property(name: "DTSTAMP", value: text))!.instant(fallback: .gmt)
    }

    private func stored(_ body: String) throws -> (StoredTodo, TodoFields) {
        let object = try StoredTodo(parsing: body)
        return (object, try #require(object.fields(timeZone: berlin, now: now)))
    }

    /// The task Kairos makes of the client's fields, with the person's reminders on it.
    private func task(from fields: TodoFields) -> (TaskItem, [Reminder]) {
        let task = TaskItem(
            id: "7", userID: "1", projectID: "2", parentID: fields.parentUID == nil ? nil : "6",
            content: fields.summary, description: fields.description, labels: fields.labels,
            priority: fields.priority, due: fields.due, childOrder: 1, addedByUID: "1",
            completedAt: fields.completedAt, addedAt: now, updatedAt: now)
        let reminders = fields.reminders.enumerated().map { index, reminder in
            switch reminder {
            case .beforeDue(let minutes):
                Reminder(
                    id: "r\(index)", taskID: "7", userID: "1", type: .relative, minuteOffset: minutes, at: nil,
                    fireAt: nil, firedAt: nil, createdAt: now)
            case .at(let moment):
                Reminder(
                    id: "r\(index)", taskID: "7", userID: "1", type: .absolute, minuteOffset: nil, at: moment,
                    fireAt: moment, firedAt: nil, createdAt: now)
            }
        }
        return (task, reminders)
    }

    /// The object given back on GET after the task was changed by `edit` in Kairos.
    private func givenBack(
        _ object: StoredTodo, editing edit: (inout TaskItem, inout [Reminder]) -> Void = { _, _ in }
    ) throws -> StoredTodo {
        let fields = try #require(object.fields(timeZone: berlin, now: now))
        var (item, reminders) = task(from: fields)
        edit(&item, &reminders)
        let kairos = TodoFields(task: item, uid: fields.uid, parentUID: fields.parentUID, reminders: reminders)
        return object.updated(to: kairos, timeZone: berlin, modified: later)
    }

    private func linesOf(_ object: StoredTodo) -> [String] {
        object.text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    }

    @Test("With no change in Kairos, every client's object comes back as it was stored")
    func untouchedRoundTrip() throws {
        for body in CalendarClientFixtures.todos {
            let object = try StoredTodo(parsing: body)
            #expect(try givenBack(object).text == object.text)
            #expect(try StoredTodo(parsing: object.text) == object)
        }
    }

    @Test("Apple Reminders: a Berlin time with its zone, its alarms, sort order and priority")
    func appleReminders() throws {
        let (_, fields) = try stored(CalendarClientFixtures.appleReminder)
        #expect(fields.uid == "0F3C5B8E-7A41-4E9B-9D61-2B7C1E0A9F11")
        #expect(fields.summary == "Call the dentist, ask about Tuesday")
        #expect(fields.description == "Number is on the card\nBring the insurance letter")
        #expect(fields.due?.date == date(2026, 3, 5) && fields.due?.time == time(9, 0))
        #expect(fields.due?.timezone == "Europe/Berlin" && fields.due?.recurrence == nil)
        #expect(fields.priority == 4)
        #expect(fields.completedAt == nil)
        #expect(fields.sortOrder == 794_649_600)
        // The moment alarm and the one ten minutes before the start (which is the due); not the ACTION:NONE one.
        #expect(fields.reminders == [.at(utc("20260305T073000Z")), .beforeDue(minutes: 10)])

        let (_, subtask) = try stored(CalendarClientFixtures.appleSubtask)
        #expect(subtask.parentUID == "0F3C5B8E-7A41-4E9B-9D61-2B7C1E0A9F11")
        #expect(subtask.due == Due(date: date(2026, 3, 4), string: "2026-03-04"))
        #expect(subtask.priority == 1 && subtask.labels.isEmpty && subtask.reminders.isEmpty)

        let (_, done) = try stored(CalendarClientFixtures.appleCompleted)
        #expect(done.completedAt == utc("20260302T174512Z"))
        #expect(done.due == nil)
    }

    @Test("Tasks.org through DAVx5: labels, parent, a weekly rule and progress that is not done")
    func tasksOrg() throws {
        let (_, fields) = try stored(CalendarClientFixtures.tasksOrg)
        #expect(fields.labels == ["home", "chores", "outside, front"])
        #expect(fields.parentUID == "7716031948215230481")
        #expect(fields.priority == 3)
        #expect(fields.completedAt == nil)
        #expect(fields.description == "Blue one on Mondays; black one on Wednesdays")
        let due = try #require(fields.due)
        #expect(due.date == date(2026, 3, 2) && due.time == nil)
        #expect(due.recurrence == RecurrenceRule(frequency: .weekly, byDay: [.monday, .wednesday]))
        #expect(due.string == "every monday, wednesday")
        // Kairos counts reminders back from a due time; this due has none, so the alarm stays the client's.
        #expect(fields.reminders.isEmpty)
        #expect(fields.sortOrder == -2)
    }

    @Test("Thunderbird: done by PERCENT-COMPLETE:100 with COMPLETED, a Berlin due, its own properties")
    func thunderbird() throws {
        let (object, fields) = try stored(CalendarClientFixtures.thunderbird)
        #expect(fields.completedAt == utc("20260306T183000Z"))
        #expect(fields.due?.date == date(2026, 3, 10) && fields.due?.time == time(18, 0))
        #expect(fields.due?.timezone == "Europe/Berlin")
        #expect(fields.priority == 2)
        #expect(fields.description == "Forms on the desk")
        // An hour before the due; the EMAIL alarm is not one Kairos can send.
        #expect(fields.reminders == [.beforeDue(minutes: 60)])
        #expect(object.text.contains("X-MOZ-LASTACK:20260306T080000Z\r\n"))
    }

    @Test("Edits made in Kairos show in the object, and everything else stays")
    func kairosEdits() throws {
        let object = try StoredTodo(parsing: CalendarClientFixtures.thunderbird)
        let edit: (inout TaskItem, inout [Reminder]) -> Void = { task, _ in
            task.content = "File the tax return, finally"
            task.description = ""
            task.priority = 4
            task.labels = ["admin", "money"]
            task.due?.date = date(2026, 3, 12)
            task.due?.time = time(8, 30)
            task.completedAt = nil
        }
        let edited = try givenBack(object, editing: edit)
        let lines = linesOf(edited)
        // Given back again, the same object and task give the same text, so the same ETag.
        #expect(try givenBack(object, editing: edit).text == edited.text)
        #expect(lines.contains("SUMMARY:File the tax return\\, finally"))
        #expect(lines.contains("DUE;TZID=Europe/Berlin:20260312T083000"))
        #expect(lines.contains("PRIORITY:1"))
        #expect(lines.contains("CATEGORIES:admin,money"))
        #expect(lines.contains("STATUS:NEEDS-ACTION"))
        #expect(!lines.contains { $0.hasPrefix("COMPLETED") || $0.hasPrefix("PERCENT-COMPLETE") })
        #expect(!lines.contains { $0.hasPrefix("DESCRIPTION;ALTREP") || $0.hasPrefix("X-ALT-DESC") })
        // The start still lies before the due, so it stays where the client put it.
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20260306T090000"))
        // Refreshed because something changed.
        #expect(lines.contains("DTSTAMP:20260308T120000Z") && lines.contains("LAST-MODIFIED:20260308T120000Z"))
        // Kept: the client's own properties, the time zone, the alarms.
        for kept in [
            "X-MOZ-GENERATION:3", "X-MOZ-LASTACK:20260306T080000Z", "CLASS:PUBLIC", "CREATED:20260303T120000Z",
            "UID:d3f0c2a4-5b6e-4f70-8a91-b2c3d4e5f607", "TZID:Europe/Berlin", "ACTION:EMAIL",
            "TRIGGER;VALUE=DURATION;RELATED=END:-PT1H", "ATTENDEE:mailto:ada@example.com",
        ] {
            #expect(lines.contains(kept), "\(kept) was lost")
        }
        // Property order stays: SUMMARY is still right after UID.
        let uid = try #require(lines.firstIndex(of: "UID:d3f0c2a4-5b6e-4f70-8a91-b2c3d4e5f607"))
        #expect(lines[uid + 1] == "SUMMARY:File the tax return\\, finally")
        let reread = try #require(StoredTodo(parsing: edited.text).fields(timeZone: berlin, now: later))
        #expect(reread.summary == "File the tax return, finally" && reread.priority == 4 && reread.completedAt == nil)
        #expect(reread.labels == ["admin", "money"] && reread.description.isEmpty)
        #expect(reread.due?.date == date(2026, 3, 12) && reread.due?.time == time(8, 30))

        // Apple's SEQUENCE goes up with a change; its alarms and sort order stay.
        let apple = try givenBack(try StoredTodo(parsing: CalendarClientFixtures.appleReminder)) { task, _ in
            task.content = "Call the dentist"
        }
        let appleLines = linesOf(apple)
        #expect(appleLines.contains("SEQUENCE:1") && appleLines.contains("X-APPLE-SORT-ORDER:794649600"))
        #expect(appleLines.contains("X-WR-ALARMUID:5B1D2E3F-1111-4C6A-8E2B-000000000002"))
        #expect(appleLines.contains("X-APPLE-DEFAULT-ALARM:TRUE"))
    }

    @Test("Completing in Kairos sets STATUS, COMPLETED and PERCENT-COMPLETE; reopening clears them together")
    func completion() throws {
        let object = try StoredTodo(parsing: CalendarClientFixtures.tasksOrg)
        let finished = utc("20260308T090000Z")
        let done = try givenBack(object) { task, _ in task.completedAt = finished }
        let doneLines = linesOf(done)
        #expect(doneLines.contains("STATUS:COMPLETED"))
        #expect(doneLines.contains("COMPLETED:20260308T090000Z"))
        #expect(doneLines.contains("PERCENT-COMPLETE:100"))
        #expect(doneLines.filter { $0.hasPrefix("STATUS") || $0.hasPrefix("PERCENT-COMPLETE") }.count == 2)
        #expect(try StoredTodo(parsing: done.text).fields(timeZone: berlin, now: later)?.completedAt == finished)

        let reopened = try givenBack(done) { task, _ in task.completedAt = nil }
        let reopenedLines = linesOf(reopened)
        #expect(reopenedLines.contains("STATUS:NEEDS-ACTION"))
        #expect(!reopenedLines.contains { $0.hasPrefix("COMPLETED") || $0.hasPrefix("PERCENT-COMPLETE") })
        #expect(try StoredTodo(parsing: reopened.text).fields(timeZone: berlin, now: later)?.completedAt == nil)

        // Done on the client without a time: Kairos takes it as done when it read it, and keeps the object.
        let noTime = CalendarClientFixtures.crlf(
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:x\nSUMMARY:Done\nSTATUS:COMPLETED\nEND:VTODO\nEND:VCALENDAR\n")
        let (plain, fields) = try stored(noTime)
        #expect(fields.completedAt == now)
        #expect(try givenBack(plain).text == plain.text)
    }

    @Test("A rule Kairos cannot model is kept as written; the due keeps its first date")
    func unmodelledRule() throws {
        let body = CalendarClientFixtures.tasksOrg.replacingOccurrences(
            of: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", with: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10")
        let (object, fields) = try stored(body)
        #expect(fields.due?.date == date(2026, 3, 2) && fields.due?.recurrence == nil)
        #expect(fields.due?.string == "2026-03-02")
        let moved = try givenBack(object) { task, _ in task.due?.date = date(2026, 3, 4) }
        let movedLines = linesOf(moved)
        #expect(movedLines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10"))
        #expect(movedLines.contains("DUE;VALUE=DATE:20260304"))
        // A recurrence counts from DTSTART, so the start moves with the due.
        #expect(movedLines.contains("DTSTART;VALUE=DATE:20260304"))

        // Given a rule in Kairos, the object gets it, from completion too.
        let every = try givenBack(object) { task, _ in
            task.due?.recurrence = RecurrenceRule(frequency: .daily, interval: 3, fromCompletion: true)
        }
        let everyLines = linesOf(every)
        #expect(everyLines.contains("RRULE:FREQ=DAILY;INTERVAL=3"))
        #expect(everyLines.contains("X-KAIROS-FROM-COMPLETION:TRUE"))
        let reread = try #require(StoredTodo(parsing: every.text).fields(timeZone: berlin, now: later))
        #expect(reread.due?.recurrence == RecurrenceRule(frequency: .daily, interval: 3, fromCompletion: true))
        #expect(reread.due?.string == "every! 3 days")

        // Removing the due removes its rule and the start that mirrored it.
        let undated = try givenBack(object) { task, _ in task.due = nil }
        #expect(!linesOf(undated).contains { $0.hasPrefix("DUE") || $0.hasPrefix("RRULE") || $0.hasPrefix("DTSTART") })
    }

    @Test("A UTC due is shown in the person's zone and written back as the same moment when it moves")
    func utcDue() throws {
        let body = CalendarClientFixtures.crlf(
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nSUMMARY:Late call\nDUE:20260305T233000Z\nEND:VTODO\nEND:VCALENDAR\n")
        let (object, fields) = try stored(body)
        // 23:30 UTC is 00:30 the next day in Berlin: the person's day.
        #expect(fields.due?.date == date(2026, 3, 6) && fields.due?.time == time(0, 30))
        #expect(fields.due?.timezone == "Europe/Berlin")
        #expect(try givenBack(object).text == object.text)
        let moved = try givenBack(object) { task, _ in task.due?.time = time(1, 0) }
        // No VTIMEZONE in the object: written as UTC, as the calendar export does.
        #expect(linesOf(moved).contains("DUE:20260306T000000Z"))
        let floating = try givenBack(object) { task, _ in task.due?.timezone = nil }
        #expect(linesOf(floating).contains("DUE:20260306T003000"))
    }

    @Test("Reminders removed in Kairos leave the object, new ones are added, alarms Kairos cannot send stay")
    func reminders() throws {
        let object = try StoredTodo(parsing: CalendarClientFixtures.appleReminder)
        let edited = try givenBack(object) { _, reminders in
            reminders.removeFirst()
            reminders.append(
                Reminder(
                    id: "r9", taskID: "7", userID: "1", type: .relative, minuteOffset: 90, at: nil, fireAt: nil,
                    firedAt: nil, createdAt: now))
        }
        let todo = try #require(edited.calendar.components.first { $0.name == "VTODO" })
        let alarms = todo.components(named: "VALARM")
        #expect(alarms.count == 3)
        #expect(
            alarms.map { $0.property("TRIGGER")?.contentLine } == [
                "TRIGGER:-PT10M", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "TRIGGER;RELATED=END:-PT90M",
            ])
        #expect(alarms[0].property("X-WR-ALARMUID") != nil && alarms[2].property("ACTION")?.value == "DISPLAY")
        #expect(alarms[2].property("DESCRIPTION")?.text == "Call the dentist, ask about Tuesday")
        let reread = try #require(StoredTodo(parsing: edited.text).fields(timeZone: berlin, now: later))
        #expect(reread.reminders == [.beforeDue(minutes: 10), .beforeDue(minutes: 90)])
    }

    @Test("A TZID Kairos does not know reads as a floating time, and the object keeps it as written")
    func unknownZone() throws {
        let body = CalendarClientFixtures.crlf(
            """
            BEGIN:VCALENDAR
            BEGIN:VTIMEZONE
            TZID:W. Europe Standard Time
            BEGIN:STANDARD
            DTSTART:16010101T030000
            TZOFFSETFROM:+0200
            TZOFFSETTO:+0100
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VTODO
            UID:w
            SUMMARY:Outlook task
            DUE;TZID="W. Europe Standard Time":20260305T090000
            END:VTODO
            END:VCALENDAR

            """)
        let (object, fields) = try stored(body)
        #expect(fields.due?.time == time(9, 0) && fields.due?.timezone == nil)
        #expect(try givenBack(object).text == object.text)
        #expect(object.text.contains("DUE;TZID=W. Europe Standard Time:20260305T090000\r\n"))
    }

    @Test("A start after a moved due moves with it; parent and sort order set in Kairos are written")
    func startParentAndOrder() throws {
        let object = try StoredTodo(parsing: CalendarClientFixtures.thunderbird)
        let earlier = try givenBack(object) { task, _ in task.due?.date = date(2026, 3, 5) }
        let earlierLines = linesOf(earlier)
        #expect(earlierLines.contains("DUE;TZID=Europe/Berlin:20260305T180000"))
        #expect(earlierLines.contains("DTSTART;TZID=Europe/Berlin:20260305T180000"))

        let apple = try StoredTodo(parsing: CalendarClientFixtures.appleSubtask)
        let fields = try #require(apple.fields(timeZone: berlin, now: now))
        var moved = fields
        moved.parentUID = "task-3@kairos"
        moved.sortOrder = 5
        let movedLines = linesOf(apple.updated(to: moved, timeZone: berlin, modified: later))
        #expect(movedLines.contains("RELATED-TO:task-3@kairos") && movedLines.contains("X-APPLE-SORT-ORDER:5"))
        var orphan = fields
        orphan.parentUID = nil
        #expect(
            !linesOf(apple.updated(to: orphan, timeZone: berlin, modified: later)).contains {
                $0.hasPrefix("RELATED-TO")
            })
        var adopted = try #require(
            try StoredTodo(parsing: CalendarClientFixtures.appleCompleted).fields(timeZone: berlin, now: now))
        adopted.parentUID = "task-3@kairos"
        let adoptedText = try StoredTodo(parsing: CalendarClientFixtures.appleCompleted).updated(
            to: adopted, timeZone: berlin, modified: later
        ).text
        #expect(adoptedText.contains("RELATED-TO;RELTYPE=PARENT:task-3@kairos\r\n"))
    }

    @Test("Of a recurring to-do's overridden instances, Kairos models the master and keeps the others")
    func overriddenInstances() throws {
        let body = CalendarClientFixtures.crlf(
            """
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:r
            RECURRENCE-ID;VALUE=DATE:20260309
            SUMMARY:Water the plants (moved)
            DUE;VALUE=DATE:20260310
            END:VTODO
            BEGIN:VTODO
            UID:r
            SUMMARY:Water the plants
            DUE;VALUE=DATE:20260302
            RRULE:FREQ=WEEKLY
            END:VTODO
            END:VCALENDAR

            """)
        let (object, fields) = try stored(body)
        #expect(fields.summary == "Water the plants" && fields.due?.recurrence == RecurrenceRule(frequency: .weekly))
        let renamed = try givenBack(object) { task, _ in task.content = "Water the ferns" }
        #expect(renamed.calendar.components[0] == object.calendar.components[0])
        #expect(renamed.calendar.components[1].property("SUMMARY")?.text == "Water the ferns")
    }

    @Test("Alarms past the number a task may hold stay the client's, as do those Kairos cannot model")
    func alarmLimit() throws {
        let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:R\nTRIGGER;RELATED=END:-PT%dM\nEND:VALARM\n"
        let alarms = (1...7).map { String(format: alarm, $0) }.joined()
        let body = CalendarClientFixtures.crlf(
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:Many\nDUE:20260305T090000Z\n\(alarms)END:VTODO\nEND:VCALENDAR\n"
        )
        let (object, fields) = try stored(body)
        #expect(fields.reminders == (1...Limits.maxRemindersPerTask).map { .beforeDue(minutes: $0) })
        let edited = try givenBack(object) { _, reminders in reminders.removeAll() }
        let triggers = try #require(edited.calendar.components.first).components.compactMap {
            $0.property("TRIGGER")?.value
        }
        #expect(triggers == ["-PT6M", "-PT7M"])
    }

    @Test("An event in a tasks calendar is kept exactly as it is and makes no task")
    func eventKept() throws {
        let object = try StoredTodo(parsing: CalendarClientFixtures.event)
        #expect(object.fields(timeZone: berlin, now: now) == nil)
        #expect(object.uid == "e7b4a1c2-0000-4000-8000-000000000001")
        let fields = TodoFields(uid: "e7b4a1c2-0000-4000-8000-000000000001", summary: "Something else")
        #expect(object.updated(to: fields, timeZone: berlin, modified: later).text == CalendarClientFixtures.event)
    }

    @Test("A to-do without a UID is refused")
    func missingUID() {
        let body = CalendarClientFixtures.crlf("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n")
        #expect(throws: ICalendarError.self) { try StoredTodo(parsing: body) }
    }

    @Test("A task made in Kairos gets an object of its own that reads back as the task")
    func newObject() throws {
        let task = TaskItem(
            id: "12", userID: "1", projectID: "2", parentID: "11", content: "Book the venue; call first",
            description: "Ask for\nthe garden room", labels: ["events"], priority: 3,
            due: Due(
                date: date(2026, 3, 9), time: time(9, 30), timezone: "Europe/Berlin", string: "every monday",
                recurrence: RecurrenceRule(frequency: .weekly, byDay: [.monday])),
            childOrder: 1, addedByUID: "1", addedAt: now, updatedAt: now)
        let reminder = Reminder(
            id: "r1", taskID: "12", userID: "1", type: .relative, minuteOffset: 15, at: nil, fireAt: nil,
            firedAt: nil, createdAt: now)
        let fields = TodoFields(task: task, reminders: [reminder])
        let object = StoredTodo.new(fields, timeZone: berlin, modified: now)
        let lines = linesOf(object)
        #expect(
            Array(lines.prefix(4)) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kairos//Kairos tasks//EN", "CALSCALE:GREGORIAN",
            ])
        #expect(lines.contains("UID:task-12@kairos"))
        #expect(lines.contains("RELATED-TO;RELTYPE=PARENT:task-11@kairos"))
        #expect(lines.contains("DUE:20260309T083000Z") && lines.contains("DTSTART:20260309T083000Z"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO") && lines.contains("PRIORITY:5"))
        #expect(lines.contains("STATUS:NEEDS-ACTION"))
        #expect(object.uid == "task-12@kairos")
        let reread = try #require(StoredTodo(parsing: object.text).fields(timeZone: berlin, now: later))
        #expect(reread.summary == task.content && reread.description == task.description)
        #expect(reread.labels == ["events"] && reread.priority == 3 && reread.parentUID == "task-11@kairos")
        #expect(reread.due?.date == task.due?.date && reread.due?.time == task.due?.time)
        #expect(reread.due?.timezone == "Europe/Berlin" && reread.due?.recurrence == task.due?.recurrence)
        #expect(reread.reminders == [.beforeDue(minutes: 15)])
        // Read back and given back again, nothing changes.
        #expect(
            StoredTodo.new(fields, timeZone: berlin, modified: now).updated(
                to: fields, timeZone: berlin, modified: later)
                == object)
    }

    @Test("PRIORITY maps 1-4 to p1, 5 to p2, 6-9 to p3 and 0 or none to p4, and back as the export writes it")
    func priorities() {
        #expect((0...9).map(TodoFields.kairosPriority) == [1, 4, 4, 4, 4, 3, 2, 2, 2, 2])
        #expect((1...4).map(TodoFields.icalendarPriority) == [nil, 9, 5, 1])
    }
}
