import KairosCore

/// Finds the phrases that set due dates, recurrence, priority, lists and labels, left to right, longest first.
struct PhraseScanner {
    let tokens: [Token]
    let lists: ListDirectory
    private let numbers: NumberReader

    init(tokens: [Token], lists: ListDirectory) {
        self.tokens = tokens
        self.lists = lists
        self.numbers = NumberReader(tokens: tokens)
    }

    func scan() -> [Mention] {
        var mentions: [Mention] = []
        var index = 0
        while index < tokens.count {
            let afterDay = mentions.last.map { $0.tokens.upperBound == index && $0.isDate } ?? false
            if tokens[index].kind == .word, Self.mayStartPhrase(tokens[index]),
                let found = match(at: index, afterDate: afterDay)
            {
                mentions.append(contentsOf: found)
                index = found.last!.tokens.upperBound
            } else {
                index += 1
            }
        }
        return mentions
    }

    /// A quick test that skips the matchers for ordinary words.
    private static func mayStartPhrase(_ token: Token) -> Bool {
        guard let first = token.word.unicodeScalars.first else { return false }
        if first == "#" || first == "@" || first == "/" || ("0"..."9").contains(first) { return true }
        return token.classes.contains(.phraseStart)
    }

    static let triggers: Set<String> = {
        var words: Set<String> = [
            "in", "the", "today", "tday", "tonight", "tonite", "2nite", "tomorrow", "tmr", "tmrw", "tomorow",
            "tommorow",
            "tommorrow", "tomorrows", "2morrow", "tmw", "eod", "cob", "eow", "eom", "noon", "midday", "lunch",
            "lunchtime", "midnight", "morning", "afternoon", "evening", "night", "day", "end", "close", "first",
            "week", "weekend", "month", "next", "half", "quarter", "a", "an", "one", "every", "each", "daily",
            "nightly", "weekly", "biweekly", "fortnightly", "yearly", "annually", "monthly", "on", "priority",
            "prio", "high", "highest", "top", "medium", "mid", "normal", "moderate", "low", "lowest", "as", "very",
            "super", "really", "extremely", "most", "urgent", "urgently", "asap", "important", "critical", "to",
            "onto", "into", "under", "for", "at", "some", "no", "not", "christmas", "xmas", "new", "valentine's",
            "valentines", "halloween", "p1", "p2", "p3", "p4",
        ]
        words.formUnion(dayPrepositions)
        words.formUnion(clockPrepositions)
        words.formUnion(Lexicon.vagueTimeWords)
        words.formUnion(Lexicon.weekdays.keys)
        words.formUnion(Lexicon.months.keys)
        words.formUnion(Lexicon.cardinals.keys)
        words.formUnion(Lexicon.ordinals.keys)
        for (name, _) in Lexicon.weekdays { words.insert(name + "s") }
        return words
    }()

    private func match(at index: Int, afterDate: Bool) -> [Mention]? {
        if let mention = typedToken(at: index) ?? recurrence(at: index) { return [mention] }
        if let mentions = temporal(at: index, afterDate: afterDate) { return mentions }
        if let mention = priority(at: index) ?? listPhrase(at: index) ?? vague(at: index) { return [mention] }
        return nil
    }

    // MARK: - Token helpers

    private func word(_ index: Int) -> String? { numbers.word(index) }

    private func words(_ index: Int, _ expected: String...) -> Bool {
        for (offset, text) in expected.enumerated() where word(index + offset) != text { return false }
        return true
    }

    /// Whether a date phrase may end before `index`: the text ends, breaks, or goes on with a connecting word.
    private func isPhraseEnd(_ index: Int) -> Bool {
        guard index < tokens.count, tokens[index].kind == .word else { return true }
        return !tokens[index].classes.isDisjoint(with: Self.phraseEnders)
    }

    private static let phraseEnders: WordClass = [
        .connector, .hesitation, .filler, .pronounSubject, .commentarySubject, .verb,
    ]

    static let connectors: Set<String> = [
        "at", "in", "on", "by", "and", "or", "to", "for", "before", "after", "then", "please", "morning",
        "afternoon", "evening", "night", "so", "also", "plus", "but", "about", "around", "from", "with",
        "priority", "urgent", "asap", "important", "every", "tomorrow", "today", "tonight", "i", "we",
    ]

    // MARK: - Typed quick-add tokens

    private func typedToken(at index: Int) -> Mention? {
        let token = tokens[index]
        let text = token.text
        if text.count > 1, let first = text.first {
            let name = String(text.dropFirst())
            switch first {
            case "#" where name.first?.isLetter == true:
                return Mention(kind: .list(lists.resolve(typed: name)), tokens: index..<index + 1)
            case "@": return Mention(kind: .label(name), tokens: index..<index + 1)
            case "/" where name.first?.isLetter == true:
                return Mention(kind: .section(name), tokens: index..<index + 1)
            default: break
            }
        }
        if token.word.count == 2, token.word.first == "p", let level = Int(token.word.dropFirst()),
            (1...4).contains(level)
        {
            return Mention(kind: .priority(level), tokens: index..<index + 1)
        }
        return nil
    }

