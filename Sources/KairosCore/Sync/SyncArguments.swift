import Foundation

/// A command's `args`, with temp ids swapped for the ids they stand for, read as the REST API's request bodies:
/// the one place the Sync API's argument names (`due` objects, `responsible_uid`, `collapsed`...) meet Kairos'.
/// Reading a request throws `DecodingError` for a value of the wrong type, as a REST body would.
public struct SyncArguments {
    private let object: [String: Any]

    /// `args` as sent; every `id`, `*_id` and `ids` value that is a temp id given earlier becomes the real id,
    /// and numeric ids (older clients) become text.
    public init(_ args: Data, tempIDs: [String: String]) {
        let parsed = (try? JSONSerialization.jsonObject(with: args)) as? [String: Any] ?? [:]
        object = Self.resolve(parsed, tempIDs) as? [String: Any] ?? [:]
    }

    private static func resolve(_ value: Any, _ tempIDs: [String: String], isID: Bool = false) -> Any {
        switch value {
        case let object as [String: Any]:
            var resolved: [String: Any] = [:]
            for (key, member) in object {
                let names = key == "id" || key.hasSuffix("_id") || key == "ids" || key.hasSuffix("_ids")
                resolved[key] = resolve(member, tempIDs, isID: names)
            }
            return resolved
        case let list as [Any]:
            return list.map { resolve($0, tempIDs, isID: isID) }
        case let text as String where isID:
            return tempIDs[text] ?? text
        case let number as NSNumber where isID:
            return number.stringValue
        default:
            return value
        }
    }

    /// The id of the object the command is about (`id`, or another key such as `item_id`).
    public func id(_ key: String = "id") throws(KairosError) -> String {
        guard let id = object[key] as? String, !id.isEmpty else {
            throw .invalidField(field: key, message: "\(key) is required: the id of the object, or a temp_id.")
        }
        return id
    }

    // MARK: Items

    public func taskCreate() throws -> TaskCreateRequest {
        var body = pick("content", "description", "project_id", "section_id", "parent_id", "labels", "priority",
            "day_order", "assignee_ids")
        body["order"] = object["child_order"]
        body["assignee_id"] = object["responsible_uid"]
        body.merge(Self.due(object["due"], update: false)) { $1 }
        body.merge(Self.duration(object["duration"])) { $1 }
        body.merge(Self.deadline(object["deadline"])) { $1 }
        return try decode(TaskCreateRequest.self, body)
    }

    public func taskUpdate() throws -> TaskUpdateRequest {
        var body = pick("content", "description", "labels", "priority", "day_order", "child_order", "is_collapsed",
            "assignee_ids")
        if let collapsed = object["collapsed"] { body["is_collapsed"] = collapsed }
        if let responsible = object["responsible_uid"] { body["assignee_id"] = responsible }
        if object.keys.contains("due") { body.merge(Self.due(object["due"], update: true)) { $1 } }
        if object.keys.contains("duration") { body.merge(Self.duration(object["duration"])) { $1 } }
        if object.keys.contains("deadline") { body.merge(Self.deadline(object["deadline"])) { $1 } }
        return try decode(TaskUpdateRequest.self, body)
    }

    public func taskMove() throws -> TaskMoveRequest {
        try decode(TaskMoveRequest.self, pick("project_id", "section_id", "parent_id"))
    }

    /// `item_reorder`'s `items` (`[{id, child_order}]`) as the ids in their new order.
    public func taskOrder() throws(KairosError) -> TaskReorderRequest {
        TaskReorderRequest(ids: try orderedIDs("items", orderKey: "child_order").map(\.id), by: .childOrder)
    }

    // MARK: Projects, sections, labels

    public func projectCreate() throws -> ProjectCreateRequest {
        try decode(
            ProjectCreateRequest.self,
            pick("name", "description", "parent_id", "color", "is_favorite", "view_style"))
    }

    public func projectUpdate() throws -> ProjectUpdateRequest {
        var body = pick("name", "description", "color", "is_favorite", "view_style", "child_order", "is_collapsed")
        if let collapsed = object["collapsed"] { body["is_collapsed"] = collapsed }
        return try decode(ProjectUpdateRequest.self, body)
    }

    public func projectOrder() throws(KairosError) -> ProjectReorderRequest {
        ProjectReorderRequest(
            projects: try orderedIDs("projects", orderKey: "child_order").map {
                ProjectReorderRequest.Item(id: $0.id, childOrder: $0.order)
            })
    }

    public func sectionCreate() throws -> SectionCreateRequest {
        var body = pick("name", "project_id")
        body["order"] = object["section_order"]
        return try decode(SectionCreateRequest.self, body)
    }

