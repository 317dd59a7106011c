import KairosCore

/// The actions of a thread as its messages are read in order: each statement opens an action, or follows up on
/// one already open (actions-rules.md section 3), so a task is one action however many messages talk about it.
struct ActionLedger {
    /// An action and what the thread has said about it so far.
    struct Tracked {
        var item: ActionItem
        var topic: ActionTopic
        /// The member someone else asked to do it (a request or a hand-off): their "sure" accepts it.
        var askedOf: String?
        /// The id of the member whose message stated it.
        var statedBy: String
        var isOpen = true
        /// The last message that spoke of it, for "the action just said".
        var lastMessage: Int
    }

    private let members: [ActionMember]
    private(set) var tracked: [Tracked] = []

    init(members: [ActionMember]) {
        self.members = members
    }

    /// The actions still open, in the order they were first stated.
    var openItems: [ActionItem] { tracked.filter(\.isOpen).map(\.item) }

    mutating func apply(
        _ said: [SaidStatement], from sender: ActionMember?, senderID: String, message: Int, context: CaptureContext
    ) {
        let statesDeed = said.contains { $0.statement.isDeed && !$0.deeds.isEmpty }
        for statement in said {
            for deed in statement.deeds {
                switch statement.statement.kind {
                case .request(let member) where member.id == senderID:
                    commit(deed, by: sender, message: message)
                case .request(let member):
                    request(deed, of: member, by: senderID, message: message, confidence: 0.9)
                case .requestToListener:
                    // "can you call the technician?" is to the other member only when there is exactly one.
                    guard members.count == 2, members.contains(where: { $0.id == senderID }),
                        let listener = members.first(where: { $0.id != senderID })
                    else { continue }
                    request(deed, of: listener, by: senderID, message: message, confidence: 0.8)
                case .commitment:
                    commit(deed, by: sender, message: message)
                case .offer:
                    offer(deed, by: sender, message: message)
                case .need:
                    need(deed, by: senderID, message: message)
                case .remark, .question:
                    break
                }
            }
            if statement.statement.kind == .remark {
                remark(statement.statement, by: sender, message: message, statesDeed: statesDeed, context: context)
            }
        }
    }

    // MARK: - Deeds

    /// "I'll ...": a new action of the sender's, or their answer to one asked of them, or a claim of one left open.
    private mutating func commit(_ deed: Deed, by sender: ActionMember?, message: Int) {
        guard let sender else { return }
        let targets = self.targets(of: deed, for: sender.id)
        if !targets.isEmpty {
            for index in targets { take(index, by: sender, due: deed.due, message: message) }
            return
        }
        guard !deed.pointsBack, let title = deed.title else { return }
        open(
            title: title, topic: deed.topic, assignee: sender, due: deed.due, askedOf: nil, statedBy: sender.id,
            message: message, confidence: 0.9)
    }

    /// "I can ...": only a claim or an answer; an offer on its own is no action.
    private mutating func offer(_ deed: Deed, by sender: ActionMember?, message: Int) {
        guard let sender else { return }
        for index in targets(of: deed, for: sender.id) { take(index, by: sender, due: deed.due, message: message) }
    }

    /// "@bob can you ...": a new action of theirs, or a hand-off of one left open.
    private mutating func request(
        _ deed: Deed, of member: ActionMember, by senderID: String, message: Int, confidence: Double
    ) {
        let index = deed.pointsBack ? latest(where: { $0.item.assignee == nil }, verb: deed.topic.verb) : sameTask(deed)
        if let index {
            let assignee = tracked[index].item.assignee
            guard assignee == nil || assignee == member else { return }
            tracked[index].item.assignee = member
            tracked[index].askedOf = member.id
            touch(index, due: deed.due, message: message, confidence: 0.85)
            return
        }
        guard !deed.pointsBack, let title = deed.title else { return }
        open(
            title: title, topic: deed.topic, assignee: member, due: deed.due, askedOf: member.id, statedBy: senderID,
            message: message, confidence: confidence)
    }

