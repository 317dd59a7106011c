import Foundation
import KairosCore

// The one JSON form of capture output, shared by `kairos parse`, the capture API and the SDK:
// a proposal is {"title", "description", "due", "list", "list_exists", "priority", "labels", "recurrence",
// "source_span", "phrases"}, with `due` as local wall time "YYYY-MM-DDTHH:MM", `recurrence` as an RRULE and each
// phrase as {"field", "span": [start, end]}.

extension CaptureProposal: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("title"); json.string(title)
            json.key("description"); json.string(description)
            json.key("due"); json.string(due?.iso)
            json.key("list"); json.string(list)
            json.key("list_exists"); json.bool(listExists)
            json.key("priority"); json.int(priority)
            json.key("labels"); json.array(labels) { json, label in json.string(label) }
            json.key("recurrence"); json.string(recurrence?.rrule)
            json.key("source_span")
            json.array([sourceSpan.lowerBound, sourceSpan.upperBound]) { json, offset in json.int(offset) }
            json.key("phrases")
            json.array(phrases) { json, phrase in phrase.write(to: &json) }
            json.key("engine"); json.string(engine.rawValue)
        }
    }
}

extension CapturePhrase: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("field"); json.string(field.rawValue)
            json.key("span"); json.array([span.lowerBound, span.upperBound]) { json, offset in json.int(offset) }
        }
    }
}

extension CapturePhrase: Decodable {
    enum CodingKeys: String, CodingKey {
        case field, span
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let field = try c.decode(String.self, forKey: .field)
        let span = try c.decode([Int].self, forKey: .span)
        guard let known = Field(rawValue: field), span.count == 2, 0 <= span[0], span[0] <= span[1] else {
            throw DecodingError.dataCorruptedError(
                forKey: .span, in: c,
                debugDescription: "Expected a known field and [start, end] with 0 <= start <= end")
        }
        self.init(field: known, span: span[0]..<span[1])
    }
}

extension CaptureProposal: Decodable {
    enum CodingKeys: String, CodingKey {
        case title, description, due, list, priority, labels, recurrence, phrases, engine
        case listExists = "list_exists"
        case sourceSpan = "source_span"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var due: LocalDateTime?
        if let text = try c.decodeIfPresent(String.self, forKey: .due) {
            guard let wallTime = LocalDateTime(iso: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .due, in: c, debugDescription: "Expected a wall time such as 2026-03-12T15:00, got \(text)")
            }
            due = wallTime
        }
        var recurrence: RecurrenceRule?
        if let rrule = try c.decodeIfPresent(String.self, forKey: .recurrence) {
            do {
                recurrence = try RecurrenceRule(rrule: rrule)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .recurrence, in: c, debugDescription: error.message)
            }
        }
        let span = try c.decode([Int].self, forKey: .sourceSpan)
        guard span.count == 2, 0 <= span[0], span[0] <= span[1] else {
            throw DecodingError.dataCorruptedError(
                forKey: .sourceSpan, in: c, debugDescription: "Expected [start, end] with 0 <= start <= end")
        }
        self.init(
            title: try c.decode(String.self, forKey: .title),
            description: try c.decodeIfPresent(String.self, forKey: .description), due: due,
            list: try c.decodeIfPresent(String.self, forKey: .list),
            listExists: try c.decodeIfPresent(Bool.self, forKey: .listExists) ?? false,
            priority: try c.decodeIfPresent(Int.self, forKey: .priority),
            labels: try c.decodeIfPresent([String].self, forKey: .labels) ?? [], recurrence: recurrence,
            sourceSpan: span[0]..<span[1],
            phrases: try c.decodeIfPresent([CapturePhrase].self, forKey: .phrases) ?? [],
            engine: try c.decodeIfPresent(String.self, forKey: .engine).flatMap(CaptureEngineKind.init) ?? .offline)
    }
}

// A warning is {"code", "message"} plus the numbers it speaks of (`parsed_words`, `total_words`).
extension CaptureWarning: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("code"); json.string(code)
            json.key("message"); json.string(message)
            if case .truncated(let parsed, let total) = self {
                json.key("parsed_words"); json.int(parsed)
                json.key("total_words"); json.int(total)
            }
        }
    }
}

extension CaptureWarning {
    enum CodingKeys: String, CodingKey {
        case code
        case parsedWords = "parsed_words"
        case totalWords = "total_words"
    }

    /// Reads a warning; nil for a code this version does not know, so newer servers do not break older clients.
    init?(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .code) {
        case "truncated":
            self = .truncated(
                parsedWords: try c.decode(Int.self, forKey: .parsedWords),
                totalWords: try c.decode(Int.self, forKey: .totalWords))
        case "not_english": self = .notEnglish
        default: return nil
        }
    }
}

extension CaptureResult: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in writeMembers(to: &json) }
    }

    /// Writes `"tasks"`, `"set_aside"` and `"warnings"` into the object being written, for answers that carry
    /// more members.
    public func writeMembers(to json: inout JSONWriter) {
        json.key("tasks"); json.array(tasks) { json, task in task.write(to: &json) }
        json.key("set_aside"); json.array(setAside) { json, clause in clause.write(to: &json) }
        json.key("warnings"); json.array(warnings) { json, warning in warning.write(to: &json) }
        if let model {
            json.key("model")
            model.write(to: &json)
        }
    }
}

// A set-aside clause is {"text", "span": [start, end]}.
extension SetAsideClause: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case text, span
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("text"); json.string(text)
            json.key("span"); json.array([span.lowerBound, span.upperBound]) { json, offset in json.int(offset) }
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let span = try c.decode([Int].self, forKey: .span)
        guard span.count == 2, 0 <= span[0], span[0] <= span[1] else {
            throw DecodingError.dataCorruptedError(
                forKey: .span, in: c, debugDescription: "Expected [start, end] with 0 <= start <= end")
        }
        self.init(text: try c.decode(String.self, forKey: .text), span: span[0]..<span[1])
    }
}

extension CaptureResult: Decodable {
    enum CodingKeys: String, CodingKey {
        case tasks, warnings, model
        case setAside = "set_aside"
    }

    /// The warnings member read one by one, keeping those this version knows.
    private struct KnownWarning: Decodable {
        let warning: CaptureWarning?
        init(from decoder: any Decoder) throws { warning = try CaptureWarning(from: decoder) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            tasks: try c.decode([CaptureProposal].self, forKey: .tasks),
            setAside: try c.decodeIfPresent([SetAsideClause].self, forKey: .setAside) ?? [],
            warnings: (try c.decodeIfPresent([KnownWarning].self, forKey: .warnings) ?? []).compactMap(\.warning),
            model: try c.decodeIfPresent(ModelUse.self, forKey: .model))
    }
}

/// The answer of `POST /api/v1/capture/span`: the one proposal a highlighted phrase makes, or null.
public struct CaptureSpanResult: Decodable, Sendable, JSONWritable {
    public var task: CaptureProposal?

    public init(task: CaptureProposal?) {
        self.task = task
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("task"); json.value(task)
        }
    }
}
