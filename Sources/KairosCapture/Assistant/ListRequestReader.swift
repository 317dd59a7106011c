/// Reads a request for a new list, checklist or plan (assistant rules, 1.2 and 3): its name as said and its items.
///
/// "make a packing list for the beach: sunscreen, towels and snacks" names "Packing list for the beach" with three
/// items; "gym bag checklist towel water bottle and headphones" opens with the list's name and runs into its items.
struct ListRequestReader {
    let message: ChatMessage
    let context: CaptureContext

    /// The list asked for, or nil when the message does not ask for a new list.
    func list() -> AssistantList? {
        guard let name = listName() else { return nil }
        var title = name.words
        var itemsStart: Int?
        var cursor = name.end
        // "start a to-do list for me": the person it is for is not part of the name.
        while let next = message.word(cursor), next == "for", let person = message.word(cursor + 1),
            ["me", "us"].contains(person), !breakBefore(cursor)
        {
            cursor += 2
        }
        if let marker = itemMarker(from: cursor) {
            if let named = namedTitle(from: cursor, to: marker.position) {
                title = named
            } else {
                title += Array(cursor..<marker.position)
            }
            itemsStart = marker.itemsStart
        } else if let named = namedTitle(from: cursor, to: message.request.count) {
            title = named
        } else if message.word(cursor) == "for" {
            let complementEnd = forComplementEnd(after: cursor)
            let rest = complementEnd..<message.request.count
            if hasItemSeparator(in: rest) {
                title += Array(cursor..<complementEnd)
                itemsStart = complementEnd
            } else {
                title += Array(cursor..<message.request.count)
            }
        } else if let next = message.word(cursor), Self.complementStarts.contains(next) {
            title += Array(cursor..<message.request.count)
        } else if cursor < message.request.count {
            itemsStart = cursor
        }
        guard !title.isEmpty else { return nil }
        let text = title.map { message.tokens[message.request[$0]].text }.joined(separator: " ")
        let items = itemsStart.map { ListItemSplitter(message: message, context: context).items(from: $0) } ?? []
        return AssistantList(title: ListDirectory.capitalizeFirst(text), subtasks: items)
    }

    /// Where the name was found: the request positions of its words up to the list noun, and the position after it.
    struct Name {
        var words: [Int]
        var end: Int
    }

    /// The list noun phrase after a making verb ("create a checklist"), or opening the message ("shopping list ...").
    private func listName() -> Name? {
        var cursor = 0
        if let opener = longestPhrase(Self.openers, at: cursor) { cursor += opener }
        if let verb = longestPhrase(Self.makingVerbs, at: cursor) {
            cursor += verb
            if let person = message.word(cursor), ["me", "us"].contains(person) { cursor += 1 }
            if let word = message.word(cursor), Self.articles.contains(word) { cursor += 1 }
            while let word = message.word(cursor), Self.adjectives.contains(word) { cursor += 1 }
            return nounPhrase(from: cursor, openingMessage: false)
        }
        guard cursor == 0 else { return nil }
        return nounPhrase(from: 0, openingMessage: true)
    }

    /// Up to four words that name the list, then the list noun: "packing list", "gym bag checklist", "to-do list".
    private func nounPhrase(from start: Int, openingMessage: Bool) -> Name? {
        var cursor = start
        var afterTo = false
        while cursor - start <= 4, let word = message.word(cursor) {
            if Self.listNouns.contains(word), word != "plan" || planEndsName(at: cursor) {
                // "plan the trip" is an action; "plan for saturday: clean the car, ..." names a plan and its items.
                if openingMessage, cursor == start, word == "plan",
                    message.word(cursor + 1) != "for" || itemMarker(from: cursor + 2) == nil
                {
                    return nil
                }
                let name = Name(words: Array(start...cursor), end: cursor + 1)
                if openingMessage, !opensWithName(name) { return nil }
                return name
            }
            // "to do list": "to" and "do" name the list here.
            let isToDo = (word == "to" && message.word(cursor + 1) == "do") || (word == "do" && afterTo)
            guard isToDo || !Self.nameBreakers.contains(word), !(cursor > start && breakBefore(cursor)) else {
                return nil
            }
            afterTo = word == "to"
            cursor += 1
        }
        return nil
    }

    /// "plan" names the thing asked for only at the end of the name: "a study plan", "a plan for the week", not
    /// "the plan review meeting" or "a plan to visit grandma".
    private func planEndsName(at position: Int) -> Bool {
        guard let next = message.word(position + 1), !breakBefore(position + 1) else { return true }
        return ["for", "of", "with", "including", "called", "named", "that", "which"].contains(next)
    }

    /// A message that opens with a list's name is a request for it, unless it goes on to say something about it
    /// ("packing list is done") or its first word is an action ("update contact list").
    private func opensWithName(_ name: Name) -> Bool {
        if let next = message.word(name.end), Self.statementWords.contains(next) { return false }
        guard let first = name.words.first, first != name.words.last else { return true }
        let word = message.tokens[message.request[first]].word
        return !Lexicon.verbs.contains(word) || Lexicon.nounVerbs.contains(word) || Self.nounModifiers.contains(word)
    }

