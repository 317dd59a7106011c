import KairosCore

// The wire form of a conversation summary:
// {"summary", "decisions", "blockers", "open_questions": [{"text", "message_id", "sender_id", "sender"}],
//  "next_steps": [{"title", "assignee_id", "assignee", "due", "message_id", "confidence"}], "model"},
// `due` as local wall time "YYYY-MM-DDTHH:MM" or null.

extension ConversationSummary: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case summary, decisions, blockers, model
        case openQuestions = "open_questions"
        case nextSteps = "next_steps"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("summary"); json.array(summary) { json, item in item.write(to: &json) }
            json.key("decisions"); json.array(decisions) { json, item in item.write(to: &json) }
            json.key("blockers"); json.array(blockers) { json, item in item.write(to: &json) }
            json.key("open_questions"); json.array(openQuestions) { json, item in item.write(to: &json) }
            json.key("next_steps"); json.array(nextSteps) { json, step in step.write(to: &json) }
            json.key("model"); model.write(to: &json)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            summary: try c.decode([SummaryItem].self, forKey: .summary),
            decisions: try c.decode([SummaryItem].self, forKey: .decisions),
            blockers: try c.decode([SummaryItem].self, forKey: .blockers),
            openQuestions: try c.decode([SummaryItem].self, forKey: .openQuestions),
            nextSteps: try c.decode([SummaryNextStep].self, forKey: .nextSteps),
            model: try c.decode(ModelUse.self, forKey: .model))
    }
}

extension SummaryItem: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case text, sender
        case messageID = "message_id"
        case senderID = "sender_id"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("text"); json.string(text)
            json.key("message_id"); json.string(messageID)
            json.key("sender_id"); json.string(senderID)
            json.key("sender"); json.string(sender)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try c.decode(String.self, forKey: .text), messageID: try c.decode(String.self, forKey: .messageID),
            senderID: try c.decode(String.self, forKey: .senderID),
            sender: try c.decodeIfPresent(String.self, forKey: .sender))
    }
}

extension SummaryNextStep: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case title, assignee, due, confidence
        case assigneeID = "assignee_id"
        case messageID = "message_id"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("title"); json.string(title)
            json.key("assignee_id"); json.string(assigneeID)
            json.key("assignee"); json.string(assignee)
            json.key("due"); json.string(due?.iso)
            json.key("message_id"); json.string(messageID)
            json.key("confidence"); json.raw(ActionItem.decimal(confidence).utf8)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let due = try c.decodeIfPresent(String.self, forKey: .due)
        self.init(
            title: try c.decode(String.self, forKey: .title),
            assigneeID: try c.decodeIfPresent(String.self, forKey: .assigneeID),
            assignee: try c.decodeIfPresent(String.self, forKey: .assignee),
            due: try due.map { iso in
                guard let value = LocalDateTime(iso: iso) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .due, in: c, debugDescription: "due must be YYYY-MM-DDTHH:MM")
                }
                return value
            },
            messageID: try c.decode(String.self, forKey: .messageID),
            confidence: try c.decode(Double.self, forKey: .confidence))
    }
}
