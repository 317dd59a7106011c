import Foundation
import KairosCore

/// Reads a search query as a question: a person among `people` (full name, first name or handle, any case,
/// "Ben's"), a commitment ("promised", "said I'd", "owe", "agreed to", "committed to", "told Ben I'd") or a
/// request ("asked me", "I asked"), who has to act, and a time ("yesterday", "last week", "since Monday", "in
/// the last 3 days", in the user's zone). The words left are search words. Pure and deterministic.
public struct SearchQuestionReader: Sendable {
    let people: [QueryPerson]
    let now: Date
    let timeZone: TimeZone

    public init(people: [QueryPerson], now: Date, timeZone: TimeZone) {
        self.people = people
        self.now = now
        self.timeZone = timeZone
    }

    public func read(_ text: String) -> SearchQuestion {
        let words = QueryWord.words(in: text)
        var used = Array(repeating: false, count: words.count)
        let period = readPeriod(words, used: &used)
        let cue = readCue(words, used: &used)
        let mention = readPerson(words, used: &used)
        let owed = cue.flatMap { whoActs(on: $0, mention: mention, in: words) }
        var left: [String] = []
        for (index, word) in words.enumerated() where !used[index] && !Self.fillers.contains(word.text) {
            left.append(word.text)
        }
        return SearchQuestion(
            person: mention?.person, commitment: cue != nil, direction: owed, asked: cue?.kind == .ask && owed != nil,
            period: period, words: left)
    }

    // MARK: Who

    /// Where a person is named: the words that name them.
    struct Mention {
        var person: QueryPerson
        var range: Range<Int>
    }

    /// The first person named, by the longest name that fits; a first name two people share names no one.
    private func readPerson(_ words: [QueryWord], used: inout [Bool]) -> Mention? {
        var index = 0
        while index < words.count {
            defer { index += 1 }
            guard !used[index], !Self.fillers.contains(words[index].text) || words[index].isPossessive else {
                continue
            }
            var best: (length: Int, people: Set<QueryPerson>) = (0, [])
            for person in people {
                for name in Self.names(of: person) where name.count >= best.length {
                    guard index + name.count <= words.count,
                        zip(name, words[index..<(index + name.count)]).allSatisfy({ $0 == $1.text })
                    else { continue }
                    best =
                        name.count > best.length ? (name.count, [person]) : (best.length, best.people.union([person]))
                }
            }
            guard best.length > 0 else { continue }
            // "Ben" when two people are called Ben: the name alone does not say which.
            guard best.people.count == 1, let person = best.people.first else { continue }
            let range = index..<(index + best.length)
            for covered in range { used[covered] = true }
            return Mention(person: person, range: range)
        }
        return nil
    }

    /// The ways a person can be named, each as lower-case words: the whole name, the first name, the handle.
    private static func names(of person: QueryPerson) -> [[String]] {
        let whole = QueryWord.words(in: person.name).map(\.text)
        var names = [whole]
        if whole.count > 1 { names.append([whole[0]]) }
        if let handle = person.handle.map({ QueryWord.words(in: $0).map(\.text) }), handle.count == 1,
            handle != whole
        {
            names.append(handle)
        }
        return names.filter { !$0.isEmpty }
    }

    // MARK: What

    /// A word that makes the query a commitment question.
    struct Cue {
        enum Kind {
            /// The subject does it: "promised", "owe", "agreed to", "committed to".
            case commit
            /// The one asked does it: "asked", "requests", "wants me to".
            case ask
            /// "said I'd", "told Ben I would": the user does it.
            case saidMine
            /// "said he'd", "told me they would": the person does it.
            case saidTheirs
        }

        var index: Int
        var kind: Kind
    }

    private func readCue(_ words: [QueryWord], used: inout [Bool]) -> Cue? {
        for (index, word) in words.enumerated() where !used[index] {
            let next = index + 1 < words.count ? words[index + 1].text : nil
            if Self.commitWords.contains(word.text) || Self.askWords.contains(word.text)
                || Self.wantWords.contains(word.text) && next == "me"
            {
                used[index] = true
                if next == "to" { used[index + 1] = true }
                return Cue(index: index, kind: Self.commitWords.contains(word.text) ? .commit : .ask)
            }
            guard Self.sayWords.contains(word.text) else { continue }
            // "said I'd", "told Ben I would", "said he'll": who will do it comes within a few words.
            for ahead in (index + 1)..<min(index + 5, words.count) where !used[ahead] {
                let pronoun = words[ahead].text
                let then = ahead + 1 < words.count ? words[ahead + 1].text : nil
                let kind: Cue.Kind?
                if Self.myPromises.contains(pronoun) || pronoun == "i" && Self.futureWords.contains(then ?? "") {
                    kind = .saidMine
                } else if Self.theirPromises.contains(pronoun)
                    || Self.theirPronouns.contains(pronoun) && Self.futureWords.contains(then ?? "")
                {
                    kind = .saidTheirs
                } else {
                    kind = nil
                }
                guard let kind else { continue }
                used[index] = true
                used[ahead] = true
                if !Self.myPromises.contains(pronoun) && !Self.theirPromises.contains(pronoun) {
                    used[ahead + 1] = true
                }
                return Cue(index: index, kind: kind)
            }
        }
        return nil
    }

