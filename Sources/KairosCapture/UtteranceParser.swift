import KairosCore

/// Parses one utterance: finds the phrases, splits the text into clauses, and makes tasks of the actions.
struct UtteranceParser {
    let tokens: [Token]
    let mentions: [Mention]
    let mentionAt: [Int?]
    let reader: ClauseReader
    let calculator: DueCalculator
    /// Tokens that belong to a lead-in ("I need to"), computed once.
    let leadInMask: [Bool]
    /// Tokens between a reported promise's opening and its action ("promised Sam I'd"), where no clause starts.
    let promiseMask: [Bool]

    init(tokens: [Token], context: CaptureContext) {
        self.tokens = tokens
        let scanner = PhraseScanner(tokens: tokens, lists: ListDirectory(context.lists))
        let found = scanner.scan()
        let starts = Set(found.map(\.tokens.lowerBound))
        mentions = found.filter { mention in
            // A phrase right after it ("the thirty first high priority") shows the day is a date after all.
            let beforePhrase = starts.contains(mention.tokens.upperBound)
            return !Self.isSubjectOfStatement(mention, in: tokens)
                && (beforePhrase
                    || !Self.isHolidayModifier(mention, in: tokens) && !Self.isOrdinalModifier(mention, in: tokens))
        }
        var mentionAt = [Int?](repeating: nil, count: tokens.count)
        for (index, mention) in mentions.enumerated() {
            for token in mention.tokens { mentionAt[token] = index }
        }
        self.mentionAt = mentionAt
        reader = ClauseReader(tokens: tokens, mentionAt: mentionAt, mentions: mentions)
        calculator = DueCalculator(now: context.now, timeZone: context.timeZone)
        var mask = [Bool](repeating: false, count: tokens.count)
        var index = 0
        while index < tokens.count {
            if let length = reader.anchoredLeadIn(at: index) {
                for covered in index..<min(index + length, tokens.count) { mask[covered] = true }
                index += max(length, 1)
            } else {
                index += 1
            }
        }
        leadInMask = mask
        var inPromise = [Bool](repeating: false, count: tokens.count)
        for index in tokens.indices where reader.has(index, .subject) {
            guard let promise = reader.promise(at: index) else { continue }
            for covered in (index + 1)..<promise.action { inPromise[covered] = true }
        }
        promiseMask = inPromise
    }

    /// "this week has been a mess", "monday was awful": a day that a statement is about is its subject, not a date.
    static func isSubjectOfStatement(_ mention: Mention, in tokens: [Token]) -> Bool {
        guard case .day = mention.kind, mention.tokens.upperBound < tokens.count else { return false }
        let next = tokens[mention.tokens.upperBound]
        return next.kind == .word && Self.statementLinks.contains(next.word)
    }

    /// "order the christmas cards", "iron her sunday best", "tell the night crew": a holiday, a day or a part of
    /// the day naming a kind of thing is no date.
    static func isHolidayModifier(_ mention: Mention, in tokens: [Token]) -> Bool {
        guard mention.tokens.upperBound < tokens.count,
            let name = mention.tokens.first(where: { index in
                Self.holidayWords.contains(tokens[index].word) || Lexicon.weekdays[tokens[index].word] != nil
                    || Self.partsOfDay.contains(tokens[index].word)
            }),
            name > 0, Self.ownerWords.contains(tokens[name - 1].word)
        else { return false }
        switch mention.kind {
        case .day(.date), .day(.weekday), .partOfDay: break
        default: return false
        }
        let next = tokens[mention.tokens.upperBound]
        return next.kind == .word
            && next.classes.isDisjoint(with: [
                .conjunction, .filler, .hesitation, .dateWord, .connector, .phraseStart, .pronounSubject, .determiner,
                .verb, .statementVerb,
            ])
    }

    /// "the second hive", "the first aid kit": an ordinal before a noun counts, it names no day of the month.
    static func isOrdinalModifier(_ mention: Mention, in tokens: [Token]) -> Bool {
        guard case .day(.dayOfMonth) = mention.kind, mention.tokens.upperBound < tokens.count,
            !Self.datePrepositions.contains(tokens[mention.tokens.lowerBound].word)
        else { return false }
        let next = tokens[mention.tokens.upperBound]
        return next.kind == .word && next.classes.subtracting([.english, .nounVerb, .verb]).isEmpty
    }

    private static let datePrepositions: Set<String> = ["on", "by", "before", "until", "till", "after", "from", "for"]

    private static let partsOfDay: Set<String> = ["morning", "afternoon", "evening", "night"]

    private static let ownerWords: Set<String> = ["the", "my", "our", "your", "his", "her", "their", "a", "an"]

    static let holidayWords: Set<String> = ["christmas", "xmas", "new", "valentine's", "valentines", "halloween"]

    static let statementLinks: Set<String> = [
        "is", "was", "has", "had", "were", "are", "isn't", "wasn't", "hasn't", "seems", "looks", "feels", "sucked",
        "sucks", "went",
    ]

