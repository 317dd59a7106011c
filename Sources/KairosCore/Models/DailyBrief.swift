import Foundation

/// The daily brief (`GET /api/v1/brief`): a greeting, the Top 3 with their reasons, today's plan, what is
/// still open from before, new mentions, yesterday's tracked time and today's reminders.
public struct DailyBrief: Decodable, Hashable, Sendable {
    /// One of the Top 3 and why it is there.
    public struct Pick: Decodable, Hashable, Sendable {
        public var task: TaskItem
        /// One line from the factors that won ("Due today, and Sam mentioned it in Launch an hour ago").
        public var reason: String
        public var score: Int

        public init(task: TaskItem, reason: String, score: Int) {
            self.task = task
            self.reason = reason
            self.score = score
        }
    }

    /// A task from before today, with a gentle note ("Still on your list from yesterday").
    public struct StillOpen: Decodable, Hashable, Sendable {
        public var task: TaskItem
        public var note: String

        public init(task: TaskItem, note: String) {
            self.task = task
            self.note = note
        }
    }

    /// The time tracked on the user's yesterday, all of it and by project.
    public struct TrackedTime: Decodable, Hashable, Sendable {
        public struct ProjectTotal: Decodable, Hashable, Sendable {
            public var projectID: String
            public var name: String
            public var seconds: Int

            public init(projectID: String, name: String, seconds: Int) {
                self.projectID = projectID
                self.name = name
                self.seconds = seconds
            }

            enum CodingKeys: String, CodingKey {
                case name, seconds
                case projectID = "project_id"
            }
        }

        public var seconds: Int
        public var byProject: [ProjectTotal]

        public init(seconds: Int, byProject: [ProjectTotal]) {
            self.seconds = seconds
            self.byProject = byProject
        }

        enum CodingKeys: String, CodingKey {
            case seconds
            case byProject = "by_project"
        }
    }

    /// A reminder going off today and the task it is on.
    public struct TodayReminder: Decodable, Hashable, Sendable {
        public var reminder: Reminder
        public var task: TaskItem

        public init(reminder: Reminder, task: TaskItem) {
            self.reminder = reminder
            self.task = task
        }
    }

    public var greeting: String
    /// A few sentences on the day: the model's, written when the brief was sent, or Kairos' own
    /// (`DailyBriefRules.opening`).
    public var opening: String
    /// Whether the model wrote `opening`, and if not, why.
    public var model: ModelUse
    /// The user's today.
    public var date: LocalDate
    public var topThree: [Pick]
    /// The tasks due today, in the Today view's order.
    public var today: [TaskItem]
    public var stillOpen: [StillOpen]
    /// Mentions the user has not read yet, newest first.
    public var mentions: [AppNotification]
    public var trackedYesterday: TrackedTime
    public var reminders: [TodayReminder]

    public init(
        greeting: String, opening: String = "", model: ModelUse = .off, date: LocalDate, topThree: [Pick],
        today: [TaskItem], stillOpen: [StillOpen], mentions: [AppNotification], trackedYesterday: TrackedTime,
        reminders: [TodayReminder]
    ) {
        self.greeting = greeting
        self.opening = opening
        self.model = model
        self.date = date
        self.topThree = topThree
        self.today = today
        self.stillOpen = stillOpen
        self.mentions = mentions
        self.trackedYesterday = trackedYesterday
        self.reminders = reminders
    }

    enum CodingKeys: String, CodingKey {
        case greeting, opening, model, date, today, mentions, reminders
        case topThree = "top3"
        case stillOpen = "still_open"
        case trackedYesterday = "tracked_yesterday"
    }
}

extension DailyBrief: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("greeting"); json.string(greeting)
            json.key("opening"); json.string(opening)
            json.key("model"); model.write(to: &json)
            json.key("date"); json.string(date.iso)
            json.key("top3")
            json.array(topThree) { json, pick in
                json.object { json in
                    json.key("task"); pick.task.write(to: &json)
                    json.key("reason"); json.string(pick.reason)
                    json.key("score"); json.int(pick.score)
                }
            }
            json.key("today"); json.array(today) { json, task in task.write(to: &json) }
            json.key("still_open")
            json.array(stillOpen) { json, entry in
                json.object { json in
                    json.key("task"); entry.task.write(to: &json)
                    json.key("note"); json.string(entry.note)
                }
            }
            json.key("mentions"); json.array(mentions) { json, mention in mention.write(to: &json) }
            json.key("tracked_yesterday")
            json.object { json in
                json.key("seconds"); json.int(trackedYesterday.seconds)
                json.key("by_project")
                json.array(trackedYesterday.byProject) { json, total in
                    json.object { json in
                        json.key("project_id"); json.string(total.projectID)
                        json.key("name"); json.string(total.name)
                        json.key("seconds"); json.int(total.seconds)
                    }
                }
            }
            json.key("reminders")
            json.array(reminders) { json, entry in
                json.object { json in
                    json.key("reminder"); entry.reminder.write(to: &json)
                    json.key("task"); entry.task.write(to: &json)
                }
            }
        }
    }
}
