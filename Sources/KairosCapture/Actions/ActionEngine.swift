import Foundation
import KairosCore

/// Reads the action items of a message thread, following the action rules: requests to a member, the sender's
/// own commitments and needs left to anyone, each followed through the thread's acceptances, claims, hand-offs,
/// completions and cancellations. Titles and dates come from the capture engine. Pure and deterministic.
public struct ActionEngine: Sendable {
    private let capture = CaptureEngine()

    public init() {}

    /// The thread's open action items, in the order their messages first state them.
    public func actions(in thread: ActionThread) -> [ActionItem] {
        let roster = MemberRoster(thread.members)
        let reader = MessageReader(roster: roster)
        var ledger = ActionLedger(members: thread.members)
        for (index, message) in thread.messages.enumerated() {
            let context = CaptureContext(now: message.sentAt, timeZone: thread.timeZone, lists: [])
            let statements = reader.statements(in: message.text)
            let sender = thread.member(id: message.senderID)
            let said = statements.map { statement in
                SaidStatement(
                    statement: statement, deeds: statement.isDeed ? deeds(in: statement, context: context) : [])
            }
            ledger.apply(said, from: sender, senderID: message.senderID, message: index, context: context)
        }
        return ledger.openItems
    }

    /// The deeds a statement names, titled and dated by the capture engine: "book the venue and order the flyers"
    /// is two. A deed that only points back ("do it thursday") has no title of its own.
    private func deeds(in statement: ActionStatement, context: CaptureContext) -> [Deed] {
        let tasks = capture.capture(statement.text, context: context).tasks
        var leadingDue: LocalDateTime?
        if !statement.leadingText.isEmpty {
            let leading = DateFragment(statement.leadingText, now: context.now, timeZone: context.timeZone)
            if leading.otherWords.allSatisfy(ActionLexicon.acknowledgements.contains) {
                leadingDue = leading.due
            }
        }
        guard !tasks.isEmpty else {
            let fragment = DateFragment(statement.text, now: context.now, timeZone: context.timeZone)
            return [Deed(title: nil, due: fragment.due ?? leadingDue, topic: ActionTopic(title: statement.text))]
        }
        let utf16 = Array(statement.text.utf16)
        return tasks.compactMap { task in
            // "grab them after work": what follows "after" says when, it is not a second deed.
            let before = String(decoding: utf16[..<min(task.sourceSpan.lowerBound, utf16.count)], as: UTF16.self)
            if let last = ActionTopic.words(before).last, Self.timeConjunctions.contains(last) { return nil }
            let topic = ActionTopic(title: task.title)
            guard !Self.leavingVerbs.contains(topic.verb ?? "") || !topic.objects.isEmpty else { return nil }
            return Deed(title: task.title, due: task.due ?? leadingDue, topic: topic)
        }
    }

    private static let timeConjunctions = Set<String>(["after", "before", "until", "till", "once", "when", "while"])

    /// Titles that are only leaving the chat: "I have to go", "gotta run".
    private static let leavingVerbs = Set<String>(["go", "run", "leav", "head", "dash", "sleep", "bounc", "log"])
}

/// A deed as the capture engine reads it.
struct Deed: Sendable {
    /// Nil when the words only point back at an action already said ("do it now").
    var title: String?
    var due: LocalDateTime?
    var topic: ActionTopic

    /// "Do it", "take that one", "call them at 4", "I'll help": a deed that names no thing of its own ("we should
    /// rehearse" needs none).
    var pointsBack: Bool {
        title == nil || topic.pointsBack
            || topic.objects.isEmpty && topic.verb.map(Self.helpingVerbs.contains) == true
                && title.map({ ActionTopic.words($0).count == 1 }) == true
    }

    private static let helpingVerbs = Set(["help", "assist", "join", "pitch"].map(WordStem.stem))

    /// "Do both": the two actions said last.
    var pointsAtTwo: Bool { title.map { ActionTopic.words($0).contains("both") } ?? false }

}

/// A statement with the deeds the capture engine found in it.
struct SaidStatement: Sendable {
    var statement: ActionStatement
    var deeds: [Deed]
}
