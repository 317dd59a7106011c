import KairosCore

/// The English words the parser reasons with. Lists are examples of each principle, kept in one place.
enum Lexicon {
    /// Sounds and discourse words that carry nothing, dropped wherever they stand.
    static let hesitations = Set<String>([
        "um", "umm", "uh", "uhh", "uhm", "er", "erm", "hmm", "hm", "mm", "mhm", "ah", "eh", "blah", "la", "hmmm", "uhh",
    ])

    /// Words that open or close a thought without meaning anything; dropped at the edges of a task.
    static let fillers = Set<String>([
        "oh", "ugh", "okay", "ok", "okey", "alright", "right", "so", "well", "yeah", "yes", "yep", "yup", "like",
        "anyway", "anyways", "also", "actually", "basically", "honestly", "seriously", "just", "please", "pls",
        "hey", "and", "then", "plus", "but", "now", "next", "first", "firstly", "second", "secondly", "finally",
        "lastly", "oops", "wait", "no", "nope", "nah", "nevermind", "testing", "cool", "great", "fine", "sorry",
        "too", "though", "literally", "really", "totally", "definitely", "probably", "maybe", "perhaps", "bye",
        "thanks", "done",
    ])

    /// Filler words that may also stand at the end of a task ("... yeah okay bye").
    static let trailingFillers = Set<String>([
        "um", "uh", "yeah", "okay", "ok", "bye", "thanks", "right", "alright", "anyway", "anyways", "so", "like",
        "please", "too", "though", "i", "guess", "think", "or", "something", "whatever", "and", "then", "also",
        "then", "but", "to", "for", "on", "at", "by", "with", "the", "a", "an", "of", "before", "after", "until",
        "oh", "ugh",
    ])

    /// Words that join two actions; a new task starts after them when an action follows.
    static let conjunctions = Set<String>(["and", "also", "then", "plus", "but", "so", "after", "afterwards"])

    /// Subjects and modals that introduce an action: "I need to", "we should", "remember to".
    static let subjects = Set<String>(["i", "we", "you", "u"])
    static let contractedSubjects: [String: [String]] = [
        "i'll": [], "we'll": [], "you'll": [], "i'd": ["like", "better", "love"], "we'd": ["like", "better"],
        "i've": ["got", "gotta"], "ive": ["got", "gotta"], "we've": ["got", "gotta"],
        "i'm": ["going", "gonna", "planning", "supposed", "trying"], "im": ["going", "gonna", "planning", "supposed"],
        "we're": ["going", "gonna", "planning", "supposed"], "let's": [], "lets": [],
    ]
    static let adverbs = Set<String>([
        "also", "really", "still", "probably", "definitely", "just", "actually", "totally", "seriously", "absolutely",
        "then", "gotta", "better", "should", "then", "maybe", "kinda", "reallly", "urgently",
    ])
    static let modals = Set<String>([
        "need", "needa", "have", "got", "gotta", "should", "must", "want", "wanna", "will", "shall", "ought", "plan",
        "better", "gonna", "going", "am", "hafta", "has", "like", "love", "try",
        "remember", "hope", "intend", "supposed", "mean",
    ])
    /// Verbs that report a promise the speaker made: "I promised Sam I'd ...", "I told the landlord I would ...".
    static let promiseVerbs = Set<String>([
        "promised", "told", "said", "swore", "assured", "vowed", "guaranteed", "agreed",
    ])
    /// Talk about the capture itself, dropped wherever it stands.
    static let metaPhrases: [[String]] = [
        ["let", "me", "get", "this", "down"], ["get", "this", "down"], ["let", "me", "think"], ["let", "me", "see"],
        ["let's", "see"], ["before", "i", "forget"], ["while", "i", "remember"],
        ["off", "the", "top", "of", "my", "head"], ["by", "the", "way"], ["to", "be", "honest"], ["brain", "dump"],
    ]