    // MARK: - Recurrence

    private func recurrence(at index: Int) -> Mention? {
        guard let first = word(index) else { return nil }
        func found(_ rule: RecurrenceRule, _ end: Int, _ part: PartOfDay? = nil) -> Mention {
            Mention(kind: .recurrence(rule, partOfDay: part), tokens: index..<end)
        }
        switch first {
        case "daily": return found(RecurrenceRule(frequency: .daily), index + 1)
        case "nightly": return found(RecurrenceRule(frequency: .daily), index + 1, .night)
        case "weekly": return found(RecurrenceRule(frequency: .weekly), index + 1)
        case "biweekly", "fortnightly": return found(RecurrenceRule(frequency: .weekly, interval: 2), index + 1)
        case "yearly", "annually": return found(RecurrenceRule(frequency: .yearly), index + 1)
        case "monthly":
            if let (day, end) = monthDaySuffix(at: index + 1) {
                return found(RecurrenceRule(frequency: .monthly, byMonthDay: day), end)
            }
            return found(RecurrenceRule(frequency: .monthly), index + 1)
        case "on", "the":
            // "on the 1st of every month"
            var cursor = index + 1
            if first == "on", word(cursor) == "the" { cursor += 1 }
            if let number = numbers.number(at: cursor), number.isOrdinal, (1...31).contains(number.value),
                words(cursor + number.length, "of", "every", "month")
                    || words(cursor + number.length, "of", "each", "month")
            {
                return found(RecurrenceRule(frequency: .monthly, byMonthDay: number.value), cursor + number.length + 3)
            }
            guard first == "on" else { return nil }
            // "on mondays", "on weekdays"
            if let next = word(index + 1), next.hasSuffix("s") {
                if next == "weekdays" {
                    return found(RecurrenceRule(frequency: .weekly, byDay: Self.workweek), index + 2)
                }
                if let (days, end) = weekdayList(at: index + 1, plural: true) {
                    return found(RecurrenceRule(frequency: .weekly, byDay: days), end)
                }
            }
            return nil
        case "every", "each":
            return everyPhrase(at: index + 1).map { rule, end, part in found(rule, end, part) }
        default:
            // "mondays and wednesdays": a plural weekday repeats.
            if first.hasSuffix("days"), Lexicon.weekdays[String(first.dropLast())] != nil,
                let (days, end) = weekdayList(at: index, plural: true)
            {
                return found(RecurrenceRule(frequency: .weekly, byDay: days), end)
            }
            return nil
        }
    }

    private static let workweek: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// What follows "every": "day", "other week", "2 weeks", "monday and friday", "month on the 1st", "morning".
    private func everyPhrase(at start: Int) -> (RecurrenceRule, Int, PartOfDay?)? {
        var index = start
        if word(index) == "single" { index += 1 }
        var interval = 1
        if word(index) == "other" {
            interval = 2
            index += 1
        } else if let number = numbers.number(at: index), number.value >= 2,
            !number.isOrdinal || ["day", "week", "month", "year"].contains(word(index + number.length))
        {
            // "every 3 weeks", "every second week"
            interval = number.value
            index += number.length
        }
        guard let unit = word(index) else { return nil }
        let part = partOfDayWord(index + 1)
        let partEnd = part == nil ? index + 1 : index + 2
        switch unit {
        case "day", "days":
            return (RecurrenceRule(frequency: .daily, interval: interval), partEnd, part)
        case "weekday", "weekdays":
            return (RecurrenceRule(frequency: .weekly, interval: interval, byDay: Self.workweek), partEnd, part)
        case "weekend", "weekends":
            return (RecurrenceRule(frequency: .weekly, interval: interval, byDay: [.saturday, .sunday]), partEnd, part)
        case "week", "weeks":
            return (RecurrenceRule(frequency: .weekly, interval: interval), index + 1, nil)
        case "month", "months":
            if let (day, end) = monthDaySuffix(at: index + 1) {
                return (RecurrenceRule(frequency: .monthly, interval: interval, byMonthDay: day), end, nil)
            }
            return (RecurrenceRule(frequency: .monthly, interval: interval), index + 1, nil)
        case "year", "years":
            return (RecurrenceRule(frequency: .yearly, interval: interval), index + 1, nil)
        case "morning", "mornings": return (RecurrenceRule(frequency: .daily, interval: interval), index + 1, .morning)
        case "afternoon", "afternoons":
            return (RecurrenceRule(frequency: .daily, interval: interval), index + 1, .afternoon)
        case "evening", "evenings": return (RecurrenceRule(frequency: .daily, interval: interval), index + 1, .evening)
        case "night", "nights": return (RecurrenceRule(frequency: .daily, interval: interval), index + 1, .night)
        default:
            if let (days, end) = weekdayList(at: index, plural: false) {
                let dayPart = partOfDayWord(end)
                return (
                    RecurrenceRule(frequency: .weekly, interval: interval, byDay: days), dayPart == nil ? end : end + 1,
                    dayPart
                )
            }
            // "every 1st of the month", "every 15th"
            if let number = numbers.number(at: index), number.isOrdinal, (1...31).contains(number.value) {
                var end = index + number.length
                if words(end, "of", "the", "month") { end += 3 } else if words(end, "of", "every", "month") { end += 3 }
                return (RecurrenceRule(frequency: .monthly, interval: interval, byMonthDay: number.value), end, nil)
            }
            return nil
        }
    }

