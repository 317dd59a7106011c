import KairosCore

// One clause read as a task, a remark or phrases alone, and the words of its title.
extension UtteranceParser {
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
        /// The phrases that set the fields above.
        var phrases: [CapturePhrase] = []
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
            let field: CapturePhrase.Field?
            switch mention.kind {
            case .priority(let level):
                field = reading.priority == nil ? .priority : nil
                if reading.priority == nil { reading.priority = level }
            case .list(let name):
                field = reading.list == nil ? .list : nil
                if reading.list == nil {
                    reading.list = name
                    listIsTyped = tokens[mention.tokens.lowerBound].text.hasPrefix("#")
                    listIsTarget = ["to", "on", "onto", "into", "in"].contains(tokens[mention.tokens.lowerBound].word)
                }
            case .label(let name):
                field = .label
                reading.labels.append(name)
            case .generalList:
                field = nil
                listIsTarget = ["to", "on", "onto", "into", "in"].contains(tokens[mention.tokens.lowerBound].word)
                namesGeneralList = true
            case .vague: field = nil
            case .section: field = .section
            default:
                field = .due
                reading.dates.add(mention.kind)
                datesByToken.append((index, mention.kind))
                if firstDate == nil { firstDate = index }
            }
            if let field {
                let first = tokens[mention.tokens.lowerBound].span
                let last = tokens[mention.tokens.upperBound - 1].span
                reading.phrases.append(CapturePhrase(field: field, span: first.lowerBound..<last.upperBound))
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
        if !asOneTask,
            let subject = deadlineSubject(Array(members[position...]), hasDate: !reading.dates.isEmpty)
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
            || Self.reasonWords.contains(tokens[firstWord].word) || isMetaTalk(at: firstWord)
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

    /// "let me just get this out of my head", "let me dump everything": talk about the capture itself, after
    /// "let me".
    func isMetaTalk(at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, reader.isFiller(before) || reader.has(before, .hesitation) { before -= 1 }
        guard reader.word(before) == "me", reader.word(before - 1) == "let",
            let verb = reader.word(index), Self.metaVerbs.contains(verb)
        else { return false }
        return (index + 1...index + 3).contains { Self.metaObjects.contains(reader.word($0) ?? "") }
    }

    private static let metaVerbs: Set<String> = [
        "get", "dump", "say", "write", "put", "think", "list", "brain", "spill", "type", "jot", "go", "empty",
    ]
    private static let metaObjects: Set<String> = [
        "this", "it", "everything", "all", "that", "stuff", "things", "out", "down", "over", "through",
    ]

    /// The task was said with its date and list phrases: its span covers them too.
    func spanning(_ item: Item, over members: [Int]) -> Item {
        var item = item
        for index in members where mentionAt[index] != nil {
            let span = tokens[index].span
            item.span = min(item.span.lowerBound, span.lowerBound)..<max(item.span.upperBound, span.upperBound)
        }
        return item
    }

    /// "Promised to Sam", "Promised to the landlord"; nil when no one was named.
    func promiseNote(recipient: Range<Int>) -> String? {
        let words = recipient.filter { tokens[$0].kind == .word && !reader.isFiller($0) }
        guard !words.isEmpty else { return nil }
        var names = words.map { tokens[$0].text }
        // A single unknown word is a name a speech recognizer wrote in lower case: "sam".
        if words.count == 1, !reader.has(words[0], [.english, .determiner]) {
            names[0] = ListDirectory.capitalizeFirst(names[0])
        }
        return "Promised to " + names.joined(separator: " ")
    }

    static let pronouns: Set<String> = ["it", "that", "this", "them", "those", "these", "both"]

    static let remarkOpeners: Set<String> = [
        "it's", "its", "it", "which", "that", "that's", "thats", "they're", "theyre", "they", "those", "these",
    ]

    /// Where reported speech starts: "that" after a verb of telling ("text Sam that ...").
    func quotedStart(in members: [Int]) -> Int? {
        var sawTelling = false
        for index in members where reader.isPlainWord(index) {
            let word = tokens[index].word
            if Self.tellingVerbs.contains(word) { sawTelling = true }
            if word == "that", sawTelling { return index }
        }
        return nil
    }

    static let tellingVerbs: Set<String> = [
        "tell", "text", "email", "message", "remind", "let", "notify", "inform", "warn", "ping", "say", "dm",
        "slack", "whatsapp",
    ]

    static let addVerbs: Set<String> = ["add", "put", "stick", "throw", "pop", "append", "include"]
    static let priorityClauseWords: Set<String> = [
        "it's", "its", "it", "is", "this", "that", "that's", "one", "very", "really", "super", "kind", "of", "pretty",
        "quite", "so", "a", "an", "definitely", "totally", "should", "be", "make", "mark", "as", "set", "to", "thing",
    ]

    func isYouKnow(_ index: Int) -> Bool {
        let text = tokens[index].word
        if text == "you", index + 1 < tokens.count, tokens[index + 1].word == "know" { return true }
        if text == "know", index > 0, tokens[index - 1].word == "you", index < 2 || tokens[index - 2].word != "let" {
            return true
        }
        return false
    }

    /// "eggs and bread" after "add ... to my grocery list": one task per item.
    func listItems(_ body: [Int]) -> [Item?] {
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

    static let leadingArticles: Set<String> = ["a", "an", "some"]

    /// The title of the words of `body` that are not phrases or fillers, first letter upper-case.
    func titleItem(_ body: [Int], quotedAfter quoted: Int? = nil) -> Item? {
        var words = body.filter { index in
            let isPhrase = mentionAt[index] != nil && !(quoted.map { index > $0 } ?? false)
            return tokens[index].kind == .word && !isPhrase && !reader.has(index, .hesitation) && !isYouKnow(index)
        }
        while let first = words.first, Self.leadingArticles.contains(tokens[first].word) || reader.isFiller(first) {
            // "a first aid kit": "first" describes the thing unless an action follows it ("first call the bank").
            if ClauseReader.nounPhraseFillers.contains(tokens[first].word), words.count > 1,
                !reader.isVerb(at: words[1]), reader.leadIn(at: words[1]) == nil
            {
                break
            }
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

    /// Words that close a remark without adding to it: "... the printer is out of toner, yeah okay".
    static let closingWords: Set<String> = [
        "yeah", "okay", "ok", "right", "alright", "anyway", "anyways", "so", "like", "oh", "ugh", "and", "then",
        "also", "but", "please", "bye", "thanks",
    ]

    /// Words that open a remark without adding to it: "okay so honestly ...".
    static let openingWords: Set<String> = closingWords.union([
        "well", "hey", "hi", "hello", "actually", "first", "next", "finally",
        "lastly", "plus", "oops", "wait", "no", "nope", "nah", "anyway", "sorry",
    ])

    /// The span of a clause without its opening and closing fillers: what a person would read back as said.
    func contentSpan(of clause: Clause) -> Range<Int>? {
        let words = clause.tokens.filter { index in
            tokens[index].kind == .word && !reader.has(index, .hesitation)
        }
        var lower = words.startIndex
        while lower < words.endIndex,
            reader.has(words[lower], .conjunction) || Self.openingWords.contains(tokens[words[lower]].word)
        {
            lower += 1
        }
        var upper = words.endIndex
        while upper > lower, Self.closingWords.contains(tokens[words[upper - 1]].word) || isYouKnow(words[upper - 1]) {
            upper -= 1
        }
        guard lower < upper else { return nil }
        return tokens[words[lower]].span.lowerBound..<tokens[words[upper - 1]].span.upperBound
    }
}
