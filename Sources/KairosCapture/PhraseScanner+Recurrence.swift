import KairosCore

extension PhraseScanner {
    /// A repetition: "daily", "every 2 weeks on monday", "every! 3 days", "mondays", "on the 1st of every month".
    func recurrence(at index: Int) -> Mention? {
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
            return every(at: index).map { rule, end, part in found(rule, end, part) }
        default:
            // Words a due string reads that a sentence uses otherwise: "everyday", "ev monday".
            if source == .dueString, first == "everyday" { return found(RecurrenceRule(frequency: .daily), index + 1) }
            if source == .dueString, first == "ev" {
                return every(at: index).map { rule, end, part in found(rule, end, part) }
            }
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

    /// "every …" from the word "every" at `index`, with Todoist's "every!" (repeat from completion).
    private func every(at index: Int) -> (RecurrenceRule, Int, PartOfDay?)? {
        let fromCompletion = word(index) != "each" && isCompletionMark(at: index + 1)
        guard var (rule, end, part) = everyPhrase(at: fromCompletion ? index + 2 : index + 1) else { return nil }
        rule.fromCompletion = fromCompletion
        return (rule, end, part)
    }

    /// Todoist's "every!": a "!" written onto "every" repeats from the day the task is completed.
    private func isCompletionMark(at index: Int) -> Bool {
        guard index > 0, index < tokens.count else { return false }
        let mark = tokens[index]
        return mark.kind == .hardBreak && mark.text == "!" && mark.span.lowerBound == tokens[index - 1].span.upperBound
    }

    /// "every march 12", "every 1 march": yearly from that date, as a rule and the day it starts on.
    func annualRecurrence(at index: Int) -> [Mention]? {
        guard let first = word(index), first == "every" || first == "ev" else { return nil }
        let fromCompletion = isCompletionMark(at: index + 1)
        guard let (kinds, end) = explicitDate(at: fromCompletion ? index + 2 : index + 1, prefix: nil),
            kinds.count == 1, case .day(.date(_, _, nil)) = kinds[0]
        else { return nil }
        var rule = RecurrenceRule(frequency: .yearly)
        rule.fromCompletion = fromCompletion
        return [
            Mention(kind: .recurrence(rule, partOfDay: nil), tokens: index..<end),
            Mention(kind: kinds[0], tokens: index..<end),
        ]
    }

    /// What follows "every": "day", "other week", "2 weeks", "monday and friday", "month on the 1st", "morning".
    private func everyPhrase(at start: Int) -> (RecurrenceRule, Int, PartOfDay?)? {
        var index = start
        if word(index) == "single" { index += 1 }
        // "every the 31st", "every the last day"
        if word(index) == "the", word(index + 1) == "last" || numbers.number(at: index + 1)?.isOrdinal == true {
            index += 1
        }
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
        case "weekday", "weekdays", "workday", "workdays":
            return (RecurrenceRule(frequency: .weekly, interval: interval, byDay: Self.workweek), partEnd, part)
        case "weekend", "weekends":
            return (RecurrenceRule(frequency: .weekly, interval: interval, byDay: [.saturday, .sunday]), partEnd, part)
        case "week", "weeks":
            // "every 2 weeks on monday and friday"
            if word(index + 1) == "on", let (days, end) = weekdayList(at: index + 2, plural: false) {
                return (RecurrenceRule(frequency: .weekly, interval: interval, byDay: days), end, nil)
            }
            return (RecurrenceRule(frequency: .weekly, interval: interval), index + 1, nil)
        case "last" where word(index + 1) == "day" || source == .dueString:
            // "every last day of the month"; a due string may leave out "day", as Todoist's "every last".
            var end = word(index + 1) == "day" ? index + 2 : index + 1
            if words(end, "of", "the", "month") || words(end, "of", "every", "month") {
                end += 3
            } else if words(end, "of", "month") {
                end += 2
            }
            return (RecurrenceRule(frequency: .monthly, interval: interval, byMonthDay: -1), end, nil)
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
        if cursor > index, words(cursor, "last", "day") { return (-1, cursor + 2) }
        if cursor > index, source == .dueString, word(cursor) == "last" { return (-1, cursor + 1) }
        // "on the 15th"; a due string may also say "on 15".
        guard cursor > index, let number = numbers.number(at: cursor), number.isOrdinal || source == .dueString,
            (1...31).contains(number.value)
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
            // A due string may list days with spaces alone ("every mon wed").
            guard lookahead > cursor || source == .dueString, let next = word(lookahead),
                Self.weekday(next, plural: plural) != nil
            else {
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
}
