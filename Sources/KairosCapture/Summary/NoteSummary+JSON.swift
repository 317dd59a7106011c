import KairosCore

// The wire form of a note summary:
// {"summary", "decisions", "blockers", "open_questions": [{"text"}],
//  "next_steps": [{"title", "assignee_id", "assignee", "due", "confidence"}], "model"},
// `due` as local wall time "YYYY-MM-DDTHH:MM" or null.

extension NoteSummary: JSONWritable, Decodable {
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
            summary: try c.decode([Point].self, forKey: .summary),
            decisions: try c.decode([Point].self, forKey: .decisions),
            blockers: try c.decode([Point].self, forKey: .blockers),
            openQuestions: try c.decode([Point].self, forKey: .openQuestions),
            nextSteps: try c.decode([NextStep].self, forKey: .nextSteps),
            model: try c.decode(ModelUse.self, forKey: .model))
    }
}

extension NoteSummary.Point: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey { case text }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("text"); json.string(text)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(text: try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text))
    }
}

extension NoteSummary.NextStep: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case title, assignee, due, confidence
        case assigneeID = "assignee_id"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("title"); json.string(title)
            json.key("assignee_id"); json.string(assigneeID)
            json.key("assignee"); json.string(assignee)
            json.key("due"); json.string(due?.iso)
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
            confidence: try c.decode(Double.self, forKey: .confidence))
    }
}
