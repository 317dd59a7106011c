import KairosAI
import KairosCapture
import KairosCore

/// What a language model is asked when it finds a thread's action items (seed 000's "Action Extraction"), and
/// the shape of its answer: each action names the message that states it and quotes the words that do, so the
/// engine can date it from the thread itself.
enum ActionPrompt {
    static let schema = ResponseSchema(
        name: "thread_actions",
        description: "the things people in a message thread have to do",
        schema: [
            "type": "object",
            "additionalProperties": false,
            "required": ["actions"],
            "properties": [
                "actions": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["title", "assignee", "message", "quote"],
                        "properties": [
                            "title": ["type": "string", "description": "the action in the sender's words, short"],
                            "assignee": [
                                "type": ["string", "null"],
                                "description": "the member's name who has to do it, or null when it is left to anyone",
                            ],
                            "message": ["type": "integer", "description": "the index of the message that states it"],
                            "quote": ["type": "string", "description": "the exact words of that message that state it"],
                        ],
                    ],
                ]
            ],
        ])

    static func prompt(for thread: ActionThread) -> ModelPrompt {
        let messages: [JSONValue] = thread.messages.enumerated().map { index, message in
            [
                "index": .number(Double(index)),
                "sender": .string(thread.member(id: message.senderID)?.name ?? "Someone who left"),
                "ts": .string(message.sentAt.iso),
                "text": .string(message.text),
            ]
        }
        let input: JSONValue = [
            "members": .array(thread.members.map { .string($0.name) }), "messages": .array(messages),
        ]
        return ModelPrompt(
            system: """
                You find the action items in a team's message thread. The input is JSON: members, and messages \
                (each with its index, sender, ts and text, oldest first).
                An action is one thing someone has to do: a request to a named member ("@bob can you send the \
                deck"), a commitment by the sender ("I'll book the room"), or a need left to anyone ("someone \
                needs to renew the domain"). Questions, facts, things already done, reactions, chatter and jokes \
                are not actions. A later message that accepts, takes over or re-dates an action is not a new one; \
                one that says it is done or called off removes it.
                For each action answer: title (the action in the sender's words, without the request, the name or \
                the date: "Send the deck"), assignee (a member's name, the sender for a commitment, null for \
                anyone), message (the index of the message that first states it) and quote (the exact words of \
                that message that state it, its date included). Plain text only.
                """,
            messages: [.user(input.jsonText)], maxOutputTokens: 1500, temperature: 0)
    }

    /// The model's actions in an answer already checked against `schema`.
    static func actions(in answer: JSONValue) -> [ModelAction] {
        (answer["actions"]?.arrayValue ?? []).compactMap { item in
            guard let title = item["title"]?.stringValue, let index = item["message"]?.numberValue,
                let quote = item["quote"]?.stringValue, index >= 0, index.rounded() == index
            else { return nil }
            return ModelAction(title: title, assignee: item["assignee"]?.stringValue, message: Int(index), quote: quote)
        }
    }
}
