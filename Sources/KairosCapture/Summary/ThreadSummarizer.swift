import Foundation
import KairosCore

/// Summarises a message thread without a model, by rules that read any thread alike. Pure and deterministic.
///
/// - Bullets: the messages that say most about what the thread is about, chosen SumBasic-style: a word weighs
///   by how many other messages use it, a message by the mean weight of its words (times the log of how many
///   it has), and once a message is chosen its words weigh less, so the next bullet says something else. Messages
///   of under four words, or of only acknowledgements, laughs and emoji ("ok", "thanks 🙏") are never bullets.
/// - Decisions and blockers: each sentence holding one of `SummaryLexicon`'s phrases, unless it is a question or
///   a negation comes just before the phrase. A bare "agreed!" settles the message it answers: the previous
///   message from someone else is the decision.
/// - Open questions: see `answers(_:asked:in:read:source:)`.
/// - Next steps: the action engine's open items.
///
/// A note is read as a thread its author wrote alone (`ActionThread(note:author:writtenAt:timeZone:)`), by the
/// same rules; only who may answer a question differs (`SummarySource`).
public struct ThreadSummarizer: Sendable {
    /// The most bullets a summary has.
    public static let maxBullets = 5
    /// The most characters quoted from a message; a longer one is cut at a word and ends in "…".
    public static let maxQuote = 240

    private let actions = ActionEngine()

    public init() {}

    /// The summary of `thread`: a conversation's messages, or with `source` `.note` a note's sentences.
    public func summary(of thread: ActionThread, source: SummarySource = .thread) -> ThreadSummary {
        let read = thread.messages.map { SummaryMessage($0.text) }
        return ThreadSummary(
            summary: bullets(read), decisions: decisions(read, thread), blockers: blockers(read),
            openQuestions: openQuestions(read, thread, source: source), nextSteps: actions.actions(in: thread))
    }

    // MARK: Bullets

    private func bullets(_ read: [SummaryMessage]) -> [SummaryPoint] {
        let candidates = read.indices.filter { !read[$0].isSmallTalk && !read[$0].topics.isEmpty }
        // A word weighs by how many other messages use it too: one only a single message says is no topic of
        // the thread's (unless no word is said twice).
        var uses: [String: Int] = [:]
        for index in candidates {
            for topic in read[index].topics { uses[topic, default: 0] += 1 }
        }
        let repeated = uses.values.contains { $0 > 1 }
        var weight = uses.mapValues { Double(repeated ? $0 - 1 : $0) }
        let total = weight.values.reduce(0, +)
        guard total > 0 else { return [] }
        for key in weight.keys { weight[key]! /= total }
        var chosen: [Int] = []
        var left = candidates
        while chosen.count < Self.maxBullets, !left.isEmpty {
            var best = left[0]
            var bestScore = -1.0
            for index in left {
                let topics = read[index].topics
                let mean = topics.reduce(0.0) { $0 + weight[$1, default: 0] } / Double(topics.count)
                let score = mean * log(1 + Double(topics.count))
                if score > bestScore {
                    best = index
                    bestScore = score
                }
            }
            chosen.append(best)
            left.removeAll { $0 == best }
            for topic in read[best].topics { weight[topic, default: 0] *= weight[topic, default: 0] }
        }
        return chosen.sorted().map { SummaryPoint(text: Self.quote(read[$0].text), message: $0) }
    }

    // MARK: Decisions and blockers

    private func decisions(_ read: [SummaryMessage], _ thread: ActionThread) -> [SummaryPoint] {
        var points: [SummaryPoint] = []
        for (index, message) in read.enumerated() {
            for sentence in message.sentences where !sentence.isQuestion {
                guard sentence.contains(anyOf: SummaryLexicon.decisionPhrases) else { continue }
                if sentence.words.count <= 2, message.sentences.count == 1,
                    let settled = Self.previous(before: index, notFrom: thread.messages[index].senderID, in: thread),
                    !read[settled].isSmallTalk
                {
                    // "Agreed!" on its own: what was agreed is the message it answers.
                    points.append(SummaryPoint(text: Self.quote(read[settled].text), message: settled))
                } else {
                    points.append(SummaryPoint(text: Self.quote(sentence.text), message: index))
                }
                break
            }
        }
        var seen = Set<Int>()
        return points.filter { seen.insert($0.message).inserted }
    }

    private func blockers(_ read: [SummaryMessage]) -> [SummaryPoint] {
        read.enumerated().compactMap { index, message in
            message.sentences.first { sentence in
                !sentence.isQuestion
                    && (sentence.contains(anyOf: SummaryLexicon.blockerPhrases) || sentence.deniesUntil)
            }.map { SummaryPoint(text: Self.quote($0.text), message: index) }
        }
    }

    // MARK: Open questions

    private func openQuestions(
        _ read: [SummaryMessage], _ thread: ActionThread, source: SummarySource
    ) -> [SummaryPoint] {
        var points: [SummaryPoint] = []
        for (index, message) in read.enumerated() {
            for sentence in message.sentences where sentence.isQuestion && sentence.words.count >= 3 {
                guard !answers(sentence, asked: index, in: thread, read: read, source: source) else { continue }
                points.append(SummaryPoint(text: Self.quote(sentence.text), message: index))
            }
        }
        return points
    }

