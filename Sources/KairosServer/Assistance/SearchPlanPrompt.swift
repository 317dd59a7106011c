import Foundation
import KairosAI
import KairosCapture
import KairosCore

/// What a language model is asked when it plans a search query that speaks of a commitment, and the shape of
/// its plan: the person (by id, from the people the user shares a conversation or project with), who has to
/// act, whether it is a commitment question at all, the days it covers and the words left to search for. A plan
/// naming someone not in the list, or a day that is not a date, is malformed.
enum SearchPlanPrompt {
    /// The most people named in the prompt; a plan can only name one of them.
    static let maxPeople = 200
    static let maxWords = 20

    static let schema = ResponseSchema(
        name: "search_plan",
        description: "how to answer a search query about what someone promised or was asked",
        schema: [
            "type": "object",
            "additionalProperties": false,
            "required": ["person", "direction", "commitment", "from", "to", "words"],
            "properties": [
                "person": ["type": ["string", "null"], "description": "the id of the person asked about, or null"],
                "direction": [
                    "type": ["string", "null"], "enum": ["mine", "theirs", nil],
                    "description": "mine: the user has to act; theirs: the person has to act; null: either",
                ],
                "commitment": ["type": "boolean", "description": "the query asks about promises or requests"],
                "from": ["type": ["string", "null"], "description": "the first day asked about, YYYY-MM-DD, or null"],
                "to": ["type": ["string", "null"], "description": "the last day asked about, YYYY-MM-DD, or null"],
                "words": [
                    "type": "array", "items": ["type": "string"],
                    "description": "the query's words that say what it is about, without the question's own words",
                ],
            ],
        ])

    static func prompt(for query: String, people: [QueryPerson], now: Date, timeZone: TimeZone) -> ModelPrompt {
        let today = LocalDate.today(in: timeZone, now: now)
        let listed: [JSONValue] = people.prefix(maxPeople).map { ["id": .string($0.id), "name": .string($0.name)] }
        return ModelPrompt(
            system: """
                You plan a search in a person's task manager and team chat. Their query may ask what they promised \
                someone or were asked to do ("what did I promise Ben"), or what someone promised them or was asked \
                to do ("what did I ask Ben", "what does Ben owe me").
                Today is \(today.weekday.name.capitalized) \(today.iso) in their time zone, \(timeZone.identifier). \
                Weeks start on Monday.
                The people they work with, as JSON: \(JSONValue.array(listed).jsonText)
                Answer with:
                - person: the id of the one person the query is about, from that list only; null if none fits.
                - direction: "mine" when the user has to act (they promised, owe, or were asked), "theirs" when \
                the person has to act (the user asked them, they promised), null when the query leaves it open.
                - commitment: true only when the query asks about promises, commitments, debts or requests.
                - from and to: the first and last day the query covers (YYYY-MM-DD), or null for no limit.
                - words: what the query is about besides that ("the deck"), lower-case, or an empty list.
                """,
            messages: [.user(query)], maxOutputTokens: 300, temperature: 0)
    }

    /// The question a plan asks, or nil when it names someone not among `people`, a day that is not a date, or
    /// ends before it starts.
    static func question(in plan: JSONValue, people: [QueryPerson], timeZone: TimeZone) -> SearchQuestion? {
        var person: QueryPerson?
        if let id = plan["person"]?.stringValue {
            guard let found = people.prefix(maxPeople).first(where: { $0.id == id }) else { return nil }
            person = found
        }
        var direction: CommitmentDirection?
        if let text = plan["direction"]?.stringValue {
            guard let read = CommitmentDirection(rawValue: text) else { return nil }
            direction = read
        }
        func day(_ key: String) -> LocalDate?? {
            guard let text = plan[key]?.stringValue else { return .some(nil) }
            return LocalDate(iso: text).map { .some($0) }
        }
        guard let from = day("from"), let to = day("to") else { return nil }
        if let from, let to, to < from { return nil }
        var period: SearchPeriod?
        if from != nil || to != nil {
            period = SearchPeriod(
                from: from?.startOfDay(in: timeZone) ?? .distantPast,
                to: to.map { $0.adding(days: 1).startOfDay(in: timeZone) })
        }
        let words = (plan["words"]?.arrayValue ?? []).compactMap(\.stringValue)
            .flatMap { $0.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) }
        guard words.count <= maxWords else { return nil }
        return SearchQuestion(
            person: person, commitment: plan["commitment"]?.boolValue ?? false, direction: direction,
            period: period, words: words)
    }
}