    /// "someone needs to ...", "we should ...": an action for anyone.
    private mutating func need(_ deed: Deed, by senderID: String, message: Int) {
        guard !deed.pointsBack, let title = deed.title else { return }
        if let index = sameTask(deed) {
            touch(index, due: deed.due, message: message, confidence: tracked[index].item.confidence)
            return
        }
        open(
            title: title, topic: deed.topic, assignee: nil, due: deed.due, askedOf: nil, statedBy: senderID,
            message: message, confidence: 0.8)
    }

    /// The open action a commitment or an offer of `senderID` takes: the same task, or, for "do it", the latest
    /// one asked of them or left to anyone.
    private func targets(of deed: Deed, for senderID: String) -> [Int] {
        guard deed.pointsBack else { return sameTask(deed).map { [$0] } ?? [] }
        var found: [Int] = []
        // "I'll do both": the two latest.
        for _ in 0..<(deed.pointsAtTwo ? 2 : 1) {
            let next = latest(
                where: { action in
                    (action.item.assignee == nil || action.askedOf == senderID)
                        && !found.contains(where: { self.tracked[$0].item == action.item })
                }, verb: deed.topic.verb)
            guard let next else { break }
            found.append(next)
        }
        return found
    }

    /// The sender takes an action: claims it when it is open to anyone, answers it when it is theirs; one of
    /// someone else's stays theirs.
    private mutating func take(_ index: Int, by sender: ActionMember, due: LocalDateTime?, message: Int) {
        let assignee = tracked[index].item.assignee
        guard assignee == nil || assignee == sender else { return }
        tracked[index].item.assignee = sender
        touch(index, due: due, message: message, confidence: 0.85)
    }

    // MARK: - Remarks

    /// Answers, reports and call-offs: "sure, thursday", "on it", "deck is sent", "never mind the deck".
    private mutating func remark(
        _ statement: ActionStatement, by sender: ActionMember?, message: Int, statesDeed: Bool,
        context: CaptureContext
    ) {
        let words = statement.words
        if let index = cancelled(by: words, senderID: sender?.id, message: message) {
            tracked[index].isOpen = false
            return
        }
        let finished = completed(by: words, senderID: sender?.id, message: message)
        for index in finished { tracked[index].isOpen = false }
        if !finished.isEmpty { return }
        guard let sender, !statesDeed else { return }
        // An answer can only take or date an action asked of the sender or left to anyone.
        guard tracked.contains(where: { $0.isOpen && ($0.askedOf == sender.id || $0.item.assignee == nil) }) else {
            return
        }
        let fragment = DateFragment(statement.text, now: context.now, timeZone: context.timeZone)
        if let taking = Self.takingPhrase(in: fragment.otherWords),
            fragment.otherWords[taking...].allSatisfy(ActionLexicon.acknowledgements.contains)
        {
            // "on it", "I've got it": answers what was asked of them, or claims what was left to anyone.
            let index =
                latest(where: { $0.askedOf == sender.id && $0.item.message < message }, verb: nil)
                ?? latest(where: { $0.item.assignee == nil && $0.item.message < message }, verb: nil)
            if let index { take(index, by: sender, due: fragment.due, message: message) }
            return
        }
        // "sure", "yes, by friday": answers what was asked of them; a date in it is the action's due.
        if let due = fragment.due,
            fragment.otherWords.allSatisfy({
                ActionLexicon.acknowledgements.contains($0) || ActionLexicon.datePrepositions.contains($0)
            }),
            let index = latest(where: { $0.askedOf == sender.id && $0.item.message < message }, verb: nil)
        {
            touch(index, due: due, message: message, confidence: tracked[index].item.confidence)
        }
    }

