import KairosCore

// Where one clause of an utterance ends and the next begins.
extension UtteranceParser {
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
                if let next = clauseBoundary(before: index, after: current) { close(next) }
                current.append(index)
            }
        }
        close(.hard)
        return clauses
    }

    /// Whether a new clause starts at the word at `index`, and how it is separated from `current`; nil when the
    /// word goes on the clause.
    private func clauseBoundary(before index: Int, after current: [Int]) -> Boundary? {
        if promiseMask[index] {
            // "I promised Sam I'd send the photos" is one clause.
            return nil
        }
        guard mentionAt[index] == nil, hasContent(current) else { return nil }
        if reader.has(index, .subject), reader.promise(at: index) != nil { return .strong }
        // "clean the chaff collector because it's a fire hazard": the reason is a remark of its own.
        if Self.reasonWords.contains(tokens[index].word),
            !startsWithStatement(current) || isPromise(current) || current.contains(where: isPriorityWord)
        {
            return .strong
        }
        // "i've honestly read it", "which honestly is": a filler after a subject does not end the clause.
        if let position = current.lastIndex(where: { tokens[$0].kind == .word && !reader.has($0, .hesitation) }),
            reader.isPlainWord(current[position])
        {
            let last = current[position]
            let isSubject =
                reader.has(last, [.subject, .pronounSubject]) || Self.subjectContractions.contains(tokens[last].word)
            // The pronoun opens the clause ("i've"), rather than ending an action on it ("emailed it").
            let opensIt = current[..<position].allSatisfy { tokens[$0].kind != .word || isConjunctionOrFiller($0) }
            if isSubject && opensIt || ["which", "who", "that"].contains(tokens[last].word) { return nil }
        }
        if followsPriority(index), startsWithStatement(current), reader.isVerb(at: index, lenient: true) {
            // "this is urgent call the landlord": the priority clause ends where the action starts.
            return .weak
        }
        let isConjunction = reader.has(index, .conjunction)
        // "which means no sleep": a determiner after a verb is its object's, not a filler.
        if !isConjunction, reader.isFiller(index), reader.has(index, .determiner), reader.isPlainWord(index - 1),
            reader.has(index - 1, [.verb, .statementVerb, .modal]) || reader.isThirdPersonVerb(index - 1)
                || Self.prepositions.contains(tokens[index - 1].word)
        {
            return nil
        }
        if isConjunction || reader.isFiller(index), !endsOpen(current) || startsWithStatement(current) {
            if listAdditionEnded(current, at: index) {
                // "add cones to the team list and march over to the store": the items ended with the list.
                return .strong
            }
            guard !isListAddition(current, before: index), !isPassive(at: index), !isPassive(at: index + 1),
                !describesNoun(at: index), !closesRemark(at: index, current),
                // After a finished remark, "uh" is as good as "and": "the machine is broken uh call biomed".
                reader.newActionStarts(
                    at: index + 1, afterConjunction: isConjunction || startsWithStatement(current),
                    announced: ["also", "then", "plus"].contains(tokens[index].word) || reader.word(index - 1) == "oh")
            else { return nil }
            return carriesDate(from: index) ? .weak : .strong
        }
        if quotedStart(in: current) != nil {
            // Inside reported speech ("text Sam that I'll be late") a new subject is not a new task.
            return nil
        }
        if reader.commentaryStarts(at: index), !continuesStatement(current, at: index) { return .strong }
        if statementStartsMidSentence(at: index, after: current) { return .strong }
        if leadInMask[index], index == 0 || !leadInMask[index - 1] { return .weak }
        return nil
    }

    /// The correction whose marker starts at `index`, and the token after the marker; nil when the words there are
    /// not a correction ("tell him to wait for me", "say sorry to mom").
    func correction(at index: Int) -> (end: Int, effect: CorrectionEffect)? {
        guard reader.isPlainWord(index),
            let marker = CorrectionMarker.read(at: index, word: { reader.isPlainWord($0) ? reader.word($0) : nil })
        else { return nil }
        if let previous = reader.word(index - 1), previous == "to" || reader.has(index - 1, .modal) { return nil }
        var cursor = marker.end
        while reader.has(cursor, .hesitation) { cursor += 1 }
        // "scratch that she would never say yes": a remark after it is a clause of its own too.
        let endsClause =
            cursor >= tokens.count || tokens[cursor].kind == .hardBreak
            || (tokens[cursor].kind == .softBreak || reader.has(cursor, .conjunction) || reader.isFiller(cursor)
                || reader.commentaryStarts(at: cursor)) && marker.mayCancel
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
    func timingRun(from start: Int) -> Int? {
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

    static let timingJoiners: Set<String> = ["at", "on", "the", "for", "by"]

    /// A time said as bare numbers ("six", "six thirty pm"), read as if "at" came before it.
    func bareTime(from start: Int) -> (clock: ClockTime, end: Int)? {
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
    func isListAddition(_ clause: [Int], before index: Int) -> Bool {
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

    /// Whether the clause added items to a list already named, and a conjunction now leads to something else.
    private func listAdditionEnded(_ clause: [Int], at index: Int) -> Bool {
        guard isConjunctionOrFiller(index),
            let first = clause.first(where: { reader.isPlainWord($0) && !leadInMask[$0] && !reader.isFiller($0) }),
            Self.addVerbs.contains(tokens[first].word),
            clause.contains(where: { mentionAt[$0].map { isListMention(mentions[$0]) } ?? false })
        else { return false }
        var next = index + 1
        while next < tokens.count, isConjunctionOrFiller(next) || reader.has(next, .hesitation) { next += 1 }
        return reader.isPlainWord(next)
    }

    private func isConjunctionOrFiller(_ index: Int) -> Bool {
        reader.has(index, .conjunction) || reader.isFiller(index)
    }

    private func isListMention(_ mention: Mention) -> Bool {
        switch mention.kind {
        case .list, .generalList: true
        default: false
        }
    }

    /// "the first aid certificate": a filler word describing the noun after a determiner.
    private func describesNoun(at index: Int) -> Bool {
        ClauseReader.nounPhraseFillers.contains(tokens[index].word) && reader.has(index - 1, .determiner)
    }

    /// "she's so cute though, walk her at five": a word that closes a remark stays with it when another filler or a
    /// pause follows, where the next clause then starts.
    private func closesRemark(at index: Int, _ clause: [Int]) -> Bool {
        guard Self.remarkClosers.contains(tokens[index].word), startsWithStatement(clause) else { return false }
        let next = index + 1
        return next < tokens.count
            && (tokens[next].kind != .word || reader.isFiller(next) || reader.has(next, [.hesitation, .conjunction]))
    }

    private static let remarkClosers: Set<String> = [
        "too", "though", "now", "already", "again", "yet", "either", "honestly", "seriously", "literally", "lol",
    ]
    static let reasonWords: Set<String> = ["because", "cause", "'cause", "cos", "coz", "since"]

    private func isPriorityWord(_ index: Int) -> Bool {
        guard let mention = mentionAt[index] else { return false }
        if case .priority = mentions[mention].kind { return true }
        return false
    }

    /// Whether the clause reports a promise, which is a task though it opens like a statement.
    private func isPromise(_ clause: [Int]) -> Bool {
        guard let first = clause.first(where: { reader.isPlainWord($0) && !reader.isFiller($0) }) else { return false }
        return reader.promise(at: first) != nil
    }
    private static let subjectContractions: Set<String> = [
        "i've", "i'm", "im", "we've", "we're", "they're", "they've", "you're", "you've", "she's", "he's", "it's",
    ]

    /// "has to be done by friday": "done" after "be" is the statement's, not a filler ending it.
    func isPassive(at index: Int) -> Bool {
        index < tokens.count && tokens[index].word == "done"
            && [
                "be", "been", "is", "are", "was", "get", "got", "gets", "so", "i'm", "im", "am", "all", "totally",
                "completely",
            ].contains(reader.word(index - 1) ?? "")
    }

    /// Whether a new statement at `index` still belongs to the statement the clause is: "i'm so tired i could cry",
    /// "which i always forget". A new noun phrase ("... my boss keeps moving things") starts its own.
    func continuesStatement(_ clause: [Int], at index: Int) -> Bool {
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
        // "the reach truck is down again which means the dock is backed up" is one remark.
        return tokens[index].word == "which" || Self.personalSubjects.contains(tokens[index].word)
    }

    /// The subjects of a remark that goes on about the same thing: "i'm so tired i could cry".
    static let personalSubjects: Set<String> = [
        "i", "she", "he", "it", "they", "we", "you", "i'm", "im", "it's", "its", "she's", "he's", "they're",
        "we're", "you're", "i've", "i'd", "it'll",
    ]

    /// "this week has been a mess the logo revisions are due friday", "call the garage my car is making a noise":
    /// a statement about a noun phrase starts a clause even without a pause, unless it is what is told or checked.
    func statementStartsMidSentence(at index: Int, after clause: [Int]) -> Bool {
        guard Self.statementDeterminers.contains(tokens[index].word), !endsOpen(clause),
            let verb = reader.statementVerbAfterNounPhrase(at: index),
            !reader.has(index - 1, .complementizer), !Self.prepositions.contains(reader.word(index - 1) ?? "")
        else { return false }
        // "get the oil changed", "review the pull requests": after a verb, a noun phrase is its object, unless a
        // copula or a deadline follows it ("start the stats homework is due friday").
        let afterVerb = reader.isVerb(at: index - 1, lenient: true) && !reader.has(index - 2, .determiner)
        if afterVerb, !Self.strongStatementVerbs.contains(tokens[verb].word) { return false }
        return !clause.contains { Self.tellingVerbs.contains(tokens[$0].word) }
    }

    static let statementDeterminers: Set<String> = ["the", "my", "our", "his", "their", "your"]
    static let strongStatementVerbs: Set<String> = [
        "is", "are", "was", "were", "has", "have", "had", "expires", "expire", "run", "runs", "isn't", "aren't",
        "wasn't", "weren't", "hasn't", "haven't",
    ]
    static let prepositions: Set<String> = [
        "to", "for", "with", "about", "of", "from", "into", "onto", "on", "in", "at", "by", "under", "over",
        "like", "than", "as", "off", "out", "up", "down", "around", "through", "across", "behind", "near", "past",
        "inside", "outside", "along",
    ]

    /// A date said before several actions carries over "and", "and then" and commas, not over a new thought
    /// opened by a filler ("oh and", "um", "also").
    func carriesDate(from index: Int) -> Bool {
        var cursor = index
        while cursor < tokens.count, tokens[cursor].kind == .word, mentionAt[cursor] == nil, !leadInMask[cursor] {
            let text = tokens[cursor].word
            guard reader.has(cursor, .conjunction) || reader.isFiller(cursor) else { break }
            if text != "and" && text != "then" { return false }
            cursor += 1
        }
        return true
    }

    func followsPriority(_ index: Int) -> Bool {
        guard index > 0, let mention = mentionAt[index - 1] else { return false }
        if case .priority = mentions[mention].kind { return true }
        return false
    }

    func startsWithStatement(_ clause: [Int]) -> Bool {
        guard let first = clause.first(where: { reader.isPlainWord($0) && !reader.isFiller($0) }) else { return false }
        return reader.commentaryStarts(at: first)
    }

    /// Whether the clause so far stops mid-phrase ("send the um email"), after an article or a preposition.
    func endsOpen(_ clause: [Int]) -> Bool {
        guard
            let last = clause.last(where: { reader.isPlainWord($0) && !reader.has($0, .hesitation) })
        else { return false }
        return Self.openEndings.contains(tokens[last].word)
    }

    static let openEndings: Set<String> = [
        "the", "a", "an", "my", "your", "our", "his", "her", "their", "to", "for", "with", "about", "of", "from",
        "into", "onto", "some", "this", "that",
    ]

    /// Whether the clause so far holds a word of an action (not only fillers, lead-ins and phrases).
    func hasContent(_ clause: [Int]) -> Bool {
        clause.contains { index in
            reader.isPlainWord(index) && !leadInMask[index] && !reader.isFiller(index)
                && !reader.has(index, .conjunction)
        }
    }
}
