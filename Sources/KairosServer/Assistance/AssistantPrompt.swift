import KairosAI
import KairosCapture
import KairosCore

/// What a language model is asked in the assistant chat: suggested items for a list the user asked for, and a
/// conversational reply with the user's own tasks at hand. The model only ever proposes: it answers with text or
/// with items the user keeps or drops, and nothing it says changes anything.
enum AssistantPrompt {
    /// The shape of a list's suggested items.
    static let listSchema = ResponseSchema(
        name: "list_suggestions",
        description: "items to suggest for the list, in the order to do or gather them",
        schema: [
            "type": "object",
            "additionalProperties": false,
            "required": ["items"],
            "properties": [
                "items": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["title", "note", "group"],
                        "properties": [
                            "title": ["type": "string", "description": "the item or step, short"],
                            "note": ["type": "string", "description": "a tip, quantity or resource, or \"\""],
                            "group": ["type": "string", "description": "a category such as Produce, or \"\""],
                        ],
                    ],
                ]
            ],
        ])

    /// The kind of list asked for, as seed 003 tells them apart: each gets its own instructions.
    enum ListShape {
        case learningPath, shopping, plan

        init(request: String) {
            let words = request.lowercased()
            if ["learn", "study", "teach me"].contains(where: words.contains) {
                self = .learningPath
            } else if ["buy", "shop", "groceries", "grocery", "purchase", "ingredients"].contains(where: words.contains)
            {
                self = .shopping
            } else {
                self = .plan
            }
        }

        var instructions: String {
            switch self {
            case .learningPath:
                "Suggest a step-by-step learning path: specific, actionable steps in a logical order, each note "
                    + "giving an estimated time and a resource to learn from (a book, course or website). Leave group empty."
            case .shopping:
                "Suggest the items to buy, each specific with a quantity where it helps, grouped by category "
                    + "(Produce, Dairy, Pantry, ...); notes hold brands or substitutions, or are empty."
            case .plan:
                "Suggest the specific, actionable steps of the plan in a logical order; notes hold timing or "
                    + "helpful details, or are empty. Leave group empty."
            }
        }
    }

    static func list(_ list: AssistantList, request: String, context: CaptureContext) -> ModelPrompt {
        let named =
            list.subtasks.isEmpty
            ? "They named no items yet." : "They already named: " + list.subtasks.joined(separator: "; ") + "."
        return ModelPrompt(
            system: """
                You help a person fill in a list in their task manager. The list is "\(list.title)". \(named)
                \(UserContextLines.moment(context))
                \(ListShape(request: request).instructions)
                Suggest only items they did not name, at most 12. Plain text only: no markdown, HTML or links.
                """,
            messages: [.user(request)], maxOutputTokens: 1500, temperature: 0.3)
    }

    /// The suggested items of an answer already checked against `listSchema`, without those the user named.
    static func suggestions(in answer: JSONValue, besides named: [String]) -> [AssistantSuggestion] {
        let taken = Set(named.map { $0.lowercased() })
        var seen = taken
        return (answer["items"]?.arrayValue ?? []).prefix(12).compactMap { item in
            guard let title = item["title"]?.stringValue.map(Self.plain), !title.isEmpty,
                seen.insert(title.lowercased()).inserted
            else { return nil }
            let note = item["note"]?.stringValue.map(Self.plain)
            let group = item["group"]?.stringValue.map(Self.plain)
            return AssistantSuggestion(
                title: String(title.prefix(Limits.taskContent.upperBound)), note: note?.isEmpty == false ? note : nil,
                group: group?.isEmpty == false ? group : nil)
        }
    }

    /// A conversational reply, with the conversation so far and the user's own tasks as context.
    static func conversation(
        _ text: String, history: [AssistantMessage], tasks: AssistantTaskContext, context: CaptureContext
    ) -> ModelPrompt {
        var messages = history.map { message in
            message.role == .user ? ModelMessage.user(message.text) : ModelMessage.assistant(message.text)
        }
        messages.append(.user(text))
        return ModelPrompt(
            system: """
                You are the assistant in Kairos, the person's task manager. Answer helpfully and briefly, in plain \
                text: no markdown, no HTML.
                \(UserContextLines.moment(context))
                \(UserContextLines.lists(context))
                \(tasks.description(today: context.now.date))
                You cannot add, change, complete or delete anything yourself, and never claim to have. When they \
                want a reminder or a list, tell them to ask for it ("remind me to ...", "make a list of ...") and \
                Kairos will propose it for them to add.
                """,
            messages: messages, maxOutputTokens: 800, temperature: 0.5)
    }

    /// Text without control characters other than line breaks, trimmed.
    private static func plain(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 == "\n" || !$0.properties.generalCategory.isControl })
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The user's own tasks a conversational reply may speak of: overdue, due in the coming week, done this week.
struct AssistantTaskContext: Sendable {
    var overdue: [TaskItem] = []
    var upcoming: [TaskItem] = []
    var completed: [TaskItem] = []

    func description(today: LocalDate) -> String {
        func lines(_ title: String, _ tasks: [TaskItem]) -> String {
            guard !tasks.isEmpty else { return "\(title): none." }
            return "\(title):\n"
                + tasks.map { task in
                    "- \(task.content)"
                        + (task.due.map {
                            " (due \(AssistantReplyText.date($0.date, today: today))"
                                + ($0.time.map { " at \($0.hourMinute)" } ?? "") + ")"
                        } ?? "")
                }.joined(separator: "\n")
        }
        return [
            "Their tasks, which only they can see:", lines("Overdue", overdue),
            lines("Due in the next 7 days", upcoming), lines("Completed in the last 7 days", completed),
        ].joined(separator: "\n")
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format }
}
