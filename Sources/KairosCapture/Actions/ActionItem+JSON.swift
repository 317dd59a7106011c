import KairosCore

// The JSON form of action items, shared by `kairos parse --mode actions` and the API:
// {"title", "assignee", "due", "message", "confidence"}, with `assignee` as the member's name or null and `due`
// as local wall time "YYYY-MM-DDTHH:MM" or null.

extension ActionItem: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("title"); json.string(title)
            json.key("assignee"); json.string(assignee?.name)
            json.key("due"); json.string(due?.iso)
            json.key("message"); json.int(message)
            json.key("confidence"); json.raw(Self.decimal(confidence).utf8)
        }
    }

    /// Two decimals, clamped to 0...1, always a valid JSON number.
    static func decimal(_ value: Double) -> String {
        let hundredths = value.isFinite ? Int((min(max(value, 0), 1) * 100).rounded()) : 0
        return hundredths == 100
            ? "1" : hundredths % 10 == 0 ? "0.\(hundredths / 10)" : "0.\(hundredths < 10 ? "0" : "")\(hundredths)"
    }
}