    /// "on the 1st", "on the first" after "every month".
    private func monthDaySuffix(at index: Int) -> (Int, Int)? {
        var cursor = index
        if word(cursor) == "on" { cursor += 1 }
        if word(cursor) == "the" { cursor += 1 }
        guard cursor > index, let number = numbers.number(at: cursor), number.isOrdinal, (1...31).contains(number.value)
        else { return nil }
        return (number.value, cursor + number.length)
    }

    /// "monday", "monday and friday", "tuesday, thursday and saturday"; plural forms when `plural`.
    private func weekdayList(at index: Int, plural: Bool) -> ([Weekday], Int)? {
        var days: [Weekday] = []
        var cursor = index
        var end = index
        while cursor < tokens.count {
            guard let text = word(cursor), let day = Self.weekday(text, plural: plural) else { break }
            days.append(day)
            cursor += 1
            end = cursor
            // Separators between days: ",", "and", "&", ", and"
            var lookahead = cursor
            if lookahead < tokens.count, tokens[lookahead].kind == .softBreak { lookahead += 1 }
            if word(lookahead) == "and" || word(lookahead) == "&" { lookahead += 1 }
            guard lookahead > cursor, let next = word(lookahead), Self.weekday(next, plural: plural) != nil else {
                break
            }
            cursor = lookahead
        }
        return days.isEmpty ? nil : (days, end)
    }

    private static func weekday(_ text: String, plural: Bool) -> Weekday? {
        if let day = Lexicon.weekdays[text] { return day }
        if text.hasSuffix("s"), let day = Lexicon.weekdays[String(text.dropLast())], text.count > 4 { return day }
        return nil
    }

    private func partOfDayWord(_ index: Int) -> PartOfDay? {
        switch word(index) {
        case "morning", "mornings": .morning
        case "afternoon", "afternoons": .afternoon
        case "evening", "evenings": .evening
        case "night", "nights": .night
        default: nil
        }
    }

    // MARK: - Days and times

    private static let dayPrepositions: Set<String> = [
        "on", "by", "before", "until", "till", "til", "due", "for", "from", "starting", "sometime", "later",
        "early", "this", "coming", "over",
    ]
    private static let clockPrepositions: Set<String> = [
        "at", "by", "around", "before", "until", "till", "@", "from", "about",
    ]

    /// A day, time, part of day or offset phrase at `index`, with its leading prepositions.
    private func temporal(at index: Int, afterDate: Bool) -> [Mention]? {
        // Try the phrase itself, then with one or two leading prepositions ("by the end of", "sometime this week").
        for skip in 0...2 {
            if skip > 0 {
                guard let lead = word(index + skip - 1),
                    Self.dayPrepositions.contains(lead) || Self.clockPrepositions.contains(lead) || lead == "in"
                        || lead == "the"
                else { return nil }
            }
            let start = index + skip
            let prefix = skip > 0 ? word(index + skip - 1) : nil
            if let (kinds, end) = phrase(at: start, prefix: prefix, afterDate: afterDate) {
                // "about 5pm" is a time; "about saturday dinner" is a topic.
                if prefix == "about" || prefix == "around", !kinds.allSatisfy(Self.isTimeOfDay) { return nil }
                return kinds.map { Mention(kind: $0, tokens: index..<end) }
            }
        }
        return nil
    }