    /// The phrase of `phrases` at `position` with the most words, as its length.
    private func longestPhrase(_ phrases: [[String]], at position: Int) -> Int? {
        phrases.filter { message.words(at: position, are: $0) }.map(\.count).max()
    }

    /// Whether a break token (comma, colon, dash, sentence end) stands right before the request word at `position`.
    func breakBefore(_ position: Int) -> Bool {
        guard position > 0, position < message.request.count else { return false }
        return message.request[position] - message.request[position - 1] > 1
    }

    /// Where the items start after the name: after ":", " - " or another break, or after "with", "including",
    /// "we need", "I need".
    private func itemMarker(from start: Int) -> (position: Int, itemsStart: Int)? {
        var cursor = start
        while cursor < message.request.count {
            let marker = Self.itemMarkers.first { message.words(at: cursor, are: $0) }
            // "make a packing list, we need sunscreen and towels": the break and the marker together.
            if let marker { return (cursor, cursor + marker.count) }
            if breakBefore(cursor) { return (cursor, cursor) }
            cursor += 1
        }
        return nil
    }

    /// "a list called road trip": the name given, when the words from `start` give one.
    private func namedTitle(from start: Int, to end: Int) -> [Int]? {
        guard let word = message.word(start), ["called", "named", "titled"].contains(word), start + 1 < end else {
            return nil
        }
        return Array(start + 1..<end)
    }

    /// The end of a "for" complement in run-on speech: "for", an optional article, and one word, or a whole date
    /// phrase ("for next week").
    private func forComplementEnd(after forPosition: Int) -> Int {
        var cursor = forPosition + 1
        let expressions = DateExpressionReader(tokens: message.tokens, context: context).expressions()
        for position in [forPosition, cursor] where position < message.request.count {
            let token = message.request[position]
            if let expression = expressions.first(where: { $0.tokens.lowerBound == token }) {
                let last = message.request.lastIndex { $0 < expression.tokens.upperBound } ?? position
                return last + 1
            }
        }
        if let word = message.word(cursor), Self.articles.contains(word) { cursor += 1 }
        return min(cursor + 1, message.request.count)
    }

    /// Whether the words in `range` separate items: a comma, "and", "then", "also" or "plus".
    private func hasItemSeparator(in range: Range<Int>) -> Bool {
        range.contains { position in
            (position > range.lowerBound && breakBefore(position))
                || ListItemSplitter.separators.contains(message.word(position) ?? "")
        }
    }

    static let openers: [[String]] = [
        ["let's"], ["lets"], ["let", "us"], ["help", "me"], ["help", "us"], ["i", "want", "to"], ["i'd", "like", "to"],
        ["i", "would", "like", "to"], ["i", "wanna"], ["can", "we"], ["could", "we"], ["go", "ahead", "and"],
        ["quickly"], ["just"],
    ]

    static let makingVerbs: [[String]] = [
        ["make"], ["create"], ["start"], ["write"], ["write", "up"], ["write", "out"], ["put", "together"],
        ["set", "up"], ["draw", "up"], ["build"], ["give", "me"], ["give", "us"], ["generate"], ["prepare"],
        ["draft"], ["compile"], ["come", "up", "with"], ["i", "want"], ["i", "need"], ["i'd", "like"],
        ["i", "would", "like"], ["we", "need"], ["we", "want"], ["can", "i", "get"], ["can", "i", "have"],
        ["could", "i", "get"], ["get", "me"], ["open"], ["begin"], ["whip", "up"], ["throw", "together"],
    ]

    static let articles: Set<String> = ["a", "an", "the", "my", "our", "one", "another", "some"]
    static let adjectives: Set<String> = [
        "new", "quick", "little", "simple", "short", "small", "basic", "brief", "separate", "detailed", "complete",
        "full", "proper", "brand", "fresh",
    ]
    static let listNouns: Set<String> = ["list", "checklist", "plan", "todo-list", "to-do-list"]
    /// Words that start a complement of the name which runs to the end when no items are marked.
    static let complementStarts: Set<String> = ["of", "to", "that", "which", "about", "on"]
    static let itemMarkers: [[String]] = [
        ["with"], ["including"], ["containing"], ["we", "need"], ["i", "need"], ["we'll", "need"], ["i'll", "need"],
        ["that", "includes"], ["which", "includes"],
    ]
    /// Words that cannot stand in a list's name before its noun.
    static let nameBreakers: Set<String> = {
        var words = Lexicon.determiners.union(Lexicon.pronounSubjects).union(Lexicon.commentarySubjects)
        words.formUnion(Lexicon.statementVerbs)
        words.formUnion([
            "to", "on", "in", "at", "for", "from", "of", "with", "about", "into", "onto", "and", "or", "but", "me",
            "us", "him", "them", "when", "if", "can", "could", "would", "should", "will", "do", "does", "did", "how",
            "why", "who", "where", "which", "what", "best", "favorite", "favourite",
        ])
        return words
    }()
    /// Words after a name that make the message a statement about the list rather than a request for it.
    static let statementWords: Set<String> = [
        "is", "are", "was", "were", "has", "had", "looks", "seems", "got", "isn't", "app", "apps", "feature",
    ]
    /// Words that are verbs elsewhere but name a kind of list: "wish list", "pack list".
    static let nounModifiers: Set<String> = ["wish", "pack", "shop", "bucket", "reading", "watch"]
}
