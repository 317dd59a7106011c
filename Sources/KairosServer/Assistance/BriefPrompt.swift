import Foundation
import KairosAI
import KairosCore

/// What a language model is asked when it writes the opening of a daily brief: the brief's own facts (the Top 3
/// with their reasons, what is due, what is still open, new mentions, yesterday's time, today's reminders) and
/// nothing else, and the shape of its answer.
enum BriefPrompt {
    /// At most this many tasks of each list go to the model.
    static let listed = 10
    /// A longer answer is not an opening.
    static let longest = 600

    static let schema = ResponseSchema(
        name: "brief_opening",
        description: "the opening paragraph of a person's daily brief",
        schema: [
            "type": "object",
            "additionalProperties": false,
            "required": ["opening"],
            "properties": [
                "opening": ["type": "string", "description": "two or three short sentences, plain text"]
            ],
        ])

    static func prompt(for brief: DailyBrief, of user: User) -> ModelPrompt {
        let zone = user.timeZone
        let input: JSONValue = [
            "name": .string(user.name.split(separator: " ").first.map(String.init) ?? user.name),
            "date": .string(brief.date.iso),
            "weekday": .string(brief.date.weekday.name.capitalized),
            "top3": .array(brief.topThree.map { ["title": .string($0.task.content), "why": .string($0.reason)] }),
            "due_today": .array(brief.today.prefix(listed).map { .string($0.content) }),
            "still_open": .array(
                brief.stillOpen.prefix(listed).map { ["title": .string($0.task.content), "note": .string($0.note)] }),
            "new_mentions": .array(brief.mentions.prefix(listed).map { .string($0.text) }),
            "tracked_yesterday_minutes": .number(Double(brief.trackedYesterday.seconds / 60)),
            "tracked_yesterday_by_list": .array(
                brief.trackedYesterday.byProject.map {
                    ["list": .string($0.name), "minutes": .number(Double($0.seconds / 60))]
                }),
            "reminders_today": .array(
                brief.reminders.prefix(listed).map {
                    [
                        "title": .string($0.task.content),
                        "at": .string($0.reminder.fireAt.map { LocalTime($0, in: zone).hourMinute } ?? ""),
                    ]
                }),
        ]
        return ModelPrompt(
            system: """
                You write the opening paragraph of a person's daily brief in their task manager. The input is \
                JSON: their first name, today's date, their Top 3 tasks with why each is there, what is due \
                today, what is still open from before, new mentions of them, the time they tracked yesterday and \
                today's reminders.
                Answer with opening: two or three short sentences, warm and calm, speaking to them as "you", \
                that tell them what their day holds and where to start. Use only the facts given: never invent \
                a task, a person, a time or a number. Never call anything overdue or late: say it is still on \
                their list. Do not greet them (the greeting is shown above). Plain text only: no markdown, no \
                lists.
                """,
            messages: [.user(input.jsonText)], maxOutputTokens: 300, temperature: 0.3)
    }

    /// The opening in an answer already checked against `schema`, or nil when it is empty or too long.
    static func opening(in answer: JSONValue) -> String? {
        guard let text = answer["opening"]?.stringValue else { return nil }
        let plain = String(text.unicodeScalars.filter { ![.control, .format].contains($0.properties.generalCategory) })
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return plain.isEmpty || plain.count > longest ? nil : plain
    }
}
