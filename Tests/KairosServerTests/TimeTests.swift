import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    func timer(_ action: String? = nil, taskID: String? = nil) async throws -> Reply {
        guard let action else { return try await get("time/timer") }
        if let taskID { return try await post("time/timer/\(action)", TimerStartRequest(taskID: taskID)) }
        return try await post("time/timer/\(action)")
    }

    func stopwatch(_ action: String? = nil, taskID: String? = nil) async throws -> [String: Any] {
        let reply = try await timer(action, taskID: taskID)
        #expect(reply.status == .ok, "\(reply)")
        return try #require(reply.object)
    }

    func addSession(_ taskID: String, _ start: String, _ end: String, confirmLong: Bool? = nil) async throws -> Reply {
        try await post(
            "time/sessions",
            TimeSessionRequest(
                taskID: taskID, startedAt: APITimestamp.parse(start), endedAt: APITimestamp.parse(end),
                confirmLong: confirmLong))
    }

    func sessions(_ query: KeyValuePairs<String, String> = [:]) async throws -> [TimeSession] {
        try expectOK(try await get("time/sessions", query), as: Page<TimeSession>.self).results
    }

    func report(_ query: KeyValuePairs<String, String>) async throws -> TimeReport {
        try expectOK(try await get("time/report", query), as: TimeReport.self)
    }

    func advance(minutes: Double) {
        clock.now = clock.now.addingTimeInterval(minutes * 60)
    }
}

// Ada's moment (`withAda`): Wednesday 2026-03-04 09:30 in New York (14:30 UTC).

@Suite("Time tracking: stopwatch, sessions, reports")
struct TimeTests {
    @Test("The stopwatch runs, pauses, resumes and stops; a retried stop records nothing twice")
    func stopwatchLifecycle() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Write the report")
            var watch = try await ada.stopwatch()
            #expect(watch["state"] as? String == "idle")

            watch = try await ada.stopwatch("start", taskID: task.id)
            #expect(watch["state"] as? String == "running")
            #expect(watch["task_id"] as? String == task.id)
            ada.advance(minutes: 10)
            #expect(try await ada.stopwatch()["elapsed_seconds"] as? Int == 600)

            watch = try await ada.stopwatch("pause")
            #expect(watch["state"] as? String == "paused")
            ada.advance(minutes: 5)
            #expect(try await ada.stopwatch()["elapsed_seconds"] as? Int == 600)

            _ = try await ada.stopwatch("resume")
            ada.advance(minutes: 20)
            watch = try await ada.stopwatch("stop")
            #expect(watch["state"] as? String == "stopped")
            #expect(watch["elapsed_seconds"] as? Int == 1800)

