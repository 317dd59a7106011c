import Foundation
import KairosCore

/// How a reminder reads in the terminal: "tomorrow 09:00", "10 min before due".
struct ReminderText {
    let timeZone: TimeZone

    func describe(_ reminder: Reminder) -> String {
        if let minutes = reminder.minuteOffset {
            let before =
                minutes == 0 ? "at the due time" : minutes % 60 == 0 ? "\(minutes / 60) h before due" : "\(minutes) min before due"
            return reminder.fireAt.map { "\(moment($0)) (\(before))" } ?? before
        }
        return reminder.at.map(moment) ?? ""
    }

    private func moment(_ instant: Date) -> String {
        let table = TaskTable(projectNames: [:], today: LocalDate.today(in: timeZone, now: Date()), timeZone: timeZone)
        return table.dueText(
            Due(
                date: LocalDate(instant, in: timeZone), time: LocalTime(instant, in: timeZone),
                timezone: timeZone.identifier, string: ""))
    }
}
