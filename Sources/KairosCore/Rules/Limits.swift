import Foundation

/// Field rules shared by every entry point, so the API, CLI and SDK agree on what is valid.
public enum Limits {
    public static let maxBodyBytes = 1 << 20
    public static let maxAssignees = 20
    /// Reminders one person may have waiting on one task.
    public static let maxRemindersPerTask = 5
    /// How long before a task's due time a relative reminder may go off, in minutes: up to four weeks.
    public static let reminderMinuteOffset = 0...40_320
    public static let taskContent = 1...500
    public static let taskDescriptionMax = 16_383
    public static let priority = 1...4
    public static let labelName = 1...60
    public static let projectName = 1...120
    public static let sectionName = 1...120
    public static let commentContent = 1...15_000
    public static let userName = 1...100
    public static let passwordLength = 8...200
    public static let tokenName = 1...100
    public static let viewStyles: Set<String> = ["list", "board", "calendar"]
    /// Projects or sections given new places in one reorder request.
    public static let reorderedAtOnce = 1...1_000
    /// How many reviewed proposals one capture commit may create.
    public static let committedTasks = 1...100
    public static let messageText = 1...10_000
    public static let groupName = 1...120
    /// Everyone in a group, its creator included: messaging is for small teams.
    public static let groupMembers = 2...100
    /// Unread messages are counted up to this many, so a reader far behind costs no more than one who is
    /// slightly behind; clients show it as "999+".
    public static let unreadCountCap = 1_000
    /// A client's own id for a message or task it sends, so a retried send is recognised.
    public static let clientID = 1...100
    /// How much of a message becomes the title of a task made from it.
    public static let taskTitleFromMessage = 120
    /// The largest file one upload may hold: 25 MiB.
    public static let attachmentBytes = 25 << 20
    /// How many files one message may carry.
    public static let attachmentsPerMessage = 10
    /// The longest name a file is kept under, in characters.
    public static let attachmentName = 255
    /// The largest frame a realtime client may send: its frames are small commands.
    public static let socketFrameBytes = 16 * 1024
    /// The furthest a reminder may be snoozed to, in seconds: a week.
    public static let longestSnooze: TimeInterval = 7 * 86_400
    /// The longest push endpoint taken, in bytes: push services' addresses are a few hundred.
    public static let pushEndpointLength = 2_000
    /// How many devices one person may have subscribed to Web Push; subscribing one more retires the oldest.
    public static let pushSubscriptionsPerUser = 20
    /// Calendar feeds one person keeps.
    public static let calendarFeedsPerUser = 20
    /// The largest iCalendar object (one to-do with its time zones and alarms) a calendar client may store:
    /// real ones are a few KiB.
    public static let calendarObjectBytes = 256 * 1024
    /// How deep components may nest in one iCalendar object (VCALENDAR > VTODO > VALARM is three).
    public static let calendarNesting = 8

    /// Checks that a text's length (in characters, after trimming whitespace) lies in `range`.
    public static func requireText(
        _ value: String, _ range: ClosedRange<Int>, field: String
    ) throws(KairosError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard range.contains(trimmed.count) else {
            throw .invalidField(
                field: field, message: "\(field) must be \(range.lowerBound) to \(range.upperBound) characters long.")
        }
        return trimmed
    }

    /// A client's own id for what it sends (`client_id`), checked the same way for messages and tasks.
    public static func requireClientID(_ value: String) throws(KairosError) -> String {
        try requireText(value, clientID, field: "client_id")
    }

    /// The days someone works on, as ISO weekday numbers (1 is Monday, 7 is Sunday): at least one, each once.
    public static func requireWorkdays(_ days: [Int]) throws(KairosError) -> [Weekday] {
        guard !days.isEmpty else {
            throw .invalidField(
                field: "workdays",
                message: "workdays must name at least one day, such as [1, 2, 3, 4, 5] for Monday to Friday.")
        }
        var chosen = Set<Weekday>()
        for day in days {
            guard let weekday = Weekday(rawValue: day) else {
                throw .invalidField(
                    field: "workdays", message: "workdays must be ISO weekday numbers: 1 is Monday, 7 is Sunday.")
            }
            guard chosen.insert(weekday).inserted else {
                throw .invalidField(field: "workdays", message: "workdays lists \(day) twice. Name each day once.")
            }
        }
        return Weekday.allCases.filter(chosen.contains)
    }

