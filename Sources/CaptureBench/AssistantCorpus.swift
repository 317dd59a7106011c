/// Everyday chat messages to the assistant, made from templates: reminders (capture utterances behind an assistant
/// lead-in), list requests with and without items, date questions and small talk. Seeded, so every run reads the
/// same text.
struct AssistantCorpus {
    private var random: SplitMix64
    private var utterances: UtteranceCorpus

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        utterances = UtteranceCorpus(seed: seed &+ 1)
    }

    /// `count` messages: about four in ten reminders, the rest lists, date questions and conversation.
    mutating func make(_ count: Int) -> [String] {
        let reminders = utterances.make(count)
        return (0..<count).map { index in
            switch random.next(below: 10) {
            case 0...3: pick(Self.greetings) + pick(Self.reminderLeadIns) + reminders[index]
            case 4...5: pick(Self.greetings) + pick(Self.listRequests) + pick(Self.listItems)
            case 6...7:
                pick(Self.greetings) + pick(Self.dateQuestions).replacingOccurrences(of: "X", with: pick(Self.dates))
            default: pick(Self.conversation)
            }
        }
    }

    private mutating func pick(_ options: [String]) -> String {
        options[random.next(below: options.count)]
    }

    static let greetings = ["", "", "", "hey ", "hi, ", "okay so ", "um ", "hey could you "]
    static let reminderLeadIns = ["", "remind me to ", "set a reminder to ", "don't let me forget to ", "can you "]
    static let listRequests = [
        "make a packing list for the beach", "create a checklist for moving day", "make me a study plan",
        "put together a to-do list for the school fundraiser", "shopping list for tacos", "gym bag checklist",
        "start a grocery list for the week", "write up a list of things to do today", "I need a camping checklist",
    ]
    static let listItems = [
        "", ": sunscreen, towels and snacks", " with bread eggs bananas and yogurt",
        " - book the van, pack the kitchen",
        " ground beef tortillas cheese and salsa", " towel water bottle and headphones", ": call mom and pay rent",
    ]
    static let dateQuestions = [
        "what's the date X", "what day of the week is X", "what date will it be X", "when is X",
        "which day is X", "remind me what day X is", "X, what date is that", "what date was it X",
    ]
    static let dates = [
        "tomorrow", "next friday", "the 15th", "two weeks from today", "in ten days", "march 12", "the third of april",
        "three days ago", "a week from friday", "this weekend", "end of the month", "the day after tomorrow", "3/12",
    ]
    static let conversation = [
        "thanks so much!", "what time is it", "when is my next meeting", "how do I share a list with my partner",
        "can you give me some tips for planning my week", "hmm okay", "this week is crazy", "what can you do",
        "do you work offline?", "what's the best to-do list app", "tell me a joke", "good morning",
    ]
}
