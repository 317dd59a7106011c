import Foundation
import KairosCore
import KairosPostgresTesting
import KairosStore
import Testing

@testable import KairosPostgres

/// Several server processes on one PostgreSQL database run the reminder and daily brief schedulers together:
/// each reminder still goes off once, and each person's brief is recorded once a day.
@Suite(.enabled(if: PostgresTestServer.url != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct PostgresSchedulerTests {
    @Test("Processes firing reminders at the same moment set off each one once, with one notification")
    func remindersFireOnceAcrossProcesses() async throws {
        try await PostgresTestServer.withFreshDatabase(processes: 3) { stores in
            let ada = try await stores[0].person()
            var made: Set<String> = []
            for index in 0..<10 {
                let task = try await stores[0].task("task \(index)", for: ada)
                for minute in 0..<3 {
                    made.insert(
                        try await stores[0].createReminder(
                            userID: ada.id, taskID: task.id, time: .at(suiteNow.addingTimeInterval(Double(minute))),
                            nag: index.isMultiple(of: 3), now: suiteNow
                        ).id)
                }
            }
            let later = suiteNow.addingTimeInterval(60)
            let passes = try await withThrowingTaskGroup(of: [FiredReminder].self) { group in
                for round in 0..<9 {
                    let store = stores[round % stores.count]
                    group.addTask { try await store.fireDueReminders(now: later, limit: 7) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            var fired = passes.flatMap { $0 }.map(\.reminderID)
            // Passes with a small limit may leave some for the next pass, as the scheduler's loop would.
            while case let more = try await stores[1].fireDueReminders(now: later, limit: 7), !more.isEmpty {
                fired += more.map(\.reminderID)
            }
            #expect(fired.count == made.count && Set(fired) == made)
            let notifications = try await stores[2].read { connection in
                try await connection.firstRow(
                    "SELECT COUNT(*) FROM notifications WHERE kind = 'reminder'", logger: PostgresTestServer.logger
                )?.decode(Int64.self)
            }
            #expect(notifications == Int64(made.count))
        }
    }

    @Test("Processes sending the same day's brief at once record it, and notify, once")
    func dailyBriefOnceAcrossProcesses() async throws {
        try await PostgresTestServer.withFreshDatabase(processes: 3) { stores in
            let ada = try await stores[0].person()
            let day = try #require(LocalDate(iso: "2026-03-04"))
            let sends = try await withThrowingTaskGroup(of: Bool.self) { group in
                for round in 0..<9 {
                    let store = stores[round % stores.count]
                    group.addTask {
                        try await store.recordDailyBrief(
                            userID: ada.id, day: day, opening: nil, text: "Your day", now: suiteNow)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sends.filter { $0 }.count == 1)
            let notifications = try await stores[1].read { connection in
                try await connection.firstRow(
                    "SELECT COUNT(*) FROM notifications WHERE kind = 'brief'", logger: PostgresTestServer.logger
                )?.decode(Int64.self)
            }
            #expect(notifications == 1)
        }
    }
}
