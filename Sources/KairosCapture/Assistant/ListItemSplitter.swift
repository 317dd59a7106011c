/// Splits the items of a list request (assistant rules, 3.3) and titles each the way capture titles a task.
///
/// Typed items are split at commas, semicolons, "and", "then", "also" and "plus". Spoken items often come with no
/// commas at all ("ground beef tortillas cheese and salsa"); there the boundaries fall between item names: before a
/// new action ("call mom pay rent"), or between nouns unless they make one thing ("water bottle", "a bag of ice").
struct ListItemSplitter {
    let message: ChatMessage
    let context: CaptureContext

    /// The items from request position `start` to the end, titled.
    func items(from start: Int) -> [String] {
        let chunks = self.chunks(from: start)
        let typed = chunks.count > 1 && (start + 1..<message.request.count).contains(where: isPunctuationBreak)
        let engine = CaptureEngine()
        // Tokens inside a date, priority, list or label phrase: an item holding one is titled by capture, which
        // takes the phrase out; any other item is its own words.
        var inPhrase = [Bool](repeating: false, count: message.tokens.count)
        for mention in PhraseScanner(tokens: message.tokens, lists: ListDirectory(context.lists)).scan() {
            for index in mention.tokens { inPhrase[index] = true }
        }
        var titles: [String] = []
        for chunk in chunks {
            for item in typed ? [chunk] : segments(of: chunk) {
                guard let first = item.first, let last = item.last else { continue }
                let lower = message.tokens[message.request[first]].span.lowerBound
                let upper = message.tokens[message.request[last]].span.upperBound
                let plain = item.allSatisfy { position in
                    let index = message.request[position]
                    return !inPhrase[index] && message.tokens[index].classes.isDisjoint(with: [.hesitation, .filler])
                }
                if plain {
                    let words = item.map { message.tokens[message.request[$0]].text }.joined(separator: " ")
                    titles.append(ListDirectory.capitalizeFirst(words))
                } else if let task = engine.captureOne(message.text, range: lower..<upper, context: context),
                    !task.title.isEmpty
                {
                    titles.append(task.title)
                }
            }
        }
        return titles
    }

