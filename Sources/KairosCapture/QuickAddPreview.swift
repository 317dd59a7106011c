import KairosCore

/// The answer of `POST /api/v1/tasks/quick/preview`: the fields `POST /tasks/quick` would give the task, in the
/// task's own shape, and the phrases of the text that set them.
public struct QuickAddPreview: Sendable, JSONWritable {
    public var content: String
    public var description: String
    /// The project the task would go to; the Inbox when nothing else names one.
    public var projectID: String
    public var sectionID: String?
    public var labels: [String]
    /// The API's priority: 4 is p1.
    public var priority: Int
    public var due: Due?
    public var phrases: [CapturePhrase]

    public init(
        content: String, description: String, projectID: String, sectionID: String?, labels: [String],
        priority: Int, due: Due?, phrases: [CapturePhrase]
    ) {
        self.content = content
        self.description = description
        self.projectID = projectID
        self.sectionID = sectionID
        self.labels = labels
        self.priority = priority
        self.due = due
        self.phrases = phrases
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("content"); json.string(content)
            json.key("description"); json.string(description)
            json.key("project_id"); json.string(projectID)
            json.key("section_id"); json.string(sectionID)
            json.key("labels"); json.array(labels) { json, label in json.string(label) }
            json.key("priority"); json.int(priority)
            json.key("due"); json.value(due)
            json.key("phrases"); json.array(phrases) { json, phrase in phrase.write(to: &json) }
        }
    }
}

extension QuickAddPreview: Decodable {
    enum CodingKeys: String, CodingKey {
        case content, description, labels, priority, due, phrases
        case projectID = "project_id"
        case sectionID = "section_id"
    }
}
