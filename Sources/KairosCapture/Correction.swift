/// A self-correction said while talking ("at five no wait six", "scratch that"): the words that mark it and
/// what they may do to the task said just before.
struct CorrectionMarker: Sendable {
    /// Whether a new action after the marker replaces the task before it.
    enum Replacing: Sendable, Comparable {
        /// Never: the marker only corrects a time or a day ("make that friday").
        case never
        /// Only when the new action speaks of the same thing ("actually email alice about the invoice"); "actually
        /// I also need to call the bank" is a new task.
        case whenOverlapping
        case always
    }

    /// The token after the marker's last word.
    var end: Int
    var mayRetime: Bool
    var replacing: Replacing
    /// Whether the marker ending its clause cancels the task before ("never mind that").
    var mayCancel: Bool

    /// The markers, longest first where one starts another.
    private static let phrases: [(words: [String], retimes: Bool, replacing: Replacing, cancels: Bool)] = [
        (["no", "wait"], true, .always, false),
        (["wait", "no"], true, .always, false),
        (["wait", "wait"], true, .always, false),
        (["no", "no"], true, .always, false),
        (["i", "mean"], true, .always, false),
        (["or", "rather"], true, .always, false),
        (["make", "that"], true, .never, false),
        (["make", "it"], true, .never, false),
        (["scratch", "that"], true, .always, true),
        (["strike", "that"], true, .always, true),
        (["cancel", "that"], false, .always, true),
        (["never", "mind", "that"], false, .always, true),
        (["never", "mind"], false, .always, true),
        (["nevermind"], false, .always, true),
        (["forget", "about", "that"], false, .always, true),
        (["forget", "that"], false, .always, true),
        (["forget", "it"], false, .always, true),
        (["actually"], true, .whenOverlapping, false),
        (["sorry"], true, .always, false),
        (["wait"], true, .never, false),
        (["no"], true, .never, false),
    ]

    /// The markers said one after another from `start` ("actually make that"), read as one; nil if none is there.
    static func read(at start: Int, word: (Int) -> String?) -> CorrectionMarker? {
        var marker: CorrectionMarker?
        var cursor = start
        while let phrase = phrases.first(where: { phrase in
            phrase.words.enumerated().allSatisfy { word(cursor + $0.offset) == $0.element }
        }) {
            cursor += phrase.words.count
            var joined = marker ?? CorrectionMarker(end: cursor, mayRetime: false, replacing: .never, mayCancel: false)
            joined.end = cursor
            joined.mayRetime = joined.mayRetime || phrase.retimes
            joined.replacing = max(joined.replacing, phrase.replacing)
            joined.mayCancel = joined.mayCancel || phrase.cancels
            marker = joined
        }
        return marker
    }
}

/// What a correction does, once the words after its marker are known.
enum CorrectionEffect: Sendable, Equatable {
    /// Nothing more was said: the task before is dropped and set aside.
    case cancel
    /// Only a time, a day or a date: it replaces that part of the task before.
    case retime
    /// A new action replaces the task before.
    case replace(overlapRequired: Bool)
}

extension DatePhrases {
    /// These phrases corrected by `correction`: a new time keeps the day, a new day or date keeps the time.
    func corrected(by correction: DatePhrases) -> DatePhrases {
        if correction.offsetMinutes != nil || correction.recurrence != nil { return correction }
        var result = self
        if correction.day != nil {
            result.day = correction.day
            result.offsetMinutes = nil
        }
        if correction.time != nil || correction.partOfDay != nil {
            result.offsetMinutes = nil
            result.time = correction.time
            // "tonight at 9 no wait 10": the part of day still says which half of the day.
            if correction.partOfDay != nil || correction.time == nil {
                result.partOfDay = correction.partOfDay
                result.partKeepsToday = correction.partKeepsToday
            }
        }
        return result
    }
}