    private func phrase(at index: Int, prefix: String?, afterDate: Bool) -> ([Mention.Kind], Int)? {
        guard let text = word(index) else { return nil }
        let clockPrefixed = prefix.map { Self.clockPrepositions.contains($0) } ?? false
        // "for seven thirty" is a time, "a table for two" is not: after "for" only a time with minutes or am/pm.
        let weaklyPrefixed = prefix == "for"
        switch text {
        case "today", "tday":
            return ([.day(.today)], index + 1)
        case "tonight", "tonite", "2nite":
            return ([.partOfDay(.night, keepsToday: true)], index + 1)
        case "tomorrow", "tmr", "tmrw", "tomorow", "tommorow", "tommorrow", "tomorrows", "2morrow", "tmw":
            return ([.day(.tomorrow)], index + 1)
        case "eod", "cob":
            return ([.partOfDay(.endOfDay, keepsToday: true)], index + 1)
        case "eow":
            return ([.day(.endOfWeek(weeksAhead: 0))], index + 1)
        case "eom":
            return ([.day(.endOfMonth)], index + 1)
        case "noon", "midday", "lunch", "lunchtime":
            if text == "lunch", !(clockPrefixed || prefix == "for" || afterDate) { return nil }
            return ([.partOfDay(.noon, keepsToday: false)], index + 1)
        case "midnight":
            return ([.partOfDay(.midnight, keepsToday: false)], index + 1)
        case "morning", "afternoon", "evening", "night":
            guard afterDate || prefix == "this" || prefix == "the" || (text == "night" && prefix == "at") else {
                return nil
            }
            let part: PartOfDay =
                text == "morning" ? .morning : text == "afternoon" ? .afternoon : text == "evening" ? .evening : .night
            let keeps = (part == .evening || part == .night) && !afterDate
            return ([.partOfDay(part, keepsToday: keeps)], index + 1)
        case "day":
            if words(index + 1, "after", "tomorrow") || words(index + 1, "after", "tmr")
                || words(index + 1, "after", "tmrw")
            {
                return ([.day(.dayAfterTomorrow)], index + 3)
            }
            return nil
        case "end", "close":
            return endPhrase(at: index)
        case "first" where words(index + 1, "thing"):
            // "first thing tomorrow", "first thing in the morning"; a bare "first thing" only orders the list.
            guard let next = word(index + 2), Self.firstThingFollowers.contains(next) || Lexicon.weekdays[next] != nil
            else { return nil }
            if words(index + 2, "in", "the", "morning") {
                return ([.partOfDay(.morning, keepsToday: false)], index + 5)
            }
            return ([.partOfDay(.morning, keepsToday: false)], index + 2)
        case "week":
            if prefix == "this" { return ([.day(.thisWeek)], index + 1) }
            return nil
        case "month":
            if prefix == "this" { return ([.day(.endOfMonth)], index + 1) }
            return nil
        case "weekend":
            if prefix == "this" || prefix == "the" { return ([.day(.thisWeekend)], index + 1) }
            return nil
        case "next":
            return nextPhrase(at: index)
        case "in":
            return relative(at: index)
        default:
            break
        }
        guard tokens[index].classes.contains(.dateWord) || Self.startsWithDigit(text) else { return nil }
        // "on christmas eve", "by halloween", but not "halloween candy".
        if let found = holiday(at: index), prefix != nil || isPhraseEnd(found.1) { return found }
        if let found = weekdayPhrase(at: index, prefix: prefix) { return found }
        if let found = explicitDate(at: index, prefix: prefix) { return found }
        if let found = clock(at: index, prefixed: clockPrefixed || weaklyPrefixed),
            !weaklyPrefixed || found.0.minute != 0 || found.0.meridiem != nil
        {
            return ([.time(found.0)], found.1)
        }
        if let found = fromNow(at: index) { return found }
        return nil
    }

    private static let firstThingFollowers: Set<String> = [
        "tomorrow", "tmrw", "tmr", "in", "on", "next", "this", "monday",
    ]

    /// "end of (the) week/month/day", "close of business".
    private func endPhrase(at index: Int) -> ([Mention.Kind], Int)? {
        var cursor = index + 1
        guard word(cursor) == "of" else { return nil }
        cursor += 1
        if word(cursor) == "the" || word(cursor) == "this" { cursor += 1 }
        switch word(cursor) {
        case "week": return ([.day(.endOfWeek(weeksAhead: 0))], cursor + 1)
        case "month": return ([.day(.endOfMonth)], cursor + 1)
        case "day", "business", "workday": return ([.partOfDay(.endOfDay, keepsToday: true)], cursor + 1)
        case "next" where word(cursor + 1) == "week": return ([.day(.endOfWeek(weeksAhead: 1))], cursor + 2)
        default: return nil
        }
    }

    /// "next week", "next weekend", "next month", "next friday".
    private func nextPhrase(at index: Int) -> ([Mention.Kind], Int)? {
        switch word(index + 1) {
        case "week": return ([.day(.nextWeek)], index + 2)
        case "weekend": return ([.day(.nextWeekend)], index + 2)
        case "month": return ([.day(.nextMonth)], index + 2)
        case let text?:
            if let day = Lexicon.weekdays[text] { return ([.day(.weekday(day, .next))], index + 2) }
            return nil
        case nil: return nil
        }
    }

