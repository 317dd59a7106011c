/// One chat message as words, with the greetings, fillers and polite question frame around the request marked off.
///
/// "Hey, could you set a reminder to ..." has the request "set a reminder to ..."; "thanks so much!" has none.
struct ChatMessage {
    let text: String
    let tokens: [Token]
    /// Indices of the word tokens of the request, in order: the message without its greetings, fillers and polite
    /// frame ("can you ...?").
    let request: [Int]
    /// The request's lower-cased words.
    let words: [String]

    init(_ text: String) {
        self.text = text
        let tokens = Tokenizer.tokenize(text)
        self.tokens = tokens
        let words = tokens.indices.filter { tokens[$0].kind == .word }
        let lowered = words.map { tokens[$0].word }
        var start = 0
        var end = lowered.count
        var changed = true
        while changed, start < end {
            changed = false
            if let length = Self.edgePhraseLength(in: lowered, from: start, to: end, leading: true) {
                start += length
                changed = true
            }
            if start < end, let length = Self.edgePhraseLength(in: lowered, from: start, to: end, leading: false) {
                end -= length
                changed = true
            }
        }
        request = Array(words[start..<max(start, end)])
        self.words = Array(lowered[start..<max(start, end)])
    }

    /// The request's word at `position` (an index into `request`), nil past either end.
    func word(_ position: Int) -> String? {
        position >= 0 && position < request.count ? tokens[request[position]].word : nil
    }

    /// Whether the request's words from `position` are `phrase`.
    func words(at position: Int, are phrase: [String]) -> Bool {
        guard position >= 0, position + phrase.count <= request.count else { return false }
        for (offset, expected) in phrase.enumerated() where tokens[request[position + offset]].word != expected {
            return false
        }
        return true
    }

    /// The length of the longest greeting, filler or polite phrase at the start (or end) of `words[from..<to]`.
    private static func edgePhraseLength(in words: [String], from: Int, to: Int, leading: Bool) -> Int? {
        let phrases = (leading ? leadingByFirstWord[words[from]] : trailingByLastWord[words[to - 1]]) ?? []
        var best: Int?
        for phrase in phrases where phrase.count <= to - from && phrase.count > (best ?? 0) {
            let slice = leading ? words[from..<from + phrase.count] : words[to - phrase.count..<to]
            if slice.elementsEqual(phrase) { best = phrase.count }
        }
        return best
    }

    private static let leadingByFirstWord = Dictionary(grouping: leadingPhrases, by: { $0[0] })
    private static let trailingByLastWord = Dictionary(grouping: trailingPhrases, by: { $0[$0.count - 1] })

    /// Words that open a message without changing what it asks: greetings, fillers and the polite question frame.
    static let leadingPhrases: [[String]] = {
        var phrases = greetings + gratitude
        phrases += Lexicon.hesitations.map { [$0] }
        phrases += ["okay", "ok", "so", "well", "alright", "right", "oh", "please", "pls", "yo", "now", "and"].map {
            [$0]
        }
        phrases += reactions
        phrases += [
            ["like"], ["you", "know"], ["i", "mean"], ["actually"], ["real", "quick"], ["quick", "question"],
        ]
        // Thinking aloud before a brain-dump: "okay so um where do i start, i have a midterm on thursday ...".
        phrases += [
            ["where", "do", "i", "start"], ["where", "do", "i", "even", "start"], ["where", "do", "i", "begin"],
            ["where", "to", "start"], ["where", "was", "i"], ["let", "me", "think"], ["let's", "see"],
        ]
        phrases += [
            ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"], ["can", "u"], ["could", "u"],
            ["would", "you", "please"], ["would", "you", "mind"], ["would", "you", "be", "able", "to"],
            ["could", "you", "please"], ["can", "you", "please"], ["will", "you", "please"],
            ["are", "you", "able", "to"],
            ["i", "was", "wondering", "if", "you", "could"], ["do", "you", "think", "you", "could"],
        ]
        return phrases
    }()

    /// Words that close a message without changing what it asks.
    static let trailingPhrases: [[String]] = {
        // "call mom tomorrow morning": a part of the day at the end is a date, not a greeting.
        var phrases = greetings.filter { $0 != ["morning"] && $0.first != "good" } + gratitude
        phrases += Lexicon.hesitations.map { [$0] }
        phrases += ["okay", "ok", "please", "pls", "thx", "ty", "bye", "yeah", "cheers"].map { [$0] }
        phrases += reactions
        phrases += [["for", "me", "please"], ["if", "you", "can"], ["if", "you", "could"], ["when", "you", "can"]]
        return phrases
    }()

    static let greetings: [[String]] = [
        ["hey"], ["hi"], ["hello"], ["hiya"], ["heya"], ["howdy"], ["greetings"], ["hey", "there"], ["hi", "there"],
        ["hello", "there"], ["good", "morning"], ["good", "afternoon"], ["good", "evening"], ["morning"],
        ["hey", "assistant"], ["hi", "assistant"], ["hey", "kairos"], ["hi", "kairos"], ["ok", "kairos"],
    ]

    /// Laughter and exclamations: "lol that's funny" is the remark "that's funny".
    static let reactions: [[String]] = [
        ["lol"], ["lmao"], ["haha"], ["hahaha"], ["hehe"], ["omg"], ["wow"], ["oh", "wow"], ["ugh"], ["yay"],
        ["whoa"], ["oof"], ["yikes"], ["aww"], ["ha"],
    ]

    static let gratitude: [[String]] = [
        ["thanks"], ["thank", "you"], ["thanks", "so", "much"], ["thank", "you", "so", "much"], ["thanks", "a", "lot"],
        ["thank", "you", "very", "much"], ["thanks", "again"], ["many", "thanks"], ["much", "appreciated"],
        ["appreciate", "it"], ["i", "appreciate", "it"], ["thanks", "in", "advance"], ["cheers"], ["thx"], ["ty"],
    ]
}
