import Foundation
import KairosClient
import Testing

@Suite("KairosClient time tracking against a live server")
struct KairosClientTimeTests {
    @Test("Time a task with the stopwatch: start, pause, resume, stop twice; one stretch per segment")
    func stopwatch() async throws {
        try await withSignedInClient { client in
            let task = try await client.createTask(TaskCreateRequest(content: "Write the report"))
            #expect(try await client.stopwatch().stopwatch.state == .idle)

            let started = try await client.startStopwatch(taskID: task.id)
            #expect(started.stopwatch.state == .running)
            #expect(started.stopwatch.taskID == task.id)
            #expect(started.elapsedSeconds == 0)
            #expect(started.elapsedSeconds(after: 90) == 90)
            let startedAt = try #require(started.stopwatch.runningSince)

            let paused = try await client.pauseStopwatch()
            #expect(paused.stopwatch.state == .paused)
            #expect(paused.elapsedSeconds(after: 90) == paused.elapsedSeconds)
            #expect(try await client.resumeStopwatch().stopwatch.state == .running)
            let stopped = try await client.stopStopwatch()
            #expect(stopped.stopwatch.state == .stopped)
            #expect(try await client.stopStopwatch() == stopped)
            #expect(try await client.stopwatch().stopwatch.startedAt == startedAt)

            let sessions = try await client.allTimeSessions(taskID: task.id)
            #expect(sessions.allSatisfy { $0.source == .timer && $0.endedAt != nil })
            #expect(sessions.compactMap(\.durationSeconds).reduce(0, +) <= stopped.elapsedSeconds + 1)

            let misuse = await #expect(throws: KairosClientError.self) { try await client.pauseStopwatch() }
            guard case .server(409, "conflict", let message) = try #require(misuse) else {
                Issue.record("Expected a 409, got \(String(describing: misuse))")
                return
            }
            #expect(message.contains("not running"))
        }
    }

    @Test("Record, correct and delete sessions; report, CSV and task time agree")
    func sessionsAndReports() async throws {
        try await withSignedInClient { client in
            let work = try await client.createProject(ProjectCreateRequest(name: "Work"))
            let deck = try await client.createTask(
                TaskCreateRequest(content: "Deck, v2", projectID: work.id, duration: 90, durationUnit: "minute"))
            let email = try await client.createTask(TaskCreateRequest(content: "Email"))
            let today = LocalDate.today(in: TimeZone(identifier: "UTC")!, now: Date())
            let yesterday = today.adding(days: -1)
            func at(_ day: LocalDate, _ time: String) -> Date? { APITimestamp.parse("\(day.iso)T\(time):00Z") }

            let morning = try await client.addTimeSession(
                TimeSessionRequest(taskID: deck.id, startedAt: at(yesterday, "09:00"), endedAt: at(yesterday, "10:00")))
            #expect(morning.durationSeconds == 3600 && morning.source == .manual)
            let afternoon = try await client.addTimeSession(
                TimeSessionRequest(taskID: email.id, startedAt: at(yesterday, "14:00"), endedAt: at(yesterday, "14:20"))
            )
            let corrected = try await client.updateTimeSession(
                id: morning.id, TimeSessionRequest(taskID: nil, startedAt: nil, endedAt: at(yesterday, "10:30")))
            #expect(corrected.durationSeconds == 5400)
            #expect(try await client.timeSession(id: morning.id) == corrected)

            let overlap = await #expect(throws: KairosClientError.self) {
                try await client.addTimeSession(
                    TimeSessionRequest(
                        taskID: email.id, startedAt: at(yesterday, "10:00"), endedAt: at(yesterday, "11:00")))
            }
            guard case .server(409, _, let message) = try #require(overlap) else {
                Issue.record("Expected a 409, got \(String(describing: overlap))")
                return
            }
            #expect(message.contains("session \(morning.id)"))

            let report = try await client.timeReport(from: yesterday, to: today, groupBy: .project)
            #expect(report.totalSeconds == 5400 + 1200)
            #expect(report.days.map(\.date) == [yesterday, today])
            #expect(report.days.map(\.seconds) == [6600, 0])
            #expect(report.groups.map(\.name) == ["Work", "Inbox"])
            let deckLine = try #require(report.tasks.first { $0.taskID == deck.id })
            #expect(deckLine.estimateSeconds == 5400 && deckLine.actualSeconds == 5400)
            #expect(report.streak.currentDays == 1)

            let time = try await client.taskTime(id: deck.id)
            #expect(time.totalSeconds == 5400 && time.estimateSeconds == 5400)

            let csv = try await client.exportTimeSessions(from: yesterday, to: today)
            let rows = csv.split(separator: "\r\n")
            #expect(rows.first?.hasPrefix("session_id,task_id,task,") == true)
            #expect(rows.count == 3)
            #expect(rows[1].contains("\"Deck, v2\",Work,") && rows[1].hasSuffix(",5400"))

            try await client.deleteTimeSession(id: afternoon.id)
            #expect(try await client.allTimeSessions(from: yesterday, to: today).map(\.id) == [morning.id])
            await #expect(throws: KairosClientError.self) { try await client.timeSession(id: afternoon.id) }
        }
    }
}