    private static func isTimeOfDay(_ kind: Mention.Kind) -> Bool {
        switch kind {
        case .time, .partOfDay: true
        default: false
        }
    }

    private func weekdayPhrase(at index: Int, prefix: String?) -> ([Mention.Kind], Int)? {
        guard let text = word(index), let day = Lexicon.weekdays[text] else { return nil }
        // "sat", "sun" and "wed" are everyday words too; take them as days only after a preposition.
        if ["sat", "sun", "wed", "mon"].contains(text), prefix == nil { return nil }
        // "about saturday dinner", "the friday meeting": a weekday naming a thing is part of the title.
        if ["about", "the", "regarding"].contains(word(index - 1)), !isPhraseEnd(index + 1) { return nil }
        var modifier: DayPhrase.WeekdayModifier = prefix == "this" ? .this : .plain
        var end = index + 1
        if words(end, "next", "week") {
            modifier = .next
            end += 2
        } else if words(end, "this", "week") {
            modifier = .this
            end += 2
        }
        return ([.day(.weekday(day, modifier))], end)
    }

    /// Holidays on fixed dates: "christmas", "christmas eve", "new year's eve", "valentine's day", "halloween".
    private func holiday(at index: Int) -> ([Mention.Kind], Int)? {
        func on(_ month: Int, _ day: Int, _ length: Int) -> ([Mention.Kind], Int) {
            ([.day(.date(month: month, day: day, year: nil))], index + length)
        }
        switch word(index) {
        case "christmas", "xmas":
            if word(index + 1) == "eve" { return on(12, 24, 2) }
            return on(12, 25, word(index + 1) == "day" ? 2 : 1)
        case "new" where word(index + 1) == "year's" || word(index + 1) == "years":
            if word(index + 2) == "eve" { return on(12, 31, 3) }
            if word(index + 2) == "day" { return on(1, 1, 3) }
            return nil
        case "valentine's", "valentines": return on(2, 14, word(index + 1) == "day" ? 2 : 1)
        case "halloween": return on(10, 31, 1)
        default: return nil
        }
    }

    /// "march 12", "mar 12th", "march third", "12 march", "the 3rd of april", "the 15th", "3/12", "2026-03-12".
    private func explicitDate(at index: Int, prefix: String?) -> ([Mention.Kind], Int)? {
        guard let text = word(index) else { return nil }
        if let month = Lexicon.months[text] {
            var cursor = index + 1
            if word(cursor) == "the" { cursor += 1 }
            guard let number = numbers.number(at: cursor), (1...31).contains(number.value) else { return nil }
            cursor += number.length
            let (year, end) = year(at: cursor)
            return ([.day(.date(month: month, day: number.value, year: year))], end)
        }
        if let date = Self.numericDate(text) {
            return ([.day(.date(month: date.month, day: date.day, year: date.year))], index + 1)
        }
        if let number = numbers.number(at: index), (1...31).contains(number.value) {
            var cursor = index + number.length
            if word(cursor) == "of" { cursor += 1 }
            if let next = word(cursor), let month = Lexicon.months[next],
                next != "may" || word(cursor - 1) == "of" || number.isOrdinal
            {
                let (year, end) = year(at: cursor + 1)
                return ([.day(.date(month: month, day: number.value, year: year))], end)
            }
            // "the 1st of next month", "the 15th of the month"
            if number.isOrdinal, word(index + number.length) == "of" {
                let after = index + number.length + 1
                if words(after, "next", "month") {
                    return ([.day(.dayOfNextMonth(number.value))], after + 2)
                }
                if words(after, "the", "month") || words(after, "this", "month") {
                    return ([.day(.dayOfMonth(number.value))], after + 2)
                }
            }
            // "the 15th": an ordinal that stands alone as a day of the month.
            let digitOrdinal = Self.isDigits(text) && number.isOrdinal
            if number.isOrdinal, prefix == "the" || digitOrdinal, isPhraseEnd(index + number.length) {
                return ([.day(.dayOfMonth(number.value))], index + number.length)
            }
        }
        return nil
    }

    private static func isDigits(_ text: String) -> Bool { text.first?.isNumber == true }

    static func startsWithDigit(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    }

    private func year(at index: Int) -> (Int?, Int) {
        var cursor = index
        if cursor < tokens.count, tokens[cursor].kind == .softBreak { cursor += 1 }
        if let text = word(cursor), text.count == 4, let value = Int(text), (2000...2100).contains(value) {
            return (value, cursor + 1)
        }
        return (nil, index)
    }

