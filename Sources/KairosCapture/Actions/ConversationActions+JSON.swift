import KairosCore

// The wire form of a conversation's action items:
// {"actions": [{"title", "assignee_id", "assignee", "due", "message_id", "confidence", "sender_id", "sender",
//   "placement": {"project_id", "project_name", "assignee_id", "note"}, "task_id"}], "model": {"used", "reason"}}

extension ConversationActions: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case actions, model
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("actions"); json.array(actions) { json, action in action.write(to: &json) }
            json.key("model"); model.write(to: &json)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            actions: try c.decode([ActionProposal].self, forKey: .actions),
            model: try c.decode(ModelUse.self, forKey: .model))
    }
}

extension ActionProposal: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case sender, placement
        case senderID = "sender_id"
        case taskID = "task_id"
    }

    enum PlacementKeys: String, CodingKey {
        case note
        case projectID = "project_id"
        case projectName = "project_name"
        case assigneeID = "assignee_id"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("title"); json.string(step.title)
            json.key("assignee_id"); json.string(step.assigneeID)
            json.key("assignee"); json.string(step.assignee)
            json.key("due"); json.string(step.due?.iso)
            json.key("message_id"); json.string(step.messageID)
            json.key("confidence"); json.raw(ActionItem.decimal(step.confidence).utf8)
            json.key("sender_id"); json.string(senderID)
            json.key("sender"); json.string(sender)
            json.key("placement")
            json.object { json in
                json.key("project_id"); json.string(placement.projectID)
                json.key("project_name"); json.string(placement.projectName)
                json.key("assignee_id"); json.string(placement.assigneeID)
                json.key("note"); json.string(placement.note)
            }
            json.key("task_id"); json.string(taskID)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let place = try c.nestedContainer(keyedBy: PlacementKeys.self, forKey: .placement)
        self.init(
            step: try SummaryNextStep(from: decoder),
            senderID: try c.decode(String.self, forKey: .senderID),
            sender: try c.decodeIfPresent(String.self, forKey: .sender),
            placement: ActionPlacement.Choice(
                projectID: try place.decodeIfPresent(String.self, forKey: .projectID),
                projectName: try place.decodeIfPresent(String.self, forKey: .projectName),
                assigneeID: try place.decodeIfPresent(String.self, forKey: .assigneeID),
                note: try place.decodeIfPresent(String.self, forKey: .note)),
            taskID: try c.decodeIfPresent(String.self, forKey: .taskID))
    }
}
