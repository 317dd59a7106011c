/// The words the action-items engine reasons with, beyond the capture lexicon. Lists are examples of each rule of
/// `actions-rules.md`, kept in one place.
enum ActionLexicon {
    /// Answers that take a request without saying more: "sure", "ok", "👍" (an emoji leaves no word at all).
    static let acknowledgements = Set<String>([
        "sure", "ok", "okay", "k", "kk", "okie", "okey", "yes", "yep", "yup", "yeah", "ya", "yea", "aye", "alright",
        "absolutely", "definitely", "certainly", "course", "of", "np", "no", "problem", "problemo", "sounds", "good",
        "great", "perfect", "cool", "nice", "thanks", "thank", "you", "thx", "ty", "agreed", "agree", "deal", "fine",
        "got", "it", "noted", "roger", "will", "do", "can", "on", "it's", "bet", "please", "awesome", "lovely",
        "brilliant", "super", "excellent", "amazing", "gotcha", "understood", "right", "away", "wilco", "sir", "ma'am",
        "haha", "lol", "yay", "woo", "wow", "ugh", "oh", "hey", "hi", "hmm", "fair", "enough", "makes", "sense",
        "i", "i'm", "im", "me", "that", "works", "for", "idea", "catch", "call", "too", "again", "much", "so",
        "all", "true", "totally", "exactly", "indeed", "same", "here", "cheers", "ta", "yess", "yesss",
        "and", "also", "then", "um", "uh", "well", "actually", "anyway",
    ])

    /// Short answers by which someone takes a task on ("on it", "I've got it"): a claim when nobody asked them.
    static let takingPhrases: [[String]] = [
        ["on", "it"], ["i'm", "on", "it"], ["im", "on", "it"], ["i", "got", "it"], ["i've", "got", "it"],
        ["ive", "got", "it"], ["i", "got", "this"], ["i've", "got", "this"], ["will", "do"],
        ["mine"], ["dibs"], ["leave", "it", "with", "me"], ["leave", "it", "to", "me"], ["i'll", "take", "it"],
        ["i'll", "handle", "it"], ["i", "can", "do", "it"], ["can", "do"],
    ]

    /// Words that open a sentence asking something: "did anyone order the badges?", "who has the spare key?".
    static let questionOpeners = Set<String>([
        "who", "what", "when", "where", "why", "how", "which", "whose", "whats", "what's", "who's", "whos",
        "where's", "wheres", "when's", "how's", "did", "does", "do", "is", "are", "was", "were", "has", "have",
        "had", "should", "shall", "may", "might", "isn't", "aren't", "didn't", "doesn't", "don't", "any", "anyone",
        "anybody", "am",
    ])

    /// What "can you ..." asks when it asks for information answered in the chat, not for a deed.
    static let informationVerbs = Set<String>([
        "know", "recall", "remember", "hear", "see", "guess", "believe", "imagine",
    ])
    /// Verbs that ask for information when what follows is the asker or a question: "tell me", "explain how".
    static let tellingVerbs = Set<String>(["tell", "explain", "describe", "clarify", "say", "show", "remind"])

    /// "I'll" before a state, not a deed: "I'll be up late", "I'll need a ride home".
    static let stateVerbs = Set<String>([
        "be", "need", "have", "want", "miss", "love", "like", "hate", "stay", "sleep", "wait", "survive", "live",
        "die", "see", "talk", "catch", "keep", "try", "probably", "never", "hopefully", "maybe", "say", "admit",
        "agree", "disagree", "laugh", "wonder", "confess", "guess", "think", "feel", "bet",
    ])

    /// Verbs that take over whatever action was just said: "I'll do it", "Sam, you take that one".
    static let standInVerbs = Set<String>([
        "do", "handle", "take", "grab", "get", "sort", "cover", "own", "deal", "manage", "tackle", "finish", "have",
    ])