    /// The runs of request positions between separators.
    private func chunks(from start: Int) -> [[Int]] {
        var chunks: [[Int]] = []
        var current: [Int] = []
        for position in start..<message.request.count {
            let word = message.word(position) ?? ""
            if position > start, isPunctuationBreak(position), !current.isEmpty {
                chunks.append(current)
                current = []
            }
            if Self.separators.contains(word) || (current.isEmpty && Self.leadingFillers.contains(word))
                || isNumbering(position)
            {
                if !current.isEmpty { chunks.append(current) }
                current = []
                continue
            }
            current.append(position)
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// Whether the word at `position` numbers an item: "1." or "2)" in "1. call mom 2. pay rent".
    private func isNumbering(_ position: Int) -> Bool {
        let token = message.tokens[message.request[position]]
        guard token.word.count <= 2, token.word.allSatisfy(\.isNumber) else { return false }
        let after = message.text.utf16.dropFirst(token.span.upperBound).first
        return after == UInt16(UInt8(ascii: ".")) || after == UInt16(UInt8(ascii: ")"))
    }

    /// Whether a comma, semicolon or other break stands right before the request word at `position`.
    private func isPunctuationBreak(_ position: Int) -> Bool {
        guard position > 0, position < message.request.count else { return false }
        return message.request[position] - message.request[position - 1] > 1
    }

    /// A spoken chunk with no commas cut into item names.
    private func segments(of chunk: [Int]) -> [[Int]] {
        let words = chunk.map { message.tokens[message.request[$0]].word }
        guard words.count > 1 else { return [chunk] }
        var segments: [[Int]] = [[chunk[0]]]
        let isAction = Self.isActionStart(words, at: 0)
        for index in 1..<words.count {
            let startsNew =
                isAction
                // An action has its object before the next begins: "pay rent", "go buy milk" stay whole.
                ? Self.isActionStart(words, at: index) && segments[segments.count - 1].count > 1
                    && !Self.objectOpeners.contains(words[index - 1])
                : !Self.joins(words[index - 1], words[index])
            if startsNew {
                segments.append([chunk[index]])
            } else {
                segments[segments.count - 1].append(chunk[index])
            }
        }
        return segments
    }

    /// Whether `words[index]` starts an action: a verb, or a verb that is also a noun before its object.
    static func isActionStart(_ words: [String], at index: Int) -> Bool {
        let word = words[index]
        guard Lexicon.verbs.contains(word) else { return false }
        guard Lexicon.nounVerbs.contains(word) else { return true }
        guard index + 1 < words.count else { return false }
        return Lexicon.verbFollowers.contains(words[index + 1])
    }

    /// Whether two neighbouring words of spoken items belong to one item.
    static func joins(_ word: String, _ following: String) -> Bool {
        if attaching.contains(word) || Lexicon.cardinals[word] != nil || word.first?.isNumber == true { return true }
        if following == "of" || word == "of" { return true }
        return compounds[word]?.contains(following) ?? false
    }

    /// Words after which a verb is a noun of the same item: "set up the bake stall", "get some cooking oil".
    static let objectOpeners: Set<String> = Lexicon.determiners.union(["to", "of", "for", "with", "from", "in", "on"])

    static let separators: Set<String> = ["and", "then", "also", "plus", "&"]
    static let leadingFillers: Set<String> = ["oh", "um", "uh", "maybe", "some", "like"]

    /// Words that lean on the next one: articles, amounts and describing words ("a torch", "two lemons",
    /// "fresh basil").
    static let attaching: Set<String> = [
        "a", "an", "the", "my", "our", "your", "some", "more", "extra", "few", "couple", "dozen", "half", "fresh",
        "frozen", "organic", "large", "small", "big", "little", "spare", "new", "clean", "warm", "whole", "sliced",
        "red", "green", "yellow", "white", "black", "brown", "dark", "light", "sparkling", "plain", "greek",
        "skim", "low-fat", "gluten-free", "extra-virgin", "reusable", "travel", "baby", "kids", "kid's", "dog's",
        "cat's", "sweet", "hot", "cold", "iced", "wet", "dry", "bottled", "canned", "whole-wheat", "wholemeal",
        "unsalted", "salted", "shredded", "grated", "chopped", "mixed", "wireless", "portable", "electric",
    ]

    /// Two-word things that are one item: the first word and the words that may follow it.
    static let compounds: [String: Set<String>] = [
        "ground": ["beef", "turkey", "pork", "coffee", "chicken", "lamb"],
        "water": ["bottle", "bottles", "filter", "shoes", "bill"],
        "paper": ["towels", "towel", "plates", "cups", "napkins", "clips"],
        "dish": ["soap", "detergent", "sponge", "towels", "rack"],
        "toilet": ["paper", "roll", "rolls", "cleaner"],
        "olive": ["oil"],
        "peanut": ["butter"],
        "ice": ["cream", "pack", "packs", "cubes"],
        "orange": ["juice"],
        "apple": ["juice", "sauce", "pie"],
        "sour": ["cream"],
        "cream": ["cheese"],
        "soy": ["sauce", "milk"],
        "baking": ["soda", "powder", "sheet", "paper"],
        "chicken": ["breast", "breasts", "thighs", "wings", "stock", "broth", "nuggets"],
        "bell": ["pepper", "peppers"],
        "hand": ["soap", "sanitizer", "cream", "towel", "towels", "lotion"],
        "laundry": ["detergent", "soap", "basket"],
        "trash": ["bags", "bag", "can"],
        "garbage": ["bags", "bag"],
        "bin": ["bags", "bag", "liners"],
        "sun": ["cream", "hat", "lotion"],
        "phone": ["charger", "case", "cable"],
        "beach": ["towel", "towels", "umbrella", "chair", "chairs", "ball"],
        "bug": ["spray", "repellent"],
        "insect": ["repellent"],
        "first": ["aid"],
        "aid": ["kit"],
        "sleeping": ["bag", "bags", "pad", "mask"],
        "hiking": ["boots", "shoes", "poles"],
        "rain": ["jacket", "coat", "boots"],
        "swim": ["suit", "suits", "trunks", "goggles"],
        "tooth": ["brush", "paste"],
        "dental": ["floss"],
        "cat": ["food", "litter", "treats", "toys"],
        "dog": ["food", "treats", "leash", "bowl", "bed", "toys"],
        "coffee": ["beans", "filters", "pods", "creamer", "mug"],
        "tomato": ["sauce", "paste"],
        "pasta": ["sauce"],
        "hot": ["sauce", "dogs", "dog"],
        "string": ["cheese"],
        "cheddar": ["cheese"],
        "parmesan": ["cheese"],
        "goat": ["cheese"],
        "cottage": ["cheese"],
        "almond": ["milk", "butter"],
        "oat": ["milk"],
        "coconut": ["milk", "oil", "water"],
        "maple": ["syrup"],
        "brown": ["sugar", "rice"],
        "green": ["beans", "tea", "onions", "peppers"],
        "sweet": ["potatoes", "potato"],
        "spring": ["onions"],
        "garlic": ["bread", "powder"],
        "vegetable": ["oil", "stock", "broth"],
        "whipped": ["cream"],
        "heavy": ["cream"],
        "cereal": ["bars"],
        "granola": ["bars"],
        "protein": ["bars", "powder", "shake"],
        "energy": ["bars", "drinks"],
        "lemon": ["juice"],
        "lime": ["juice"],
        "tortilla": ["chips", "wraps"],
        "potato": ["chips", "salad"],
        "bread": ["rolls", "crumbs"],
        "cleaning": ["supplies", "spray"],
        "shower": ["gel", "curtain", "cap"],
        "body": ["wash", "lotion"],
        "face": ["wash", "mask", "cream"],
        "lip": ["balm"],
        "hair": ["dryer", "ties", "brush", "gel"],
        "contact": ["lenses", "lens"],
        "reading": ["glasses"],
        "travel": ["adapter", "pillow", "documents", "insurance"],
        "passport": ["photos"],
        "boarding": ["pass", "passes"],
        "power": ["bank", "adapter", "strip"],
        "extension": ["cord", "lead"],
        "light": ["bulbs", "bulb"],
        "air": ["freshener", "filter", "mattress"],
        "smoke": ["detector"],
        "duct": ["tape"],
        "masking": ["tape"],
        "gift": ["wrap", "card", "cards", "bags"],
        "wrapping": ["paper"],
        "birthday": ["card", "cake", "candles", "present"],
        "party": ["hats", "favors", "favours"],
        "tennis": ["balls", "racket", "shoes"],
        "yoga": ["mat"],
        "gym": ["bag", "shoes", "clothes"],
        "running": ["shoes"],
        "car": ["keys", "charger", "seat", "wash"],
        "house": ["keys"],
        "spare": ["keys"],
        "flash": ["drive"],
        "usb": ["stick", "cable"],
        "pencil": ["case", "sharpener"],
        "glue": ["stick", "sticks"],
        "note": ["book", "books", "pads"],
        "sticky": ["notes"],
        "printer": ["paper", "ink"],
        "school": ["bag", "shoes", "supplies"],
        "lunch": ["box", "boxes"],
        "rubber": ["bands", "gloves"],
        "aluminum": ["foil"],
        "aluminium": ["foil"],
        "tin": ["foil"],
        "plastic": ["wrap", "bags", "cups", "forks"],
        "zip": ["bags"],
        "ziploc": ["bags"],
        "freezer": ["bags"],
        "kitchen": ["towels", "roll", "paper"],
        "fabric": ["softener"],
        "stain": ["remover"],
        "bath": ["towel", "towels", "mat"],
        "pool": ["noodles"],
        "camp": ["stove", "chairs"],
        "camping": ["stove", "chairs", "gear"],
        "fishing": ["rod", "gear"],
        "ski": ["pass", "jacket", "boots"],
        "winter": ["coat", "boots", "jacket"],
        "flip": ["flops"],
        "ear": ["plugs", "buds"],
        "eye": ["mask", "drops"],
        "bottle": ["opener"],
        "can": ["opener"],
        "wine": ["glasses"],
        "paper-towel": ["roll"],
        "toilet-paper": ["roll"],
    ]
}
