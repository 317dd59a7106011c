import KairosCore

/// Parses one utterance: finds the phrases, splits the text into clauses, and makes tasks of the actions.
struct UtteranceParser {
    private let tokens: [Token]
    private let mentions: [Mention]
    private let mentionAt: [Int?]
    private let reader: ClauseReader
    private let calculator: DueCalculator
    /// Tokens that belong to a lead-in ("I need to"), computed once.
    private let leadInMask: [Bool]
    /// Tokens between a reported promise's opening and its action ("promised Sam I'd"), where no clause starts.
    private let promiseMask: [Bool]

    init(tokens: [Token], context: CaptureContext) {
        self.tokens = tokens
        let scanner = PhraseScanner(tokens: tokens, lists: ListDirectory(context.lists))
        mentions = scanner.scan().filter { mention in
            !Self.isSubjectOfStatement(mention, in: tokens) && !Self.isHolidayModifier(mention, in: tokens)
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
    private static func isSubjectOfStatement(_ mention: Mention, in tokens: [Token]) -> Bool {
        guard case .day = mention.kind, mention.tokens.upperBound < tokens.count else { return false }
        let next = tokens[mention.tokens.upperBound]
        return next.kind == .word && Self.statementLinks.contains(next.word)
    }

    /// "order the christmas cards", "get our halloween costumes": a holiday naming a kind of thing is no date.
    private static func isHolidayModifier(_ mention: Mention, in tokens: [Token]) -> Bool {
        guard case .day(.date) = mention.kind, mention.tokens.upperBound < tokens.count,
            let holiday = mention.tokens.first(where: { Self.holidayWords.contains(tokens[$0].word) }), holiday > 0,
            tokens[holiday - 1].classes.contains(.determiner)
        else { return false }
        let next = tokens[mention.tokens.upperBound]
        return next.kind == .word && next.classes.isDisjoint(with: [.conjunction, .filler, .hesitation, .dateWord])
    }

    private static let holidayWords: Set<String> = ["christmas", "xmas", "new", "valentine's", "valentines", "halloween"]

    private static let statementLinks: Set<String> = [
        "is", "was", "has", "had", "were", "are", "isn't", "wasn't", "hasn't", "seems", "looks", "feels", "sucked",
        "sucks", "went",
    ]

    // MARK: - Splitting

    /// What separates a clause from the one before; a date said at the start of a sentence carries over weak ones.
    /// A correction's clause holds the words after its marker.
    enum Boundary: Equatable { case start, hard, strong, weak, correction(CorrectionEffect) }

    struct Clause {
        var tokens: [Int]
        var boundary: Boundary
    }

    func clauses() -> [Clause] {
        var clauses: [Clause] = []
        var current: [Int] = []
        var boundary = Boundary.start
        var skipped = 0
        // A corrected time or day ends where its phrases end: "at five no wait six the traffic is awful".
        var correctionEnd: Int?
        func close(_ next: Boundary) {
            if !current.isEmpty { clauses.append(Clause(tokens: current, boundary: boundary)) }
            current = []
            boundary = next
        }
        for index in tokens.indices {
            guard index >= skipped else { continue }
            let token = tokens[index]
            if index == correctionEnd {
                close(.strong)
                correctionEnd = nil
            }
            if token.kind == .word, hasContent(current) || !clauses.isEmpty, let (end, effect) = correction(at: index),
                hasContent(current) || effect == .cancel
            {
                skipped = end
                if effect == .retime { correctionEnd = timingRun(from: end) }
                if effect == .cancel {
                    close(.strong)
                    clauses.append(Clause(tokens: [], boundary: .correction(.cancel)))
                } else {
                    close(.correction(effect))
                }
                continue
            }
            switch token.kind {
            case .hardBreak:
                close(.hard)
            case .softBreak:
                if hasContent(current), reader.newActionStarts(at: index + 1) {
                    close(carriesDate(from: index + 1) ? .weak : .strong)
                } else {
                    current.append(index)
                }
            case .word:
                if promiseMask[index] {
                    // "I promised Sam I'd send the photos" is one clause.
                } else if mentionAt[index] == nil, hasContent(current), reader.has(index, .subject),
                    reader.promise(at: index) != nil
                {
                    close(.strong)
                } else if mentionAt[index] == nil, followsPriority(index), startsWithStatement(current),
                    reader.isVerb(at: index, lenient: true)
                {
                    // "this is urgent call the landlord": the priority clause ends where the action starts.
                    close(.weak)
                } else if mentionAt[index] == nil, hasContent(current) {
                    let isConjunction = reader.has(index, .conjunction)
                    if isConjunction || reader.isFiller(index), !endsOpen(current) || startsWithStatement(current) {
                        if !isListAddition(current, before: index), !isPassive(at: index), !isPassive(at: index + 1),
                            reader.newActionStarts(
                                at: index + 1, afterConjunction: isConjunction,
                                announced: ["also", "then", "plus"].contains(token.word))
                        {
                            close(carriesDate(from: index) ? .weak : .strong)
                        }
                    } else if quotedStart(in: current) != nil {
                        // Inside reported speech ("text Sam that I'll be late") a new subject is not a new task.
                    } else if reader.commentaryStarts(at: index), !continuesStatement(current, at: index) {
                        close(.strong)
                    } else if statementStartsMidSentence(at: index, after: current) {
                        close(.strong)
                    } else if leadInMask[index], index == 0 || !leadInMask[index - 1] {
                        close(.weak)
                    }
                }
                current.append(index)
            }
        }
        close(.hard)
        return clauses
    }

    /// The correction whose marker starts at `index`, and the token after the marker; nil when the words there are
    /// not a correction ("tell him to wait for me", "say sorry to mom").
    private func correction(at index: Int) -> (end: Int, effect: CorrectionEffect)? {
        guard reader.isPlainWord(index),
            let marker = CorrectionMarker.read(at: index, word: { reader.isPlainWord($0) ? reader.word($0) : nil })
        else { return nil }
        if let previous = reader.word(index - 1), previous == "to" || reader.has(index - 1, .modal) { return nil }
        var cursor = marker.end
        while reader.has(cursor, .hesitation) { cursor += 1 }
        let endsClause =
            cursor >= tokens.count || tokens[cursor].kind == .hardBreak
            || (tokens[cursor].kind == .softBreak || reader.has(cursor, .conjunction) || reader.isFiller(cursor))
                && marker.mayCancel
        if endsClause { return marker.mayCancel ? (marker.end, .cancel) : nil }
        if tokens[cursor].kind == .softBreak { cursor += 1 }
        if marker.mayRetime, timingRun(from: cursor) != nil { return (marker.end, .retime) }
        if marker.replacing != .never, reader.newActionStarts(at: cursor) {
            return (marker.end, .replace(overlapRequired: marker.replacing == .whenOverlapping))
        }
        return nil
    }

    /// The end of a run of nothing but date and time phrases from `start` ("the tenth", "friday at six", a bare
    /// "six thirty" after a correction), up to where the clause ends; nil when other words stand there.
    private func timingRun(from start: Int) -> Int? {
        var cursor = start
        var end: Int?
        while cursor < tokens.count, tokens[cursor].kind == .word {
            if let mention = mentionAt[cursor] {
                guard mentions[mention].isDate else { return end }
                cursor = mentions[mention].tokens.upperBound
                end = cursor
            } else if reader.has(cursor, .hesitation) || Self.timingJoiners.contains(tokens[cursor].word) {
                cursor += 1
            } else if reader.has(cursor, .conjunction) || reader.isFiller(cursor) {
                break
            } else if end == nil, let bare = bareTime(from: cursor) {
                cursor = bare.end
                end = cursor
            } else {
                // "no wait tuesday the lab smells awful": the correction ends with its date.
                return end
            }
        }
        return end.map { _ in cursor }
    }

    private static let timingJoiners: Set<String> = ["at", "on", "the", "for", "by"]

    /// A time said as bare numbers ("six", "six thirty pm"), read as if "at" came before it.
    private func bareTime(from start: Int) -> (clock: ClockTime, end: Int)? {
        let numbers = NumberReader(tokens: tokens)
        var end = start
        while reader.isPlainWord(end),
            numbers.number(at: end) != nil || ["am", "pm", "o'clock", "oclock"].contains(tokens[end].word)
        {
            end += 1
        }
        guard end > start else { return nil }
        let phrase = Tokenizer.tokenize("at " + tokens[start..<end].map(\.text).joined(separator: " "))
        let found = PhraseScanner(tokens: phrase, lists: ListDirectory([])).scan()
        guard found.count == 1, case .time(let clock) = found[0].kind, found[0].tokens == 0..<phrase.count
        else { return nil }
        return (clock, end)
    }

    /// "add packing tape and price tags to the shop list": until its list is named, an addition's "and" joins items.
    private func isListAddition(_ clause: [Int], before index: Int) -> Bool {
        guard let first = clause.first(where: { reader.isPlainWord($0) && !leadInMask[$0] && !reader.isFiller($0) }),
            Self.addVerbs.contains(tokens[first].word)
        else { return false }
        // "put the bins out, and add sun cream to my shopping list": a clear new action still starts a task.
        var next = index + 1
        while next < tokens.count, reader.isFiller(next) || reader.has(next, [.conjunction, .hesitation]) { next += 1 }
        if reader.leadIn(at: next) != nil || Self.addVerbs.contains(tokens[next].word)
            || reader.isVerb(at: next) && reader.has(next + 1, .verbFollower)
        {
            return false
        }
        var cursor = index
        while cursor < tokens.count, tokens[cursor].kind != .hardBreak, cursor < index + 12 {
            if let mention = mentionAt[cursor] {
                switch mentions[mention].kind {
                case .list, .generalList: return true
                default: cursor = mentions[mention].tokens.upperBound
                }
            } else {
                cursor += 1
            }
        }
        return false
    }

    /// "has to be done by friday": "done" after "be" is the statement's, not a filler ending it.
    private func isPassive(at index: Int) -> Bool {
        index < tokens.count && tokens[index].word == "done"
            && [
                "be", "been", "is", "are", "was", "get", "got", "gets", "so", "i'm", "im", "am", "all", "totally",
                "completely",
            ].contains(reader.word(index - 1) ?? "")
    }

    /// Whether a new statement at `index` still belongs to the statement the clause is: "i'm so tired i could cry",
    /// "which i always forget". A new noun phrase ("... my boss keeps moving things") starts its own.
    private func continuesStatement(_ clause: [Int], at index: Int) -> Bool {
        guard startsWithStatement(clause),
            let first = clause.first(where: { reader.isPlainWord($0) && !reader.isFiller($0) }),
            reader.promise(at: first) == nil
        else { return false }
        if let previous = reader.word(index - 1), ["which", "that", "who", "what", "where"].contains(previous) {
            return true
        }
        if appointment(at: index) != nil { return false }
        // A deadline said as a statement is a task: what follows it is a remark of its own.
        let body = clause.filter { tokens[$0].kind == .word }.drop {
            reader.isFiller($0) || reader.has($0, [.conjunction, .hesitation])
        }
        if deadlineSubject(Array(body), hasDate: true) != nil { return false }
        return Self.personalSubjects.contains(tokens[index].word)
    }

    /// The subjects of a remark that goes on about the same thing: "i'm so tired i could cry".
    private static let personalSubjects: Set<String> = [
        "i", "she", "he", "it", "they", "we", "you", "i'm", "im", "it's", "its", "she's", "he's", "they're",
        "we're", "you're", "i've", "i'd", "it'll",
    ]

    /// "this week has been a mess the logo revisions are due friday", "call the garage my car is making a noise":
    /// a statement about a noun phrase starts a clause even without a pause, unless it is what is told or checked.
    private func statementStartsMidSentence(at index: Int, after clause: [Int]) -> Bool {
        guard Self.statementDeterminers.contains(tokens[index].word), !endsOpen(clause),
            let verb = reader.statementVerbAfterNounPhrase(at: index),
            !reader.has(index - 1, .complementizer), !Self.prepositions.contains(reader.word(index - 1) ?? "")
        else { return false }
        // "get the oil changed", "review the pull requests": after a verb, a noun phrase is its object, unless a
        // copula or a deadline follows it ("start the stats homework is due friday").
        let afterVerb = reader.isVerb(at: index - 1) && !reader.has(index - 2, .determiner)
        if afterVerb, !Self.strongStatementVerbs.contains(tokens[verb].word) { return false }
        return !clause.contains { Self.tellingVerbs.contains(tokens[$0].word) }
    }

    private static let statementDeterminers: Set<String> = ["the", "my", "our", "his", "their", "your"]
    private static let strongStatementVerbs: Set<String> = [
        "is", "are", "was", "were", "has", "have", "had", "expires", "expire", "run", "runs", "isn't", "aren't",
        "wasn't", "weren't", "hasn't", "haven't",
    ]
    private static let prepositions: Set<String> = [
        "to", "for", "with", "about", "of", "from", "into", "onto", "on", "in", "at", "by", "under", "over",
        "like", "than", "as", "off", "out", "up", "down", "around", "through", "across", "behind", "near", "past",
        "inside", "outside", "along",
    ]

    /// A date said before several actions carries over "and", "and then" and commas, not over a new thought
    /// opened by a filler ("oh and", "um", "also").
    private func carriesDate(from index: Int) -> Bool {
        var cursor = index
        while cursor < tokens.count, tokens[cursor].kind == .word, mentionAt[cursor] == nil, !leadInMask[cursor] {
            let text = tokens[cursor].word
            guard reader.has(cursor, .conjunction) || reader.isFiller(cursor) else { break }
            if text != "and" && text != "then" { return false }
            cursor += 1
        }
        return true
    }

    private func followsPriority(_ index: Int) -> Bool {
        guard index > 0, let mention = mentionAt[index - 1] else { return false }
        if case .priority = mentions[mention].kind { return true }
        return false
    }

    private func startsWithStatement(_ clause: [Int]) -> Bool {
        guard let first = clause.first(where: { reader.isPlainWord($0) && !reader.isFiller($0) }) else { return false }
        return reader.commentaryStarts(at: first)
    }

    /// Whether the clause so far stops mid-phrase ("send the um email"), after an article or a preposition.
    private func endsOpen(_ clause: [Int]) -> Bool {
        guard
            let last = clause.last(where: { reader.isPlainWord($0) && !reader.has($0, .hesitation) })
        else { return false }
        return Self.openEndings.contains(tokens[last].word)
    }

    private static let openEndings: Set<String> = [
        "the", "a", "an", "my", "your", "our", "his", "her", "their", "to", "for", "with", "about", "of", "from",
        "into", "onto", "some", "this", "that",
    ]

    /// Whether the clause so far holds a word of an action (not only fillers, lead-ins and phrases).
    private func hasContent(_ clause: [Int]) -> Bool {
        clause.contains { index in
            reader.isPlainWord(index) && !leadInMask[index] && !reader.isFiller(index)
                && !reader.has(index, .conjunction)
        }
    }

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
                        labels: reading.labels, recurrence: dates.recurrence, sourceSpan: item.span))
            }
            last = Last(range: first..<tasks.count, dates: dates, reading: reading)
        }
    }

    /// "pay the internet bill it's due friday", "fix the faucet, it goes on my home list": a remark about the task
    /// said just before can still date it or name its list. Whether it did.
    private func remark(_ reading: Reading, appliedTo made: inout MadeTasks) -> Bool {
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

    /// Applies a correction to the task clause just before; false when there is none to correct, or the words
    /// after the marker turn out to be a task of their own, so the clause is read as usual.
    private func correct(with effect: CorrectionEffect, _ clause: Clause, in made: inout MadeTasks) -> Bool {
        guard let last = made.last else { return false }
        switch effect {
        case .cancel:
            made.setAside += made.tasks[last.range].map(\.sourceSpan)
            made.tasks.removeSubrange(last.range)
            made.last = nil
        case .retime:
            let dates = last.dates.corrected(by: timing(of: clause))
            let due = calculator.due(for: dates)
            for index in last.range {
                made.tasks[index].due = due
                made.tasks[index].recurrence = dates.recurrence
            }
            made.last?.dates = dates
        case .replace(let overlapRequired):
            let reading = read(clause)
            guard case .task(var items) = reading.role,
                !overlapRequired || speaksOfTheSame(items, as: made.tasks[last.range], clause: clause)
            else { return false }
            if items.count == 1, refersBack(items[0]) {
                // "book a dentist appointment next week scratch that book it for monday": the same task, retimed.
                items = made.tasks[last.range].map { Item(title: $0.title, span: $0.sourceSpan) }
            }
            var replacement = reading
            replacement.list = reading.list ?? last.reading.list
            replacement.priority = reading.priority ?? last.reading.priority
            if reading.labels.isEmpty { replacement.labels = last.reading.labels }
            let dates = reading.dates.isEmpty ? last.dates : last.dates.corrected(by: reading.dates)
            made.tasks.removeSubrange(last.range)
            made.append(items, reading: replacement, dates: dates, calculator: calculator)
        }
        return true
    }

    /// Whether a task's words are only an action on "it" ("book it", "move that"), naming what was said before.
    private func refersBack(_ item: Item) -> Bool {
        let words = item.title.lowercased().split(separator: " ")
        return words.count == 2 && Self.pronouns.contains(String(words[1]))
    }

    /// The date phrases of a correction's words, a bare "six" read as a time.
    private func timing(of clause: Clause) -> DatePhrases {
        var dates = DatePhrases()
        var seen = Set<Int>()
        for index in clause.tokens {
            if let mention = mentionAt[index] {
                if seen.insert(mention).inserted, mentions[mention].isDate { dates.add(mentions[mention].kind) }
            } else if dates.isEmpty, let bare = bareTime(from: index) {
                dates.add(.time(bare.clock))
            }
        }
        return dates
    }

    /// Whether a new action after "actually" corrects the task before: it says no "also", and it shares a word
    /// of its object ("email bob about the invoice actually email alice about the invoice").
    private func speaksOfTheSame(_ items: [Item], as previous: ArraySlice<CaptureProposal>, clause: Clause) -> Bool {
        if clause.tokens.contains(where: { ["also", "too", "another"].contains(tokens[$0].word) }) { return false }
        func objectWords(_ title: String) -> Set<String> {
            let words = title.lowercased().split(separator: " ").dropFirst().map(String.init)
            return Set(words.filter { !Self.openEndings.contains($0) && !Lexicon.determiners.contains($0) })
        }
        let before = previous.reduce(into: Set<String>()) { $0.formUnion(objectWords($1.title)) }
        return items.contains { !objectWords($0.title).isDisjoint(with: before) }
    }

    /// Words that close a remark without adding to it: "... the printer is out of toner, yeah okay".
    private static let closingWords: Set<String> = [
        "yeah", "okay", "ok", "right", "alright", "anyway", "anyways", "so", "like", "oh", "ugh", "and", "then",
        "also", "but", "please", "bye", "thanks",
    ]

    /// Words that open a remark without adding to it: "okay so honestly ...".
    private static let openingWords: Set<String> = closingWords.union([
        "well", "honestly", "seriously", "basically", "hey", "hi", "hello", "actually", "first", "next", "finally",
        "lastly", "plus", "oops", "wait", "no", "nope", "nah", "anyway", "sorry",
    ])

    /// The span of a clause without its opening and closing fillers: what a person would read back as said.
    private func contentSpan(of clause: Clause) -> Range<Int>? {
        let words = clause.tokens.filter { index in
            tokens[index].kind == .word && !reader.has(index, .hesitation)
        }
        var lower = words.startIndex
        while lower < words.endIndex, reader.has(words[lower], .conjunction) || Self.openingWords.contains(tokens[words[lower]].word) {
            lower += 1
        }
        var upper = words.endIndex
        while upper > lower, Self.closingWords.contains(tokens[words[upper - 1]].word) || isYouKnow(words[upper - 1]) {
            upper -= 1
        }
        guard lower < upper else { return nil }
        return tokens[words[lower]].span.lowerBound..<tokens[words[upper - 1]].span.upperBound
    }

    struct Item {
        var title: String
        var span: Range<Int>
    }

    struct Reading {
        enum Role {
            case nothing, dateOnly, commentary
            case priorityOnly(Int)
            case task([Item])
        }
        var role: Role = .nothing
        var dates = DatePhrases()
        var opensWithDate = false
        /// A remark such as "it's due friday" that may date the task said just before.
        var remarksOnPrevious = false
        /// The date phrases said before the action, which carry over to the actions that follow.
        var openingDates = DatePhrases()
        var priority: Int?
        var list: ListName?
        var labels: [String] = []
        /// Said with the task: to whom it was promised.
        var description: String?
    }

    /// Reads a clause as one task: drops fillers and lead-ins, collects its phrases, and builds the title.
    func read(_ clause: Clause, asOneTask: Bool = false) -> Reading {
        var reading = Reading()
        var listIsTyped = false
        var listIsTarget = false
        var namesGeneralList = false
        var firstDate: Int?
        var datesByToken: [(token: Int, kind: Mention.Kind)] = []
        var seen = Set<Int>()
        let quoted = quotedStart(in: clause.tokens)
        for index in clause.tokens {
            guard let mentionIndex = mentionAt[index], seen.insert(mentionIndex).inserted else { continue }
            let mention = mentions[mentionIndex]
            // "email the team that the launch is on friday": the date is the message's, not the task's.
            if let quoted, index > quoted, mention.isDate { continue }
            switch mention.kind {
            case .priority(let level): if reading.priority == nil { reading.priority = level }
            case .list(let name):
                if reading.list == nil {
                    reading.list = name
                    listIsTyped = tokens[mention.tokens.lowerBound].text.hasPrefix("#")
                    listIsTarget = ["to", "on", "onto", "into", "in"].contains(tokens[mention.tokens.lowerBound].word)
                }
            case .label(let name): reading.labels.append(name)
            case .generalList:
                listIsTarget = ["to", "on", "onto", "into", "in"].contains(tokens[mention.tokens.lowerBound].word)
                namesGeneralList = true
            case .vague, .section: break
            default:
                reading.dates.add(mention.kind)
                datesByToken.append((index, mention.kind))
                if firstDate == nil { firstDate = index }
            }
        }
        // Leading fillers, conjunctions and lead-ins are not part of the title.
        var position = 0
        let members = clause.tokens
        while position < members.count {
            let index = members[position]
            if !leadInMask[index], let length = reader.leadIn(at: index) {
                position += length
                continue
            }
            if tokens[index].kind != .word || mentionAt[index] != nil || leadInMask[index] || reader.isFiller(index)
                || reader.has(index, .conjunction) || tokens[index].word == "to"
                || isYouKnow(index)
            {
                position += 1
                continue
            }
            break
        }
        guard position < members.count else {
            if asOneTask { return reading }
            if !reading.dates.isEmpty {
                reading.role = .dateOnly
            } else if let level = reading.priority {
                reading.role = .priorityOnly(level)
            }
            return reading
        }
        let firstWord = members[position]
        reading.opensWithDate = firstDate.map { $0 < firstWord } ?? false
        for (token, kind) in datesByToken where token < firstWord { reading.openingDates.add(kind) }
        if !asOneTask, let promise = reader.promise(at: firstWord) {
            // "I promised Sam I'd send the photos": the task is the promised action.
            guard let item = titleItem(members.filter { $0 >= promise.action }, quotedAfter: quoted) else {
                reading.role = .commentary
                return reading
            }
            reading.description = promiseNote(recipient: promise.recipient)
            reading.role = .task([spanning(item, over: members)])
            return reading
        }
        if !asOneTask, let subject = deadlineSubject(Array(members[position...]), hasDate: !reading.dates.isEmpty)
            ?? appointment(at: firstWord).map({ object in members.filter { object.contains($0) } }),
            let item = titleItem(subject)
        {
            // "the quarterly report is due next tuesday": what is due is the task.
            reading.role = .task([spanning(item, over: members)])
            return reading
        }
        let opensWithStatement =
            reader.commentaryStarts(at: firstWord)
            || (firstWord == clause.tokens.first && reader.statementVerbAfterNounPhrase(at: firstWord) != nil)
        if !asOneTask, opensWithStatement {
            let isPriorityClause = members[position...].allSatisfy { index in
                tokens[index].kind != .word || mentionAt[index] != nil || reader.isFiller(index)
                    || Self.priorityClauseWords.contains(tokens[index].word)
            }
            if let level = reading.priority, isPriorityClause {
                reading.role = .priorityOnly(level)
            } else {
                reading.role = .commentary
                reading.remarksOnPrevious = Self.remarkOpeners.contains(tokens[firstWord].word)
            }
            return reading
        }
        let body = Array(members[position...])
        let listAdd =
            !asOneTask && (reading.list != nil || namesGeneralList) && !listIsTyped && listIsTarget
            && Self.addVerbs.contains(tokens[firstWord].word)
        if listAdd, body.dropFirst().allSatisfy({ mentionAt[$0] != nil || Self.pronouns.contains(tokens[$0].word) }) {
            // "put it on my home list": the list of the task said before.
            reading.role = .commentary
            reading.remarksOnPrevious = true
            return reading
        }
        var items = listAdd ? listItems(Array(body.dropFirst())) : [titleItem(body, quotedAfter: quoted)]
        if !listAdd, let item = items[0] { items[0] = spanning(item, over: members) }
        let titled = items.compactMap { $0 }
        if titled.isEmpty {
            if !reading.dates.isEmpty { reading.role = .dateOnly }
            return reading
        }
        reading.role = .task(titled)
        return reading
    }

    /// The task was said with its date and list phrases: its span covers them too.
    private func spanning(_ item: Item, over members: [Int]) -> Item {
        var item = item
        for index in members where mentionAt[index] != nil {
            let span = tokens[index].span
            item.span = min(item.span.lowerBound, span.lowerBound)..<max(item.span.upperBound, span.upperBound)
        }
        return item
    }

    /// "Promised to Sam", "Promised to the landlord"; nil when no one was named.
    private func promiseNote(recipient: Range<Int>) -> String? {
        let words = recipient.filter { tokens[$0].kind == .word && !reader.isFiller($0) }
        guard !words.isEmpty else { return nil }
        var names = words.map { tokens[$0].text }
        // A single unknown word is a name a speech recognizer wrote in lower case: "sam".
        if words.count == 1, !reader.has(words[0], [.english, .determiner]) {
            names[0] = ListDirectory.capitalizeFirst(names[0])
        }
        return "Promised to " + names.joined(separator: " ")
    }

    /// The subject of a statement that gives it a deadline or a date, without its article: "the quarterly report"
    /// in "the quarterly report is due next tuesday", "car registration" in "my car registration expires end of
    /// the month", "meeting" in "the meeting is on friday". Nil when `body` is not such a statement.
    private func deadlineSubject(_ body: [Int], hasDate: Bool) -> [Int]? {
        var subject: [Int] = []
        var cursor = 0
        while cursor < body.count, subject.count < 8 {
            let index = body[cursor]
            guard reader.isPlainWord(index), !reader.has(index, [.conjunction, .pronounSubject, .commentarySubject])
            else { return nil }
            let word = tokens[index].word
            if let link = deadlineLink(in: body, at: cursor, hasDate: hasDate), !subject.isEmpty {
                // "my passport expires in march": a deadline said outright needs no date the rules can read; a
                // bare "is" needs nothing but a date after it ("the meeting is on friday").
                guard link.isDeadline || restIsTiming(body[link.end...]) else { return nil }
                while let first = subject.first, Self.subjectArticles.contains(tokens[first].word) {
                    subject.removeFirst()
                }
                return subject.isEmpty ? nil : subject
            }
            if cursor == 0, reader.leadIn(at: index) != nil { return nil }
            // "rent the car on friday" is an action; "rent is due on the first" a deadline.
            if cursor == 0, reader.isVerb(at: index), deadlineLink(in: body, at: 1, hasDate: hasDate) == nil {
                return nil
            }
            if word.hasSuffix("'s"), cursor + 1 < body.count, tokens[body[cursor + 1]].word == "due" {
                // "rent's due friday": the subject is "rent"; the title is made of the words before the link.
                return nil
            }
            subject.append(index)
            cursor += 1
        }
        return nil
    }

    /// "i have a chem midterm on thursday", "we've got a meeting with sam at three": what one has on a day is a
    /// task. The tokens of what is had, without its article; nil when no date follows it and nothing else does.
    func appointment(at index: Int) -> Range<Int>? {
        guard let subject = reader.word(index), reader.isPlainWord(index) else { return nil }
        var cursor = index + 1
        switch subject {
        case "i", "we":
            if reader.word(cursor) == "have" || reader.word(cursor) == "got" {
                cursor += 1
            } else {
                return nil
            }
            if reader.word(cursor) == "got" { cursor += 1 }
        case "i've", "ive", "we've":
            guard reader.word(cursor) == "got" else { return nil }
            cursor += 1
        default:
            return nil
        }
        while cursor < tokens.count, Self.subjectArticles.contains(tokens[cursor].word) { cursor += 1 }
        let start = cursor
        while cursor < tokens.count, cursor < start + 6, reader.isPlainWord(cursor),
            !reader.has(cursor, [.conjunction, .hesitation]), !reader.isFiller(cursor)
        {
            cursor += 1
        }
        guard cursor > start, cursor < tokens.count, let mention = mentionAt[cursor], mentions[mention].isDate
        else { return nil }
        var end = cursor
        while end < tokens.count, tokens[end].kind == .word, mentionAt[end] != nil || Self.deadlineJoiners.contains(tokens[end].word) {
            end += 1
        }
        let closes = end >= tokens.count || tokens[end].kind != .word || reader.has(end, [.conjunction, .hesitation])
            || reader.isFiller(end) || reader.commentaryStarts(at: end) || leadInMask[end]
        return closes ? start..<cursor : nil
    }

    private static let subjectArticles: Set<String> = ["the", "a", "an", "my", "our", "his", "her", "their", "your"]

    /// Where the words linking a subject to its deadline end, if they start at `body[cursor]`: "is due", "are due
    /// back", "expires", "runs out", "has to be done", or a bare "is" before nothing but a date.
    private func deadlineLink(in body: [Int], at cursor: Int, hasDate: Bool) -> (end: Int, isDeadline: Bool)? {
        func word(_ offset: Int) -> String? {
            cursor + offset < body.count && reader.isPlainWord(body[cursor + offset])
                ? tokens[body[cursor + offset]].word : nil
        }
        guard let first = word(0) else { return nil }
        if ClauseReader.copulas.contains(first) {
            if word(1) == "due" { return (cursor + (word(2) == "back" ? 3 : 2), true) }
            if ["to", "needs", "has"].contains(word(1)) { return nil }
            return hasDate ? (cursor + 1, false) : nil
        }
        if ["expires", "expire", "expiring", "lapses"].contains(first) { return (cursor + 1, true) }
        if ["runs", "run"].contains(first), word(1) == "out" { return (cursor + 2, true) }
        if ["has", "have", "needs", "need"].contains(first), word(1) == "to", word(2) == "be",
            let done = word(3), Self.doneWords.contains(done)
        {
            return (cursor + 4, true)
        }
        if first == "must", word(1) == "be", let done = word(2), Self.doneWords.contains(done) {
            return (cursor + 3, true)
        }
        return nil
    }

    private static let doneWords: Set<String> = ["done", "finished", "submitted", "in", "sent", "paid", "filed", "ready"]

    /// Whether nothing but date phrases, and the little words around them, follow a deadline's link.
    private func restIsTiming(_ rest: ArraySlice<Int>) -> Bool {
        rest.allSatisfy { index in
            tokens[index].kind != .word || mentionAt[index] != nil || reader.isFiller(index) || reader.has(index, [.hesitation, .trailingFiller])
                || Self.deadlineJoiners.contains(tokens[index].word)
        }
    }

    private static let deadlineJoiners: Set<String> = ["on", "by", "at", "the", "back", "before", "in", "again"]

    private static let pronouns: Set<String> = ["it", "that", "this", "them", "those", "these", "both"]

    private static let remarkOpeners: Set<String> = [
        "it's", "its", "it", "which", "that", "that's", "thats", "they're", "theyre", "they", "those", "these",
    ]

    /// Where reported speech starts: "that" after a verb of telling ("text Sam that ...").
    private func quotedStart(in members: [Int]) -> Int? {
        var sawTelling = false
        for index in members where reader.isPlainWord(index) {
            let word = tokens[index].word
            if Self.tellingVerbs.contains(word) { sawTelling = true }
            if word == "that", sawTelling { return index }
        }
        return nil
    }

    private static let tellingVerbs: Set<String> = [
        "tell", "text", "email", "message", "remind", "let", "notify", "inform", "warn", "ping", "say", "dm",
        "slack", "whatsapp",
    ]

    static let addVerbs: Set<String> = ["add", "put", "stick", "throw", "pop", "append", "include"]
    private static let priorityClauseWords: Set<String> = [
        "it's", "its", "it", "is", "this", "that", "that's", "one", "very", "really", "super", "kind", "of", "pretty",
        "quite", "so", "a", "an", "definitely", "totally", "should", "be", "make", "mark", "as", "set", "to", "thing",
    ]

    private func isYouKnow(_ index: Int) -> Bool {
        let text = tokens[index].word
        if text == "you", index + 1 < tokens.count, tokens[index + 1].word == "know" { return true }
        if text == "know", index > 0, tokens[index - 1].word == "you", index < 2 || tokens[index - 2].word != "let" {
            return true
        }
        return false
    }

    /// "eggs and bread" after "add ... to my grocery list": one task per item.
    private func listItems(_ body: [Int]) -> [Item?] {
        var items: [Item?] = []
        var current: [Int] = []
        for index in body {
            let token = tokens[index]
            if token.kind == .softBreak || (mentionAt[index] == nil && ["and", "&", "plus"].contains(token.word)) {
                items.append(titleItem(current))
                current = []
            } else {
                current.append(index)
            }
        }
        items.append(titleItem(current))
        return items
    }

    private static let leadingArticles: Set<String> = ["a", "an", "some"]

    /// The title of the words of `body` that are not phrases or fillers, first letter upper-case.
    private func titleItem(_ body: [Int], quotedAfter quoted: Int? = nil) -> Item? {
        var words = body.filter { index in
            let isPhrase = mentionAt[index] != nil && !(quoted.map { index > $0 } ?? false)
            return tokens[index].kind == .word && !isPhrase && !reader.has(index, .hesitation) && !isYouKnow(index)
        }
        while let first = words.first, Self.leadingArticles.contains(tokens[first].word) || reader.isFiller(first) {
            words.removeFirst()
        }
        while let last = words.last, reader.has(last, .trailingFiller) { words.removeLast() }
        guard let first = words.first, let last = words.last else { return nil }
        var text = words.map { tokens[$0].text }.joined(separator: " ")
        if tokens[first].word == "going" {
            // "I'm going to the gym" → "Go to the gym"
            text = "go" + text.dropFirst(5)
        }
        return Item(
            title: ListDirectory.capitalizeFirst(text),
            span: tokens[first].span.lowerBound..<tokens[last].span.upperBound)
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
            recurrence: reading.dates.recurrence, sourceSpan: item.span)
    }
}