            ada.advance(minutes: 60)
            let retried = try await ada.stopwatch("stop")
            #expect(retried["elapsed_seconds"] as? Int == 1800)
            #expect(retried["stopped_at"] as? String == watch["stopped_at"] as? String)
            let sessions = try await ada.sessions()
            #expect(sessions.map(\.durationSeconds) == [600, 1200])
            // Another device follows along through the event feed: start, pause, resume, stop, and no more for the retry.
            let events = try expectOK(try await ada.get("events", ["after": "0"]), as: Page<UserEvent>.self).results
            #expect(events.map(\.kind) == Array(repeating: .stopwatchChanged, count: 4))
            #expect(events.map(\.taskID) == Array(repeating: task.id, count: 4))
            #expect(sessions.allSatisfy { $0.source == .timer && $0.taskID == task.id })
        }
    }

    @Test("Starting the stopwatch on another task stops the running one; one runs at a time")
    func oneRunningStopwatch() async throws {
        try await withAda { ada in
            let first = try await ada.createTask("First")
            let second = try await ada.createTask("Second")
            _ = try await ada.stopwatch("start", taskID: first.id)
            ada.advance(minutes: 5)
            let watch = try await ada.stopwatch("start", taskID: second.id)
            #expect(watch["task_id"] as? String == second.id)
            #expect(watch["elapsed_seconds"] as? Int == 0)
            let sessions = try await ada.sessions()
            #expect(sessions.map(\.taskID) == [first.id, second.id])
            #expect(sessions.map(\.durationSeconds) == [300, nil])
        }
    }

    @Test("Stopwatch misuse is a clear 409 or 404 and changes nothing")
    func stopwatchMisuse() async throws {
        try await withAda { ada in
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            let bobs = try await bob.createTask("Bob's task")
            for action in ["pause", "resume", "stop"] {
                let reply = try await ada.timer(action)
                #expect(reply.status == .conflict, "\(action): \(reply)")
                #expect(reply.error?.message.isEmpty == false)
            }
            #expect(try await ada.timer("start", taskID: bobs.id).status == .notFound)
            #expect(try await ada.timer("start", taskID: "999999").status == .notFound)
            #expect(try await ada.post("time/timer/start", json: "{}").status == .badRequest)
            #expect(try await ada.stopwatch()["state"] as? String == "idle")
            #expect(try await ada.sessions().isEmpty)

            let mine = try await ada.createTask("Mine")
            _ = try await ada.stopwatch("start", taskID: mine.id)
            #expect(try await ada.timer("resume").status == .conflict)
            #expect(try await bob.stopwatch()["state"] as? String == "idle")
        }
    }

    @Test("Sessions entered by hand follow the rules: order, not in the future, 24 hours, no overlap")
    func manualSessions() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Plan the trip")
            let created = try expectOK(
                try await ada.addSession(task.id, "2026-03-03T14:00:00Z", "2026-03-03T15:30:00Z"), .created,
                as: TimeSession.self)
            #expect(created.durationSeconds == 5400)
            #expect(created.source == .manual)

            let cases: [(String, String, Bool?, HTTPResponse.Status, String?)] = [
                ("2026-03-03T18:00:00Z", "2026-03-03T17:00:00Z", nil, .badRequest, "ended_at"),
                ("2026-03-04T14:00:00Z", "2026-03-04T16:00:00Z", nil, .badRequest, "ended_at"),
                ("2026-03-01T08:00:00Z", "2026-03-02T09:00:00Z", nil, .badRequest, "confirm_long"),
                ("2026-03-03T15:00:00Z", "2026-03-03T16:00:00Z", nil, .conflict, nil),
                ("2026-03-03T13:00:00Z", "2026-03-03T17:00:00Z", nil, .conflict, nil),
            ]
            for (start, end, confirm, status, field) in cases {
                let reply = try await ada.addSession(task.id, start, end, confirmLong: confirm)
                #expect(reply.status == status, "\(start)-\(end): \(reply)")
                if let field { #expect(reply.error?.message.contains(field) == true, "\(reply)") }
                if status == .conflict { #expect(reply.error?.message.contains("session \(created.id)") == true) }
            }
            #expect(try await ada.sessions().count == 1)

            let long = try await ada.addSession(
                task.id, "2026-03-01T08:00:00Z", "2026-03-02T09:00:00Z", confirmLong: true)
            #expect(long.status == .created)
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            #expect(
                try await bob.addSession(task.id, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z").status == .notFound)
            #expect(try await bob.sessions().isEmpty)
            #expect(try await bob.get("time/sessions/\(created.id)").status == .notFound)
        }
    }

    @Test("A session can be corrected or removed; corrections may not overlap either")
    func editSessions() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Review")
            let first = try expectOK(
                try await ada.addSession(task.id, "2026-03-03T09:00:00Z", "2026-03-03T10:00:00Z"), .created,
                as: TimeSession.self)
            let second = try expectOK(
                try await ada.addSession(task.id, "2026-03-03T11:00:00Z", "2026-03-03T12:00:00Z"), .created,
                as: TimeSession.self)
            let moved = try expectOK(
                try await ada.post(
                    "time/sessions/\(first.id)",
                    TimeSessionRequest(taskID: nil, startedAt: nil, endedAt: APITimestamp.parse("2026-03-03T10:45:00Z"))
                ),
                as: TimeSession.self)
            #expect(moved.durationSeconds == 6300)
            let clash = try await ada.post(
                "time/sessions/\(first.id)",
                TimeSessionRequest(taskID: nil, startedAt: nil, endedAt: APITimestamp.parse("2026-03-03T11:30:00Z")))
            #expect(clash.status == .conflict)
            #expect(try await ada.sessions().map(\.durationSeconds) == [6300, 3600])

            #expect(try await ada.delete("time/sessions/\(second.id)").status == .noContent)
            #expect(try await ada.delete("time/sessions/\(second.id)").status == .notFound)
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            #expect(try await bob.delete("time/sessions/\(first.id)").status == .notFound)
            #expect(try await ada.sessions().count == 1)
        }
    }

    @Test("The report splits time by day in the user's zone and groups it; the numbers add up")
    func report() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let deck = try await ada.createTask(
                TaskCreateRequest(
                    content: "Deck", projectID: work.id, labels: ["client"], duration: 60, durationUnit: "minute"))
            let email = try await ada.createTask("Email", labels: ["admin"])
            // Monday 2026-03-02 23:30 to Tuesday 00:30 in New York: half an hour on each day.
            _ = try await ada.addSession(deck.id, "2026-03-03T04:30:00Z", "2026-03-03T05:30:00Z")
            _ = try await ada.addSession(email.id, "2026-03-03T14:00:00Z", "2026-03-03T14:20:00Z")
            _ = try await ada.addSession(deck.id, "2026-03-04T13:00:00Z", "2026-03-04T13:45:00Z")

            let byDay = try await ada.report(["from": "2026-03-01", "to": "2026-03-04"])
            #expect(byDay.days.map(\.seconds) == [0, 1800, 1800 + 1200, 2700])
            #expect(byDay.totalSeconds == 7500)
            #expect(byDay.groups.map(\.seconds).reduce(0, +) == byDay.totalSeconds)
            #expect(byDay.streak.currentDays == 3)
            let deckLine = try #require(byDay.tasks.first { $0.taskID == deck.id })
            #expect(deckLine.estimateSeconds == 3600)
            #expect(deckLine.actualSeconds == 6300)

            let byProject = try await ada.report(["from": "2026-03-01", "to": "2026-03-04", "group_by": "project"])
            #expect(byProject.groups.map(\.name) == ["Work", "Inbox"])
            #expect(byProject.groups.map(\.seconds) == [6300, 1200])
            let byLabel = try await ada.report(["from": "2026-03-03", "to": "2026-03-03", "group_by": "label"])
            #expect(Set(byLabel.groups.map(\.key)) == ["client", "admin"])
            #expect(byLabel.totalSeconds == 1800 + 1200)

            let taskTime = try expectOK(try await ada.get("time/tasks/\(deck.id)"), as: TaskTime.self)
            #expect(taskTime.totalSeconds == 6300 && taskTime.estimateSeconds == 3600)

            let csv = try await ada.get("time/sessions/export", ["from": "2026-03-01", "to": "2026-03-04"])
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            let rows = csv.text.split(separator: "\r\n")
            #expect(rows.count == 4)
            #expect(rows[1].hasSuffix(",3600"))

            for (query, field) in [
                (["from": "2026-03-05", "to": "2026-03-01"], "to"), (["from": "March"], "from"),
                (["group_by": "color"], "group_by"), (["from": "2020-01-01", "to": "2026-03-01"], "from"),
            ] as [([String: String], String)] {
                var path = "time/report?"
                path += query.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
                let bad = try await ada.get(path)
                #expect(bad.status == .badRequest, "\(query): \(bad)")
                #expect(bad.error?.message.contains(field) == true, "\(query): \(bad)")
            }
        }
    }

    @Test("Stopwatch times fall between whole seconds, yet days, tasks and sessions add up to the same total")
    func fractionalSecondsAddUp() async throws {
        try await withAda { ada in
            let first = try await ada.createTask("First")
            let second = try await ada.createTask("Second")
            ada.advance(minutes: 0.4 / 60)
            _ = try await ada.stopwatch("start", taskID: first.id)
            ada.advance(minutes: 1.6 / 60)
            _ = try await ada.stopwatch("start", taskID: second.id)
            ada.advance(minutes: 1.6 / 60)
            let stopped = try await ada.stopwatch("stop")
            _ = try await ada.addSession(first.id, "2026-03-04T14:00:00.300Z", "2026-03-04T14:00:01.900Z")
            let tooShort = try await ada.addSession(first.id, "2026-03-04T14:10:00.200Z", "2026-03-04T14:10:00.900Z")
            #expect(tooShort.status == .badRequest && tooShort.error?.message.contains("a second") == true)

            let report = try await ada.report(["from": "2026-03-04", "to": "2026-03-04", "group_by": "task"])
            let sessions = try await ada.sessions()
            #expect(report.days.map(\.seconds).reduce(0, +) == report.totalSeconds)
            #expect(report.tasks.map(\.actualSeconds).reduce(0, +) == report.totalSeconds)
            #expect(report.groups.map(\.seconds).reduce(0, +) == report.totalSeconds)
            #expect(sessions.compactMap(\.durationSeconds).reduce(0, +) == report.totalSeconds)
            #expect(stopped["elapsed_seconds"] as? Int == sessions.last?.durationSeconds)
            let time = try expectOK(try await ada.get("time/tasks/\(first.id)"), as: TaskTime.self)
            #expect(time.ownSeconds == report.tasks.first { $0.taskID == first.id }?.actualSeconds)
        }
    }

    @Test("A daylight-saving day has 23 hours in the report, and a session across the gap counts its real time")
    func daylightSavingDay() async throws {
        try await withAda(now: "2026-03-10T15:00:00Z") { ada in
            let task = try await ada.createTask("Night shift")
            // New York springs forward at 02:00 on Sunday 2026-03-08: 01:30 EST to 03:30 EDT is one hour.
            _ = try await ada.addSession(task.id, "2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z")
            // Saturday 23:00 EST to Sunday 01:00 EST: an hour on each side of midnight.
            _ = try await ada.addSession(task.id, "2026-03-08T04:00:00Z", "2026-03-08T06:00:00Z")
            let report = try await ada.report(["from": "2026-03-07", "to": "2026-03-08"])
            #expect(report.days.map(\.seconds) == [3600, 3600 + 3600])
            #expect(report.totalSeconds == 3 * 3600)
        }
    }

    @Test("Streaks count the user's calendar days: a session across midnight counts for both")
    func streaks() async throws {
        try await withAda(now: "2026-03-06T15:00:00Z") { ada in
            let task = try await ada.createTask("Practice")
            // Friday 10:00 in New York is "today". Nothing today yet; Thursday, Wednesday and Tuesday have time.
            _ = try await ada.addSession(task.id, "2026-03-05T14:00:00Z", "2026-03-05T14:10:00Z")
            // Tuesday 23:50 to Wednesday 00:10 in New York.
            _ = try await ada.addSession(task.id, "2026-03-04T04:50:00Z", "2026-03-04T05:10:00Z")
            // An earlier run of four days, the longest.
            for day in ["2026-02-20", "2026-02-21", "2026-02-22", "2026-02-23"] {
                _ = try await ada.addSession(task.id, "\(day)T15:00:00Z", "\(day)T15:30:00Z")
            }
            var report = try await ada.report(["from": "2026-03-01", "to": "2026-03-06"])
            #expect(report.streak.currentDays == 3)
            #expect(report.streak.longestDays == 4)
            // At 23:59 local a session today extends the streak; the day after an empty day starts from zero.
            ada.clock.set("2026-03-07T04:59:00Z")
            _ = try await ada.addSession(task.id, "2026-03-07T04:00:00Z", "2026-03-07T04:30:00Z")
            report = try await ada.report(["from": "2026-03-01", "to": "2026-03-06"])
            #expect(report.streak.currentDays == 4)
            ada.clock.set("2026-03-09T15:00:00Z")
            report = try await ada.report(["from": "2026-03-01", "to": "2026-03-09"])
            #expect(report.streak.currentDays == 0)
            #expect(report.streak.longestDays == 4)
        }
    }

    @Test("The segments of a running or paused stopwatch change only once it is stopped")
    func currentRunIsProtected() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Focus")
            _ = try await ada.stopwatch("start", taskID: task.id)
            ada.advance(minutes: 10)
            _ = try await ada.stopwatch("pause")
            let segment = try #require(try await ada.sessions().first)
            let edit = try await ada.post(
                "time/sessions/\(segment.id)",
                TimeSessionRequest(taskID: nil, startedAt: nil, endedAt: segment.startedAt.addingTimeInterval(60)))
            #expect(edit.status == .conflict, "\(edit)")
            #expect(try await ada.delete("time/sessions/\(segment.id)").status == .conflict)
            _ = try await ada.stopwatch("resume")
            ada.advance(minutes: 5)
            // A running segment counts up to now, in task time as in reports.
            #expect(try expectOK(try await ada.get("time/tasks/\(task.id)"), as: TaskTime.self).totalSeconds == 900)
            _ = try await ada.stopwatch("stop")
            #expect(try await ada.delete("time/sessions/\(segment.id)").status == .noContent)
            #expect(try await ada.sessions().map(\.durationSeconds) == [300])
        }
    }

    @Test("Actual time rolls up from subtasks to their parent")
    func rollUp() async throws {
        try await withAda { ada in
            let parent = try await ada.createTask("Launch")
            let child = try await ada.createTask("Write copy", parentID: parent.id)
            _ = try await ada.addSession(parent.id, "2026-03-03T09:00:00Z", "2026-03-03T09:30:00Z")
            _ = try await ada.addSession(child.id, "2026-03-03T10:00:00Z", "2026-03-03T11:00:00Z")
            let time = try expectOK(try await ada.get("time/tasks/\(parent.id)"), as: TaskTime.self)
            #expect(time.ownSeconds == 1800)
            #expect(time.totalSeconds == 5400)
            let inbox = try await ada.inbox()
            let project = try expectOK(try await ada.get("time/projects/\(inbox.id)"), as: ProjectTime.self)
            #expect(project.totalSeconds == 5400)
            #expect(try await ada.get("time/projects/999999").status == .notFound)
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            #expect(try await bob.get("time/tasks/\(parent.id)").status == .notFound)
            #expect(try await bob.get("time/projects/\(inbox.id)").status == .notFound)
        }
    }
}
