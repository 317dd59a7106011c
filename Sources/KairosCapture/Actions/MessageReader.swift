/// Splits one message into statements: the deeds it asks for or promises, each with the words that state it, and
/// the remarks around them. Knows the grammar of requests, commitments and needs (actions-rules.md section 1),
/// not what the rest of the thread says.
struct MessageReader {
    private let roster: MemberRoster

    init(roster: MemberRoster) {
        self.roster = roster
    }

    func statements(in text: String) -> [ActionStatement] {
        let tokens = Tokenizer.tokenize(text)
        let utf16 = Array(text.utf16)
        let isJoke =
            tokens.contains { $0.kind == .word && ActionLexicon.laughs.contains($0.word) }
            || text.unicodeScalars.contains(where: ActionLexicon.laughingEmoji.contains)
        var statements: [ActionStatement] = []
        var start = 0
        // "Thanks Bob! Can you also book the room?": a name said on its own addresses what follows.
        var calledOut: ActionMember?
        for index in tokens.indices where tokens[index].kind == .hardBreak || index == tokens.count - 1 {
            let end = tokens[index].kind == .hardBreak ? index : index + 1
            let endsWithQuestionMark = tokens[index].kind == .hardBreak && tokens[index].text == "?"
            if start < end {
                let sentence = Sentence(
                    utf16: utf16, tokens: tokens, range: start..<end, endsWithQuestionMark: endsWithQuestionMark,
                    roster: roster, calledOut: calledOut)
                statements += sentence.statements(allowingDeeds: !isJoke)
                calledOut = sentence.nameAlone
            }
            start = index + 1
        }
        return statements
    }
}

/// The members of a thread by the names a message may call them: "@bob", "Bob", "bob".
struct MemberRoster: Sendable {
    let members: [ActionMember]
    private let byName: [String: ActionMember]

    init(_ members: [ActionMember]) {
        self.members = members
        var byName: [String: ActionMember] = [:]
        var ambiguous = Set<String>()
        for member in members {
            let words = ActionTopic.words(member.name)
            var keys = Set([words.joined()])
            if let first = words.first { keys.insert(first) }
            for key in keys where !key.isEmpty {
                if byName[key] != nil, byName[key] != member { ambiguous.insert(key) }
                byName[key] = member
            }
        }
        for key in ambiguous { byName[key] = nil }
        self.byName = byName
    }

    /// The member a lower-case word names ("bob", "@bob", "@bob's"), if exactly one does.
    func member(named word: String) -> ActionMember? {
        if let member = byName[word] { return member }
        var key = Substring(word)
        if key.hasPrefix("@") { key = key.dropFirst() }
        if key.hasSuffix("'s") { key = key.dropLast(2) }
        return key.count < word.count ? byName[String(key)] : nil
    }
}

/// One sentence of a message: finds where deeds start and cuts it into statements.
private struct Sentence {
    /// The message's text as UTF-16, which token spans index.
    let utf16: [UInt16]
    let tokens: [Token]
    let range: Range<Int>
    let endsWithQuestionMark: Bool
    let roster: MemberRoster
    /// The member the sentence before called by name alone ("Thanks Bob!"), whom a request without a name is to.
    let calledOut: ActionMember?
    /// The first word that is not a greeting or an acknowledgement ("ok", "hey").
    let firstWord: Int

    init(
        utf16: [UInt16], tokens: [Token], range: Range<Int>, endsWithQuestionMark: Bool, roster: MemberRoster,
        calledOut: ActionMember?
    ) {
        self.utf16 = utf16
        self.tokens = tokens
        self.range = range
        self.endsWithQuestionMark = endsWithQuestionMark
        self.roster = roster
        self.calledOut = calledOut
        var cursor = range.lowerBound
        while cursor < range.upperBound, tokens[cursor].kind != .word || Self.skippable.contains(tokens[cursor].word) {
            cursor += 1
        }
        firstWord = cursor
    }

    /// Where a deed starts: the clause's first token (its addressee, if any), where its words start, and what it is.
    struct Opener {
        var start: Int
        var bodyStart: Int
        /// Nil for an opener that states no action ("@bob @chen can you ...", "I'll be up late").
        var kind: ActionStatement.Kind?
        var addressee: ActionMember?
    }

