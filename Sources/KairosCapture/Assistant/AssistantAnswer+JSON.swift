import KairosCore

// The one JSON form of an assistant answer, shared by `kairos parse --mode assistant` and any API that serves it:
// {"type", "tasks", "set_aside"} for a reminder (as capture writes them), {"type", "title", "subtasks"} for a list,
// {"type", "date", "weekday"} for a date question and {"type"} for conversation.

extension AssistantAnswer: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in writeMembers(to: &json) }
    }

    /// Writes the answer's members into the object being written, for lines that carry more (a request's id).
    public func writeMembers(to json: inout JSONWriter) {
        json.key("type"); json.string(type)
        switch self {
        case .reminder(let tasks, let setAside):
            json.key("tasks"); json.array(tasks) { json, task in task.write(to: &json) }
            json.key("set_aside"); json.array(setAside) { json, clause in clause.write(to: &json) }
        case .todoList(let list):
            json.key("title"); json.string(list.title)
            json.key("subtasks"); json.array(list.subtasks) { json, item in json.string(item) }
        case .dateQuery(let date):
            json.key("date"); json.string(date.iso)
            json.key("weekday"); json.string(ListDirectory.capitalizeFirst(date.weekday.name))
        case .conversation:
            break
        }
    }
}