    /// Whether a later message answers `question`, asked in message `asked`. It does when it comes from someone
    /// other than the asker (from one of the people the question names, when it names any: "@ben ...",
    /// "Ben, ..."), holds more than questions, and either is the next turn (the first message after the question
    /// from anyone but the asker) and does not speak to someone else, or shares at least two topic words with the
    /// question (its only one, when it has one). In a note, its author answers their own question with a later
    /// sentence that shares those topic words and is no question itself.
    private func answers(
        _ question: SummarySentence, asked: Int, in thread: ActionThread, read: [SummaryMessage],
        source: SummarySource
    ) -> Bool {
        let asker = thread.messages[asked].senderID
        let addressees = Set(thread.members.filter { $0.id != asker && question.names($0) }.map(\.id))
        let needed = min(2, question.topics.count)
        var nextTurn = true
        for index in thread.messages.indices where index > asked {
            let sender = thread.messages[index].senderID
            if sender == asker {
                guard source == .note, needed > 0 else { continue }
                let later = read[index]
                if later.sentences.contains(where: { !$0.isQuestion }),
                    later.topics.intersection(question.topics).count >= needed
                {
                    return true
                }
                continue
            }
            defer { nextTurn = false }
            guard addressees.isEmpty || addressees.contains(sender) else { continue }
            let reply = read[index]
            guard reply.sentences.contains(where: { !$0.isQuestion }) else { continue }
            if nextTurn {
                let others = thread.members.filter { $0.id != asker && $0.id != sender }
                let speaksToOthers = others.contains { member in reply.sentences.contains { $0.names(member) } }
                if !speaksToOthers { return true }
            }
            if needed > 0, reply.topics.intersection(question.topics).count >= needed { return true }
        }
        return false
    }

    // MARK: Helpers

    private static func previous(before index: Int, notFrom sender: String, in thread: ActionThread) -> Int? {
        thread.messages.indices.last { $0 < index && thread.messages[$0].senderID != sender }
    }

    /// `text` on one line, cut at a word to at most `maxQuote` characters.
    public static func quote(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard line.count > maxQuote else { return line }
        let cut = line.prefix(maxQuote - 1)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}

/// A message as the summarizer reads it: its sentences and the words that carry its topic.
struct SummaryMessage {
    var text: String
    var sentences: [SummarySentence]
    var topics: Set<String>
    /// Under four words, or only acknowledgements, laughs, emoji and stop words ("sounds good to me"): never a
    /// bullet.
    var isSmallTalk: Bool

    init(_ text: String) {
        self.text = text
        sentences = SummarySentence.split(text)
        let words = ActionTopic.words(text)
        topics = Set(SummarySentence.topicStems(words))
        isSmallTalk =
            words.count < 4
            || words.allSatisfy {
                ActionLexicon.stopWords.contains($0) || ActionLexicon.acknowledgements.contains($0)
                    || ActionLexicon.laughs.contains($0)
            }
    }
}

/// One sentence of a message.
struct SummarySentence {
    var text: String
    /// Lower-cased, curly apostrophes made straight.
    var words: [String]
    var topics: Set<String>
    var isQuestion: Bool

    init(_ text: String) {
        self.text = text
        words = ActionTopic.words(text).map { $0.replacingOccurrences(of: "\u{2019}", with: "'") }
        topics = Set(Self.topicStems(words))
        isQuestion = text.last == "?"
    }

    /// Whether one of `phrases` is in the sentence with no negation just before it.
    func contains(anyOf phrases: [[String]]) -> Bool {
        for start in words.indices {
            for phrase in phrases where words[start...].starts(with: phrase) {
                let before = words[max(0, start - 2)..<start]
                if !before.contains(where: SummaryLexicon.negations.contains) { return true }
            }
        }
        return false
    }

    /// "We can't ship until legal signs off": an ability denied, then what it waits for.
    var deniesUntil: Bool {
        guard let denied = words.firstIndex(where: SummaryLexicon.deniedAbility.contains) else { return false }
        return words[denied...].contains(where: SummaryLexicon.untilWords.contains)
    }

    /// Whether the sentence speaks to `member`: "@ben ..." anywhere, or "Ben, ..." at its start.
    func names(_ member: ActionMember) -> Bool {
        guard let first = ActionTopic.words(member.name).first else { return false }
        let lower = text.lowercased()
        if lower.contains("@" + first) { return true }
        return words.first == first && lower.dropFirst(first.count).first.map { !$0.isLetter } == true
    }

    /// The sentences of `text`: split after ".", "!" or "?" followed by a space, and at line breaks; each
    /// trimmed, empty ones dropped. Trailing emoji after a question mark stay with it.
    static func split(_ text: String) -> [SummarySentence] {
        var sentences: [SummarySentence] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character.isNewline || (character.isWhitespace && previous.map { ".!?".contains($0) } == true) {
                append(current, to: &sentences)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        append(current, to: &sentences)
        return sentences
    }

    private static func append(_ text: String, to sentences: inout [SummarySentence]) {
        // "Anyone free friday? 🙏": the emoji after the question mark does not make it a statement.
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while let last = trimmed.last, last.unicodeScalars.allSatisfy(isEmoji) {
            trimmed = trimmed.dropLast().trimmingCharacters(in: .whitespaces)
        }
        guard !trimmed.isEmpty else { return }
        sentences.append(SummarySentence(trimmed))
    }

    /// Part of an emoji: a pictograph, or the joiners and selectors that build one ("❤️", "👍🏽").
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier || scalar.value == 0xFE0F
            || scalar.value == 0x200D || (scalar.properties.isEmoji && scalar.value > 0x2000)
    }

    /// The stems of the words that carry a topic: no stop words, fillers, or one-letter words.
    static func topicStems(_ words: [String]) -> [String] {
        words.compactMap { word in
            guard word.count > 1, !ActionLexicon.stopWords.contains(word), !SummaryLexicon.fillers.contains(word)
            else { return nil }
            return WordStem.stem(word)
        }
    }
}