    /// The action a call-off ends: "never mind the deck", "forget the balloons", "no need to book it anymore".
    private func cancelled(by words: [String], senderID: String?, message: Int) -> Int? {
        guard let phrase = Self.find(ActionLexicon.cancellationPhrases, in: words) else { return nil }
        if words[phrase].first == "forget", phrase.lowerBound > 0,
            ["don't", "dont", "not", "never"].contains(words[phrase.lowerBound - 1])
        {
            return nil
        }
        var rest = words
        rest.removeSubrange(phrase)
        let topic = ActionTopic(text: rest)
        if !topic.objects.isEmpty,
            let index = bestMatch(
                for: topic.objects, message: message, score: { shared, _ in shared > 0 ? shared : nil })
        {
            return index
        }
        // "never mind", "forget it", "never mind, found them in the drive": the latest action the sender stated.
        let namesSomething = rest.first.map { ["the", "a", "an", "my", "our", "your", "that", "this"].contains($0) }
        guard Self.bareCallOffs.contains(words[phrase].joined(separator: " ")),
            topic.objects.isEmpty || phrase.lowerBound == 0 && namesSomething != true, let senderID
        else { return nil }
        return latest(where: { $0.statedBy == senderID && $0.item.message < message }, verb: nil)
    }

    /// The actions a report finishes: "done, deck is sent", "greenhouse watered", "cleats are in my bag", "got
    /// the kids and the milk".
    private func completed(by words: [String], senderID: String?, message: Int) -> [Int] {
        guard !words.isEmpty, !words.contains(where: ActionLexicon.unfinishedWords.contains) else { return [] }
        // "done" says nothing about which deed: "done, check your emails" does not finish "do the ham".
        let pasts = Set(words.filter { WordStem.isPast($0) && $0 != "done" }.map(WordStem.stem))
        // "pharmacy is sending it up" is under way; "called them, they're coming thursday" is done.
        guard !pasts.isEmpty || !Self.isUnderWay(words) else { return [] }
        let opensWithPast = WordStem.isPast(words[0]) && words[0] != "done"
        let saysDone =
            words.contains(where: ActionLexicon.doneWords.contains)
            || zip(words, words.dropFirst()).contains { ["taken", "took"].contains($0) && $1 == "care" }
        let saysPlaced = Self.saysPlaced(words)
        let content = ActionTopic(text: words).objects
        var finished: [Int] = []
        var verbOnly: Int?
        for (index, action) in tracked.enumerated() where action.isOpen && action.item.message < message {
            let shared = content.intersection(action.topic.objects).count
            let verbDone = action.topic.verb.map(pasts.contains) ?? false
            let objectDone = !pasts.isDisjoint(with: action.topic.objects)
            let byAssignee = senderID != nil && action.item.assignee?.id == senderID
            if shared > 0,
                verbDone || objectDone && shared >= 2
                    || (saysDone || !pasts.isEmpty || saysPlaced)
                        && (byAssignee || shared >= 2)
            {
                finished.append(index)
            } else if shared == 0, verbDone, opensWithPast || byAssignee {
                // "restarted, latency back to normal": the deed's own verb, said of the latest such action.
                verbOnly = index
            }
        }
        if !finished.isEmpty { return finished }
        if let verbOnly { return [verbOnly] }
        // A bare "done", "approved ✅": the latest action of the sender's, asked of them or their own.
        let bare = content.subtracting(pasts).subtracting(words.prefix(1).map(WordStem.stem)).isEmpty
        guard saysDone && (bare || ActionLexicon.doneWords.contains(words[0])) || opensWithPast && bare,
            let senderID
        else { return [] }
        return latest(where: { $0.item.assignee?.id == senderID && $0.item.message < message }, verb: nil).map { [$0] }
            ?? []
    }

    /// "pharmacy is sending it up": still under way.
    private static func isUnderWay(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { first, second in
            ["is", "are", "am", "i'm", "it's", "we're", "they're", "he's", "she's"].contains(first)
                && second.hasSuffix("ing")
        }
    }

    /// "cleats are in my bag", "the slides are ready": where a finished thing now is.
    private static func saysPlaced(_ words: [String]) -> Bool {
        // "cleats are in my bag", "deck's out".
        for (index, word) in words.enumerated() where ["is", "are", "they're"].contains(word) || word.hasSuffix("'s") {
            guard index + 1 < words.count else { continue }
            let next = words[index + 1]
            if ["ready", "packed", "sorted", "set", "there", "here", "inside", "up", "live", "out"].contains(next) {
                return true
            }
            // "in my bag", "on the hook"; not "on it", "on the way".
            if ["in", "on", "at", "with"].contains(next), index + 2 < words.count,
                !["it", "way", "track", "hold", "time", "its"].contains(words[index + 2])
            {
                return true
            }
        }
        return false
    }

