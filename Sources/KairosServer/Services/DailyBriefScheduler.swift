import Foundation
import KairosCore
import KairosStore
import Logging
import ServiceLifecycle

/// Makes each person's daily brief at their brief time on their workdays, in their time zone, and tells them
/// once in their notification feed (pushed over the event feed unless it is their quiet hours). The day a
/// brief was sent is written with its notification, so it comes once a day, restarts and other server
/// processes included.
public struct DailyBriefScheduler: Service {
    let store: any DailyBriefStore
    let briefs: BriefService
    let clock: Clock
    let logger: Logger
    let interval: Duration

    public init(
        store: any DailyBriefStore, briefs: BriefService, clock: Clock = .system,
        logger: Logger = Logger(label: "kairos.briefs"), interval: Duration = .seconds(30)
    ) {
        self.store = store
        self.briefs = briefs
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        try await repeatUntilShutdown(every: interval, task: "daily_briefs", logger: logger, failure: "Daily briefs could not be sent") {
            try await sendDue()
        }
    }

    /// One pass: sends the brief of everyone whose brief time has come today and who has not had it; returns
    /// their ids.
    @discardableResult
    public func sendDue() async throws -> [String] {
        let now = clock.now()
        var sent: [String] = []
        for schedule in try await store.briefSchedules() {
            let user = schedule.user
            guard
                let day = DailyBriefRules.briefDue(
                    workdays: user.workdays, at: user.dailyBriefTime, in: user.timeZone, since: user.createdAt,
                    lastSent: schedule.lastSent, now: now)
            else { continue }
            do {
                let brief = try await briefs.brief(for: user)
                let opening = await briefs.sentOpening(of: brief, for: user, day: day)
                let text = NotificationText.dailyBrief(topThree: brief.topThree.map(\.task.content))
                if try await store.recordDailyBrief(
                    userID: user.id, day: day, opening: opening, text: text, now: now)
                {
                    sent.append(user.id)
                }
            } catch {
                // One person's failure must not keep the others' briefs back; theirs is tried on the next pass.
                logger.error("A daily brief could not be made", metadata: ["user": "\(user.id)", "error": "\(error)"])
            }
        }
        if !sent.isEmpty { logger.debug("Daily briefs sent", metadata: ["count": "\(sent.count)"]) }
        return sent
    }
}
