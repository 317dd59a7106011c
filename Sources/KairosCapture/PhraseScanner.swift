import KairosCore

/// Finds the phrases that set due dates, recurrence, priority, lists and labels, left to right, longest first.
struct PhraseScanner {
    /// What the text is: a due string also reads words a sentence uses otherwise ("yesterday", "everyday").
    enum Source: Sendable {
        case capture
        case dueString
    }

    let tokens: [Token]
    let lists: ListDirectory
    let source: Source
    let numbers: NumberReader

    init(tokens: [Token], lists: ListDirectory, source: Source = .capture) {
        self.tokens = tokens
        self.lists = lists
        self.source = source
        self.numbers = NumberReader(tokens: tokens)
    }

    func scan() -> [Mention] {
        var mentions: [Mention] = []
        var index = 0
        while index < tokens.count {
            let afterDay = mentions.last.map { $0.tokens.upperBound == index && $0.isDate } ?? false
            // A due string is short and all date: every word is tried, also those a sentence uses otherwise.
            if tokens[index].kind == .word, Self.mayStartPhrase(tokens[index]) || source == .dueString,
                let found = match(at: index, afterDate: afterDay)
            {
                mentions.append(contentsOf: found)
                index = found.last!.tokens.upperBound
            } else {
                index += 1
            }
        }
        return mentions
    }

    /// A quick test that skips the matchers for ordinary words.
    private static func mayStartPhrase(_ token: Token) -> Bool {
        guard let first = token.word.unicodeScalars.first else { return false }
        if first == "#" || first == "@" || first == "/" || ("0"..."9").contains(first) { return true }
        return token.classes.contains(.phraseStart)
    }

    static let triggers: Set<String> = {
        var words: Set<String> = [
            "in", "the", "today", "tday", "tonight", "tonite", "2nite", "tomorrow", "tmr", "tmrw", "tomorow",
            "tommorow",
            "tommorrow", "tomorrows", "2morrow", "tmw", "eod", "cob", "eow", "eom", "noon", "midday", "lunch",
            "lunchtime", "midnight", "morning", "afternoon", "evening", "night", "day", "end", "close", "first",
            "week", "weekend", "month", "next", "half", "quarter", "a", "an", "one", "every", "each", "daily",
            "nightly", "weekly", "biweekly", "fortnightly", "yearly", "annually", "monthly", "on", "priority",
            "prio", "high", "highest", "top", "medium", "mid", "normal", "moderate", "low", "lowest", "as", "very",
            "super", "really", "extremely", "most", "urgent", "urgently", "asap", "important", "critical", "to",
            "onto", "into", "under", "for", "at", "some", "no", "not", "christmas", "xmas", "new", "valentine's",
            "valentines", "halloween", "p1", "p2", "p3", "p4",
        ]
        words.formUnion(dayPrepositions)
        words.formUnion(clockPrepositions)
        words.formUnion(Lexicon.vagueTimeWords)
        words.formUnion(Lexicon.weekdays.keys)
        words.formUnion(Lexicon.months.keys)
        words.formUnion(Lexicon.cardinals.keys)
        words.formUnion(Lexicon.ordinals.keys)
        for (name, _) in Lexicon.weekdays { words.insert(name + "s") }
        return words
    }()

    private func match(at index: Int, afterDate: Bool) -> [Mention]? {
        if source == .dueString, let mentions = annualRecurrence(at: index) { return mentions }
        if let mention = typedToken(at: index) ?? recurrence(at: index) { return [mention] }
        if let mentions = temporal(at: index, afterDate: afterDate) { return mentions }
        if let mention = priority(at: index) ?? listPhrase(at: index) ?? vague(at: index) { return [mention] }
        return nil
    }

    // MARK: - Token helpers

    func word(_ index: Int) -> String? { numbers.word(index) }

    func words(_ index: Int, _ expected: String...) -> Bool {
        for (offset, text) in expected.enumerated() where word(index + offset) != text { return false }
        return true
    }

    /// Whether a date phrase may end before `index`: the text ends, breaks, or goes on with a connecting word.
    func isPhraseEnd(_ index: Int) -> Bool {
        guard index < tokens.count, tokens[index].kind == .word else { return true }
        return !tokens[index].classes.isDisjoint(with: Self.phraseEnders)
    }

    private static let phraseEnders: WordClass = [
        .connector, .hesitation, .filler, .pronounSubject, .commentarySubject, .verb, .determiner,
    ]

    static let connectors: Set<String> = [
        "at", "in", "on", "by", "and", "or", "to", "for", "before", "after", "then", "please", "morning",
        "afternoon", "evening", "night", "so", "also", "plus", "but", "about", "around", "from", "with",
        "priority", "urgent", "asap", "important", "every", "tomorrow", "today", "tonight", "i", "we",
    ]
}
