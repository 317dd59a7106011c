/// Reads the grammar of clauses: where actions, lead-ins and commentary start.
struct ClauseReader {
    let tokens: [Token]
    /// For each token, the index of the phrase (mention) that covers it.
    let mentionAt: [Int?]
    let mentions: [Mention]
    /// Per token, computed once: the lead-in length starting there, whether commentary starts there, filler.
    private var leadIns: [Int?] = []
    private var commentary: [Bool] = []
    private var fillers: [Bool] = []

    init(tokens: [Token], mentionAt: [Int?], mentions: [Mention]) {
        self.tokens = tokens
        self.mentionAt = mentionAt
        self.mentions = mentions
        fillers = tokens.indices.map(computeIsFiller)
        leadIns = tokens.indices.map(computeLeadIn)
        commentary = tokens.indices.map(computeCommentaryStarts)
    }

    /// Whether the word at `index` is in any of the lists of `classes`.
    func has(_ index: Int, _ classes: WordClass) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .word
            && !tokens[index].classes.isDisjoint(with: classes)
    }

    func isFiller(_ index: Int) -> Bool { index >= 0 && index < fillers.count && fillers[index] }

    /// The number of tokens of a lead-in ("I need to", "remember to", "I'm gonna") starting at `index`, or nil.
    func leadIn(at index: Int) -> Int? { index < leadIns.count ? leadIns[index] : nil }

    /// Whether a clause about the speaker, not an action, starts at `index`: "it's late", "nobody ever opens
    /// them", "my shoulder is a mess", "the roosters woke me up".
    func commentaryStarts(at index: Int) -> Bool { index < commentary.count && commentary[index] }

    func word(_ index: Int) -> String? {
        index >= 0 && index < tokens.count && tokens[index].kind == .word ? tokens[index].word : nil
    }

    /// A word that is neither part of a phrase nor punctuation.
    func isPlainWord(_ index: Int) -> Bool {
        index < tokens.count && tokens[index].kind == .word && mentionAt[index] == nil
    }

    private func computeIsFiller(_ index: Int) -> Bool {
        guard isPlainWord(index), let text = word(index) else { return false }
        // "looks like a bomb went off": "like" after a verb of seeming compares.
        if text == "like", Self.seemingVerbs.contains(word(index - 1) ?? "") { return false }
        // "the first aid kit", "the fine is ridiculous": after a determiner the word describes or names.
        if Self.nounPhraseFillers.contains(text), has(index - 1, .determiner) { return false }
        // "next door", "next time": "next" before a noun is no filler; "next call the bank" is.
        if text == "next", isPlainWord(index + 1), !has(index + 1, [.verb, .subject, .pronounSubject]),
            leadIn(at: index + 1) == nil, !(Lexicon.classes[word(index + 1) ?? ""] ?? []).contains(.leadInStart)
        {
            return false
        }
        if has(index, [.hesitation, .filler]) { return true }
        // Greetings: "good morning", "hi", "hello".
        if ["hi", "hello", "hiya", "morning"].contains(text), index == 0 || word(index - 1) == "good" { return true }
        if ["morning", "afternoon", "evening", "night"].contains(text), word(index - 1) == "good" { return true }
        if text == "good", let next = word(index + 1), ["morning", "afternoon", "evening", "night"].contains(next) {
            return true
        }
        // "never mind", "scratch that", "thank you"
        if (text == "never" && word(index + 1) == "mind") || (text == "mind" && word(index - 1) == "never") {
            return true
        }
        if (text == "scratch" && word(index + 1) == "that") || (text == "that" && word(index - 1) == "scratch") {
            return true
        }
        if (text == "thank" && word(index + 1) == "you") || (text == "you" && word(index - 1) == "thank") {
            return true
        }
        if isInMetaPhrase(index) { return true }
        if text == "thing", word(index - 1) == "first", mentionAt[index - 1] == nil { return true }
        // "after that", "after this": a connector between two actions.
        if text == "after" || text == "afterwards" {
            return text == "afterwards" || ["that", "this"].contains(word(index + 1))
        }
        return (text == "that" || text == "this") && word(index - 1) == "after"
    }

    /// Talk about the capture itself: "let me get this down", "before I forget", "let me think".
    private func isInMetaPhrase(_ index: Int) -> Bool {
        guard has(index, .meta) else { return false }
        for phrase in Lexicon.metaPhrases {
            for offset in 0..<phrase.count where index - offset >= 0 {
                let start = index - offset
                if phrase.enumerated().allSatisfy({ word(start + $0.offset) == $0.element }) { return true }
            }
        }
        return false
    }

    /// A reported promise opening at `index`: "I promised Sam I'd", "I told the landlord I would", "we promised to".
    /// The person it was promised to (possibly no words) and where the promised action starts.
    func promise(at index: Int) -> (recipient: Range<Int>, action: Int)? {
        guard let subject = word(index), ["i", "we"].contains(subject), isPlainWord(index + 1),
            let verb = word(index + 1), Lexicon.promiseVerbs.contains(verb)
        else { return nil }
        var cursor = index + 2
        if verb == "said" || verb == "swore", word(cursor) == "to", !isVerb(at: cursor + 1) { cursor += 1 }
        let recipientStart = cursor
        while cursor < min(tokens.count, recipientStart + 6), tokens[cursor].kind == .word, let text = word(cursor) {
            if text == "that", let action = promisedAction(at: cursor + 1) {
                return (recipientStart..<cursor, action)
            }
            if let action = promisedAction(at: cursor) { return (recipientStart..<cursor, action) }
            // "I promised Sam to call", "we swore to fix it": to one's own action, not a request to another.
            if text == "to", verb != "told", isPlainWord(cursor + 1), !has(cursor + 1, [.determiner, .pronounSubject]) {
                return (recipientStart..<cursor, cursor + 1)
            }
            cursor += 1
        }
        return nil
    }

    /// After the person promised to: "I'd", "I would", "I'll", "we will", "I was going to", "I'm gonna". The index
    /// of the action after it.
    private func promisedAction(at index: Int) -> Int? {
        guard let first = word(index), isPlainWord(index) else { return nil }
        switch first {
        case "i'd", "we'd", "i'll", "we'll", "id":
            return index + 1
        case "i", "we":
            guard let next = word(index + 1) else { return nil }
            if ["would", "will", "could", "can", "should"].contains(next) { return index + 2 }
            if ["was", "were", "am"].contains(next), word(index + 2) == "going", word(index + 3) == "to" {
                return index + 4
            }
            return nil
        case "i'm", "im", "we're":
            if word(index + 1) == "gonna" { return index + 2 }
            if word(index + 1) == "going", word(index + 2) == "to" { return index + 3 }
            return nil
        default:
            return nil
        }
    }

    /// Whether a lead-in at `index` can open a new clause in the middle of a sentence: one with a subject
    /// ("I need to") or a reminder phrase ("remember to"), not a bare "going to" inside "start going to the gym".
    func anchoredLeadIn(at index: Int) -> Int? {
        guard let length = leadIn(at: index), let first = word(index) else { return nil }
        let anchored =
            Lexicon.subjects.contains(first) || Lexicon.contractedSubjects[first] != nil
            || [
                "remember", "remind", "don't", "dont", "do", "make", "be", "note", "reminder", "it's", "its", "it",
                "please", "can", "could", "would", "will",
            ].contains(first)
        return anchored ? length : nil
    }

    private func computeLeadIn(_ index: Int) -> Int? {
        guard has(index, .leadInStart), isPlainWord(index), let first = word(index) else { return nil }
        // "the reminder letter got lost": after a determiner, a noun.
        if has(index - 1, .determiner), !has(index, [.subject, .pronounSubject]),
            Lexicon.contractedSubjects[first] == nil
        {
            return nil
        }
        var cursor = index
        if ["i'm", "im", "we're"].contains(first), word(index + 1) == "going", word(index + 2) == "to",
            let place = word(index + 3), Lexicon.determiners.contains(place) || place == "work" || place == "bed"
        {
            // "I'm going to the gym": a place, not a plan; the title starts at "going".
            return 1
        }
        if let followers = Lexicon.contractedSubjects[first] {
            cursor += 1
            if !followers.isEmpty {
                guard let next = word(cursor), followers.contains(next) else { return nil }
                cursor += 1
            }
            return cursor + restOfModal(from: cursor) - index
        }
        if Lexicon.subjects.contains(first) {
            cursor += 1
            while has(cursor, .adverb), !has(cursor, .modal) {
                cursor += 1
            }
            guard has(cursor, .modal), let modal = word(cursor) else { return nil }
            // "I got home", "we have a meeting": past tense and possession, not "I got to", "we have to".
            if ["got", "have", "has", "had"].contains(modal), !["to", "gotta"].contains(word(cursor + 1) ?? "") {
                return nil
            }
            // "i am so cooked" tells; "i am going to" plans.
            if modal == "am",
                !["going", "gonna", "supposed", "planning", "about", "trying"].contains(word(cursor + 1) ?? "")
            {
                return nil
            }
            cursor += 1
            return cursor + restOfModal(from: cursor) - index
        }
        if first == "it's" || first == "its" || (first == "it" && word(index + 1) == "is") {
            // "it's really important to renew the passport", "it's time to call mom"
            cursor += first == "it" ? 2 : 1
            while let next = word(cursor),
                Lexicon.adverbs.contains(next) || ["very", "super", "time", "high"].contains(next)
                    || mentionAt[cursor] != nil
            {
                cursor += 1
            }
            guard cursor > index + 1, word(cursor) == "to", isPlainWord(cursor) else { return nil }
            return cursor + 1 - index
        }
        for phrase in Lexicon.leadInsByFirstWord[first] ?? [] where matches(phrase, at: index) {
            let end = index + phrase.count
            // "going to the gym" is a place, not a lead-in.
            if phrase.last == "to", has(end, .determiner) { continue }
            // "have to" and "need to" alone must be followed by an action: "need to" in "what I need to buy".
            return end + restOfModal(from: end) - index
        }
        return nil
    }

    /// After "I need", "I've got", "I'm going": "to", "got to", adverbs such as "probably" or "also".
    private func restOfModal(from start: Int) -> Int {
        var cursor = start
        while let next = word(cursor),
            Lexicon.adverbs.contains(next) || ["to", "got", "gotta", "like", "go"].contains(next)
        {
            if next == "go", !(word(cursor + 1).map { Lexicon.verbs.contains($0) } ?? false) { break }
            if next == "like", word(cursor + 1) != "to" { break }
            cursor += 1
        }
        return cursor - start
    }

    private func matches(_ phrase: [String], at index: Int) -> Bool {
        for (offset, text) in phrase.enumerated() {
            guard isPlainWord(index + offset), word(index + offset) == text else { return false }
        }
        return true
    }

    private func computeCommentaryStarts(_ index: Int) -> Bool {
        guard isPlainWord(index), let first = word(index), leadIn(at: index) == nil else { return false }
        let previous = index > 0 ? word(index - 1) : nil
        if previous != nil, has(index - 1, .complementizer), isPlainWord(index - 1) { return false }
        if has(index, .commentarySubject) {
            // "who haven't paid yet" after a noun says which ones.
            if first == "who" { return opensClause(index) }
            // "everything feels urgent", but not "moving everything around".
            guard Self.pronounLikeSubjects.contains(first) else { return true }
            return opensClause(index) || has(index + 1, .statementVerb) || isThirdPersonVerb(index + 1)
        }
        if has(index, .pronounSubject), isStatementVerb(at: index + 1) {
            return true
        }
        // "i finally have both hands free", "he never replies".
        if has(index, .pronounSubject), let adverb = word(index + 1), Self.statementAdverbs.contains(adverb),
            isStatementVerb(at: index + 2) || has(index + 2, [.verb, .nounVerb])
        {
            return true
        }
        // "can't pay for anything right now": a sentence that opens with a negation tells about the speaker.
        if startsSentence(index), Self.negations.contains(first) { return true }
        // "running on no sleep", "running late again": a sentence that opens with "-ing" and no object.
        if startsSentence(index), first.hasSuffix("ing"), first.count > 5, !has(index, .verb),
            let next = word(index + 1), Self.notInNounPhrase.contains(next) || ["late", "behind"].contains(next)
        {
            return true
        }
        // "that terrifies me", "it honestly stinks": a third person and a verb in its form.
        if Self.thirdPersons.contains(first) {
            let verb = Self.statementAdverbs.contains(word(index + 1) ?? "") ? index + 2 : index + 1
            if let next = word(verb), isPlainWord(verb), next.count > 3, next.hasSuffix("s"), !next.hasSuffix("ss"),
                !has(verb, [.determiner, .conjunction, .filler])
            {
                return true
            }
            // "it set off the alarm": without its "s", the verb can only be a past tense.
            if ["it", "she", "he"].contains(first), has(verb, [.verb, .nounVerb]), !has(verb, .modal) { return true }
        }
        // "they hate the scale", "we love it": what others do, or how we feel.
        if first == "they",
            has(index + 1, [.verb, .nounVerb]) || Self.pluralStatementVerbs.contains(word(index + 1) ?? "")
        {
            return true
        }
        if first == "we", Self.pluralStatementVerbs.contains(word(index + 1) ?? ""), leadIn(at: index) == nil {
            return true
        }
        // "milking's done", "the ute's check engine light": a contracted "is" or "has" after a bare noun.
        if opensClause(index), first.hasSuffix("'s"), first != "let's", !has(index, .commentarySubject),
            let next = word(index + 1), Self.afterContractedIs.contains(next) || isStatementVerb(at: index + 1)
        {
            return true
        }
        // "being a landlord is more work than i thought": a clause about doing something.
        if opensClause(index), first.hasSuffix("ing"), first.count > 4, !has(index, .verb),
            (index + 1...index + 5).contains(where: { Self.copulas.contains(word($0) ?? "") })
        {
            return true
        }
        if Self.copulas.contains(first), opensClause(index) { return true }
        // "may i just say ...": a question about the speaker.
        if first == "may", has(index + 1, .pronounSubject), opensClause(index) { return true }
        // "barely slept", "forgot my keys again": a sentence that opens with a past tense tells, not asks.
        if startsSentence(index),
            isPastTense(at: index) || (Self.statementAdverbs.contains(first) && isPastTense(at: index + 1))
        {
            return true
        }
        // "traffic was terrible", "venue called", "mrs jones wants her boiler looked at": a bare noun and a statement
        // verb, where a clause may start.
        if opensClause(index), !has(index, .determiner), !has(index, [.verb, .nounVerb]) || isCopulaAfterNoun(index) {
            var cursor = index + 1
            while cursor < index + 3, isPlainWord(cursor), !has(cursor, [.verb, .statementVerb, .conjunction]),
                !isFiller(cursor), !Lexicon.pastTenses.contains(word(cursor) ?? ""),
                !has(cursor, [.determiner, .pronounSubject, .subject, .commentarySubject]),
                !Self.notInNounPhrase.contains(word(cursor) ?? "")
            {
                cursor += 1
            }
            if let next = word(cursor), isPlainWord(cursor), !Self.statementAdverbs.contains(next),
                has(cursor, .statementVerb) || Self.pastStatements.contains(next) || Lexicon.pastTenses.contains(next)
            {
                return true
            }
        }
        guard has(index, .determiner), let verb = statementVerbAfterNounPhrase(at: index) else { return false }
        // "... this one is important": a remark that carries a priority, even mid-sentence.
        return opensClause(index) || isPriority(at: verb + 1)
    }

    /// Where the verb of a statement about a noun phrase opening at `index` stands ("the water bill is", "my boss
    /// keeps", "the permission slip for the museum trip is"); nil when no statement follows the phrase.
    func statementVerbAfterNounPhrase(at index: Int) -> Int? {
        guard has(index, .determiner) else { return nil }
        var cursor = index + 1
        while cursor < index + 8, isPlainWord(cursor), let text = word(cursor) {
            if cursor > index + 1, Self.statementAdverbs.contains(text) {
                // "the walls already": an adverb makes a statement only before its verb ("my husband always forgets",
                // "his daughter finally visited").
                if isStatementVerb(at: cursor + 1) || has(cursor + 1, [.verb, .nounVerb]) { return cursor }
                return nil
            }
            if cursor > index + 1, isStatementVerb(at: cursor) {
                // "the training is" but not "the kids and the dog": the phrase before the verb is all nouns.
                return cursor
            }
            // "the twins want", "my parents think": a plural noun and a verb in its plain form.
            if cursor > index + 1, Self.pluralStatementVerbs.contains(text), let noun = word(cursor - 1),
                noun.count > 3, noun.hasSuffix("s"), !noun.hasSuffix("ss")
            {
                return cursor
            }
            // "the coffee's gone cold": a contracted "is" or "has".
            if text.hasSuffix("'s"), let next = word(cursor + 1),
                isStatementVerb(at: cursor + 1) || Self.afterContractedIs.contains(next)
            {
                return cursor
            }
            if has(cursor, [.conjunction, .hesitation]) || isFiller(cursor) && !Self.nounPhraseFillers.contains(text)
                || leadIn(at: cursor) != nil
                || has(cursor, .pronounSubject) || has(cursor, .commentarySubject)
            {
                return nil
            }
            // "the awning the espresso machine is": a second noun phrase, unless after "of", "for" and the like.
            if cursor > index + 1, has(cursor, .determiner), !Self.nounPhraseLinks.contains(word(cursor - 1) ?? "") {
                return nil
            }
            cursor += 1
        }
        return nil
    }

    private static let nounPhraseLinks: Set<String> = ["of", "for", "from", "at", "on", "in", "with", "to"]
    /// Fillers that are also adjectives inside a noun phrase: "the first aid certificate".
    static let nounPhraseFillers: Set<String> = ["first", "second", "next", "last", "great", "fine", "cool", "new"]
    private static let afterContractedIs: Set<String> = [
        "gone", "been", "not", "so", "really", "getting", "going", "broken", "late", "over", "done", "still",
    ]
    private static let thirdPersons: Set<String> = ["it", "that", "this", "she", "he"]
    private static let negations: Set<String> = [
        "can't", "cant", "couldn't", "didn't", "won't", "haven't", "hasn't", "wasn't", "isn't", "don't", "doesn't",
    ]
    static let seemingVerbs: Set<String> = [
        "looks", "look", "looked", "sounds", "sound", "sounded", "feels", "feel", "felt", "seems", "seem", "smells",
        "smell", "tastes",
    ]
    private static let pluralStatementVerbs: Set<String> = [
        "want", "need", "love", "hate", "know", "think", "say", "feel", "seem", "look", "keep", "get", "go", "come",
        "live", "work", "play", "sleep", "eat", "cry", "fight", "refuse", "agree", "miss", "forget", "remember",
        "believe", "hope", "wish", "expect", "like", "won't", "don't", "can't",
    ]

    private static let statementAdverbs: Set<String> = [
        "never", "always", "ever", "still", "barely", "hardly", "really", "totally", "just", "already", "literally",
        "finally", "actually", "probably", "definitely", "seriously", "honestly", "basically", "also",
    ]

    /// "practice was rough", "swim lessons are on thursday": a word that is also a verb names a thing when a copula
    /// follows it, at once or after one more noun.
    private func isCopulaAfterNoun(_ index: Int) -> Bool {
        for offset in 1...2 {
            guard let next = word(index + offset), isPlainWord(index + offset) else { return false }
            if Self.copulas.contains(next) || ["has", "had"].contains(next) { return true }
            // "load out is finished": a particle makes a noun of the verb.
            if offset == 1, ["out", "up", "off", "in"].contains(next) { continue }
            if has(index + offset, [.determiner, .verb, .conjunction, .pronounSubject]) || isFiller(index + offset)
                || Self.notInNounPhrase.contains(next)
            {
                return false
            }
        }
        return false
    }

    /// Words that cannot stand between a bare noun and its verb: "loud to think" is no noun phrase.
    private static let notInNounPhrase: Set<String> = [
        "to", "for", "with", "about", "of", "from", "into", "on", "in", "at", "by", "off", "out", "up", "down",
    ]

    /// Whether `index` is the first word of a sentence, after any hesitations and fillers.
    private func startsSentence(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, tokens[cursor].kind == .word, has(cursor, .hesitation) || isFiller(cursor) { cursor -= 1 }
        return cursor < 0 || tokens[cursor].kind == .hardBreak
    }

    /// "slept", "blew", "finished": a past tense, not an imperative that happens to end in "ed" ("feed the cat").
    private func isPastTense(at index: Int) -> Bool {
        guard isPlainWord(index), let text = word(index), !has(index, [.verb, .nounVerb]) else { return false }
        return Lexicon.pastTenses.contains(text) || Self.pastStatements.contains(text)
            || ["slept", "woke", "went", "forgot", "ran", "fell", "came", "left", "took", "made", "said", "told"]
                .contains(text)
            || (text.hasSuffix("ed") && text.count >= 5)
    }

    /// A verb that makes a statement: a copula or auxiliary, a past tense, or a present tense ("smells", "needs").
    private func isStatementVerb(at index: Int) -> Bool {
        guard isPlainWord(index), let text = word(index) else { return false }
        if has(index, .statementVerb) || Lexicon.pastTenses.contains(text) { return true }
        if text.hasSuffix("ed"), text.count >= 4 { return true }
        // "the pills run out", "the lease expire"s: deadline verbs in the plural.
        if (text == "run" && word(index + 1) == "out") || text == "expire" { return true }
        return isThirdPersonVerb(index)
    }

    /// "smells", "needs", "watches": a known verb with the ending of the third person.
    func isThirdPersonVerb(_ index: Int) -> Bool {
        guard let text = word(index), isPlainWord(index), text.count > 3, text.hasSuffix("s"), !text.hasSuffix("ss")
        else { return false }
        let stems = [String(text.dropLast()), text.hasSuffix("es") ? String(text.dropLast(2)) : nil].compactMap { $0 }
        return stems.contains { stem in
            !(Lexicon.classes[stem] ?? []).isDisjoint(with: [.verb, .nounVerb, .statementVerb, .modal])
        }
    }

    /// Subjects that also stand inside an action ("moving everything around", "no idea where to start"): they start
    /// a remark only where a clause may start or before its verb.
    private static let pronounLikeSubjects: Set<String> = [
        "nobody", "everyone", "everybody", "somebody", "someone", "everything", "nothing", "where", "what", "how",
        "why", "whats", "what's", "man", "wow",
    ]

    /// Words that continue a list of things rather than start an action.
    private static let notActions: Set<String> = [
        "to", "for", "with", "of", "from", "in", "on", "at", "by", "more", "extra", "other", "another", "lots",
        "new", "fresh", "big", "small", "little", "some", "any", "two", "three",
    ]

    private static let pastStatements: Set<String> = [
        "has", "had", "have", "keeps", "kept", "got", "went", "woke", "broke",
    ]

    private func isPriority(at index: Int) -> Bool {
        guard index < tokens.count, let mention = mentionAt[index] else { return false }
        if case .priority = mentions[mention].kind { return true }
        return false
    }

    static let copulas: Set<String> = ["is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't", "been"]

    /// Whether `index` starts a clause: at the start, after punctuation, a filler, a conjunction or a date phrase.
    func opensClause(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = index - 1
        if tokens[previous].kind != .word || mentionAt[previous] != nil { return true }
        return has(previous, [.hesitation, .filler, .conjunction])
    }

    /// Whether an action (a verb, a lead-in or commentary) starts at `index`, after fillers and date phrases.
    /// After a conjunction or comma (`afterConjunction`) a word that is also a noun ("text dave") reads as a verb
    /// when words follow it; after a mere hesitation ("send the um email") it needs a clear object.
    func newActionStarts(at start: Int, afterConjunction: Bool = true, announced: Bool = false) -> Bool {
        var cursor = start
        // "and uh also dispute the charge": "also" or "then" after the conjunction announces a new action.
        var announced = announced
        while cursor < tokens.count {
            if tokens[cursor].kind != .word { return false }
            if let mention = mentionAt[cursor] {
                guard mentions[mention].isDate || isPriority(mentions[mention]) else { return false }
                cursor = mentions[mention].tokens.upperBound
                continue
            }
            if leadIn(at: cursor) != nil || commentaryStarts(at: cursor) { return true }
            if isFiller(cursor) || word(cursor) == "oh" {
                if let text = word(cursor), ["also", "then", "oh", "plus"].contains(text) {
                    announced = true
                }
                cursor += 1
                continue
            }
            if isVerb(at: cursor, lenient: afterConjunction) { return true }
            guard afterConjunction, announced, let text = word(cursor) else { return false }
            return !has(cursor, [.determiner, .cardinal]) && !Self.notActions.contains(text)
                && NumberReader.digitNumber(text) == nil
        }
        return false
    }

    private func isPriority(_ mention: Mention) -> Bool {
        if case .priority = mention.kind { return true }
        return false
    }

    /// A verb in the imperative: always for clear verbs, before an object or particle for words that are also nouns.
    /// Leniently (after "and"), also a word the lexicon does not know, before an object: "march the dog".
    func isVerb(at index: Int, lenient: Bool = false) -> Bool {
        guard isPlainWord(index) else { return false }
        if lenient, tokens[index].classes.isDisjoint(with: Self.notVerbClasses), has(index + 1, .determiner),
            isPlainWord(index + 1),
            let text = word(index), !text.hasSuffix("s"), !text.hasSuffix("ing"),
            NumberReader.digitNumber(text) == nil
        {
            return true
        }
        if has(index, .nounVerb) {
            guard index + 1 < tokens.count, tokens[index + 1].kind == .word else { return false }
            let next = tokens[index + 1]
            if lenient, isPlainWord(index + 1), !has(index + 1, .conjunction), !isFiller(index + 1) {
                return true
            }
            return has(index + 1, .verbFollower) || next.isCapitalized
                || NumberReader.digitNumber(next.word) != nil
                || mentionAt[index + 1] != nil && !isListMention(index + 1)
        }
        return has(index, .verb)
    }

    private static let notVerbClasses: WordClass = [
        .determiner, .conjunction, .filler, .hesitation, .pronounSubject, .commentarySubject, .subject, .modal,
        .cardinal, .number, .statementVerb, .complementizer, .adverb, .connector,
    ]

    private func isListMention(_ index: Int) -> Bool {
        guard let mention = mentionAt[index] else { return false }
        if case .list = mentions[mention].kind { return true }
        return false
    }
}