    /// Phrases that introduce an action on their own.
    static let leadInPhrases: [[String]] = [
        ["remember", "to"], ["remind", "me", "to"], ["remind", "me"], ["remind", "us", "to"], ["ping", "me", "to"],
        ["ping", "me"], ["nudge", "me", "to"], ["don't", "forget", "to"],
        ["dont", "forget", "to"], ["don't", "let", "me", "forget", "to"], ["dont", "let", "me", "forget", "to"],
        ["do", "not", "forget", "to"], ["don't", "forget"], ["make", "sure", "to"],
        ["make", "sure", "i"], ["make", "sure", "we"], ["be", "sure", "to"], ["can", "you"], ["could", "you"],
        ["would", "you"], ["will", "you"], ["note", "to", "self"], ["reminder", "to"], ["reminder"], ["todo"],
        ["to", "do"], ["to-do"], ["task"], ["need", "to"], ["needa"], ["have", "to"], ["got", "to"], ["gotta"],
        ["want", "to"], ["wanna"], ["try", "to"], ["gonna"], ["going", "to"], ["better"], ["should"], ["must"],
        ["let", "me"], ["i", "need", "you", "to"], ["please"], ["add", "a", "task", "to"],
        ["add", "a", "reminder", "to"], ["set", "a", "reminder", "to"],
        ["create", "a", "reminder", "to"], ["make", "a", "note", "to"], ["add", "a", "todo", "to"], ["add", "task"],
        ["create", "a", "task", "to"], ["new", "task"], ["i", "have", "to"], ["i", "also", "have", "to"],
    ]

    /// Words that start a clause about the speaker rather than an action ("it's late", "nobody ever opens them").
    static let commentarySubjects = Set<String>([
        "i'm", "im", "it's", "its", "she's", "he's", "that's", "thats", "there's", "theres", "they're", "we're",
        "you're", "i've", "i'd", "it'll", "that'll", "nobody", "everyone", "everybody", "somebody", "someone",
        "everything", "nothing", "where", "what", "why", "how", "who", "which", "whats", "what's", "wow", "man",
    ])
    static let pronounSubjects = Set<String>(["i", "she", "he", "it", "they", "we", "you", "this", "that", "there"])
    /// Verbs that make a clause a statement: copulas, auxiliaries and common past tenses.
    static let statementVerbs = Set<String>([
        "is", "are", "was", "were", "am", "be", "been", "being", "has", "had", "have", "isn't", "aren't", "wasn't",
        "weren't", "hasn't", "haven't", "hadn't", "doesn't", "don't", "didn't", "won't", "wouldn't", "couldn't",
        "shouldn't", "can't", "cannot", "will",
        "would", "could", "might", "keeps", "kept", "seems", "seemed", "feels", "felt", "looks", "looked", "woke",
        "went", "got", "came", "said", "told", "broke", "left", "made", "took", "ran", "fell", "slept", "forgot",
        "thought", "knew", "saw", "heard", "started", "stopped", "finished", "ended", "happened", "called",
        "texted", "asked", "wants", "needs", "loves", "hates", "opens", "never", "always", "ever", "still",
        "barely", "hardly", "really", "totally", "just", "already", "literally", "sucks", "hurts", "hurt", "goes",
        "does", "did", "do", "killing", "driving", "getting", "going", "think", "guess", "believe", "hope", "feel",
        "suppose", "bet", "wonder", "keep", "smells", "sounds", "tastes", "works", "matters", "costs", "takes",
        "makes", "gets", "says", "may", "expires", "expired", "starts", "ends", "closes", "opens", "due",
    ])
    /// Common irregular past tenses, which make a clause a statement: "we lost a whole batch".
    static let pastTenses = Set<String>([
        "lost", "died", "spent", "bought", "sent", "paid", "found", "gave", "brought", "wrote", "won", "sold", "met",
        "caught", "drove", "ate", "drank", "threw", "spilled", "spilt", "burnt", "burned", "shut", "forgot", "blew",
        "flew", "froze", "stole", "tore", "wore", "shook", "rang", "sang", "swam", "grew", "knew", "began", "bit",
        "hid", "slid", "stuck", "struck", "felt", "kept", "ran", "slept", "woke", "fell", "broke", "crashed", "sat",
        "stood", "quit", "hit", "cost", "split", "burst", "swarmed",
    ])
    /// Determiners and possessives that can open a noun phrase.
    static let determiners = Set<String>([
        "the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "these", "those", "some",
        "its", "every", "each", "all", "any", "no",
    ])
    /// Words after which a clause is the content of the action ("make sure it's locked").
    static let complementizers = Set<String>([
        "sure", "that", "if", "when", "because", "know", "think", "check", "ensure", "see", "what", "how", "until",
        "before", "after", "where", "whether", "why", "once", "while", "since", "say", "says", "tell", "ask",
    ])

