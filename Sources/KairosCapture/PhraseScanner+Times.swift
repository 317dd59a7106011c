import KairosCore

extension PhraseScanner {
    /// A time of day: "5pm", "5:30", "17:30", "five thirty pm", "nine oh five", "half past nine", "quarter to five".
    /// A bare hour ("at 5") counts only after "at", "by" and the like.
    func clock(at index: Int, prefixed: Bool) -> (ClockTime, Int)? {
        // "the ten o'clock meeting": a time that names a thing is part of the title.
        guard let text = word(index), word(index - 1) != "the" else { return nil }
        // "half past nine", "quarter to five", "ten past six"; "at two to renew it" is two o'clock.
        if let (minutes, isPast, length) = minutesBeforeHour(at: index),
            let hour = numbers.number(at: index + length), !hour.isOrdinal, (1...12).contains(hour.value)
        {
            let hourIndex = index + length
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

    /// "5pm", "5:30", "5:30pm", "17:30", "7a", "9:05:30".
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
        guard parts.count <= 3, let hourText = parts.first, !hourText.isEmpty, hourText.count <= 2,
            hourText.allSatisfy({ $0.isASCII && $0.isNumber }), let hour = Int(hourText)
        else { return nil }
        var fields = [0, 0]
        for (position, part) in parts.dropFirst().enumerated() {
            guard part.count == 2, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part), value < 60
            else { return nil }
            fields[position] = value
        }
        var time: ClockTime
        if meridiem != nil {
            guard (1...12).contains(hour) else { return nil }
            time = ClockTime(hour: hour, minute: fields[0], meridiem: meridiem, isTwentyFourHour: false)
        } else {
            guard hour <= 23 else { return nil }
            let twentyFour = parts.count >= 2 && (hour > 12 || hour == 0 || hourText.hasPrefix("0"))
            time = ClockTime(hour: hour, minute: fields[0], meridiem: nil, isTwentyFourHour: twentyFour)
        }
        time.second = UInt8(fields[1])
        return time
    }
}
