import Foundation

/// One tracked stretch with what the report groups it by.
public struct TrackedSpan: Sendable, Hashable {
    public var sessionID: String
    public var taskID: String
    public var taskContent: String
    public var projectID: String
    public var projectName: String
    public var labels: [String]
    /// The task's estimate (Todoist's `duration`), in seconds.
    public var estimateSeconds: Int?
    public var start: Date
    /// For a running segment, the moment of the report.
    public var end: Date

    public init(
        sessionID: String, taskID: String, taskContent: String, projectID: String, projectName: String,
        labels: [String], estimateSeconds: Int?, start: Date, end: Date
    ) {
        self.sessionID = sessionID
        self.taskID = taskID
        self.taskContent = taskContent
        self.projectID = projectID
        self.projectName = projectName
        self.labels = labels
        self.estimateSeconds = estimateSeconds
        self.start = start
        self.end = end
    }
}

/// Where the time went between two dates, in the user's time zone.
public struct TimeReport: Decodable, Hashable, Sendable, JSONWritable {
    public enum Grouping: String, Decodable, Sendable, CaseIterable {
        case day, project, label, task
    }

    public struct Group: Decodable, Sendable, Hashable {
        public var key: String
        public var name: String
        public var seconds: Int
    }

    public struct DayTotal: Decodable, Sendable, Hashable {
        public var date: LocalDate
        public var seconds: Int
    }

    public struct TaskLine: Decodable, Sendable, Hashable {
        public var taskID: String
        public var content: String
        public var projectID: String
        public var estimateSeconds: Int?
        public var actualSeconds: Int

        enum CodingKeys: String, CodingKey {
            case content
            case taskID = "task_id"
            case projectID = "project_id"
            case estimateSeconds = "estimate_seconds"
            case actualSeconds = "actual_seconds"
        }
    }

    public struct Streak: Decodable, Sendable, Hashable {
        /// Consecutive days with tracked time ending today (or yesterday, when nothing is tracked yet today).
        public var currentDays: Int
        public var longestDays: Int

        enum CodingKeys: String, CodingKey {
            case currentDays = "current_days"
            case longestDays = "longest_days"
        }
    }

    enum CodingKeys: String, CodingKey {
        case from, to, groups, days, tasks, streak
        case timeZone = "timezone"
        case grouping = "group_by"
        case totalSeconds = "total_seconds"
    }

    public var from: LocalDate
    public var to: LocalDate
    public var timeZone: String
    public var grouping: Grouping
    public var totalSeconds: Int
    public var groups: [Group]
    /// Every day of the range, zero included, for a chart.
    public var days: [DayTotal]
    public var tasks: [TaskLine]
    public var streak: Streak

