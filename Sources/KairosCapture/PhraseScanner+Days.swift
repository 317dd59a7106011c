import KairosCore

extension PhraseScanner {
    static let dayPrepositions: Set<String> = [
        "on", "by", "before", "until", "till", "til", "due", "for", "from", "starting", "sometime", "later",
        "early", "this", "coming", "over",
    ]
    /// "tomorrow" as people type and speech recognizers write it.
    private static let tomorrowSpellings: Set<String> = [
        "tomorrow", "tmr", "tmrw", "tomorow", "tommorow", "tommorrow", "tomorrows", "2morrow", "tmw",
    ]
    /// "every day starts march 20", "beginning monday": words a due string may start a series with.
    static let seriesStartWords: Set<String> = ["starts", "beginning"]
    static let clockPrepositions: Set<String> = [
        "at", "by", "around", "before", "until", "till", "@", "from", "about",
    ]

    /// A day, time, part of day or offset phrase at `index`, with its leading prepositions.
    func temporal(at index: Int, afterDate: Bool) -> [Mention]? {
        // Try the phrase itself, then with one or two leading prepositions ("by the end of", "sometime this week").
        for skip in 0...2 {
            if skip > 0 {
                guard let lead = word(index + skip - 1),
                    Self.dayPrepositions.contains(lead) || Self.clockPrepositions.contains(lead) || lead == "in"
                        || lead == "the" || (source == .dueString && Self.seriesStartWords.contains(lead))
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
        // Words a due string reads that a sentence uses otherwise.
        if source == .dueString, text == "tod" { return ([.day(.today)], index + 1) }
        if source == .dueString, text == "yesterday" { return ([.day(.inDays(-1))], index + 1) }
        let clockPrefixed = prefix.map { Self.clockPrepositions.contains($0) } ?? false
        // "for seven thirty" is a time, "a table for two" is not: after "for" only a time with minutes or am/pm.
        let weaklyPrefixed = prefix == "for"
        switch text {
        case "today", "tday":
            return ([.day(.today)], index + 1)
        case "tonight", "tonite", "2nite":
            return ([.partOfDay(.night, keepsToday: true)], index + 1)
        // The spellings of `tomorrowSpellings`, matched here without hashing the word.
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
            if words(index + 1, "after"), let next = word(index + 2), Self.tomorrowSpellings.contains(next) {
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
            if prefix == "this" || prefix == "the" || source == .dueString { return ([.day(.thisWeekend)], index + 1) }
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
        case "year" where source == .dueString: return ([.day(.nextYear)], index + 2)
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
        // "sat", "sun" and "wed" are everyday words too; in a sentence, take them as days only after a preposition.
        if source == .capture, ["sat", "sun", "wed", "mon"].contains(text), prefix == nil { return nil }
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
    func explicitDate(at index: Int, prefix: String?) -> ([Mention.Kind], Int)? {
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
        if let text = word(cursor), text.count == 4, let value = Int(text),
            (2000...2100).contains(value) || (source == .dueString && value >= 1000)
        {
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
            guard parts[2].count == 2 || parts[2].count == 4, let value = Int(parts[2]) else { return nil }
            year = value < 100 ? 2000 + value : value
        }
        return (year, month, day)
    }

    /// "in 40 minutes", "in an hour", "in half an hour", "in a couple of days", "in 3 weeks", "in a month".
    private func relative(at index: Int) -> ([Mention.Kind], Int)? {
        var cursor = index + 1
        var amount: Double
        switch word(cursor) {
        case "half":
            guard word(cursor + 1) == "an" || word(cursor + 1) == "a" else { return nil }
            amount = 0.5
            cursor += 2
        case "few":
            amount = 3
            cursor += 1
        default:
            guard let count = numbers.count(at: cursor) else { return nil }
            amount = Double(count.value)
            cursor += count.length
        }
        if words(cursor, "and", "a", "half") {
            // "in two and a half hours"
            amount += 0.5
            cursor += 3
        }
        guard amount <= 9999, let unit = word(cursor) else { return nil }
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
        case "year", "years":
            return ([.day(.inMonths(Int(amount * 12)))], cursor)
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
}
