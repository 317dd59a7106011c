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

    init(tokens: [Token], context: CaptureContext) {
        self.tokens = tokens
        let scanner = PhraseScanner(tokens: tokens, lists: ListDirectory(context.lists))
        mentions = scanner.scan()
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
    }

    // MARK: - Splitting

    /// What separates a clause from the one before; a date said at the start of a sentence carries over weak ones.
    enum Boundary { case start, hard, strong, weak }

    struct Clause {
        var tokens: [Int]
        var boundary: Boundary
    }

    func clauses() -> [Clause] {
        var clauses: [Clause] = []
        var current: [Int] = []
        var boundary = Boundary.start
        func close(_ next: Boundary) {
            if !current.isEmpty { clauses.append(Clause(tokens: current, boundary: boundary)) }
            current = []
            boundary = next
        }
        for index in tokens.indices {
            let token = tokens[index]
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
                if mentionAt[index] == nil, followsPriority(index), startsWithStatement(current),
                    reader.isVerb(at: index, lenient: true)
                {
                    // "this is urgent call the landlord": the priority clause ends where the action starts.
                    close(.weak)
                } else if mentionAt[index] == nil, hasContent(current) {
                    let text = token.word
                    let isConjunction = reader.has(index, .conjunction)
                    if isConjunction || reader.isFiller(index), !endsOpen(current) || startsWithStatement(current) {
                        if reader.newActionStarts(at: index + 1, afterConjunction: isConjunction) {
                            close(carriesDate(from: index) ? .weak : .strong)
                        }
                    } else if quotedStart(in: current) != nil {
                        // Inside reported speech ("text Sam that I'll be late") a new subject is not a new task.
                    } else if reader.commentaryStarts(at: index) {
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

    func tasks() -> [CaptureProposal] {
        var tasks: [CaptureProposal] = []
        var carried: DatePhrases?
        var pendingPriority: Int?
        var lastClauseWasTask = false
        var lastTaskStart = 0
        for clause in clauses() {
            if clause.boundary == .hard || clause.boundary == .strong { carried = nil }
            let reading = read(clause)
            defer {
                if case .task(let items) = reading.role {
                    lastClauseWasTask = true
                    lastTaskStart = items.first?.span.lowerBound ?? 0
                } else if case .nothing = reading.role {
                } else {
                    lastClauseWasTask = false
                }
            }
            switch reading.role {
            case .nothing:
                continue
            case .dateOnly:
                carried = reading.dates
                if let priority = reading.priority { pendingPriority = priority }
            case .priorityOnly(let level):
                if let last = tasks.indices.last, clause.boundary != .start {
                    if tasks[last].priority == nil { tasks[last].priority = level }
                } else {
                    pendingPriority = level
                }
            case .commentary:
                carried = nil
                // "pay the internet bill it's due friday", "renew the membership which expires on the 20th":
                // a remark about the task just said can still date it.
                if reading.remarksOnPrevious, !reading.dates.isEmpty, reading.dates.recurrence == nil,
                    let last = tasks.indices.last, tasks[last].due == nil, lastClauseWasTask
                {
                    let due = calculator.due(for: reading.dates)
                    for index in tasks.indices where tasks[index].sourceSpan.lowerBound >= lastTaskStart {
                        tasks[index].due = due
                    }
                }
                // "fix the faucet, it goes on my home list", "..., put it on my home list"
                if reading.remarksOnPrevious, let list = reading.list, lastClauseWasTask {
                    for index in tasks.indices where tasks[index].sourceSpan.lowerBound >= lastTaskStart {
                        if tasks[index].list == nil {
                            tasks[index].list = list.name
                            tasks[index].listExists = list.exists
                        }
                    }
                }
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
                let priority = reading.priority ?? pendingPriority
                pendingPriority = nil
                let due = calculator.due(for: dates)
                for item in items {
                    tasks.append(
                        CaptureProposal(
                            title: item.title, due: due, list: reading.list?.name,
                            listExists: reading.list?.exists ?? false,
                            priority: priority, labels: reading.labels, recurrence: dates.recurrence,
                            sourceSpan: item.span))
                }
            }
        }
        return tasks
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
        if !asOneTask, reader.commentaryStarts(at: firstWord) {
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
        if !listAdd, var item = items[0] {
            // The task was said with its date and list phrases: the span covers them too.
            for index in members where mentionAt[index] != nil {
                let span = tokens[index].span
                item.span = min(item.span.lowerBound, span.lowerBound)..<max(item.span.upperBound, span.upperBound)
            }
            items[0] = item
        }
        let titled = items.compactMap { $0 }
        if titled.isEmpty {
            if !reading.dates.isEmpty { reading.role = .dateOnly }
            return reading
        }
        reading.role = .task(titled)
        return reading
    }

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