    /// Builds the report of `spans` (which may reach outside the range) between `from` and `to` inclusive.
    /// Days are the user's calendar days, so a daylight-saving day has 23 or 25 hours; time is split
    /// across midnight; a span counts into each label it has. `activeDays` are all the user's local days
    /// with tracked time, for streaks.
    public init(
        spans: [TrackedSpan], from: LocalDate, to: LocalDate, timeZone: TimeZone, grouping: Grouping,
        activeDays: Set<LocalDate>, today: LocalDate
    ) {
        self.from = from
        self.to = to
        self.timeZone = timeZone.identifier
        self.grouping = grouping
        var dayTotals: [LocalDate: Double] = [:]
        var groupTotals: [String: (name: String, seconds: Double)] = [:]
        var taskTotals: [String: (line: TaskLine, seconds: Double)] = [:]
        let rangeStart = from.startOfDay(in: timeZone)
        let rangeEnd = to.adding(days: 1).startOfDay(in: timeZone)
        for span in spans {
            let start = max(span.start, rangeStart)
            let end = min(span.end, rangeEnd)
            guard end > start else { continue }
            var day = LocalDate(start, in: timeZone)
            while day <= to {
                let dayStart = max(day.startOfDay(in: timeZone), start)
                let dayEnd = min(day.adding(days: 1).startOfDay(in: timeZone), end)
                if dayEnd > dayStart { dayTotals[day, default: 0] += dayEnd.timeIntervalSince(dayStart) }
                if dayEnd >= end { break }
                day = day.adding(days: 1)
            }
            let seconds = end.timeIntervalSince(start)
            for (key, name) in Self.groupKeys(of: span, by: grouping, in: timeZone, start: start) {
                groupTotals[key, default: (name, 0)].seconds += seconds
            }
            let line = TaskLine(
                taskID: span.taskID, content: span.taskContent, projectID: span.projectID,
                estimateSeconds: span.estimateSeconds, actualSeconds: 0)
            taskTotals[span.taskID, default: (line, 0)].seconds += seconds
        }
        if grouping == .day {
            // Day groups come from the per-day split, not from where each span starts.
            groupTotals = Dictionary(uniqueKeysWithValues: dayTotals.map { ($0.key.iso, ($0.key.iso, $0.value)) })
        }
        var allDays: [DayTotal] = []
        var day = from
        while day <= to {
            allDays.append(DayTotal(date: day, seconds: Int((dayTotals[day] ?? 0).rounded())))
            day = day.adding(days: 1)
        }
        days = allDays
        totalSeconds = allDays.reduce(0) { $0 + $1.seconds }
        groups = groupTotals.map { Group(key: $0.key, name: $0.value.name, seconds: Int($0.value.seconds.rounded())) }
            .sorted { grouping == .day ? $0.key < $1.key : ($0.seconds, $1.key) > ($1.seconds, $0.key) }
        tasks = taskTotals.values.map { entry in
            var line = entry.line
            line.actualSeconds = Int(entry.seconds.rounded())
            return line
        }.sorted { ($0.actualSeconds, $1.taskID) > ($1.actualSeconds, $0.taskID) }
        streak = Self.streak(activeDays: activeDays, today: today)
    }

    private static func groupKeys(
        of span: TrackedSpan, by grouping: Grouping, in timeZone: TimeZone, start: Date
    ) -> [(String, String)] {
        switch grouping {
        case .day:
            let day = LocalDate(start, in: timeZone).iso
            return [(day, day)]
        case .project: return [(span.projectID, span.projectName)]
        case .task: return [(span.taskID, span.taskContent)]
        case .label: return span.labels.isEmpty ? [("", "No label")] : span.labels.map { ($0, $0) }
        }
    }

    /// Current and longest runs of consecutive days with tracked time.
    public static func streak(activeDays: Set<LocalDate>, today: LocalDate) -> Streak {
        var current = 0
        var day = activeDays.contains(today) ? today : today.adding(days: -1)
        while activeDays.contains(day) {
            current += 1
            day = day.adding(days: -1)
        }
        var longest = 0
        for start in activeDays where !activeDays.contains(start.adding(days: -1)) {
            var length = 1
            while activeDays.contains(start.adding(days: length)) { length += 1 }
            longest = max(longest, length)
        }
        return Streak(currentDays: current, longestDays: longest)
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("from"); json.string(from.iso)
            json.key("to"); json.string(to.iso)
            json.key("timezone"); json.string(timeZone)
            json.key("group_by"); json.string(grouping.rawValue)
            json.key("total_seconds"); json.int(totalSeconds)
            json.key("groups")
            json.array(groups) { json, group in
                json.object { json in
                    json.key("key"); json.string(group.key)
                    json.key("name"); json.string(group.name)
                    json.key("seconds"); json.int(group.seconds)
                }
            }
            json.key("days")
            json.array(days) { json, day in
                json.object { json in
                    json.key("date"); json.string(day.date.iso)
                    json.key("seconds"); json.int(day.seconds)
                }
            }
            json.key("tasks")
            json.array(tasks) { json, line in
                json.object { json in
                    json.key("task_id"); json.string(line.taskID)
                    json.key("content"); json.string(line.content)
                    json.key("project_id"); json.string(line.projectID)
                    json.key("estimate_seconds"); json.int(line.estimateSeconds)
                    json.key("actual_seconds"); json.int(line.actualSeconds)
                }
            }
            json.key("streak")
            json.object { json in
                json.key("current_days"); json.int(streak.currentDays)
                json.key("longest_days"); json.int(streak.longestDays)
            }
        }
    }
}
