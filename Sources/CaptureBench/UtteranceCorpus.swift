/// Everyday task utterances made from templates: lead-ins, actions, dates and times, lists, priorities, labels,
/// repeats and fillers, one to three tasks each, always under 30 words. Seeded, so every run parses the same text.
struct UtteranceCorpus {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` distinct utterances.
    mutating func make(_ count: Int) -> [String] {
        var seen = Set<String>()
        var utterances: [String] = []
        while utterances.count < count {
            let utterance = makeOne()
            let words = utterance.split(separator: " ").count
            if words < 30, seen.insert(utterance).inserted { utterances.append(utterance) }
        }
        return utterances
    }

    private mutating func makeOne() -> String {
        let tasks = pick([1, 1, 1, 1, 2, 2, 3])
        var parts: [String] = []
        for index in 0..<tasks {
            let clause = [
                index == 0 ? pick(Self.leadIns) : "", pick(Self.actions), maybe(0.6, Self.when),
                maybe(0.15, Self.lists), maybe(0.15, Self.priorities), maybe(0.1, Self.labels),
                maybe(0.12, Self.repeats),
            ].filter { !$0.isEmpty }.joined(separator: " ")
            parts.append(index == 0 ? clause : pick(Self.joiners) + " " + clause)
        }
        var utterance = parts.joined(separator: "")
        if random.next(below: 10) == 0 { utterance = pick(Self.fillers) + " " + utterance }
        return utterance
    }

    private mutating func pick<T>(_ options: [T]) -> T {
        options[random.next(below: options.count)]
    }

    private mutating func maybe(_ chance: Double, _ options: [String]) -> String {
        Double(random.next(below: 1000)) < chance * 1000 ? pick(options) : ""
    }

    static let leadIns = [
        "", "", "", "I need to", "remind me to", "um I have to", "don't forget to", "I should", "can you",
        "please", "I gotta", "make sure to", "so I want to", "okay so", "we need to", "remember to",
    ]

    static let actions = [
        "call mom", "buy milk", "pick up the dry cleaning", "email the teacher about the field trip",
        "book a dentist appointment", "pay the water bill", "renew my passport", "water the plants",
        "take out the trash", "schedule a haircut", "send the invoice to Acme", "review the quarterly report",
        "fix the kitchen light", "return the library books", "order a birthday cake for Sam", "text Sam about dinner",
        "clean the garage", "submit the expense report", "walk the dog", "prepare slides for the team meeting",
        "call the plumber", "buy salt and pepper", "go for a run", "reply to Jen", "update my resume",
        "cancel the gym membership", "get gas", "check in for the flight", "do the laundry", "buy eggs and bread",
        "follow up with the landlord", "read chapter four", "back up the laptop", "file the taxes",
        "pick up the kids from school", "mow the lawn", "write the blog post", "call grandma",
        "make a vet appointment for Max", "print the boarding passes", "do the thing",
    ]

    static let when = [
        "today", "tomorrow", "tonight", "this afternoon", "this morning", "this evening", "on friday",
        "next tuesday", "this week", "next week", "this weekend", "by the end of the month", "in two hours",
        "in 20 minutes", "on March 12th", "the 15th", "the day after tomorrow", "tomorrow morning",
        "friday at 3pm", "at five thirty pm", "at noon", "monday at 9", "tomorrow at 5:30pm", "on the third of april",
        "at quarter to seven", "in a couple of days", "end of day", "by thursday", "sometime this week", "later",
        "next friday at 10am", "in half an hour", "on 3/12", "at 17:30", "tmrw",
    ]

    static let lists = [
        "#Errands", "#Work", "to my grocery list", "on my work list", "for work", "for home", "on my errands list",
        "to the garden list",
    ]

    static let priorities = ["p1", "p2", "p3", "it's urgent", "high priority", "low priority", "asap", "important"]
    static let labels = ["@phone", "@errand", "@computer", "@home"]
    static let repeats = [
        "every day", "every monday", "every weekday", "every 2 weeks", "monthly", "every month on the 1st",
        "every tuesday and thursday", "every morning", "weekly", "every year",
    ]
    static let joiners = [",", " and", ", and", ". also", ";", " and then", ", plus", ". oh and"]
    static let fillers = ["um", "uh", "okay", "so yeah", "hmm", "anyway", "you know"]
}

/// A small, fast, seeded random number generator (SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