    /// A wall-clock time written as 24-hour "HH:MM", such as "08:00".
    public static func requireClockTime(_ value: String, field: String) throws(KairosError) -> LocalTime {
        guard value.count == 5, let time = LocalTime(iso: value) else {
            throw .invalidField(field: field, message: "\(field) must be a 24-hour time such as 08:00.")
        }
        return time
    }

    public static func requirePriority(_ value: Int) throws(KairosError) -> Int {
        guard priority.contains(value) else {
            throw .invalidField(
                field: "priority", message: "priority must be 1 to 4 (4 is the most urgent, shown as p1).")
        }
        return value
    }

    public static func requireColor(_ value: String, field: String = "color") throws(KairosError) -> String {
        guard ProjectColor.all.contains(value) else {
            throw .invalidField(
                field: field, message: "\(field) must be one of: \(ProjectColor.all.joined(separator: ", ")).")
        }
        return value
    }

    public static func requireViewStyle(_ value: String) throws(KairosError) -> String {
        guard viewStyles.contains(value) else {
            throw .invalidField(field: "view_style", message: "view_style must be list, board or calendar.")
        }
        return value
    }

    public static func requireTimeZone(_ value: String, field: String = "timezone") throws(KairosError) -> String {
        guard TimeZone(identifier: value) != nil, value.contains("/") || value == "UTC" || value == "GMT" else {
            throw .invalidField(
                field: field,
                message: "\(field) must be an IANA time zone name such as Europe/Paris or America/New_York.")
        }
        return value
    }

    public static func requireEmail(_ value: String) throws(KairosError) -> String {
        let email = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else {
            throw .invalidField(field: "email", message: "email must be an address such as ada@example.com.")
        }
        return email
    }

    public static func requireLimit(_ value: Int?) throws(KairosError) -> Int {
        guard let value else { return PageLimit.default }
        guard PageLimit.range.contains(value) else {
            throw .invalidField(field: "limit", message: "limit must be between 1 and 200.")
        }
        return value
    }
}

/// The color names Todoist clients understand.
public enum ProjectColor {
    public static let defaultColor = "charcoal"
    public static let all = [
        "berry_red", "red", "orange", "yellow", "olive_green", "lime_green", "green", "mint_green", "teal",
        "sky_blue", "light_blue", "blue", "grape", "violet", "lavender", "magenta", "salmon", "charcoal", "grey",
        "taupe",
    ]

    /// Each colour as `#RRGGBB`, for apps that take a colour value (a CalDAV calendar's colour).
    public static let hex: [String: String] = [
        "berry_red": "#B8255F", "red": "#DC4C3E", "orange": "#C77100", "yellow": "#B29104",
        "olive_green": "#949C31", "lime_green": "#65A33A", "green": "#369307", "mint_green": "#42A393",
        "teal": "#148FAD", "sky_blue": "#319DC0", "light_blue": "#6988A4", "blue": "#4180FF", "grape": "#692EC2",
        "violet": "#CA3FEE", "lavender": "#A4698C", "magenta": "#E05095", "salmon": "#C9766F",
        "charcoal": "#808080", "grey": "#999999", "taupe": "#8F7A69",
    ]

    /// The colour a calendar app names: one of these by name (`blue`), or the closest to `#RRGGBB` (or
    /// `#RRGGBBAA`, as Apple's apps write it); nil for anything else.
    public static func reading(_ text: String) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_")
        return all.contains(name) ? name : nearest(hex: text)
    }

    /// The colour closest to `#RRGGBB` (or `#RRGGBBAA`); nil for anything else.
    public static func nearest(hex text: String) -> String? {
        guard let wanted = rgb(text) else { return nil }
        return all.min { a, b in
            distance(rgb(hex[a] ?? "") ?? (0, 0, 0), wanted) < distance(rgb(hex[b] ?? "") ?? (0, 0, 0), wanted)
        }
    }

    private static func rgb(_ text: String) -> (Int, Int, Int)? {
        let digits = text.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }
        guard digits.count == 6 || digits.count == 8, let value = Int(digits.prefix(6), radix: 16) else { return nil }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
