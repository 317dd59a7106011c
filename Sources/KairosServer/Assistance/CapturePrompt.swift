import KairosAI
import KairosCapture
import KairosCore

/// What a language model is asked when it splits a transcript into tasks, and the shape of its answer.
///
/// The model only splits and words: dates, lists and the rest are read by the offline engine from the words it
/// quotes (`ModelTaskMerge`), so the prompt asks for the transcript's own words rather than computed dates.
enum CapturePrompt {
    static let schema = ResponseSchema(
        name: "captured_tasks",
        description: "the tasks a transcript holds, each worded as a title with the transcript's own words for it",
        schema: [
            "type": "object",
            "additionalProperties": false,
            "required": ["tasks"],
            "properties": [
                "tasks": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["title", "quote", "notes"],
                        "properties": [
                            "title": [
                                "type": "string",
                                "description": "the action, short, without dates, times, lists or priority",
                            ],
                            "quote": [
                                "type": "string",
                                "description":
                                    "the transcript's exact words for this task, with its date, time, list and priority words",
                            ],
                            "notes": [
                                "type": "string",
                                "description": "detail worth keeping with the task, or an empty string",
                            ],
                        ],
                    ],
                ]
            ],
        ])

    static func prompt(for text: String, context: CaptureContext) -> ModelPrompt {
        ModelPrompt(
            system: """
                You turn what a person said or typed into the tasks it holds, for their task manager.
                \(UserContextLines.moment(context))
                \(UserContextLines.lists(context))
                Rules:
                - One task per thing to do. "buy salt and call mom" is two tasks; "buy salt and pepper" is one.
                - A date said before several actions belongs to each of them; keep it in each task's quote.
                - A statement with a deadline is a task ("the report is due friday": title "Report").
                - A promise is a task for the promised action ("I told Sam I'd send the photos": "Send the \
                photos", notes "Promised to Sam").
                - When the person corrects themselves ("no wait", "actually", "scratch that"), the correction \
                wins; a task they cancel ("never mind that") is not a task.
                - Commentary, venting and facts without an action are not tasks.
                - title: the action in the person's words, first letter upper-case, without "I need to", \
                "remind me to", fillers, dates, times, list names or priority.
                - quote: copy the transcript's words for the task exactly as written, with its date, time, \
                list and priority words; never rephrase or compute dates in it.
                - notes: only detail the person gave that is not the action itself, else "".
                Answer with no tasks when nothing is to be done.
                """,
            messages: [.user(text)], maxOutputTokens: 2048, temperature: 0)
    }

    /// The tasks of an answer already checked against `schema`.
    static func drafts(in answer: JSONValue) -> [ModelTaskDraft] {
        (answer["tasks"]?.arrayValue ?? []).compactMap { task in
            guard let title = task["title"]?.stringValue, let quote = task["quote"]?.stringValue else { return nil }
            return ModelTaskDraft(title: title, quote: quote, notes: task["notes"]?.stringValue)
        }
    }
}

/// The lines of a prompt that tell a model where and when the user is, and what lists they keep.
enum UserContextLines {
    static func moment(_ context: CaptureContext) -> String {
        let today = context.now.date
        return "It is \(AssistantReplyText.date(today, today: today)), \(today.year), \(context.now.time.hourMinute) "
            + "in the person's time zone, \(context.timeZone.identifier)."
    }

    static func lists(_ context: CaptureContext) -> String {
        context.lists.isEmpty
            ? "They keep no lists yet." : "Their lists: " + context.lists.joined(separator: ", ") + "."
    }
}
