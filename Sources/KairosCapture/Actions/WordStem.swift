/// A rough stem of an English word, so "booked" meets "book", "bags" meets "bag" and "sent" meets "send".
enum WordStem {
    static func stem(_ word: String) -> String {
        var text = word.lowercased()
        if text.hasSuffix("'s") || text.hasSuffix("\u{2019}s") { text = String(text.dropLast(2)) }
        text.removeAll { $0 == "'" || $0 == "\u{2019}" }
        if let present = ActionLexicon.irregularPasts[text] { text = present }
        var stripped = false
        if text.count > 5, text.hasSuffix("ies") || text.hasSuffix("ied") {
            text = String(text.dropLast(3)) + "y"
        } else if text.count > 4, text.hasSuffix("ed") {
            text = String(text.dropLast(2))
            stripped = true
        } else if text.count > 5, text.hasSuffix("ing") {
            text = String(text.dropLast(3))
            stripped = true
        } else if text.count > 4,
            text.hasSuffix("ches") || text.hasSuffix("shes") || text.hasSuffix("sses")
                || text.hasSuffix("xes")
        {
            text = String(text.dropLast(2))
        } else if text.count > 3, text.hasSuffix("s"), !text.hasSuffix("ss"), !text.hasSuffix("us") {
            text = String(text.dropLast())
        }
        if stripped, text.count >= 4, let last = text.last, text.dropLast().last == last, !"lsz".contains(last) {
            // "stopped", "submitted", "planned"
            text.removeLast()
        }
        if text.count > 3, text.hasSuffix("e"), !text.hasSuffix("ee") { text.removeLast() }
        return text
    }

    /// Whether `word` is a past form ("booked", "sent", "watered"), as a statement that something is done uses.
    static func isPast(_ word: String) -> Bool {
        let text = word.lowercased()
        if ActionLexicon.irregularPasts[text] != nil { return true }
        return text.count > 4 && text.hasSuffix("ed") && text != "need" && text != "feed" && text != "speed"
    }
}

/// What a title or a message is about, as stems: its verb (the title's first word) and the other content words.
struct ActionTopic: Sendable {
    var verb: String?
    var objects: Set<String>

    /// Whether a title names nothing of its own but points back: "Do it", "Take that one", "Call them".
    var pointsBack = false

    /// The topic of a title: "Send the deck" is send + {deck}.
    init(title: String) {
        let words = ActionTopic.words(title)
        verb = words.first.map(WordStem.stem)
        objects = Set(
            words.dropFirst().filter {
                !ActionLexicon.stopWords.contains($0) && !ActionLexicon.backReferences.contains($0)
            }.map(WordStem.stem))
        // "Do it", "take that one", "call them at 4", "grab some from the wholesaler": the thing is a pronoun.
        let rest = words.dropFirst().drop { ["up", "out", "back", "off", "over", "down"].contains($0) }
        // With nothing else named, "look into it" and "take care of that" point back too.
        pointsBack =
            rest.first.map { ActionTopic.isPronoun($0, before: rest.dropFirst().first) } == true
            || objects.isEmpty
                && (words.first.map(ActionLexicon.standInVerbs.contains) == true
                    || rest.contains(where: ActionLexicon.pointingWords.contains))
    }

    /// The topic of free text, without a verb: every content word.
    init(text words: [String]) {
        verb = nil
        objects = Set(words.filter { !ActionLexicon.stopWords.contains($0) }.map(WordStem.stem))
    }

    /// The stems of both the verb and the objects.
    var allStems: Set<String> {
        var all = objects
        if let verb { all.insert(verb) }
        return all
    }

    /// Whether `word` stands for the thing itself rather than opening a noun phrase or naming a recipient: "some"
    /// in "grab some from the shop", not in "order some more pots"; "them" in "call them at 4", not in "send them
    /// three logos".
    static func isPronoun(_ word: String, before next: String?) -> Bool {
        guard ActionLexicon.pointingWords.contains(word) else { return false }
        guard let next else { return true }
        // "have it fixed", "get them sent": the thing, and what is to become of it.
        return ActionLexicon.afterPronoun.contains(next) || WordStem.isPast(next)
            || ["ready", "sorted", "finished"].contains(next)
    }

    /// Lower-case words of a text, apostrophes kept, other punctuation dropped.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { character in
            !(character.isLetter || character.isNumber || character == "'" || character == "\u{2019}")
        }.map(String.init)
    }
}