    /// Words that follow a verb but rarely a noun: determiners, pronouns, particles, prepositions.
    static let verbFollowers = Set<String>([
        "the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "these", "those", "some",
        "it", "them", "him", "me", "us", "up", "out", "back", "off", "down", "over", "in", "on", "to", "with",
        "for", "about", "all", "more", "any", "everyone", "everything", "mom", "dad", "mum", "grandma", "grandpa",
        "someone", "through", "into", "around", "away", "together", "home", "by", "at", "from", "whether", "if",
        "what", "how", "new", "another", "both", "two", "three", "few", "again", "ahead",
    ])

    /// Action verbs as people say them at the start of a task. Words that are also common nouns are in `nounVerbs`.
    static let verbs = Set<String>([
        "add", "arrange", "ask", "apply", "archive", "assemble", "attend", "bake", "be", "bring", "build", "buy",
        "call", "cancel", "change", "charge", "chase", "check", "choose", "clean", "clear", "close", "collect",
        "come", "complete", "confirm", "contact", "cook", "copy", "create", "deal", "decide", "defrost",
        "delete", "deliver", "deposit", "design", "discuss", "do", "donate", "download", "drop", "dust", "eat",
        "edit", "email", "e-mail", "empty", "enroll", "find", "finish", "finalize", "finalise", "fill", "fix",
        "flip", "floss", "follow", "get", "give", "go", "grab", "hang", "help", "hire", "hose", "install",
        "invite", "iron", "join", "keep", "learn", "leave", "let", "log", "look", "mail", "make", "meet",
        "message", "move", "mow", "notify", "open", "order", "organize", "organise", "pack", "paint", "pay",
        "phone", "pick", "plan", "plant", "post", "practice", "practise", "prep", "prepare", "print", "publish",
        "put", "read", "rebook", "recycle", "refill", "register", "regrout", "reinstall", "remove", "renew",
        "repair", "replace", "reply", "research", "reschedule", "reserve", "respond", "return", "review", "ring",
        "run", "schedule", "scan", "sell", "send", "set", "share", "ship", "shop", "sign", "sort", "start",
        "stop", "study", "submit", "swap", "sweep", "take", "talk", "tell", "text", "throw", "tidy", "top",
        "track", "transfer", "try", "turn", "unpack", "update", "upload", "vacuum", "visit", "wash", "watch",
        "water", "wipe", "write", "feed", "walk", "drive", "fetch", "hand", "hoover", "mop", "scrub", "shower",
        "sweep", "tune", "pull", "push", "rinse", "soak", "bathe", "brush", "comb", "cut", "trim", "weed",
        "rake", "shovel", "dig", "fertilize", "prune", "harvest", "mend", "sew", "knit", "fold", "hem", "polish",
        "descale", "restock", "stock", "reorder", "pickup", "drop-off", "backup", "back", "print", "photocopy",
        "draft", "outline", "proofread", "revise", "rewrite", "translate", "summarize", "present", "rehearse",
        "record", "film", "photograph", "shoot", "edit", "test", "debug", "deploy", "merge", "release", "ship",
        "refactor", "code", "document", "measure", "weigh", "count", "calculate", "estimate", "compare", "price",
        "quote", "invoice", "bill", "refund", "claim", "file", "fax", "sign", "stamp", "notarize", "renew",
        "extend", "book", "rent", "lease", "hire", "borrow", "lend", "return", "exchange", "swap", "trade",
        "unsubscribe", "subscribe", "cancel", "pause", "resume", "activate", "deactivate", "reset", "restart",
        "reboot", "update", "upgrade", "downgrade", "install", "uninstall", "configure", "setup", "connect",
        "disconnect", "sync", "backup", "restore", "clean", "declutter", "organize", "label", "tag", "sort",
        "arrange", "rearrange", "hang", "mount", "frame", "decorate", "wrap", "unwrap", "pack", "load", "unload",
        "fill", "refill", "top", "pump", "inflate", "park", "wash", "detail", "wax", "service", "inspect",
        "register", "insure", "cover", "lock", "unlock", "close", "open", "shut", "replace", "swap", "change",
        "switch", "reply", "respond", "answer", "forward", "cc", "ping", "nudge", "remind", "chase", "follow",
        "thank", "congratulate", "apologize", "apologise", "greet", "welcome", "introduce", "recommend",
        "refer", "interview", "hire", "fire", "onboard", "train", "coach", "mentor", "teach", "tutor", "learn",
        "practice", "exercise", "stretch", "jog", "swim", "cycle", "bike", "hike", "climb", "lift", "meditate",
        "journal", "pray", "sleep", "nap", "rest", "relax", "celebrate", "host", "invite", "rsvp", "attend",
        "visit", "see", "meet", "catch", "grab", "pick", "collect", "fetch", "deliver", "bring", "take", "carry",
        "move", "haul", "donate", "sell", "list", "advertise", "promote", "market", "pitch", "propose", "negotiate",
        "sign", "approve", "reject", "decline", "accept", "agree", "confirm", "verify", "validate", "double-check",
        "recheck", "reread", "note", "jot", "research", "investigate", "explore", "figure", "work", "finish",
        "wrap", "complete", "submit", "send", "email", "text", "message", "dm", "call", "phone", "ring", "skype",
        "zoom", "facetime", "video", "buy", "purchase", "get", "order", "reorder", "shop", "pay", "tip", "split",
        "budget", "save", "invest", "withdraw", "deposit", "transfer", "wire", "venmo", "cash", "print", "scan",
        "shred", "recycle", "compost", "bin", "dump", "toss", "trash", "vacuum", "dust", "mop", "wipe", "scrub",
        "bleach", "disinfect", "sanitize", "sterilize", "iron", "steam", "launder", "dry", "air", "ventilate",
        "heat", "cool", "freeze", "thaw", "defrost", "marinate", "cook", "bake", "roast", "grill", "fry", "boil",
        "chop", "slice", "prep", "meal-prep", "blend", "mix", "stir", "serve", "plate", "feed", "water", "walk",
        "groom", "bathe", "vaccinate", "deworm", "neuter", "adopt", "foster", "babysit", "drop", "pick-up",
        "foam", "stretch", "massage", "floss", "shave", "wax", "dye", "style", "braid", "moisturize", "pluck",
        "schedule", "reschedule", "postpone", "cancel", "confirm", "block", "clear", "prioritize", "delegate",
        "assign", "review", "approve", "check", "audit", "reconcile", "balance", "file", "renew", "reactivate",
        "look", "find", "search", "locate", "track", "trace", "monitor", "watch", "observe", "listen", "hear",
        "read", "skim", "study", "memorize", "revise", "quiz", "grade", "mark", "correct", "fix", "repair",
        "patch", "glue", "tape", "nail", "screw", "drill", "saw", "sand", "stain", "varnish", "caulk", "grout",
        "regrout", "seal", "insulate", "level", "replant", "repot", "sow", "mulch", "spray", "hose", "sprinkle",
        "mow", "edge", "trim", "prune", "pick", "harvest", "wish", "hug", "kiss", "visit", "sit", "stand",
        "return", "reply", "settle", "sort", "ship", "post", "courier", "fedex", "ups", "collect", "sign",
        "renew", "apply", "reapply", "enroll", "enrol", "register", "unregister", "vote", "volunteer", "donate",
        "set", "hook", "plug", "unplug", "charge", "recharge", "replace", "bring", "stock", "restock", "dispute",
        "request", "inquire", "enquire", "contest", "appeal", "hit", "snag", "pop", "swing", "head", "whatsapp",
        "ping", "slack", "laminate", "sharpen", "winterize", "rotate", "countersign", "unclog", "tighten", "peel",
        "grate", "brew", "bolt", "dose", "sign", "reconfirm", "rebook", "resubmit", "email", "finish", "hem",
    ])
    /// Verbs that are also everyday nouns ("a book", "the water"): an action only before an object or particle.
    static let nounVerbs = Set<String>([
        "book", "water", "text", "email", "mail", "order", "file", "check", "plan", "print", "paint", "iron",
        "post", "ship", "shop", "sort", "top", "back", "hand", "list", "label", "tag", "note", "call", "message",
        "video", "cash", "wire", "bill", "quote", "price", "record", "film", "test", "code", "document", "present",
        "service", "cover", "lock", "switch", "park", "wax", "air", "dry", "heat", "cool", "mix", "plate", "dust",
        "drop", "walk", "catch", "pitch", "block", "mark", "patch", "tape", "nail", "screw", "drill", "saw",
        "sand", "stain", "grout", "seal", "level", "spray", "hose", "edge", "trim", "hug", "kiss", "stand",
        "sit", "courier", "fedex", "ups", "vote", "hook", "plug", "charge", "stock", "foam", "tip", "split",
        "budget", "cycle", "bike", "nap", "rest", "host", "style", "bin", "dump", "trash", "steam", "boil",
        "roast", "grill", "fry", "chop", "slice", "prep", "blend", "stir", "serve", "feed", "groom", "drive",
        "run", "pack", "load", "frame", "wrap", "design", "research", "review", "update", "change", "reply",
        "return", "study", "watch", "exercise", "lift", "swim", "journal", "date", "dinner", "lunch", "meeting",
    ])

