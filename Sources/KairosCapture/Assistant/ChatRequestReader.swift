/// Tells a message that wants an answer in the chat (assistant rules, 1.3 and 1.4) from one that asks for something
/// to be done: "what / how / why ...?", "do you work offline?", "tell me ...", "give me some tips ...".
struct ChatRequestReader {
    let message: ChatMessage
    let context: CaptureContext

    /// Whether the request is a question or asks the assistant to answer now, rather than to remember a task.
    var wantsChatAnswer: Bool {
        let words = message.words
        guard let first = words.first else { return true }
        // "when I get home, call mom": a time clause, not a question ("when do I ..." is one).
        let timeClause =
            ["when", "once", "whenever"].contains(first) && ["i", "we", "you"].contains(message.word(1) ?? "")
            && !message.text.contains("?")
        // "what a week": an exclamation, not a question.
        let exclamation = first == "what" && ["a", "an"].contains(message.word(1) ?? "")
        if Self.questionWords.contains(first), !timeClause, !exclamation { return true }
        if Self.auxiliaries.contains(first), let second = words.dropFirst().first, Self.subjects.contains(second) {
            return true
        }
        if Self.chatRequests.contains(where: { message.words(at: 0, are: $0) }) { return true }
        // "give me some ideas for dinner", "any tips for packing?"
        if ["give", "any", "some", "share", "need", "got"].contains(first) || message.words(at: 0, are: ["i", "need"]) {
            if words.prefix(5).contains(where: Self.adviceNouns.contains) { return true }
        }
        // "my to-do list is too long": a remark about a thing, with no day to make it a deadline.
        if Self.possessives.contains(first), let copula = words.prefix(5).firstIndex(where: Self.copulas.contains),
            !words[(copula + 1)...].contains(where: Lexicon.verbs.contains), !namesADate
        {
            return true
        }
        // "tired of this", "so stressed": how the user feels.
        if Self.moods.contains(first) { return true }
        // "I love this app", "I hate mondays": a feeling, not an intention ("I'd love to ..." is one).
        if first == "i", words.count > 2, Self.feelings.contains(words[1]), words[2] != "to" { return true }
        return Self.remarks.contains { words == $0 }
    }

    /// Whether a date or time is said anywhere in the message.
    private var namesADate: Bool {
        !DateExpressionReader(tokens: message.tokens, context: context).expressions().isEmpty
    }

    static let questionWords: Set<String> = [
        "what", "what's", "whats", "how", "how's", "hows", "why", "why's", "who", "who's", "whos", "where",
        "where's", "wheres", "which", "when", "when's", "whens", "whose", "whom", "what're", "how're", "wat", "wats",
    ]
    static let auxiliaries: Set<String> = [
        "is", "are", "am", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will", "shall",
        "may", "might", "isn't", "aren't", "don't", "doesn't", "didn't", "can't", "won't", "shouldn't", "wouldn't",
    ]
    static let subjects: Set<String> = [
        "i", "you", "u", "we", "it", "they", "he", "she", "there", "this", "that", "these", "those", "my", "your",
        "anyone", "someone", "anything",
    ]
    /// Openings that ask the assistant for an answer now.
    static let chatRequests: [[String]] = [
        ["tell", "me"], ["tell", "us"], ["explain"], ["describe"], ["help", "me", "understand"],
        ["help", "me", "figure"], ["help", "me", "decide"], ["help", "me", "think"], ["help", "me", "choose"],
        ["teach", "me"], ["show", "me"], ["suggest"], ["recommend"], ["define"],
        ["summarize"], ["summarise"], ["remind", "me", "what"], ["remind", "me", "how"], ["remind", "me", "who"],
        ["remind", "me", "where"], ["remind", "me", "why"], ["remind", "me", "which"], ["remind", "me", "when"],
        ["i", "wonder"], ["i", "was", "wondering"], ["i'm", "wondering"], ["i'm", "curious"], ["just", "wondering"],
        ["let's", "chat"], ["let's", "talk"], ["say", "something"], ["talk", "to", "me"], ["any", "ideas"],
        ["any", "tips"], ["any", "advice"], ["any", "suggestions"], ["write", "me", "a", "poem"],
        ["write", "a", "poem"], ["tell", "a", "joke"], ["never", "mind"], ["nevermind"], ["i", "need", "help"],
        ["i", "need", "advice"], ["i", "need", "some", "advice"],
        ["i", "need", "some", "help"], ["i", "need", "ideas"], ["i", "need", "some", "ideas"],
    ]
    static let adviceNouns: Set<String> = [
        "tips", "tip", "ideas", "idea", "advice", "suggestions", "suggestion", "recommendations", "recommendation",
        "examples", "example", "pointers", "thoughts", "hints", "inspiration", "help", "feedback", "opinion",
    ]
    static let possessives: Set<String> = ["my", "our", "your", "his", "her", "their", "this", "that", "it", "it's"]
    static let copulas: Set<String> = ["is", "are", "was", "were", "looks", "seems", "feels", "'s"]
    static let moods: Set<String> = [
        "tired", "exhausted", "bored", "stressed", "overwhelmed", "sad", "happy", "excited", "sick", "sleepy",
        "hungry", "anxious", "nervous", "frustrated", "annoyed", "lonely", "fine", "good", "great", "busy",
    ]
    static let feelings: Set<String> = ["love", "like", "hate", "enjoy", "adore", "miss", "appreciate", "feel"]

    /// Whole messages that are only a remark.
    static let remarks: [[String]] = [
        ["good", "job"], ["nice"], ["cool"], ["great"], ["awesome"], ["perfect"], ["lol"], ["haha"], ["wow"],
        ["good", "night"], ["goodnight"], ["bye"], ["see", "you"], ["see", "you", "later"], ["see", "ya"],
        ["that's", "all"], ["thats", "all"], ["that's", "it"], ["got", "it"], ["sounds", "good"], ["no"], ["yes"],
        ["sure"], ["done"], ["nothing"], ["test"], ["testing"], ["well", "done"], ["good", "work"], ["you", "rock"],
        ["love", "it"], ["love", "you"], ["i", "love", "you"], ["oops"], ["my", "bad"], ["help"], ["help", "me"],
        ["help", "me", "out"], ["hi"], ["hello"], ["hey"], ["nice", "one"], ["good", "one"], ["fair", "enough"],
        ["no", "problem"], ["no", "worries"], ["of", "course"], ["okay", "then"], ["all", "good"], ["not", "bad"],
        ["good", "to", "know"], ["makes", "sense"], ["i", "see"], ["me", "too"], ["same"], ["ok", "cool"],
        ["cancel", "that"], ["cancel", "it"], ["forget", "it"], ["forget", "that"], ["scratch", "that"], ["undo"],
        ["undo", "that"], ["stop"], ["sure", "thing"], ["test", "test"], ["let's", "get", "started"],
        ["let's", "go"], ["let's", "begin"], ["go", "ahead"], ["try", "again"],
    ]
}