    /// Words that refer back instead of naming a thing: the object of "do it", "take that one".
    static let backReferences = Set<String>([
        "it", "that", "this", "them", "those", "these", "one", "ones", "so", "too", "there", "as", "well", "out",
        "up", "care", "of", "with", "on", "instead", "myself", "yourself", "ourselves", "then", "thing", "things",
        "stuff", "all", "both", "for", "you", "me", "us", "now", "please", "again",
    ])

    /// Pronouns that stand for a thing already said: the object of "do it", "grab them", "take that one".
    static let pointingWords = Set<String>([
        "it", "that", "this", "them", "those", "these", "some", "one", "him", "her",
    ])
    /// Words that may follow such a pronoun: "take that one", "grab some from the wholesaler", "do this first".
    static let afterPronoun = Set<String>([
        "one", "from", "at", "on", "for", "to", "by", "in", "after", "before", "up", "out", "off", "back", "too",
        "as", "when", "then", "if", "instead", "first", "please", "again", "with", "myself", "yourself", "now",
        "asap", "quickly", "later", "today", "tomorrow", "tonight", "over", "round", "around", "about", "this", "next",
        "tmrw", "tmr", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ])

    /// Imperatives that wish or chat rather than ask for a deed: "have a good day", "enjoy", "sleep well".
    static let socialImperatives = Set<String>([
        "have", "enjoy", "see", "sleep", "stay", "hang", "feel", "wish", "let", "look", "chill", "relax", "rest",
        "thank", "hug", "kiss", "welcome", "congratulate", "break", "knock", "hold", "wait", "guess", "imagine",
        "say", "tell", "trust", "believe", "mind", "try", "pray", "smile", "cheer", "calm", "breathe", "listen",
        "shut", "love", "celebrate", "do", "be", "go", "come",
    ])
    /// Words after "take", "get", "keep", "check" that make a wish or a remark: "take care", "get well", "check
    /// this out".
    static let socialFollowers = Set<String>([
        "care", "well", "safe", "safely", "it", "this", "that", "up", "out", "in", "home", "on", "here", "there",
        "better", "some", "ready", "going", "over",
    ])

    /// Words that say an action is off: "never mind the deck", "forget the balloons", "no need to ... anymore".
    static let cancellationPhrases: [[String]] = [
        ["never", "mind"], ["nevermind"], ["nvm"], ["no", "need", "to"], ["no", "need", "for"], ["no", "need"],
        ["don't", "need", "to"], ["dont", "need", "to"], ["do", "not", "need", "to"], ["don't", "need", "the"],
        ["dont", "need", "the"], ["no", "longer", "need"], ["forget", "about"], ["forget", "the"], ["forget", "it"],
        ["forget", "that"], ["scratch", "the"], ["scratch", "that"], ["skip", "the"], ["cancel", "the"],
        ["called", "off"], ["is", "cancelled"], ["is", "canceled"], ["are", "cancelled"], ["are", "canceled"],
        ["not", "needed"], ["don't", "bother"], ["dont", "bother"], ["no", "longer", "needed"],
        ["doesn't", "need", "to"], ["won't", "be", "needed"], ["don't", "worry", "about"], ["dont", "worry", "about"],
        ["let's", "not"], ["lets", "not"], ["scrap", "the"],
    ]

    /// Words that say an action is finished whatever it was: "done, deck is sent", "bibliography finished".
    static let doneWords = Set<String>([
        "done", "finished", "sorted", "complete", "completed", "handled", "dealt", "all-done", "✅",
    ])

    /// Words that keep a statement from saying something is finished: "not sent yet", "will be booked".
    static let unfinishedWords = Set<String>([
        "not", "isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "didn't", "don't", "doesn't", "won't",
        "can't", "cannot", "couldn't", "never", "yet", "still", "almost", "nearly", "about", "will", "gonna",
        "going", "i'll", "we'll", "should", "need", "needs", "if", "when", "once", "hopefully", "maybe", "half",
        "partly", "partially", "trying", "try",
    ])

