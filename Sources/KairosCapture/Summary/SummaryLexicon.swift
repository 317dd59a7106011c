/// The words a thread summary listens for.
enum SummaryLexicon {
    /// Words that say something was settled: "we decided", "let's go with", "agreed", "decision: ...".
    static let decisionPhrases: [[String]] = [
        ["decided"], ["decision"], ["let's", "go", "with"], ["lets", "go", "with"], ["we'll", "go", "with"],
        ["going", "with"], ["agreed"], ["we", "agree"], ["settled", "on"], ["final", "answer"], ["final", "call"],
    ]

    /// Words that say something is held up: "blocked on", "waiting for", "stuck on".
    static let blockerPhrases: [[String]] = [
        ["blocked"], ["blocker"], ["blocking"], ["waiting", "for"], ["waiting", "on"], ["stuck"], ["held", "up"],
        ["holding", "up"],
    ]

    /// "Can't ... until": an ability denied, then what it waits for.
    static let deniedAbility = Set<String>([
        "can't", "cant", "cannot", "won't", "wont", "couldn't", "couldnt", "unable",
    ])
    static let untilWords = Set<String>(["until", "till", "til", "unless", "without"])

    /// Words that, just before a marker, undo it: "not decided", "no longer blocked", "haven't agreed".
    static let negations = Set<String>([
        "not", "never", "no", "longer", "haven't", "havent", "hasn't", "hasnt", "didn't", "didnt", "don't", "dont",
        "isn't", "isnt", "aren't", "arent", "wasn't", "wasnt", "nothing", "un",
    ])

    /// Words that carry no topic, left out when weighing what a message is about.
    static let fillers = Set<String>([
        "i'm", "im", "i'll", "ill", "we're", "we'll", "you're", "it's", "its", "that's", "let's", "lets", "i've",
        "we've", "i'd", "would", "could", "should", "might", "may", "must", "shall", "get", "got", "going", "gonna",
        "need", "want", "think", "know", "like", "really", "very", "yeah", "yep", "hey", "hi", "lol", "haha", "oh",
        "well", "but", "because", "though", "let", "make", "go", "see", "look", "way", "thing", "things", "bit",
        "lot", "only", "even", "much", "many", "other", "same", "other", "where", "why", "don't", "dont", "can't",
        "cant", "won't", "isn't", "it'll", "there's", "what's", "am",
    ])
}
