import Foundation
import KairosCore

// The wire form of a search answer:
// {"question": {"person": {"id", "name"} | null, "commitment", "direction": "mine" | "theirs" | null, "asked",
//               "from", "to": ISO 8601 instant | null, "words": [...]},
//  "answered", "results": [{"kind", "reason", "title", "snippet", "task_id", "conversation_id", "message_id",
//                           "at", "is_done"}],
//  "hits": {"results": [search hits], "next_cursor"}, "model": {"used", "reason"}}

extension SearchAnswer: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case question, answered, results, hits, model
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("question"); question.write(to: &json)
            json.key("answered"); json.bool(answered)
            json.key("results"); json.array(results) { json, result in result.write(to: &json) }
            json.key("hits"); hits.write(to: &json)
            json.key("model"); model.write(to: &json)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            question: try c.decode(SearchQuestion.self, forKey: .question),
            answered: try c.decode(Bool.self, forKey: .answered),
            results: try c.decode([AnswerResult].self, forKey: .results),
            hits: try c.decode(Page<SearchHit>.self, forKey: .hits), model: try c.decode(ModelUse.self, forKey: .model))
    }
}

extension SearchQuestion: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case person, commitment, direction, asked, from, to, words
    }

    enum PersonKeys: String, CodingKey {
        case id, name
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("person")
            if let person {
                json.object { json in
                    json.key("id"); json.string(person.id)
                    json.key("name"); json.string(person.name)
                }
            } else {
                json.null()
            }
            json.key("commitment"); json.bool(commitment)
            json.key("direction"); json.string(direction?.rawValue)
            json.key("asked"); json.bool(asked)
            json.key("from"); json.date(period?.from)
            json.key("to"); json.date(period?.to)
            json.key("words"); json.array(words) { json, word in json.string(word) }
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var person: QueryPerson?
        if try !c.decodeNil(forKey: .person) {
            let p = try c.nestedContainer(keyedBy: PersonKeys.self, forKey: .person)
            person = QueryPerson(
                id: try p.decode(String.self, forKey: .id), name: try p.decode(String.self, forKey: .name))
        }
        let direction = try c.decodeIfPresent(String.self, forKey: .direction)
        let from = try c.decodeIfPresent(Date.self, forKey: .from)
        let to = try c.decodeIfPresent(Date.self, forKey: .to)
        self.init(
            person: person, commitment: try c.decode(Bool.self, forKey: .commitment),
            direction: direction.flatMap(CommitmentDirection.init(rawValue:)),
            asked: try c.decode(Bool.self, forKey: .asked),
            period: from.map { SearchPeriod(from: $0, to: to) },
            words: try c.decode([String].self, forKey: .words))
    }
}

extension AnswerResult: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case kind, reason, title, snippet, at
        case taskID = "task_id"
        case conversationID = "conversation_id"
        case messageID = "message_id"
        case isDone = "is_done"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("kind"); json.string(kind.rawValue)
            json.key("reason"); json.string(reason)
            json.key("title"); json.string(title)
            json.key("snippet"); json.string(snippet)
            json.key("task_id"); json.string(taskID)
            json.key("conversation_id"); json.string(conversationID)
            json.key("message_id"); json.string(messageID)
            json.key("at"); json.date(at)
            json.key("is_done"); json.bool(isDone)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try c.decode(Kind.self, forKey: .kind), reason: try c.decode(String.self, forKey: .reason),
            title: try c.decodeIfPresent(String.self, forKey: .title),
            snippet: try c.decodeIfPresent(String.self, forKey: .snippet),
            taskID: try c.decodeIfPresent(String.self, forKey: .taskID),
            conversationID: try c.decodeIfPresent(String.self, forKey: .conversationID),
            messageID: try c.decodeIfPresent(String.self, forKey: .messageID), at: try c.decode(Date.self, forKey: .at),
            isDone: try c.decode(Bool.self, forKey: .isDone))
    }
}