    /// One side of a commitment.
    private enum Party {
        case me, person

        var other: Party { self == .me ? .person : .me }
    }

    /// Who has to act: the subject of a commitment, the one asked in a request. A passive ("was I asked")
    /// swaps them; with no subject, a person after "from" or "by" is the subject, a person the words are to or
    /// for ("promises to Ben", "owe Ben") makes the user it. Otherwise it stays open.
    private func whoActs(on cue: Cue, mention: Mention?, in words: [QueryWord]) -> CommitmentDirection? {
        switch cue.kind {
        case .saidMine: return .mine
        case .saidTheirs: return mention == nil ? nil : .theirs
        case .commit, .ask: break
        }
        var subject: Party?
        var subjectIndex = cue.index
        for index in stride(from: cue.index - 1, through: 0, by: -1) {
            if let mention, mention.range.contains(index) {
                (subject, subjectIndex) = (.person, mention.range.lowerBound)
                break
            }
            if Self.myWords.contains(words[index].text) {
                (subject, subjectIndex) = (.me, index)
                break
            }
        }
        // "was I asked", "have I been promised": the one named received it.
        let passive =
            words[cue.index].text.hasSuffix("ed")
            && [cue.index - 1, subjectIndex - 1].contains { $0 >= 0 && Self.passiveWords.contains(words[$0].text) }
        if let found = subject, passive {
            subject = found.other
        }
        if subject == nil, let mention, mention.range.lowerBound > cue.index {
            let before = words[mention.range.lowerBound - 1].text
            if before == "from" || before == "by" {
                subject = .person
            } else if mention.range.lowerBound == cue.index + 1 || before == "to" || before == "for" {
                subject = .me
            }
        }
        guard let subject else { return nil }
        let doer = cue.kind == .commit ? subject : subject.other
        return doer == .me ? .mine : .theirs
    }

    private static let commitWords: Set<String> = [
        "promise", "promised", "promises", "promising", "owe", "owes", "owed", "owing", "agreed", "agree", "agrees",
        "committed", "commit", "commits", "commitment", "commitments",
    ]
    private static let askWords: Set<String> = [
        "ask", "asked", "asks", "asking", "request", "requested", "requests",
    ]
    private static let wantWords: Set<String> = ["want", "wants", "wanted"]
    private static let sayWords: Set<String> = ["said", "say", "says", "told", "tell", "tells"]
    private static let myPromises: Set<String> = ["i'd", "i'll"]
    private static let theirPromises: Set<String> = ["he'd", "she'd", "they'd", "he'll", "she'll", "they'll"]
    private static let theirPronouns: Set<String> = ["he", "she", "they"]
    private static let futureWords: Set<String> = ["would", "will", "was", "were", "am", "could"]
    private static let myWords: Set<String> = ["i", "i've", "i'd", "i'm", "my", "mine"]
    private static let passiveWords: Set<String> = ["was", "were", "been", "being", "got", "get", "am", "is", "are"]

    /// Words a question is put in, which are not what it looks for.
    static let fillers: Set<String> = [
        "what", "which", "who", "whom", "did", "do", "does", "done", "doing", "have", "has", "had", "i", "me", "my",
        "mine", "i'd", "i'll", "i've", "i'm", "you", "your", "to", "for", "from", "by", "about", "with", "of", "on",
        "in", "at", "the", "a", "an", "that", "things", "thing", "stuff", "anything", "everything", "something",
        "all", "any", "is", "are", "was", "were", "be", "been", "being", "am", "he", "she", "they", "him", "her",
        "them", "his", "their", "he'd", "she'd", "they'd", "would", "will", "could", "should", "can", "and", "or",
        "so", "yet", "still", "ever", "please", "show", "find", "list", "us", "we", "our", "it", "its", "there",
        "when", "where", "how", "why", "get", "got", "again", "remind", "tell", "told", "say", "said", "make",
        "made", "since", "over", "during", "within",
    ]

    // MARK: When

