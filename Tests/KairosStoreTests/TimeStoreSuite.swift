import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `TimeStore`'s behaviour, the same on every backend.
@Suite("Time store, on every backend")
struct TimeStoreSuite {
    func at(_ minutes: Double) -> Date { suiteNow.addingTimeInterval(minutes * 60) }

    @Test("The stopwatch starts, pauses, resumes and stops, and records its segments", arguments: StoreBackend.all)
    func stopwatch(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("write", for: ada)
            #expect(try await store.stopwatch(userID: ada.id) == .idle)
            await #expect(throws: KairosError.self) { _ = try await store.stopStopwatch(userID: ada.id, now: at(0)) }
            await #expect(throws: KairosError.self) { _ = try await store.pauseStopwatch(userID: ada.id, now: at(0)) }

            let started = try await store.startStopwatch(userID: ada.id, taskID: task.id, now: at(0))
            #expect(started.state == .running && started.taskID == task.id && started.runningSince == at(0))
            await #expect(throws: KairosError.self) { _ = try await store.resumeStopwatch(userID: ada.id, now: at(1)) }
            let paused = try await store.pauseStopwatch(userID: ada.id, now: at(10))
            #expect(paused.state == .paused && paused.accumulatedSeconds == 600 && paused.runningSince == nil)
            let resumed = try await store.resumeStopwatch(userID: ada.id, now: at(20))
            #expect(resumed.state == .running && resumed.runningSince == at(20))
            let stopped = try await store.stopStopwatch(userID: ada.id, now: at(25))
            #expect(stopped.state == .stopped && stopped.accumulatedSeconds == 900 && stopped.stoppedAt == at(25))
            // Stopping again changes nothing.
            #expect(try await store.stopStopwatch(userID: ada.id, now: at(30)) == stopped)

            let sessions = try await store.sessions(
                userID: ada.id, from: nil, to: nil, taskID: nil, page: PageRequest())
            #expect(sessions.results.map(\.startedAt) == [at(0), at(20)])
            #expect(sessions.results.map(\.endedAt) == [at(10), at(25)])
            #expect(sessions.results.allSatisfy { $0.source == .timer && $0.taskID == task.id })
            let time = try #require(try await store.taskTime(userID: ada.id, taskID: task.id, now: at(40)))
            #expect(time.ownSeconds == 900 && time.totalSeconds == 900)
            let activity = try await store.taskActivity(userID: ada.id, taskID: task.id, page: PageRequest())
            #expect(activity.results.first?.kind == .timeTracked)

            let bob = try await store.person("Bob")
            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.startStopwatch(userID: bob.id, taskID: task.id, now: at(50))
            }
            #expect(try await store.stopwatch(userID: bob.id) == .idle)
        }
    }

    @Test("Starting on another task stops the first; a running task cannot be deleted", arguments: StoreBackend.all)
    func switching(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let first = try await store.task("first", for: ada)
            let second = try await store.task("second", for: ada)
            _ = try await store.startStopwatch(userID: ada.id, taskID: first.id, now: at(0))
            let switched = try await store.startStopwatch(userID: ada.id, taskID: second.id, now: at(5))
            #expect(switched.taskID == second.id && switched.accumulatedSeconds == 0)
            #expect(try await store.taskTime(userID: ada.id, taskID: first.id, now: at(9))?.ownSeconds == 300)
            #expect(try await store.taskTime(userID: ada.id, taskID: second.id, now: at(9))?.ownSeconds == 240)
            await #expect(throws: KairosError.self) {
                try await store.deleteTask(userID: ada.id, id: second.id, now: at(9))
            }
            #expect(try await store.stopStopwatches(on: .task(second.id), now: at(10)) == [ada.id])
            #expect(try await store.stopwatch(userID: ada.id).state == .stopped)
            #expect(try await store.stopStopwatches(on: .task(second.id), now: at(11)).isEmpty)
        }
    }

    @Test("Sessions: overlaps are refused, pages follow the start, others' are invisible", arguments: StoreBackend.all)
    func sessions(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let task = try await store.task("write", for: ada)
            var added: [TimeSession] = []
            for hour in 0..<3 {
                added.append(
                    try await store.addSession(
                        userID: ada.id,
                        draft: TimeSessionDraft(
                            taskID: task.id, startedAt: at(Double(hour) * 60), endedAt: at(Double(hour) * 60 + 30)),
                        now: at(300)))
            }
            #expect(added.allSatisfy { $0.source == .manual })
            await #expect(throws: KairosError.self) {
                _ = try await store.addSession(
                    userID: ada.id, draft: TimeSessionDraft(taskID: task.id, startedAt: at(20), endedAt: at(40)),
                    now: at(300))
            }
            let first = try await store.sessions(
                userID: ada.id, from: nil, to: nil, taskID: nil, page: PageRequest(limit: 2))
            #expect(first.results.map(\.id) == added.prefix(2).map(\.id))
            let rest = try await store.sessions(
                userID: ada.id, from: nil, to: nil, taskID: nil,
                page: PageRequest(cursor: PageCursor(token: try #require(first.nextCursor), keyCount: 2), limit: 2))
            #expect(rest.results.map(\.id) == [added[2].id])
            let window = try await store.sessions(
                userID: ada.id, from: at(70), to: at(150), taskID: task.id, page: PageRequest())
            #expect(window.results.map(\.id) == [added[1].id, added[2].id])

            let moved = try await store.updateSession(
                userID: ada.id, id: added[0].id,
                draft: TimeSessionDraft(taskID: task.id, startedAt: at(0), endedAt: at(45)))
            #expect(moved.endedAt == at(45))
            await #expect(throws: KairosError.self) {
                _ = try await store.updateSession(
                    userID: ada.id, id: added[0].id,
                    draft: TimeSessionDraft(taskID: task.id, startedAt: at(0), endedAt: at(70)))
            }
            let bob = try await store.person("Bob")
            #expect(try await store.session(userID: bob.id, id: added[0].id) == nil)
            await #expect(throws: KairosError.missing("Session")) {
                try await store.deleteSession(userID: bob.id, id: added[0].id)
            }
            await #expect(throws: KairosError.missing("Task")) {
                _ = try await store.addSession(
                    userID: bob.id, draft: TimeSessionDraft(taskID: task.id, startedAt: at(500), endedAt: at(510)),
                    now: at(600))
            }
            try await store.deleteSession(userID: ada.id, id: added[0].id)
            #expect(try await store.session(userID: ada.id, id: added[0].id) == nil)
            #expect(try await store.trackedIntervals(userID: ada.id, now: at(600)).count == 2)
        }
    }

    @Test("Reports keep a deleted task's title and project; project time sums each person", arguments: StoreBackend.all)
    func reports(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let work = try await store.project("Work", for: ada)
            let task = try await store.task("write", for: ada) {
                $0.projectID = work.id
                $0.labels = ["deep"]
                $0.duration = TaskDuration(amount: 90, unit: .minute)
            }
            let child = try await store.task("outline", for: ada) { $0.parentID = task.id }
            _ = try await store.addSession(
                userID: ada.id, draft: TimeSessionDraft(taskID: task.id, startedAt: at(0), endedAt: at(30)),
                now: at(100))
            _ = try await store.addSession(
                userID: ada.id, draft: TimeSessionDraft(taskID: child.id, startedAt: at(40), endedAt: at(50)),
                now: at(100))
            let time = try #require(try await store.taskTime(userID: ada.id, taskID: task.id, now: at(100)))
            #expect(time.ownSeconds == 1800 && time.totalSeconds == 2400 && time.estimateSeconds == 5400)
            let project = try #require(try await store.projectTime(userID: ada.id, projectID: work.id, now: at(100)))
            #expect(project.totalSeconds == 2400 && project.estimateSeconds == 5400)
            #expect(project.people.map(\.userID) == [ada.id] && project.people.first?.name == "Ada")

            let spans = try await store.trackedSpans(userID: ada.id, from: at(0), to: at(100), now: at(100))
            #expect(spans.map(\.taskContent) == ["write", "outline"])
            #expect(spans.first?.labels == ["deep"] && spans.first?.projectName == "Work")
            try await store.deleteTask(userID: ada.id, id: task.id, now: at(110))
            let kept = try await store.trackedSpans(userID: ada.id, from: at(0), to: at(100), now: at(120))
            #expect(kept.map(\.taskContent) == ["write", "outline"])
            #expect(kept.map(\.projectID) == [work.id, work.id] && kept.first?.projectName == "Work")
            #expect(try await store.projectTime(userID: ada.id, projectID: work.id, now: at(120))?.totalSeconds == 2400)

            let bob = try await store.person("Bob")
            #expect(try await store.projectTime(userID: bob.id, projectID: work.id, now: at(120)) == nil)
            #expect(try await store.taskTime(userID: bob.id, taskID: child.id, now: at(120)) == nil)
            #expect(try await store.trackedSpans(userID: bob.id, from: at(0), to: at(100), now: at(120)).isEmpty)
        }
    }
}
