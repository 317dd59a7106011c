import KairosAI
import KairosCapture
import KairosCore

/// What a language model is asked when it summarises a thread (seed 000's "Thread Summary" pattern: the
/// messages with sender, time and text, and the tasks shared in the thread), and the shape of its answer. Every
/// point names the index of the message it comes from; an index the thread does not have makes the answer
/// malformed.
enum SummaryPrompt {
    private static let point: JSONValue = [
        "type": "object",
        "additionalProperties": false,
        "required": ["text", "message"],
        "properties": [
            "text": ["type": "string", "description": "one short sentence, in the thread's own words where possible"],
            "message": ["type": "integer", "description": "the index of the message this point comes from"],
        ],
    ]

    static let schema = ResponseSchema(
        name: "thread_summary",
        description: "a summary of a message thread, each point pointing at the message it comes from",
        schema: [
            "type": "object",
            "additionalProperties": false,
            "required": ["summary", "decisions", "blockers", "open_questions"],
            "properties": [
                "summary": ["type": "array", "items": point, "description": "at most 5 bullets"],
                "decisions": ["type": "array", "items": point],
                "blockers": ["type": "array", "items": point],
                "open_questions": ["type": "array", "items": point],
            ],
        ])

    /// The prompt for `thread`, whose messages' senders are named by its members; `sharedTasks` are the titles
    /// of tasks shared into it. A note's sentences are sent as its author's messages.
    static func prompt(
        for thread: ActionThread, sharedTasks: [String], source: SummarySource = .thread
    ) -> ModelPrompt {
        let messages: [JSONValue] = thread.messages.enumerated().map { index, message in
            [
                "index": .number(Double(index)),
                "sender": .string(thread.member(id: message.senderID)?.name ?? "Someone who left"),
                "ts": .string(message.sentAt.iso),
                "text": .string(message.text),
            ]
        }
        let input: JSONValue = ["messages": .array(messages), "task_refs": .array(sharedTasks.map(JSONValue.string))]
        return ModelPrompt(
            system: opening(source) + """
                Answer with:
                - summary: at most 5 bullets, the most important things said, each one short sentence.
                - decisions: what the team settled on ("we decided", "let's go with", "agreed").
                - blockers: what holds work up ("blocked on", "waiting for", "can't ... until").
                - open_questions: questions nobody has answered yet.
                Every point gives "message": the index of the message it comes from. Leave a list empty when the \
                thread has nothing for it; never invent facts. Plain text only: no markdown.
                """,
            messages: [.user(input.jsonText)], maxOutputTokens: 1500, temperature: 0)
    }

    /// What the input is, for a thread or for a note.
    private static func opening(_ source: SummarySource) -> String {
        switch source {
        case .thread:
            """
            You summarise a team's message thread for one of its members. The input is JSON: messages (each \
            with its index, sender, ts and text, oldest first) and task_refs (tasks shared in the thread).

            """
        case .note:
            """
            You summarise a personal note for its author. The input is JSON: messages are the note's sentences \
            in order (each with its index, sender (the author), ts (when the note was written) and text); \
            task_refs is empty.

            """
        }
    }

    /// The points of an answer already checked against `schema`, or nil when one points at a message the
    /// thread does not have or says nothing.
    static func summary(
        in answer: JSONValue, messageCount: Int, nextSteps: [ActionItem]
    ) -> ThreadSummary? {
        func points(_ key: String) -> [SummaryPoint]? {
            var points: [SummaryPoint] = []
            for item in answer[key]?.arrayValue ?? [] {
                guard let number = item["message"]?.numberValue, number >= 0, number < Double(messageCount),
                    let text = item["text"]?.stringValue.map(plain), !text.isEmpty
                else { return nil }
                points.append(SummaryPoint(text: ThreadSummarizer.quote(text), message: Int(number)))
            }
            return points
        }
        guard let summary = points("summary"), let decisions = points("decisions"),
            let blockers = points("blockers"), let questions = points("open_questions")
        else { return nil }
        return ThreadSummary(
            summary: Array(summary.prefix(ThreadSummarizer.maxBullets)), decisions: decisions, blockers: blockers,
            openQuestions: questions, nextSteps: nextSteps)
    }

    /// Text without control characters, trimmed.
    private static func plain(_ text: String) -> String {
        String(text.unicodeScalars.filter { ![.control, .format].contains($0.properties.generalCategory) })
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
