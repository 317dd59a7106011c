import KairosCore

// Statements that are tasks though they name no action: deadlines and appointments (capture rules, section 7).
extension UtteranceParser {
    /// The subject of a statement that gives it a deadline or a date, without its article: "the quarterly report"
    /// in "the quarterly report is due next tuesday", "car registration" in "my car registration expires end of
    /// the month", "meeting" in "the meeting is on friday". Nil when `body` is not such a statement.
    func deadlineSubject(_ body: [Int], hasDate: Bool) -> [Int]? {
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
        while end < tokens.count, tokens[end].kind == .word,
            mentionAt[end] != nil || Self.deadlineJoiners.contains(tokens[end].word)
        {
            end += 1
        }
        let closes =
            end >= tokens.count || tokens[end].kind != .word || reader.has(end, [.conjunction, .hesitation])
            || reader.isFiller(end) || reader.commentaryStarts(at: end) || leadInMask[end]
        return closes ? start..<cursor : nil
    }

    static let subjectArticles: Set<String> = ["the", "a", "an", "my", "our", "his", "her", "their", "your"]

    /// Where the words linking a subject to its deadline end, if they start at `body[cursor]`: "is due", "are due
    /// back", "expires", "runs out", "has to be done", or a bare "is" before nothing but a date.
    func deadlineLink(in body: [Int], at cursor: Int, hasDate: Bool) -> (end: Int, isDeadline: Bool)? {
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

    static let doneWords: Set<String> = ["done", "finished", "submitted", "in", "sent", "paid", "filed", "ready"]

    /// Whether nothing but date phrases, and the little words around them, follow a deadline's link.
    func restIsTiming(_ rest: ArraySlice<Int>) -> Bool {
        rest.allSatisfy { index in
            tokens[index].kind != .word || mentionAt[index] != nil || reader.isFiller(index)
                || reader.has(index, [.hesitation, .trailingFiller])
                || Self.deadlineJoiners.contains(tokens[index].word)
        }
    }

    static let deadlineJoiners: Set<String> = ["on", "by", "at", "the", "back", "before", "in", "again"]
}
