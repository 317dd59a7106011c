import KairosCore

/// A date expression of a message (assistant rules, section 4) and the calendar date it names.
struct DateExpression {
    /// Token indices the expression covers.
    var tokens: Range<Int>
    /// The date named; nil for a time of day alone ("at 5pm"), which names no other day than today.
    var date: LocalDate?
}

/// Finds date expressions with the capture engine's phrase scanner and date arithmetic, plus the few forms only a
/// question about dates uses: "yesterday", "three days ago", "a week from friday", "the 15th" before a verb.
struct DateExpressionReader {
    let tokens: [Token]
    let calculator: DueCalculator
    private let numbers: NumberReader
    private let lists: ListDirectory

    init(tokens: [Token], context: CaptureContext) {
        self.tokens = tokens
        calculator = DueCalculator(now: context.now, timeZone: context.timeZone)
        numbers = NumberReader(tokens: tokens)
        lists = ListDirectory(context.lists)
    }

    private var today: LocalDate { calculator.now.date }

    /// The expressions in the order said.
    func expressions() -> [DateExpression] {
        var found: [DateExpression] = []
        var covered = [Bool](repeating: false, count: tokens.count)
        for mention in PhraseScanner(tokens: tokens, lists: lists).scan() where mention.isDate {
            found.append(DateExpression(tokens: mention.tokens, date: date(of: mention.kind)))
            for index in mention.tokens { covered[index] = true }
        }
        var index = 0
        while index < tokens.count {
            guard !covered[index], let extra = extraExpression(at: index, scanned: found) else {
                index += 1
                continue
            }
            found.removeAll { $0.tokens.overlaps(extra.tokens) }
            found.append(extra)
            for covering in extra.tokens { covered[covering] = true }
            index = extra.tokens.upperBound
        }
        return found.sorted { $0.tokens.lowerBound < $1.tokens.lowerBound }
    }

    private func date(of kind: Mention.Kind) -> LocalDate? {
        switch kind {
        case .day(let phrase): calculator.date(of: phrase)
        case .offset(let minutes): calculator.now.adding(seconds: minutes * 60, in: calculator.timeZone).date
        default: nil
        }
    }

    private func word(_ index: Int) -> String? { numbers.word(index) }

    /// A form the capture scanner leaves alone, at `index`; `scanned` are the phrases it found.
    private func extraExpression(at index: Int, scanned: [DateExpression]) -> DateExpression? {
        guard let text = word(index) else { return nil }
        switch text {
        case "yesterday", "yesterday's", "yesterdays":
            return DateExpression(tokens: index..<index + 1, date: today.adding(days: -1))
        case "tomorrow's": return DateExpression(tokens: index..<index + 1, date: today.adding(days: 1))
        case "today's", "todays", "now": return DateExpression(tokens: index..<index + 1, date: today)
        case "right" where word(index + 1) == "now": return DateExpression(tokens: index..<index + 2, date: today)
        case "the" where word(index + 1) == "day" && word(index + 2) == "before" && word(index + 3) == "yesterday":
            return DateExpression(tokens: index..<index + 4, date: today.adding(days: -2))
        case "day" where word(index + 1) == "before" && word(index + 2) == "yesterday":
            return DateExpression(tokens: index..<index + 3, date: today.adding(days: -2))
        default: break
        }
        // "next friday's date": the scanner reads weekdays without the possessive.
        if text.hasSuffix("'s"), let day = Lexicon.weekdays[String(text.dropLast(2))] {
            let modifier = word(index - 1)
            let phrase: DayPhrase.WeekdayModifier = modifier == "next" ? .next : modifier == "this" ? .this : .plain
            let start = phrase == .plain ? index : index - 1
            return DateExpression(tokens: start..<index + 1, date: calculator.date(of: .weekday(day, phrase)))
        }
        if let (days, months, end) = amount(at: index) {
            if word(end) == "ago" {
                return DateExpression(
                    tokens: index..<end + 1, date: today.adding(months: -months).adding(days: -days))
            }
            // "a week from friday", "ten days after the 15th", "two days before the 1st".
            if let relation = word(end), ["from", "after", "before"].contains(relation),
                let base = scanned.first(where: {
                    ($0.tokens.lowerBound == end || $0.tokens.lowerBound == end + 1) && $0.date != nil
                }), let baseDate = base.date
            {
                let sign = relation == "before" ? -1 : 1
                return DateExpression(
                    tokens: index..<base.tokens.upperBound,
                    date: baseDate.adding(months: sign * months).adding(days: sign * days))
            }
        }
        // "the 15th is", "the fifteenth falls": a day of the month the scanner wants at the end of a phrase.
        let start = text == "the" ? index + 1 : index
        if let number = numbers.number(at: start), number.isOrdinal, (1...31).contains(number.value),
            text == "the" || PhraseScanner.startsWithDigit(text)
        {
            return DateExpression(
                tokens: index..<start + number.length, date: calculator.date(of: .dayOfMonth(number.value)))
        }
        return nil
    }

    /// "three days", "a week", "a couple of weeks", "2 months": the days and months, and the index after the unit.
    private func amount(at index: Int) -> (days: Int, months: Int, end: Int)? {
        guard let (count, length) = numbers.count(at: index) else { return nil }
        let cursor = index + length
        switch word(cursor) {
        case "day", "days": return (count, 0, cursor + 1)
        case "week", "weeks": return (count * 7, 0, cursor + 1)
        case "month", "months": return (0, count, cursor + 1)
        default: return nil
        }
    }
}