    /// A time phrase anywhere in the query, read in the user's zone from today's date.
    private func readPeriod(_ words: [QueryWord], used: inout [Bool]) -> SearchPeriod? {
        for index in words.indices {
            if words[index].text == "since", let (start, length) = startPoint(in: words, at: index + 1) {
                for covered in index...(index + length) { used[covered] = true }
                return SearchPeriod(from: start)
            }
            if let (period, length) = span(in: words, at: index) {
                for covered in index..<(index + length) { used[covered] = true }
                return period
            }
        }
        return nil
    }

    private var today: LocalDate { LocalDate.today(in: timeZone, now: now) }

    private func start(_ date: LocalDate) -> Date { date.startOfDay(in: timeZone) }

    /// Monday of the week `date` is in (weeks start on Monday, as in ISO 8601).
    private func weekStart(_ date: LocalDate) -> LocalDate { date.adding(days: 1 - date.weekday.rawValue) }

    private func monthStart(_ date: LocalDate) -> LocalDate {
        LocalDate(year: date.year, month: date.month, day: 1) ?? date
    }

    /// "today", "yesterday", "this week", "last month", "in the last 3 days", "the past week": the period and
    /// how many words say it.
    private func span(in words: [QueryWord], at index: Int) -> (SearchPeriod, Int)? {
        func word(_ offset: Int) -> String? { index + offset < words.count ? words[index + offset].text : nil }
        switch (word(0), word(1)) {
        case ("today", _): return (SearchPeriod(from: start(today), to: start(today.adding(days: 1))), 1)
        case ("yesterday", _): return (SearchPeriod(from: start(today.adding(days: -1)), to: start(today)), 1)
        case ("this", "week"):
            return (SearchPeriod(from: start(weekStart(today)), to: start(weekStart(today).adding(days: 7))), 2)
        case ("last", "week"):
            return (SearchPeriod(from: start(weekStart(today).adding(days: -7)), to: start(weekStart(today))), 2)
        case ("this", "month"):
            return (SearchPeriod(from: start(monthStart(today)), to: start(monthStart(today).adding(months: 1))), 2)
        case ("last", "month"):
            return (SearchPeriod(from: start(monthStart(today).adding(months: -1)), to: start(monthStart(today))), 2)
        default: break
        }
        // "in the last 3 days", "over the past two weeks", "the past week", "last 10 days".
        var length = 0
        if ["in", "over", "during", "within"].contains(word(length) ?? "") { length += 1 }
        let saysThe = word(length) == "the"
        if saysThe { length += 1 }
        guard ["last", "past"].contains(word(length) ?? "") else { return nil }
        length += 1
        var count = 1
        if let number = word(length).flatMap(Self.number) {
            count = number
            length += 1
        } else if !saysThe {
            return nil
        }
        let days: Int
        switch word(length) {
        case "day", "days": days = count
        case "week", "weeks": days = 7 * count
        default: return nil
        }
        guard count > 0, days <= 3660 else { return nil }
        return (SearchPeriod(from: now.addingTimeInterval(-Double(days) * 86_400)), length + 1)
    }

    /// What "since" counts from: a weekday (the latest one before today), "yesterday", "this/last week or
    /// month"; with how many words say it.
    private func startPoint(in words: [QueryWord], at index: Int) -> (Date, Int)? {
        guard index < words.count else { return nil }
        if let weekday = Lexicon.weekdays[words[index].text] {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return (start(today.adding(days: -(back == 0 ? 7 : back))), 1)
        }
        if words[index].text == "last", index + 1 < words.count, let weekday = Lexicon.weekdays[words[index + 1].text] {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return (start(today.adding(days: -(back == 0 ? 7 : back))), 2)
        }
        guard let (period, length) = span(in: words, at: index) else { return nil }
        return (period.from, length)
    }

    /// "3", "three", "a": a small count.
    private static func number(_ word: String) -> Int? {
        if let value = Int(word) { return value }
        if word == "a" || word == "an" { return nil }
        return Lexicon.cardinals[word].flatMap { $0 > 0 ? $0 : nil }
    }
}

/// One word of a query, lower-case, with apostrophes kept ("i'd") and a possessive "'s" taken off ("ben's").
struct QueryWord: Hashable, Sendable {
    var text: String
    var isPossessive: Bool

    static func words(in text: String) -> [QueryWord] {
        var words: [QueryWord] = []
        var current = ""
        func finish() {
            let trimmed = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            current = ""
            guard !trimmed.isEmpty else { return }
            if trimmed.hasSuffix("'s"), trimmed.count > 2 {
                words.append(QueryWord(text: String(trimmed.dropLast(2)), isPossessive: true))
            } else {
                words.append(QueryWord(text: trimmed, isPossessive: false))
            }
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}" {
                current.append("'")
            } else {
                finish()
            }
        }
        finish()
        return words
    }
}