    func statements(allowingDeeds: Bool) -> [ActionStatement] {
        let isQuestion = opensAsQuestion
        var openers: [Opener] = []
        var index = range.lowerBound
        var atBoundary = true
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind != .word {
                atBoundary = true
                index += 1
                continue
            }
            if !isQuestion || openers.isEmpty && atBoundary && index == firstWord,
                let opener = opener(at: index, atBoundary: atBoundary)
            {
                openers.append(opener)
                index = max(opener.bodyStart, index + 1)
                atBoundary = false
                continue
            }
            // Between two people a plain imperative asks the other one: "great, grab some coffee too" (not "great
            // work on the pitch").
            if roster.members.count == 2, !isQuestion, openers.isEmpty, index == firstWord,
                index == range.lowerBound || tokens[index - 1].kind == .softBreak
                    || Self.connectives.contains(tokens[index - 1].word),
                isBareRequest(at: index)
            {
                openers.append(Opener(start: index, bodyStart: index, kind: .requestToListener, addressee: nil))
                index += 1
                atBoundary = false
                continue
            }
            atBoundary = Self.joiners.contains(token.word) || (atBoundary && Self.skippable.contains(token.word))
            index += 1
        }
        guard let first = openers.first else {
            return [remark(range.lowerBound..<range.upperBound, isQuestion: isQuestion || endsWithQuestionMark)]
        }
        var statements: [ActionStatement] = []
        // "sure, I'll call them at 4", "done, can you ...": what stands before the first deed, set off by a comma.
        let firstClause = clauseStart(before: first.start)
        if firstClause > range.lowerBound {
            statements.append(remark(range.lowerBound..<firstClause, isQuestion: false))
        }
        for (position, opener) in openers.enumerated() {
            let end = position + 1 < openers.count ? openers[position + 1].start : range.upperBound
            guard allowingDeeds, var kind = opener.kind else { continue }
            var bodyEnd = trimmedEnd(from: opener.bodyStart, to: end)
            // "can you send the deck, Bob?": the addressee at the end.
            if opener.addressee == nil, let (member, nameStart) = trailingAddressee(from: opener.bodyStart, to: bodyEnd)
            {
                bodyEnd = trimmedEnd(from: opener.bodyStart, to: nameStart)
                if kind == .requestToListener { kind = .request(member) }
            }
            // "Bob, when you get a chance, can you send the deck": the name opening the sentence.
            if kind == .requestToListener, let member = vocative ?? calledOut { kind = .request(member) }
            guard opener.bodyStart < bodyEnd, !startsWithNegation(opener.bodyStart) else { continue }
            if kind != .commitment, kind != .offer, asksForInformation(opener.bodyStart) { continue }
            let leadStart = max(clauseStart(before: opener.start), position > 0 ? openers[position - 1].bodyStart : 0)
            let leading = leadStart < opener.start ? plainText(leadStart..<opener.start) : ""
            statements.append(
                ActionStatement(
                    kind: kind, text: plainText(opener.bodyStart..<bodyEnd), leadingText: leading,
                    words: words(opener.bodyStart..<bodyEnd)))
        }
        return statements
    }

    /// A member's name opening the sentence, set off by a comma: "Bob, when you get a chance, ...".
    private var vocative: ActionMember? {
        let first = firstWord
        guard let text = word(first), first + 1 < range.upperBound, tokens[first + 1].kind == .softBreak else {
            return nil
        }
        return roster.member(named: text)
    }

    /// The member a sentence of only a name and greetings calls: "Bob!", "thanks Bob", "hey @bob".
    var nameAlone: ActionMember? {
        var named: ActionMember?
        for index in range where tokens[index].kind == .word {
            if let member = roster.member(named: tokens[index].word) {
                guard named == nil else { return nil }
                named = member
            } else if !Self.skippable.contains(tokens[index].word),
                !ActionLexicon.acknowledgements.contains(tokens[index].word)
            {
                return nil
            }
        }
        return named
    }

    // MARK: - Openers

    private func opener(at start: Int, atBoundary: Bool) -> Opener? {
        var cursor = start
        var addressee: ActionMember?
        var addressedWithPause = false
        var isGroup = false
        if let member = addresseeWord(at: cursor) {
            let isMention = tokens[cursor].word.hasPrefix("@")
            guard atBoundary || isMention else { return nil }
            addressee = member
            cursor += 1
            while addresseeWord(at: cursor) != nil || word(cursor) == "and" && addresseeWord(at: cursor + 1) != nil {
                isGroup = true
                cursor += 1
            }
            if cursor < range.upperBound, tokens[cursor].kind == .softBreak {
                addressedWithPause = true
                cursor += 1
            }
            addressedWithPause = addressedWithPause || isMention
        }
        func opener(_ kind: ActionStatement.Kind?, bodyStart: Int) -> Opener {
            Opener(start: start, bodyStart: bodyStart, kind: isGroup ? nil : kind, addressee: addressee)
        }
        if let lead = commitmentLead(at: cursor) {
            return opener(lead.isDeed ? .commitment : nil, bodyStart: lead.end)
        }
        if let end = offerLead(at: cursor) { return opener(.offer, bodyStart: end) }
        if let lead = needLead(at: cursor) {
            guard addressee == nil else { return nil }
            return opener(lead.isDeed ? .need : nil, bodyStart: lead.end)
        }
        if let end = requestLead(at: cursor, addressed: addressee != nil) {
            return opener(addressee.map { .request($0) } ?? .requestToListener, bodyStart: end)
        }
        if let addressee, isImperative(at: cursor, clearVerbOnly: !addressedWithPause) {
            return opener(.request(addressee), bodyStart: cursor)
        }
        // "@bob do you have the invoice number?": addressed, but asks nothing to do.
        return nil
    }

    private struct Lead {
        var end: Int
        /// False for a lead-in before a state or a social plan: "I'll be up late", "I'll see you there".
        var isDeed: Bool
    }

    /// "I'll", "I'm going to", "let me", "I need to", "I have to", "I've got to", "I still need to", "I must".
    private func commitmentLead(at start: Int) -> Lead? {
        guard let first = word(start) else { return nil }
        var cursor = start
        if first == "let" || first == "lemme" {
            cursor += first == "let" ? 1 : 0
            guard first == "lemme" || word(cursor) == "me" else { return nil }
            cursor += 1
            // "let me know", "let me think", "let me check if ...": talk, not a deed.
            guard let next = word(cursor), !["know", "think", "guess", "see", "say"].contains(next) else {
                return Lead(end: cursor, isDeed: false)
            }
            let after = word(cursor + 1)
            if ["check", "look"].contains(next), after == nil || Self.wonderWords.contains(after!) {
                return Lead(end: cursor, isDeed: false)
            }
            return Lead(end: cursor, isDeed: true)
        }
        var futureTense = false
        if start == firstWord, let end = match(Self.subjectlessCommitments, at: start) {
            // "gonna clean the fridge tonight", "need to pick up dog food": the sender's own, subject left out.
            cursor = skipAdverbs(end)
            return Lead(end: cursor, isDeed: isDeed(at: cursor) && !isPlace(at: cursor))
        }
        switch first {
        case "i'll", "i’ll":
            cursor += 1
            futureTense = true
        case "i":
            cursor += 1
            cursor = skipAdverbs(cursor)
            guard let modal = word(cursor) else { return nil }
            if modal == "will" || modal == "shall" {
                cursor += 1
                futureTense = true
            } else if let end = match(Self.firstPersonModals, at: cursor) {
                cursor = end
            } else if modal == "am", let end = match([["going", "to"], ["gonna"]], at: cursor + 1) {
                cursor = end
            } else {
                return nil
            }
        case "i'm", "im":
            guard let end = match([["going", "to"], ["gonna"], ["gunna"]], at: start + 1) else { return nil }
            cursor = end
            if isPlace(at: cursor) { return Lead(end: cursor, isDeed: false) }
        case "i've", "ive":
            guard let end = match([["got", "to"], ["gotta"]], at: start + 1) else { return nil }
            cursor = end
        case "i'd", "id":
            guard word(start + 1) == "better" else { return nil }
            cursor = start + 2
        default:
            return nil
        }
        cursor = skipAdverbs(cursor)
        if futureTense, let end = match([["need", "to"], ["have", "to"]], at: cursor) {
            cursor = skipAdverbs(end)
        }
        return Lead(end: cursor, isDeed: isDeed(at: cursor))
    }

    /// Whether the words after a lead-in make a deed: not a state ("be up late", "need a ride") nor a social plan
    /// ("see you tomorrow").
    private func isDeed(at index: Int) -> Bool {
        guard let verb = word(index) else { return false }
        if ["see", "talk", "catch", "keep", "meet", "miss"].contains(verb), let object = word(index + 1),
            ActionLexicon.socialObjects.contains(object)
                || object == "to" && word(index + 2).map({ ActionLexicon.socialObjects.contains($0) }) == true
        {
            return false
        }
        if ["see", "talk", "catch", "keep", "meet"].contains(verb) { return true }
        // "I'll have it fixed by 3": a deed, done by then.
        if verb == "have" || verb == "get", let object = word(index + 1), ActionLexicon.pointingWords.contains(object) {
            return true
        }
        return !ActionLexicon.stateVerbs.contains(verb)
    }

    /// "going to the gym", "going to work": a place, not a plan.
    private func isPlace(at index: Int) -> Bool {
        guard let place = word(index) else { return false }
        return Self.placesToGo.contains(place)
            || ActionLexicon.stopWords.contains(place) && !Self.adverbs.contains(place) && place != "do"
    }

    /// "I can ...", "I could ...": an offer.
    private func offerLead(at start: Int) -> Int? {
        guard word(start) == "i" else { return nil }
        let cursor = skipAdverbs(start + 1)
        guard let modal = word(cursor), modal == "can" || modal == "could" else { return nil }
        let end = skipAdverbs(cursor + 1)
        guard let next = word(end),
            !ActionLexicon.stateVerbs.contains(next) || next == "keep" || next == "see" && word(end + 1) != "you"
        else { return nil }
        return end
    }

    /// "someone needs to", "can someone", "we should", "we still need to".
    private func needLead(at start: Int) -> Lead? {
        guard let first = word(start) else { return nil }
        var end: Int?
        if let phraseEnd = match(Self.lookingForSomeone, at: start) {
            end = phraseEnd
        } else if Self.anyone.contains(first) {
            end = match(
                Self.needModals + [["please"], ["pls"], ["plz"], ["else", "needs", "to"], ["else", "should"]],
                at: start + 1)
        } else if ["someone's", "somebody's", "someones"].contains(first) {
            end = match([["gotta"], ["got", "to"], ["going", "to", "have", "to"]], at: start + 1)
        } else if Self.askingModals.contains(first), let who = word(start + 1), Self.anyone.contains(who) {
            end = start + 2
            while let next = word(end!), ["please", "pls", "plz", "just", "quickly"].contains(next) { end! += 1 }
        } else if first == "we" {
            end = match(Self.needModals, at: skipAdverbs(start + 1))
        } else if ["we've", "weve"].contains(first) {
            end = match([["got", "to"], ["gotta"]], at: start + 1)
        } else if first == "we'll" {
            end = match([["need", "to"], ["have", "to"]], at: start + 1)
        } else if first == "we'd" {
            end = match([["better"]], at: start + 1)
        }
        guard var cursor = end else { return nil }
        cursor = skipAdverbs(cursor)
        return Lead(end: cursor, isDeed: isDeed(at: cursor))
    }

    /// "can you", "could you please", "please", "I need you to", "don't forget to", "make sure you"; after a name,
    /// "you take that one".
    private func requestLead(at start: Int, addressed: Bool) -> Int? {
        guard let first = word(start) else { return nil }
        if Self.askingModals.contains(first), let you = word(start + 1), Self.you.contains(you) {
            var end = start + 2
            while let next = word(end),
                ["please", "pls", "plz", "also", "just", "quickly", "maybe", "possibly", "kindly"].contains(next)
            {
                end += 1
            }
            return end
        }
        if let end = match(Self.requestPhrases, at: start) { return end }
        if first == "you" || first == "u", let end = match(Self.needModals, at: start + 1) { return end }
        if addressed, first == "you" || first == "u", isImperative(at: start + 1, clearVerbOnly: false) {
            return start + 1
        }
        return nil
    }

    /// An imperative that asks for a deed, not a parting wish or a social plan: "grab some coffee", not "have a
    /// good day", "take care" or "check this out".
    private func isBareRequest(at index: Int) -> Bool {
        guard let verb = word(index), isImperative(at: index, clearVerbOnly: true),
            !ActionLexicon.socialImperatives.contains(verb), let next = word(index + 1)
        else { return false }
        // "update the nginx version", not "backup job failed": a word that is also a noun needs an object after it.
        if tokens[index].classes.contains(.nounVerb),
            tokens[index + 1].classes.isDisjoint(with: [.verbFollower, .determiner])
        {
            return false
        }
        // "backup job failed again last night" is news, not a request.
        let statesSomething = range.contains { index in
            guard let other = word(index) else { return false }
            return WordStem.isPast(other) || Self.statementVerbs.contains(other)
        }
        guard !statesSomething else { return false }
        return
            !(["take", "get", "drive", "keep", "check", "come", "go", "be"].contains(verb)
            && ActionLexicon.socialFollowers.contains(next))
    }

    /// Whether the word at `index` reads as a verb in the imperative ("send the deck", "book the room").
    private func isImperative(at index: Int, clearVerbOnly: Bool) -> Bool {
        guard let verb = word(index), !WordStem.isPast(verb) else { return false }
        if ActionLexicon.questionOpeners.contains(verb), let next = word(index + 1),
            ["you", "u", "we", "i", "they", "he", "she", "it", "anyone", "someone"].contains(next)
        {
            return false
        }
        let token = tokens[index]
        if token.classes.contains(.verb) { return true }
        if ActionLexicon.standInVerbs.contains(verb) { return true }
        guard !clearVerbOnly, token.classes.contains(.nounVerb) else { return false }
        return word(index + 1) != nil
    }

    // MARK: - Words

    /// The member a word addresses: "@bob", or a member's name followed by a pause or a request.
    private func addresseeWord(at index: Int) -> ActionMember? {
        guard let text = word(index), let member = roster.member(named: text) else { return nil }
        if text.hasPrefix("@") { return member }
        // A plain name addresses someone only where a request or a pause follows ("Tim can you", "Josh, please");
        // a name that is also an English word ("Will", "May") only before a pause: "will do" asks Will nothing.
        guard index + 1 < range.upperBound else { return nil }
        if tokens[index + 1].kind == .softBreak { return member }
        guard tokens[index].classes.isEmpty else { return nil }
        let next = index + 1
        if requestLead(at: next, addressed: true) != nil || commitmentLead(at: next) != nil
            || isImperative(at: next, clearVerbOnly: true)
        {
            return member
        }
        return nil
    }

    /// "..., Bob" or "... @bob" closing the deed: the member and where the name starts.
    private func trailingAddressee(from start: Int, to end: Int) -> (ActionMember, Int)? {
        guard end - 1 > start, let text = word(end - 1), let member = roster.member(named: text) else { return nil }
        if text.hasPrefix("@") { return (member, end - 1) }
        if tokens[end - 2].kind == .softBreak { return (member, end - 2) }
        // "can you grab milk on the way home Bob": a name closing the sentence, unless it is an object ("to Bob").
        guard end == range.upperBound, let before = word(end - 2), !Self.beforeObjectNames.contains(before) else {
            return nil
        }
        return (member, end - 1)
    }

    /// "please don't touch the server": a prohibition, not a task.
    private func startsWithNegation(_ index: Int) -> Bool {
        guard let first = word(index) else { return false }
        return ["don't", "dont", "never", "not", "stop"].contains(first) || first == "do" && word(index + 1) == "not"
    }

    /// "can someone explain how the cron works", "can you tell me the wifi password": asks for information, where
    /// "tell support about the new plans" asks for a deed.
    private func asksForInformation(_ index: Int) -> Bool {
        guard let verb = word(index) else { return false }
        if ActionLexicon.informationVerbs.contains(verb) { return true }
        if ActionLexicon.tellingVerbs.contains(verb), let next = word(index + 1) {
            return ["me", "us", "everyone"].contains(next) || Self.wonderWords.contains(next)
        }
        return verb == "make" && word(index + 1) == "it"
    }

    /// Where the clause holding `index` starts: after the last comma before it, or the sentence start.
    private func clauseStart(before index: Int) -> Int {
        var cursor = index
        while cursor > range.lowerBound, tokens[cursor - 1].kind == .word { cursor -= 1 }
        return cursor
    }

    /// The end of a deed's words: trailing commas and joining words ("and", "also") belong to what follows.
    private func trimmedEnd(from start: Int, to end: Int) -> Int {
        var cursor = end
        while cursor > start, tokens[cursor - 1].kind != .word || Self.joiners.contains(tokens[cursor - 1].word) {
            cursor -= 1
        }
        return cursor
    }

    /// Whether the sentence asks something: "did anyone order the badges?", "who has the spare key?".
    private var opensAsQuestion: Bool {
        guard let first = word(firstWord) else { return false }
        if first == "can" || first == "could" || first == "would" || first == "will" { return false }
        guard ActionLexicon.questionOpeners.contains(first) else { return false }
        if Self.questionWords.contains(first) { return true }
        // "did you submit the quiz?", "is the room booked?"; not "don't worry about legal".
        guard let next = word(firstWord + 1) else { return endsWithQuestionMark }
        return Self.questionSubjects.contains(next) || endsWithQuestionMark
    }

    private func word(_ index: Int) -> String? {
        guard index >= range.lowerBound, index < range.upperBound, tokens[index].kind == .word else { return nil }
        return tokens[index].word
    }

    private func words(_ span: Range<Int>) -> [String] {
        span.compactMap { tokens[$0].kind == .word ? tokens[$0].word : nil }
    }

    private func skipAdverbs(_ index: Int) -> Int {
        var cursor = index
        while let next = word(cursor), Self.adverbs.contains(next) { cursor += 1 }
        return cursor
    }

    private func match(_ phrases: [[String]], at index: Int) -> Int? {
        phrases: for phrase in phrases {
            for (offset, expected) in phrase.enumerated() where word(index + offset) != expected { continue phrases }
            return index + phrase.count
        }
        return nil
    }

    private func remark(_ span: Range<Int>, isQuestion: Bool) -> ActionStatement {
        ActionStatement(kind: isQuestion ? .question : .remark, text: plainText(span), words: words(span))
    }

    /// The text of `span` as written, with "@bob" written as the member's name so capture reads no label.
    private func plainText(_ span: Range<Int>) -> String {
        var pieces: [String] = []
        var cursor: Int?
        for index in span where tokens[index].kind == .word {
            let token = tokens[index]
            if let cursor, cursor < token.span.lowerBound {
                pieces.append(String(decoding: utf16[cursor..<token.span.lowerBound], as: UTF16.self))
            }
            if token.word.hasPrefix("@") {
                pieces.append(roster.member(named: token.word)?.name ?? String(token.text.dropFirst()))
            } else {
                pieces.append(token.text)
            }
            cursor = token.span.upperBound
        }
        return pieces.joined()
    }

    // MARK: - Word lists

    /// Words between clauses: a deed may start after them.
    static let joiners = Set<String>(["and", "also", "then", "so", "but", "plus", "or", "oh", "ps"])
    /// Words that may open a clause before its lead-in: "ok I'll", "hey Bob,", "good catch, Tim".
    static let skippable = Set<String>([
        "ok", "okay", "sure", "yes", "yeah", "yep", "yup", "and", "also", "so", "then", "oh", "hey", "hi", "well",
        "um", "uh", "ugh", "actually", "anyway", "alright", "great", "perfect", "cool", "thanks", "nice", "right",
        "hmm", "hello", "ps", "plus", "but", "k", "kk", "fine", "good", "catch", "idea", "sounds",
    ])
    static let adverbs = Set<String>([
        "also", "just", "still", "really", "definitely", "def", "probably", "prob", "then", "now", "quickly",
        "first", "actually", "totally", "gladly", "happily", "personally", "absolutely", "certainly", "go", "def",
        "both", "all", "too", "finally", "already", "asap", "urgently", "seriously", "literally",
    ])
    static let firstPersonModals: [[String]] = [
        ["need", "to"], ["have", "to"], ["got", "to"], ["gotta"], ["must"], ["should"], ["better"], ["hafta"],
        ["needa"], ["ought", "to"], ["gonna"], ["am", "gonna"], ["plan", "to"], ["intend", "to"],
    ]
    static let needModals: [[String]] = [
        ["needs", "to"], ["need", "to"], ["should"], ["has", "to"], ["have", "to"], ["must"], ["ought", "to"],
        ["gotta"], ["has", "got", "to"], ["have", "got", "to"], ["will", "need", "to"], ["will", "have", "to"],
        ["got", "to"], ["better"], ["needa"], ["hafta"],
    ]
    static let requestPhrases: [[String]] = [
        ["please"], ["pls"], ["plz"], ["kindly"], ["i", "need", "you", "to"], ["need", "you", "to"],
        ["i'd", "like", "you", "to"], ["id", "like", "you", "to"], ["i", "want", "you", "to"],
        ["we", "need", "you", "to"],
        ["don't", "forget", "to"], ["dont", "forget", "to"], ["do", "not", "forget", "to"], ["make", "sure", "you"],
        ["make", "sure", "to"], ["remember", "to"], ["be", "sure", "to"],
        ["you'll", "need", "to"], ["you'll", "have", "to"], ["youll", "need", "to"], ["you've", "got", "to"],
    ]
    static let subjectlessCommitments: [[String]] = [
        ["gonna"], ["going", "to"], ["need", "to"], ["gotta"], ["have", "to"], ["got", "to"], ["still", "need", "to"],
    ]
    static let lookingForSomeone: [[String]] = [
        ["need", "someone", "to"], ["need", "somebody", "to"], ["i", "need", "someone", "to"],
        ["we", "need", "someone", "to"], ["i", "need", "somebody", "to"], ["we", "need", "somebody", "to"],
        ["looking", "for", "someone", "to"],
    ]
    /// Words after which a name is the object of the deed, not its addressee: "send the deck to Bob", "ask Chen".
    static let beforeObjectNames = Set<String>([
        "to", "with", "for", "from", "at", "by", "about", "on", "of", "and", "or", "tell", "ask", "call", "email",
        "text", "ping", "remind", "thank", "invite", "help", "pay", "meet", "message", "cc", "include", "than",
        "like", "behind", "after", "before", "give", "show", "send", "introduce", "phone", "visit", "see", "hug",
        "congratulate", "collect", "pick", "drive", "take", "bring", "feed", "walk", "dm", "update", "notify",
    ])
    static let askingModals = Set<String>(["can", "could", "would", "will", "can't", "cant", "won't", "wont"])
    static let statementVerbs = Set<String>([
        "is", "are", "was", "were", "has", "have", "had", "will", "it's", "that's", "there's", "i'm", "we're",
        "they're", "isn't", "aren't", "wasn't", "weren't", "am",
    ])
    static let questionWords = Set<String>([
        "who", "what", "when", "where", "why", "how", "which", "whose", "whats", "what's", "who's", "whos",
        "where's", "wheres", "when's", "how's",
    ])
    static let questionSubjects = Set<String>([
        "you", "u", "we", "i", "they", "he", "she", "it", "anyone", "anybody", "someone", "somebody", "everyone",
        "the", "this", "that", "these", "those", "there", "our", "my", "your", "their", "his", "her", "any",
    ])
    /// Words that may run straight into a plain imperative: "also update the nginx version", "ok grab milk".
    static let connectives = Set<String>(["also", "and", "then", "so", "oh", "ok", "okay", "plus", "pls", "please"])
    static let wonderWords = Set<String>(["if", "what", "when", "how", "whether", "who", "where", "why"])
    static let you = Set<String>(["you", "u", "ya", "yall", "y'all"])
    static let anyone = Set<String>(["someone", "somebody", "anyone", "anybody", "sb", "smb", "somone"])
    static let placesToGo = Set<String>([
        "work", "bed", "school", "church", "class", "sleep", "be", "die", "cry", "miss", "lose", "need", "have",
        "home", "town", "campus", "practice", "lunch", "dinner", "breakfast", "party", "office", "gym",
    ])
}