    /// "3/12", "3/12/2027" (month/day), "2026-03-12".
    static func numericDate(_ text: String) -> (year: Int?, month: Int, day: Int)? {
        guard let first = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        if text.count == 10, let date = LocalDate(iso: text) { return (date.year, date.month, date.day) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var year: Int?
        if parts.count == 3 {
            guard let value = Int(parts[2]) else { return nil }
            year = value < 100 ? 2000 + value : value
        }
        return (year, month, day)
    }

    /// "in 40 minutes", "in an hour", "in half an hour", "in a couple of days", "in 3 weeks", "in a month".
    private func relative(at index: Int) -> ([Mention.Kind], Int)? {
        var cursor = index + 1
        var amount: Double
        switch word(cursor) {
        case "a", "an", "one":
            cursor += 1
            if word(cursor) == "couple" {
                amount = 2
                cursor += 1
                if word(cursor) == "of" { cursor += 1 }
            } else if word(cursor) == "few" {
                amount = 3
                cursor += 1
            } else {
                amount = 1
            }
        case "half":
            guard word(cursor + 1) == "an" || word(cursor + 1) == "a" else { return nil }
            amount = 0.5
            cursor += 2
        case "couple":
            amount = 2
            cursor += 1
            if word(cursor) == "of" { cursor += 1 }
        case "few":
            amount = 3
            cursor += 1
        default:
            guard let number = numbers.number(at: cursor), !number.isOrdinal else { return nil }
            amount = Double(number.value)
            cursor += number.length
        }
        if words(cursor, "and", "a", "half") {
            // "in two and a half hours"
            amount += 0.5
            cursor += 3
        }
        guard let unit = word(cursor) else { return nil }
        cursor += 1
        if words(cursor, "and", "a", "half") {
            amount += 0.5
            cursor += 3
        }
        switch unit {
        case "minute", "minutes", "min", "mins":
            return ([.offset(minutes: Int(amount))], cursor)
        case "hour", "hours", "hr", "hrs":
            return ([.offset(minutes: Int(amount * 60))], cursor)
        case "day", "days":
            return ([.day(.inDays(Int(amount)))], cursor)
        case "week", "weeks":
            return ([.day(.inDays(Int(amount * 7)))], cursor)
        case "month", "months":
            return ([.day(.inMonths(Int(amount)))], cursor)
        default:
            return nil
        }
    }

    /// "2 days from now", "a week from today".
    private func fromNow(at index: Int) -> ([Mention.Kind], Int)? {
        var cursor = index
        var amount = 1
        if word(cursor) == "a" || word(cursor) == "one" {
            cursor += 1
        } else if let number = numbers.number(at: cursor), !number.isOrdinal {
            amount = number.value
            cursor += number.length
        } else {
            return nil
        }
        guard let unit = word(cursor), words(cursor + 1, "from"),
            word(cursor + 2) == "now" || word(cursor + 2) == "today"
        else { return nil }
        let end = cursor + 3
        switch unit {
        case "day", "days": return ([.day(.inDays(amount))], end)
        case "week", "weeks": return ([.day(.inDays(amount * 7))], end)
        case "hour", "hours": return ([.offset(minutes: amount * 60)], end)
        case "minute", "minutes": return ([.offset(minutes: amount)], end)
        default: return nil
        }
    }

    /// A time of day: "5pm", "5:30", "17:30", "five thirty pm", "nine oh five", "half past nine", "quarter to five".
    /// A bare hour ("at 5") counts only after "at", "by" and the like.
    private func clock(at index: Int, prefixed: Bool) -> (ClockTime, Int)? {
        // "the ten o'clock meeting": a time that names a thing is part of the title.
        guard let text = word(index), word(index - 1) != "the" else { return nil }
        // "half past nine", "quarter to five", "ten past six"
        if let (minutes, isPast, length) = minutesBeforeHour(at: index) {
            let hourIndex = index + length
            guard let hour = numbers.number(at: hourIndex), !hour.isOrdinal, (1...12).contains(hour.value) else {
                return nil
            }
            var end = hourIndex + hour.length
            let meridiem = self.meridiem(at: end)
            if meridiem != nil { end += 1 }
            let base = hour.value * 60 + (isPast ? minutes : -minutes)
            let h = (base / 60 + 24) % 24
            let time = ClockTime(
                hour: h == 0 ? 12 : h, minute: (base % 60 + 60) % 60, meridiem: meridiem, isTwentyFourHour: false,
                namedHour: hour.value)
            return (time, end)
        }
        if prefixed, text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value / 100 <= 23, value % 100 < 60
        {
            // "at 0900", "at 1730"
            return (ClockTime(hour: value / 100, minute: value % 100, meridiem: nil, isTwentyFourHour: true), index + 1)
        }
        if let parsed = Self.digitClock(text) {
            var end = index + 1
            var time = parsed
            if time.meridiem == nil, let meridiem = self.meridiem(at: end) {
                guard time.hour <= 12 else { return nil }
                time.meridiem = meridiem
                time.isTwentyFourHour = false
                end += 1
            } else if time.meridiem == nil, word(end) == "o'clock" || word(end) == "oclock" {
                end += 1
            } else if time.meridiem == nil, !time.isTwentyFourHour, !prefixed, !text.utf8.contains(UInt8(ascii: ":")) {
                return nil
            }
            return (time, end)
        }
        guard let hour = numbers.number(at: index), !hour.isOrdinal, (1...12).contains(hour.value), hour.length == 1
        else {
            return nil
        }
        var end = index + 1
        var minute = 0
        var marked = false
        if word(end) == "o'clock" || word(end) == "oclock" {
            end += 1
            marked = true
        } else if word(end) == "oh", let unit = word(end + 1), let value = Lexicon.cardinals[unit],
            (1...9).contains(value)
        {
            minute = value
            end += 2
        } else if let minutes = numbers.number(at: end), !minutes.isOrdinal, (10...59).contains(minutes.value) {
            minute = minutes.value
            end += minutes.length
        }
        let meridiem = self.meridiem(at: end)
        if meridiem != nil {
            end += 1
            marked = true
        }
        guard prefixed || marked else { return nil }
        return (ClockTime(hour: hour.value, minute: minute, meridiem: meridiem, isTwentyFourHour: false), end)
    }

    /// "half past", "quarter to", "ten past", "twenty to": minutes and direction before an hour.
    private func minutesBeforeHour(at index: Int) -> (Int, Bool, Int)? {
        var minutes: Int
        var cursor = index
        switch word(cursor) {
        case "half": minutes = 30
        case "quarter": minutes = 15
        case "a" where word(cursor + 1) == "quarter":
            minutes = 15
            cursor += 1
        default:
            guard let number = numbers.number(at: cursor), !number.isOrdinal, (1...30).contains(number.value) else {
                return nil
            }
            minutes = number.value
            cursor += number.length - 1
            if word(cursor + 1) == "minutes" { cursor += 1 }
        }
        cursor += 1
        switch word(cursor) {
        case "past", "after": return (minutes, true, cursor + 1 - index)
        case "to", "till", "of", "before":
            // "half to" is not a time; "ten to five" is.
            guard minutes != 30 else { return nil }
            return (minutes, false, cursor + 1 - index)
        default: return nil
        }
    }

    private func meridiem(at index: Int) -> ClockTime.Meridiem? {
        switch word(index) {
        case "am", "a.m": .am
        case "pm", "p.m": .pm
        default: nil
        }
    }

    /// "5pm", "5:30", "5:30pm", "17:30", "7a".
    static func digitClock(_ text: String) -> ClockTime? {
        guard let first = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        var rest = Substring(text)
        var meridiem: ClockTime.Meridiem?
        for (suffix, value) in [("am", ClockTime.Meridiem.am), ("pm", .pm), ("a", .am), ("p", .pm)]
        where rest.hasSuffix(suffix) {
            meridiem = value
            rest = rest.dropLast(suffix.count)
            break
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let hourText = parts.first, !hourText.isEmpty, hourText.count <= 2,
            hourText.allSatisfy({ $0.isASCII && $0.isNumber }), let hour = Int(hourText)
        else { return nil }
        var minute = 0
        if parts.count == 2 {
            guard parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(parts[1]),
                value < 60
            else { return nil }
            minute = value
        }
        if meridiem != nil {
            guard (1...12).contains(hour) else { return nil }
            return ClockTime(hour: hour, minute: minute, meridiem: meridiem, isTwentyFourHour: false)
        }
        guard hour <= 23 else { return nil }
        let twentyFour = parts.count == 2 && (hour > 12 || hour == 0 || hourText.hasPrefix("0"))
        return ClockTime(hour: hour, minute: minute, meridiem: nil, isTwentyFourHour: twentyFour)
    }

    // MARK: - Priority

    private func priority(at index: Int) -> Mention? {
        guard let text = word(index) else { return nil }
        func found(_ level: Int, _ length: Int) -> Mention {
            Mention(kind: .priority(level), tokens: index..<index + length)
        }
        if text == "priority" || text == "prio" {
            var cursor = index + 1
            if cursor < tokens.count, tokens[cursor].kind == .softBreak { cursor += 1 }
            if let level = Self.priorityLevel(word(cursor)) { return found(level, cursor + 1 - index) }
            if let number = numbers.number(at: cursor), (1...4).contains(number.value) {
                return found(number.value, cursor + number.length - index)
            }
            return nil
        }
        if let level = Self.priorityLevel(text), word(index + 1) == "priority" || word(index + 1) == "prio" {
            return found(level, 2)
        }
        if words(index, "as", "soon", "as", "possible") { return found(1, 4) }
        var cursor = index
        if ["very", "super", "really", "extremely", "most"].contains(text) { cursor += 1 }
        guard let key = word(cursor), ["urgent", "urgently", "asap", "important", "critical"].contains(key) else {
            return nil
        }
        // "the urgent care clinic", "the important documents": an adjective before a noun is part of the title.
        if key != "asap", let next = word(cursor + 1), !isPhraseEnd(cursor + 1) {
            let previous = index > 0 ? tokens[index - 1] : nil
            let opensClause =
                previous == nil || previous?.kind != .word
                || Lexicon.fillers.contains(previous!.word) || Lexicon.hesitations.contains(previous!.word)
            let actionFollows =
                Lexicon.verbs.contains(next) || Lexicon.nounVerbs.contains(next) || Lexicon.modals.contains(next)
            guard opensClause, actionFollows else { return nil }
        }
        return found(1, cursor + 1 - index)
    }

    private static func priorityLevel(_ text: String?) -> Int? {
        switch text {
        case "one", "1", "high", "highest", "top", "urgent": 1
        case "two", "2", "medium", "mid", "normal", "moderate": 2
        case "three", "3", "low": 3
        case "four", "4", "lowest", "no": 4
        default: nil
        }
    }

    // MARK: - Lists

    private static let generalLists: Set<String> = [
        "todo", "to-do", "to do", "task", "tasks", "reminder", "reminders", "things to do", "master",
    ]
    private static let listPrepositions: Set<String> = ["to", "on", "onto", "in", "into", "under", "for"]
    private static let listDeterminers: Set<String> = ["my", "the", "our", "your", "a"]

    /// "to my grocery list", "on the errands list", "for work" (an existing list), "to groceries" after "add".
    private func listPhrase(at index: Int) -> Mention? {
        guard let preposition = word(index), Self.listPrepositions.contains(preposition) else { return nil }
        var cursor = index + 1
        let determined = word(cursor).map { Self.listDeterminers.contains($0) } ?? false
        if determined { cursor += 1 }
        if words(cursor, "to", "do", "list") || words(cursor, "to-do", "list") || words(cursor, "todo", "list") {
            let end = cursor + (word(cursor) == "to" ? 3 : 2)
            return Mention(kind: .generalList, tokens: index..<end)
        }
        // Up to three name words, then "list" or "project".
        var nameWords: [Token] = []
        var scan = cursor
        while scan < tokens.count, scan < cursor + 3, tokens[scan].kind == .word {
            let text = tokens[scan].word
            if text == "list" || text == "project" || text == "lists" {
                guard !nameWords.isEmpty else { return nil }
                let name = lists.resolve(spoken: nameWords)
                // "my to-do list" is the Inbox, unless the user has a list of that name.
                if !name.exists, Self.generalLists.contains(nameWords.map(\.word).joined(separator: " ")) {
                    return Mention(kind: .generalList, tokens: index..<scan + 1)
                }
                return Mention(kind: .list(name), tokens: index..<scan + 1)
            }
            if Lexicon.determiners.contains(text) || Self.listPrepositions.contains(text) { break }
            nameWords.append(tokens[scan])
            scan += 1
        }
        // Without "list": only a name of an existing list, after "for" or after "add"/"put".
        let addsToList = preposition != "for" && precededByAddVerb(index)
        guard preposition == "for" || addsToList else { return nil }
        for length in stride(from: min(2, tokens.count - cursor), through: 1, by: -1) {
            let candidate = Array(tokens[cursor..<cursor + length])
            guard candidate.allSatisfy({ $0.kind == .word }), let name = lists.existing(spoken: candidate) else {
                continue
            }
            let end = cursor + length
            if preposition == "for", let next = word(end), !isPhraseEnd(end), !Lexicon.vagueTimeWords.contains(next) {
                continue
            }
            return Mention(kind: .list(ListName(name: name, exists: true)), tokens: index..<end)
        }
        return nil
    }

    private func precededByAddVerb(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, cursor >= index - 8, tokens[cursor].kind == .word {
            if ["add", "put", "stick", "throw", "pop", "append", "include"].contains(tokens[cursor].word) {
                return true
            }
            cursor -= 1
        }
        return false
    }

    // MARK: - Vague time

    private func vague(at index: Int) -> Mention? {
        guard let text = word(index) else { return nil }
        if Lexicon.vagueTimeWords.contains(text) { return Mention(kind: .vague, tokens: index..<index + 1) }
        if words(index, "at", "some", "point") || words(index, "one", "of", "these", "days") {
            return Mention(kind: .vague, tokens: index..<index + (text == "at" ? 3 : 4))
        }
        if text == "not", let next = word(index + 1), ["urgent", "important", "pressing"].contains(next) {
            return Mention(kind: .vague, tokens: index..<index + 2)
        }
        if words(index, "some", "time") || words(index, "no", "rush") || words(index, "no", "hurry")
            || words(index, "in", "a", "bit")
            || words(index, "in", "a", "while")
        {
            return Mention(kind: .vague, tokens: index..<index + (text == "in" ? 3 : 2))
        }
        return nil
    }
}