    // MARK: - Finding actions

    /// The open action a deed restates: the same verb and most of its things, or at least two things in common.
    private func sameTask(_ deed: Deed) -> Int? {
        let topic = deed.topic
        guard !topic.objects.isEmpty else { return nil }
        var best: (index: Int, score: Int)?
        for (index, action) in tracked.enumerated() where action.isOpen {
            let shared = topic.objects.intersection(action.topic.objects).count
            let sameVerb = topic.verb == action.topic.verb || topic.verb.map(Self.standInStems.contains) == true
            // "I can raise the heap tomorrow" restates "we should raise the heap limit"; "grab the orange slices"
            // restates "buy orange slices for the team snack".
            guard
                sameVerb && shared * 2 >= min(topic.objects.count, action.topic.objects.count) && shared > 0
                    || shared >= 2
            else { continue }
            let score = shared * 2 + (sameVerb ? 1 : 0)
            if best == nil || score >= best!.score { best = (index, score) }
        }
        return best?.index
    }

    /// The open action from an earlier message that `score` rates highest (nil: not a match); the later on ties.
    private func bestMatch(
        for content: Set<String>, message: Int, score: (Int, Tracked) -> Int?
    ) -> Int? {
        var best: (index: Int, score: Int)?
        for (index, action) in tracked.enumerated() where action.isOpen && action.item.message < message {
            let shared = content.intersection(action.topic.objects).count
            guard let value = score(shared, action) else { continue }
            if best == nil || value >= best!.score { best = (index, value) }
        }
        return best?.index
    }

    /// The open action most recently spoken of among those `include` accepts; one with the same verb first.
    private func latest(where include: (Tracked) -> Bool, verb: String?) -> Int? {
        var newest: Int?
        var newestSameVerb: Int?
        for (index, action) in tracked.enumerated() where action.isOpen && include(action) {
            if newest == nil || action.lastMessage >= tracked[newest!].lastMessage { newest = index }
            if let verb, !Self.standInStems.contains(verb), action.topic.verb == verb,
                newestSameVerb == nil || action.lastMessage >= tracked[newestSameVerb!].lastMessage
            {
                newestSameVerb = index
            }
        }
        return newestSameVerb ?? newest
    }

    // MARK: - Changes

    private mutating func open(
        title: String, topic: ActionTopic, assignee: ActionMember?, due: LocalDateTime?, askedOf: String?,
        statedBy: String, message: Int, confidence: Double
    ) {
        let item = ActionItem(title: title, assignee: assignee, due: due, message: message, confidence: confidence)
        tracked.append(
            Tracked(item: item, topic: topic, askedOf: askedOf, statedBy: statedBy, lastMessage: message))
    }

    /// A follow-up spoke of the action: the latest date said for it wins.
    private mutating func touch(_ index: Int, due: LocalDateTime?, message: Int, confidence: Double) {
        if let due { tracked[index].item.due = due }
        tracked[index].lastMessage = message
        tracked[index].item.confidence = max(tracked[index].item.confidence, confidence)
    }

    // MARK: - Words

    private static let standInStems = Set(ActionLexicon.standInVerbs.map(WordStem.stem))
    private static let bareCallOffs = Set([
        "never mind", "nevermind", "nvm", "forget it", "forget that", "scratch that", "don't bother", "dont bother",
        "not needed", "no need",
    ])

    /// Where a "take it" answer starts among `words`, when all before it are acknowledgements.
    private static func takingPhrase(in words: [String]) -> Int? {
        for start in words.indices {
            for phrase in ActionLexicon.takingPhrases where start + phrase.count <= words.count {
                if Array(words[start..<start + phrase.count]) == phrase { return start + phrase.count }
            }
            guard ActionLexicon.acknowledgements.contains(words[start]) else { return nil }
        }
        return nil
    }

    private static func find(_ phrases: [[String]], in words: [String]) -> Range<Int>? {
        for start in words.indices {
            for phrase in phrases where start + phrase.count <= words.count {
                if Array(words[start..<start + phrase.count]) == phrase { return start..<start + phrase.count }
            }
        }
        return nil
    }
}