    public func sectionUpdate() throws -> SectionUpdateRequest {
        var body = pick("name", "section_order", "is_collapsed")
        if let collapsed = object["collapsed"] { body["is_collapsed"] = collapsed }
        return try decode(SectionUpdateRequest.self, body)
    }

    public func sectionOrder() throws(KairosError) -> SectionReorderRequest {
        SectionReorderRequest(
            sections: try orderedIDs("sections", orderKey: "section_order").map {
                SectionReorderRequest.Item(id: $0.id, sectionOrder: $0.order)
            })
    }

    public func label() throws -> LabelRequest {
        try decode(LabelRequest.self, pick("name", "color", "item_order", "order", "is_favorite"))
    }

    // MARK: Notes and reminders

    /// `note_add` (on `item_id`, or `project_id`) and `project_note_add`.
    public func commentCreate() throws -> CommentCreateRequest {
        var body = pick("content", "project_id")
        body["task_id"] = object["item_id"]
        return try decode(CommentCreateRequest.self, body)
    }

    public func commentUpdate() throws -> CommentUpdateRequest {
        try decode(CommentUpdateRequest.self, pick("content"))
    }

    public func reminderCreate() throws -> ReminderCreateRequest {
        var body = pick("type", "minute_offset", "service")
        body["task_id"] = object["item_id"]
        body["due"] = Self.reminderDue(object["due"])
        return try decode(ReminderCreateRequest.self, body)
    }

    public func reminderUpdate() throws -> ReminderUpdateRequest {
        var body = pick("minute_offset", "service")
        if let due = object["due"], !(due is NSNull) { body["due"] = Self.reminderDue(due) }
        return try decode(ReminderUpdateRequest.self, body)
    }

    // MARK: Reading

    private func pick(_ keys: String...) -> [String: Any] {
        var body: [String: Any] = [:]
        for key in keys { if let value = object[key] { body[key] = value } }
        return body
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: [String: Any]) throws -> T {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try APICoding.makeDecoder().decode(type, from: data)
    }

    private func orderedIDs(_ key: String, orderKey: String) throws(KairosError) -> [(id: String, order: Int)] {
        guard let list = object[key] as? [[String: Any]], !list.isEmpty else {
            throw .invalidField(field: key, message: "\(key) must list objects with id and \(orderKey).")
        }
        var result: [(id: String, order: Int)] = []
        for (index, entry) in list.enumerated() {
            guard let id = entry["id"] as? String, let order = (entry[orderKey] as? NSNumber)?.intValue else {
                throw .invalidField(
                    field: "\(key)[\(index)]", message: "\(key)[\(index)] needs an id and a whole-number \(orderKey).")
            }
            result.append((id, order))
        }
        return result.sorted { $0.order < $1.order }
    }

    /// Todoist's `due` object as the REST fields: a fixed `date` (a day, or a day and time) wins over `string`,
    /// which is read only when there is no date or the due repeats; `null` clears the due.
    private static func due(_ value: Any?, update: Bool) -> [String: Any] {
        guard let due = value as? [String: Any] else {
            return update && value is NSNull ? ["due_string": NSNull()] : [:]
        }
        var body: [String: Any] = [:]
        if let lang = due["lang"] { body["due_lang"] = lang }
        let repeats = (due["is_recurring"] as? Bool) ?? false
        if let date = due["date"] as? String, !repeats || due["string"] == nil {
            body[date.contains("T") ? "due_datetime" : "due_date"] = date
        } else if let text = due["string"] {
            body["due_string"] = text
        }
        return body
    }

    private static func duration(_ value: Any?) -> [String: Any] {
        guard let duration = value as? [String: Any] else { return value is NSNull ? ["duration": NSNull()] : [:] }
        return ["duration": duration["amount"] ?? NSNull(), "duration_unit": duration["unit"] ?? NSNull()]
    }

    private static func deadline(_ value: Any?) -> [String: Any] {
        guard let deadline = value as? [String: Any] else {
            return value is NSNull ? ["deadline_date": NSNull()] : [:]
        }
        var body: [String: Any] = ["deadline_date": deadline["date"] ?? NSNull()]
        if let lang = deadline["lang"] { body["deadline_lang"] = lang }
        return body
    }

    /// A reminder's `due`: Todoist sends `{date: "2026-03-12T09:00:00", timezone?, string?, lang?}`.
    private static func reminderDue(_ value: Any?) -> Any? {
        guard let due = value as? [String: Any] else { return value }
        var body: [String: Any] = [:]
        for key in ["date", "string", "lang", "timezone", "datetime"] { if let v = due[key] { body[key] = v } }
        return body
    }
}