    // MARK: - Tasks

    /// The tasks of the utterance, and the spans of what was said that made none (commentary, a cancelled task),
    /// in the order said.
    func parse() -> (tasks: [CaptureProposal], setAside: [Range<Int>]) {
        var made = MadeTasks()
        var carried: DatePhrases?
        var pendingPriority: Int?
        for clause in clauses() {
            if clause.boundary == .hard || clause.boundary == .strong { carried = nil }
            if case .correction(let effect) = clause.boundary, correct(with: effect, clause, in: &made) { continue }
            let reading = read(clause)
            switch reading.role {
            case .nothing:
                continue
            case .dateOnly:
                carried = reading.dates
                if let priority = reading.priority { pendingPriority = priority }
                made.last = nil
            case .priorityOnly(let level):
                if let last = made.tasks.indices.last, clause.boundary != .start {
                    if made.tasks[last].priority == nil { made.tasks[last].priority = level }
                } else {
                    pendingPriority = level
                }
                made.last = nil
            case .commentary:
                carried = nil
                if !remark(reading, appliedTo: &made), let span = contentSpan(of: clause) {
                    made.setAside.append(span)
                }
                made.last = nil
            case .task(let items):
                var dates = reading.dates
                if let carried {
                    if dates.isEmpty {
                        dates = carried
                    } else if dates.day == nil, dates.offsetMinutes == nil, dates.recurrence == nil {
                        // "tomorrow I'll call the plumber and pick up the kids at 3": the carried day, its own time.
                        dates.day = carried.day
                    }
                }
                if reading.opensWithDate { carried = reading.openingDates }
                var task = reading
                task.priority = reading.priority ?? pendingPriority
                pendingPriority = nil
                made.append(items, reading: task, dates: dates, calculator: calculator)
            }
        }
        return (made.tasks, made.setAside.sorted { $0.lowerBound < $1.lowerBound })
    }

    /// The tasks made so far, the task clause just before (which a remark or a correction may change), and what
    /// was set aside.
    struct MadeTasks {
        struct Last {
            var range: Range<Int>
            var dates: DatePhrases
            var reading: Reading
        }
        var tasks: [CaptureProposal] = []
        var last: Last?
        var setAside: [Range<Int>] = []

        mutating func append(_ items: [Item], reading: Reading, dates: DatePhrases, calculator: DueCalculator) {
            let due = calculator.due(for: dates)
            let first = tasks.count
            for item in items {
                tasks.append(
                    CaptureProposal(
                        title: item.title, description: reading.description, due: due, list: reading.list?.name,
                        listExists: reading.list?.exists ?? false, priority: reading.priority,
                        labels: reading.labels, recurrence: dates.recurrence, sourceSpan: item.span,
                        phrases: reading.phrases))
            }
            last = Last(range: first..<tasks.count, dates: dates, reading: reading)
        }
    }

    /// "pay the internet bill it's due friday", "fix the faucet, it goes on my home list": a remark about the task
    /// said just before can still date it or name its list. Whether it did.
    func remark(_ reading: Reading, appliedTo made: inout MadeTasks) -> Bool {
        guard reading.remarksOnPrevious, let last = made.last else { return false }
        var applied = false
        if !reading.dates.isEmpty, reading.dates.recurrence == nil, !last.range.isEmpty,
            made.tasks[last.range.lowerBound].due == nil
        {
            let due = calculator.due(for: reading.dates)
            for index in last.range { made.tasks[index].due = due }
            applied = true
        }
        if let list = reading.list {
            for index in last.range where made.tasks[index].list == nil {
                made.tasks[index].list = list.name
                made.tasks[index].listExists = list.exists
                applied = true
            }
        }
        return applied
    }

    // MARK: - One task

    /// The whole text as one task, as quick add and a highlighted phrase are read.
    func singleTask() -> CaptureProposal? {
        let clause = Clause(tokens: Array(tokens.indices), boundary: .start)
        let reading = read(clause, asOneTask: true)
        let item: Item
        if case .task(let items) = reading.role, let first = items.first {
            item = first
        } else {
            // Only phrases ("tomorrow at 5"): the words themselves are the title.
            let words = tokens.indices.filter { tokens[$0].kind == .word && !reader.isFiller($0) }
            guard let first = words.first, let last = words.last else { return nil }
            item = Item(
                title: ListDirectory.capitalizeFirst(words.map { tokens[$0].text }.joined(separator: " ")),
                span: tokens[first].span.lowerBound..<tokens[last].span.upperBound)
        }
        return CaptureProposal(
            title: item.title, due: calculator.due(for: reading.dates), list: reading.list?.name,
            listExists: reading.list?.exists ?? false, priority: reading.priority, labels: reading.labels,
            recurrence: reading.dates.recurrence, sourceSpan: item.span, phrases: reading.phrases)
    }
}