    /// Words that tie a date to an answer: "ok, by friday", "sure, before noon".
    static let datePrepositions = Set<String>(["by", "on", "at", "for", "before", "until", "till", "then", "around"])

    /// Signs of a joke: "haha someone needs to tell the cat ...".
    static let laughs = Set<String>([
        "haha", "hahaha", "hahah", "hah", "lol", "lmao", "lmfao", "rofl", "jk", "hehe", "heh", "lolol", "xd",
    ])

    /// Emoji that make a message a joke: "someone needs to hide the cookies from me 😂".
    static let laughingEmoji = Set<Unicode.Scalar>(["😂", "🤣", "😆", "😜", "😹"])

    /// Parting words and social plans that are not tasks: "see you tomorrow", "I'll see you there".
    static let socialObjects = Set<String>(["you", "u", "ya", "yall", "y'all", "everyone", "guys", "all"])

    /// Words left out when comparing what two messages are about.
    static let stopWords = Set<String>([
        "the", "a", "an", "my", "your", "our", "their", "his", "her", "its", "this", "that", "these", "those", "it",
        "them", "to", "for", "of", "on", "in", "at", "with", "from", "by", "up", "out", "off", "and", "or", "is",
        "are", "was", "were", "be", "been", "some", "any", "all", "i", "we", "you", "me", "us", "he", "she", "they",
        "him", "so", "too", "just", "also", "now", "then", "new", "more", "about", "into", "over", "back", "again",
        "please", "there", "here", "one", "ones", "care", "sure", "ok", "okay", "yes", "done", "will", "can", "do",
        "did", "does", "has", "have", "had", "not", "no", "if", "as", "what", "who", "which", "when", "how",
        "thanks", "thank", "already", "still", "yet", "today", "tomorrow", "tonight", "week", "after",
        "before", "until", "during", "while", "via", "per", "than", "anymore", "btw",
    ])

    /// Past forms that do not end in "-ed", to their present: "sent" is "send".
    static let irregularPasts: [String: String] = [
        "sent": "send", "done": "do", "did": "do", "paid": "pay", "bought": "buy", "brought": "bring",
        "made": "make", "written": "write", "wrote": "write", "taken": "take", "took": "take", "given": "give",
        "gave": "give", "got": "get", "gotten": "get", "told": "tell", "sold": "sell", "found": "find",
        "built": "build", "driven": "drive", "drove": "drive", "ran": "run", "fed": "feed", "left": "leave",
        "kept": "keep", "met": "meet", "hung": "hang", "held": "hold", "swept": "sweep", "rang": "ring",
        "rung": "ring", "spoke": "speak", "spoken": "speak", "chosen": "choose", "chose": "choose",
        "thrown": "throw", "threw": "throw", "dug": "dig", "caught": "catch", "taught": "teach", "drawn": "draw",
        "drew": "draw", "shown": "show", "printed": "print", "fixed": "fix", "put": "put", "set": "set",
        "cut": "cut", "shut": "shut", "read": "read", "lent": "lend", "spent": "spend", "won": "win",
        "sung": "sing", "sang": "sing", "ate": "eat", "eaten": "eat", "washed": "wash", "fought": "fight",
        "sought": "seek", "stuck": "stick", "froze": "freeze", "frozen": "freeze",
        "woke": "wake", "woken": "wake", "hid": "hide", "hidden": "hide", "rode": "ride", "ridden": "ride",
        "blew": "blow", "blown": "blow", "grew": "grow", "grown": "grow", "flew": "fly", "flown": "fly",
        "mopped": "mop", "wiped": "wipe", "emptied": "empty", "tidied": "tidy", "copied": "copy",
        "replied": "reply", "applied": "apply", "carried": "carry", "dried": "dry", "tried": "try",
    ]
}