    /// Words and phrases that give no date and leave the title ("sort out the mess sometime").
    static let vagueTimeWords = Set<String>([
        "later", "soon", "someday", "sometime", "eventually", "whenever", "sometimes",
    ])

    static let cardinals: [String: Int] = [
        "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
        "fourty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
    ]
    static let ordinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
        "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
        "thirtieth": 30,
    ]
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
        "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
        "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]

    /// Common English words, to tell English text from other languages.
    static let common = Set<String>([
        "the", "a", "an", "to", "and", "of", "in", "on", "for", "my", "at", "is", "it", "i", "me", "with", "this",
        "that", "by", "from", "up", "about", "out", "be", "do", "go", "get", "need", "have", "we", "you", "your",
        "our", "his", "her", "them", "tomorrow", "today", "tonight", "week", "next", "every", "day", "some", "more",
        "new", "old", "all", "after", "before", "back", "off", "over", "into", "as", "or", "not", "no",
    ])

    /// Lead-in phrases by their first word.
    static let leadInsByFirstWord: [String: [[String]]] = Dictionary(grouping: leadInPhrases, by: { $0[0] })

    static let weekdays: [String: Weekday] = {
        var names: [String: Weekday] = [:]
        for day in Weekday.allCases {
            names[day.name] = day
            names[String(day.name.prefix(3))] = day
        }
        names["tues"] = .tuesday
        names["weds"] = .wednesday
        names["thur"] = .thursday
        names["thurs"] = .thursday
        return names
    }()

    /// Every word the parser knows, to tell English from other languages.
    static let english: Set<String> = {
        var all = common.union(verbs).union(fillers).union(hesitations).union(determiners).union(vagueTimeWords)
        all.formUnion(months.keys)
        all.formUnion(weekdays.keys)
        all.formUnion(cardinals.keys)
        all.formUnion(ordinals.keys)
        return all
    }()

    /// Every class of every known word, so a token is looked up once instead of in each list.
    static let classes: [String: WordClass] = {
        var table: [String: WordClass] = [:]
        func mark(_ words: some Sequence<String>, _ wordClass: WordClass) {
            for word in words { table[word, default: []].insert(wordClass) }
        }
        mark(hesitations, .hesitation)
        mark(fillers, .filler)
        mark(trailingFillers, .trailingFiller)
        mark(conjunctions, .conjunction)
        mark(subjects, .subject)
        mark(adverbs, .adverb)
        mark(modals, .modal)
        mark(commentarySubjects, .commentarySubject)
        mark(pronounSubjects, .pronounSubject)
        mark(statementVerbs, .statementVerb)
        mark(determiners, .determiner)
        mark(complementizers, .complementizer)
        mark(verbFollowers, .verbFollower)
        mark(verbs, .verb)
        mark(nounVerbs, .nounVerb)
        mark(vagueTimeWords, .vague)
        mark(english, .english)
        mark(cardinals.keys, .cardinal)
        mark(PhraseScanner.triggers, .phraseStart)
        mark(PhraseScanner.connectors, .connector)
        mark(cardinals.keys.filter { $0 != "oh" }, .number)
        mark(ordinals.keys, .number)
        mark(weekdays.keys, .dateWord)
        mark(months.keys, .dateWord)
        mark(cardinals.keys, .dateWord)
        mark(ordinals.keys, .dateWord)
        mark(["christmas", "xmas", "new", "valentine's", "valentines", "halloween", "half", "quarter", "a"], .dateWord)
        mark(metaPhrases.joined(), .meta)
        mark(subjects, .leadInStart)
        mark(contractedSubjects.keys, .leadInStart)
        mark(leadInsByFirstWord.keys, .leadInStart)
        mark(["it's", "its", "it", "i'm", "im", "we're"], .leadInStart)
        return table
    }()
}

