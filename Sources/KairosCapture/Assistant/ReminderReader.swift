/// Turns a message that asks to remember or do something into the capture engine's tasks (assistant rules, 2).
///
/// The assistant's own lead-ins ("set a reminder for me to", "remind me about", "add these tasks:") are blanked out
/// of the text, character for character, so capture reads what is left and its spans still point into the message.
struct ReminderReader {
    let message: ChatMessage
    let context: CaptureContext

    /// What capture makes of the message without its greetings and assistant lead-ins.
    func capture() -> CaptureResult {
        CaptureEngine().capture(textForCapture(), context: context)
    }

    /// The message with everything outside the request, and the request's assistant lead-in, replaced by spaces.
    func textForCapture() -> String {
        var blanked = Set<Int>()
        let request = Set(message.request)
        for index in message.tokens.indices where message.tokens[index].kind == .word && !request.contains(index) {
            blanked.insert(index)
        }
        for position in leadInPositions() { blanked.insert(message.request[position]) }
        guard !blanked.isEmpty else { return message.text }
        var units = Array(message.text.utf16)
        for index in blanked {
            for offset in message.tokens[index].span { units[offset] = 0x20 }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Request positions of the assistant lead-in at the start, with a "to" after a date said inside it ("remind me
    /// at 7:15 pm to call the pharmacy" keeps the time and drops "remind me" and "to").
    private func leadInPositions() -> [Int] {
        guard let first = message.word(0),
            let length = Self.leadInsByFirstWord[first]?.filter({ message.words(at: 0, are: $0) }).map(\.count).max()
        else { return [] }
        var positions = Array(0..<length)
        guard message.word(length - 1) != "to" else { return positions }
        let expressions = DateExpressionReader(tokens: message.tokens, context: context).expressions()
        var cursor = length
        while cursor < message.request.count, let word = message.word(cursor) {
            let token = message.request[cursor]
            let inDate = expressions.contains { $0.tokens.contains(token) }
            guard
                inDate || Self.dateGlue.contains(word) || Lexicon.cardinals[word] != nil
                    || PhraseScanner.startsWithDigit(word)
            else { break }
            cursor += 1
        }
        if cursor > length, let word = message.word(cursor), ["to", "about", "that", "of"].contains(word) {
            positions.append(cursor)
        }
        return positions
    }

    /// Words inside a date or time said between "remind me" and "to": "tomorrow at 9", "on the 3rd at noon".
    static let dateGlue: Set<String> = [
        "at", "on", "by", "in", "around", "this", "next", "the", "of", "am", "pm", "a.m", "p.m", "o'clock",
        "and", "half", "quarter", "past",
    ]

    static let leadInsByFirstWord = Dictionary(grouping: leadIns, by: { $0[0] })

    /// Openings that ask the assistant to keep a task, dropped before capture reads the rest.
    static let leadIns: [[String]] = {
        let remind: [[String]] = [
            ["remind", "me"], ["remind", "us"], ["ping", "me"], ["nudge", "me"], ["alert", "me"], ["ping", "me", "to"],
            ["nudge", "me", "to"], ["alert", "me", "to"], ["remind", "me", "to"], ["remind", "us", "to"],
            ["remind", "me", "about"],
            ["remind", "me", "of"], ["remind", "us", "about"], ["remind", "me", "that"], ["please", "remind", "me"],
            ["please", "remind", "me", "to"], ["i", "want", "you", "to", "remind", "me", "to"],
            ["i", "need", "you", "to", "remind", "me", "to"], ["help", "me", "remember"],
            ["help", "me", "remember", "to"],
            ["don't", "let", "me", "forget"], ["dont", "let", "me", "forget"], ["do", "not", "let", "me", "forget"],
            ["don't", "let", "me", "forget", "to"], ["dont", "let", "me", "forget", "to"],
            ["do", "not", "let", "me", "forget", "to"], ["don't", "let", "me", "forget", "about"],
        ]
        var phrases = remind
        for verb in [["set"], ["add"], ["create"], ["make"], ["set", "up"], ["put", "in"], ["give", "me"]] {
            for object in [
                ["a", "reminder"], ["a", "task"], ["me", "a", "reminder"], ["a", "new", "task"],
                ["a", "new", "reminder"], ["a", "todo"], ["a", "to-do"],
            ] {
                let base = verb + object
                phrases += [
                    base, base + ["to"], base + ["for"], base + ["about"], base + ["for", "me", "to"],
                    base + ["for", "me"], base + ["that"],
                ]
            }
        }
        for opening in [
            ["add", "these", "tasks"], ["add", "these", "to", "my", "tasks"], ["add", "these"],
            ["add", "the", "following", "tasks"], ["add", "the", "following"], ["add", "these", "to", "my", "to-do"],
            ["add", "tasks"], ["new", "tasks"], ["new", "task"], ["add", "these", "items"], ["add", "this", "task"],
            ["add", "this", "to", "my", "tasks"], ["add", "to", "my", "tasks"],
        ] {
            phrases.append(opening)
        }
        return phrases
    }()
}