/// The lists a word belongs to, as bits.
struct WordClass: OptionSet, Sendable {
    let rawValue: UInt32

    static let hesitation = WordClass(rawValue: 1 << 0)
    static let filler = WordClass(rawValue: 1 << 1)
    static let trailingFiller = WordClass(rawValue: 1 << 2)
    static let conjunction = WordClass(rawValue: 1 << 3)
    static let subject = WordClass(rawValue: 1 << 4)
    static let adverb = WordClass(rawValue: 1 << 5)
    static let modal = WordClass(rawValue: 1 << 6)
    static let commentarySubject = WordClass(rawValue: 1 << 7)
    static let pronounSubject = WordClass(rawValue: 1 << 8)
    static let statementVerb = WordClass(rawValue: 1 << 9)
    static let determiner = WordClass(rawValue: 1 << 10)
    static let complementizer = WordClass(rawValue: 1 << 11)
    static let verbFollower = WordClass(rawValue: 1 << 12)
    static let verb = WordClass(rawValue: 1 << 13)
    static let nounVerb = WordClass(rawValue: 1 << 14)
    static let vague = WordClass(rawValue: 1 << 15)
    static let english = WordClass(rawValue: 1 << 16)
    static let cardinal = WordClass(rawValue: 1 << 17)
    static let phraseStart = WordClass(rawValue: 1 << 18)
    static let connector = WordClass(rawValue: 1 << 19)
    /// A number written as a word: "five", "twentieth".
    static let number = WordClass(rawValue: 1 << 20)
    /// A word that can start a date or time other than the fixed day words: weekdays, months, numbers, holidays.
    static let dateWord = WordClass(rawValue: 1 << 21)
    /// A word that can start a lead-in: "I", "remember", "don't".
    static let leadInStart = WordClass(rawValue: 1 << 22)
    /// A word of a phrase about the capture itself ("let me get this down").
    static let meta = WordClass(rawValue: 1 << 23)
}
