import Foundation
import KairosCore

/// A conversation the user and the person are both in, with the actions the engine reads in it (read when it is
/// made, so threads can be read side by side).
public struct SharedThread: Sendable {
    public var conversationID: String
    /// The group's name; nil for a direct message.
    public var name: String?
    /// The ids of the thread's messages, in order.
    public var messageIDs: [String]
    /// Who wrote each of the thread's messages, in the same order.
    public var senderIDs: [String]
    /// When each of the thread's messages was sent, in the same order.
    public var sentAt: [Date]
    /// The thread's open actions, as the action engine reads them.
    public var actions: [ActionItem]

    public init(conversationID: String, name: String?, thread: ActionThread, messageIDs: [String], sentAt: [Date]) {
        self.conversationID = conversationID
        self.name = name
        self.messageIDs = messageIDs
        self.senderIDs = thread.messages.map(\.senderID)
        self.sentAt = sentAt
        self.actions = ActionEngine().actions(in: thread)
    }
}

/// Answers a commitment question about a person from what ties the user to them: tasks assigned between the
/// two, made from their messages or followed; commitments and requests the action engine finds in the
/// conversations both are in; and messages holding the words searched for. Each result is there once (a
/// task made from a message is the task, not the message's commitment too) and says why in one line built from
/// facts. Pure and deterministic.
public struct CommitmentAnswerer: Sendable {
    public init() {}

    /// The results for `question`, asked by `userID` at `now` in `timeZone`: tasks and commitments newest first,
    /// then messages in the order given. `groupNames` names the groups among the conversations by id (a message
    /// elsewhere is in a direct message). Empty when the question is not about a person's commitments.
    public func results(
        for question: SearchQuestion, userID: String, tasks: [PersonTask], threads: [SharedThread],
        messages: [SearchHit], groupNames: [String: String], now: Date, timeZone: TimeZone
    ) -> [AnswerResult] {
        guard question.isCommitmentQuestion, let person = question.person else { return [] }
        let phrasing = Phrasing(person: person, now: now, timeZone: timeZone)
        var found: [AnswerResult] = []
        let madeFrom = Set(tasks.compactMap { $0.source?.messageID })
        for task in tasks {
            guard let result = taskResult(task, question: question, userID: userID, phrasing: phrasing) else {
                continue
            }
            found.append(result)
        }
        var said = Set<String>()
        for shared in threads {
            for action in shared.actions {
                let messageID = shared.messageIDs[action.message]
                guard !madeFrom.contains(messageID),
                    let result = commitmentResult(
                        action, in: shared, question: question, userID: userID, phrasing: phrasing)
                else { continue }
                said.insert(messageID)
                found.append(result)
            }
        }
        found.sort { ($0.at, $0.taskID ?? $0.messageID ?? "") > ($1.at, $1.taskID ?? $1.messageID ?? "") }
        let matching = messages.filter { hit in
            !madeFrom.contains(hit.id) && !said.contains(hit.id)
                && (question.period?.contains(hit.createdAt ?? now) ?? true)
        }
        return found
            + matching.map { hit in
                AnswerResult(
                    kind: .message,
                    reason: phrasing.messageReason(
                        authorID: hit.authorID, authorName: hit.authorName, userID: userID,
                        groupName: hit.conversationID.flatMap { groupNames[$0] },
                        words: question.words, sentAt: hit.createdAt ?? now),
                    title: nil, snippet: hit.snippet, conversationID: hit.conversationID, messageID: hit.id,
                    at: hit.createdAt ?? now)
            }
    }

    private func taskResult(
        _ task: PersonTask, question: SearchQuestion, userID: String, phrasing: Phrasing
    ) -> AnswerResult? {
        let personID = phrasing.person.id
        let mine = task.doerIDs.contains(userID)
        let theirs = task.doerIDs.contains(personID)
        switch question.direction {
        case .mine: guard mine else { return nil }
        case .theirs: guard theirs else { return nil }
        case nil: guard mine || theirs else { return nil }
        }
        if question.asked, let direction = question.direction {
            // Only what the other side asked for: assigned by them, or made from their message.
            let askerID = direction == .mine ? personID : userID
            guard task.assignedByID == askerID || task.source?.authorID == askerID else { return nil }
        }
        guard question.period?.contains(task.source?.sentAt ?? task.addedAt) ?? true,
            Self.matches(task.content, words: question.words)
        else { return nil }
        var reasons: [String] = []
        let name = phrasing.person.firstName
        if task.assignedByID == personID, task.assigneeIDs.contains(userID) {
            reasons.append("Assigned to you by \(name)")
        } else if task.assignedByID == userID, task.assigneeIDs.contains(personID) {
            reasons.append("You assigned it to \(name)")
        } else if task.isFollowed, task.assigneeIDs.contains(personID) {
            reasons.append("Assigned to \(name), and you follow it")
        }
        if let source = task.source {
            let author =
                source.authorID == userID ? "your" : source.authorID == personID ? "\(name)'s" : "a"
            let place =
                source.conversationName.map { " in \($0)" } ?? (author == "a" ? " in your chat with \(name)" : "")
            reasons.append("made from \(author) message\(place) \(phrasing.day(source.sentAt))")
        }
        guard !reasons.isEmpty else { return nil }
        var reason = reasons.joined(separator: ", ")
        reason = reason.prefix(1).uppercased() + reason.dropFirst()
        if let done = task.completedAt { reason += "; done \(phrasing.day(done))" }
        return AnswerResult(
            kind: .task, reason: reason, title: task.content, taskID: task.id,
            conversationID: task.source?.conversationID, messageID: task.source?.messageID, at: task.addedAt,
            isDone: task.completedAt != nil)
    }

    private func commitmentResult(
        _ action: ActionItem, in shared: SharedThread, question: SearchQuestion, userID: String, phrasing: Phrasing
    ) -> AnswerResult? {
        let personID = phrasing.person.id
        let senderID = shared.senderIDs[action.message]
        let sentAt = shared.sentAt[action.message]
        guard let assigneeID = action.assignee?.id, senderID == userID || senderID == personID else { return nil }
        let direction: CommitmentDirection
        switch assigneeID {
        case userID: direction = .mine
        case personID: direction = .theirs
        default: return nil
        }
        // "What did Ben ask me": his requests, not what I offered him.
        let askerID = direction == .mine ? personID : userID
        guard question.direction.map({ $0 == direction }) ?? true, !question.asked || senderID == askerID,
            question.period?.contains(sentAt) ?? true,
            Self.matches(action.title, words: question.words)
        else { return nil }
        return AnswerResult(
            kind: .commitment,
            reason: phrasing.commitmentReason(
                title: action.title, saidByUser: senderID == userID, direction: direction, groupName: shared.name,
                sentAt: sentAt),
            title: action.title, conversationID: shared.conversationID, messageID: shared.messageIDs[action.message],
            at: sentAt)
    }

    /// Whether every word begins some word of `text`, ignoring case and accents.
    static func matches(_ text: String, words: [String]) -> Bool {
        guard !words.isEmpty else { return true }
        let said = Set(
            QueryWord.words(in: text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)).map(
                \.text))
        return words.allSatisfy { word in
            let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            return said.contains { $0.hasPrefix(folded) }
        }
    }
}

/// The words of the reasons: who, where and when, from the facts.
struct Phrasing {
    let person: QueryPerson
    let now: Date
    let timeZone: TimeZone

    /// "today", "yesterday", "on Tuesday" within the week, "on March 4" before.
    func day(_ instant: Date) -> String {
        let date = LocalDate(instant, in: timeZone)
        let back = LocalDate.daysBetween(date, LocalDate.today(in: timeZone, now: now))
        switch back {
        case ...0: return "today"
        case 1: return "yesterday"
        case 2...6: return "on \(date.weekday.name.capitalized)"
        default: return "on \(AssistantReplyText.monthNames[date.month - 1]) \(date.day)"
        }
    }

    /// "You said you'd send the deck in Launch on Tuesday", "Ben asked you to send the deck yesterday".
    func commitmentReason(
        title: String, saidByUser: Bool, direction: CommitmentDirection, groupName: String?, sentAt: Date
    ) -> String {
        let deed = AssistantReplyText.lowercasedFirst(title)
        let name = person.firstName
        let place = groupName.map { " in \($0)" } ?? ""
        let when = day(sentAt)
        let inGroup = groupName != nil
        switch (saidByUser, direction) {
        case (true, .mine):
            return inGroup ? "You said you'd \(deed)\(place) \(when)" : "You told \(name) you'd \(deed) \(when)"
        case (false, .mine): return "\(name) asked you to \(deed)\(place) \(when)"
        case (false, .theirs):
            return inGroup ? "\(name) said they'd \(deed)\(place) \(when)" : "\(name) told you they'd \(deed) \(when)"
        case (true, .theirs): return "You asked \(name) to \(deed)\(place) \(when)"
        }
    }

    /// "Has “deck”: Ben wrote it in Launch on Tuesday".
    func messageReason(
        authorID: String?, authorName: String?, userID: String, groupName: String?, words: [String], sentAt: Date
    ) -> String {
        let quoted = words.map { "“\($0)”" }.joined(separator: " and ")
        let author =
            authorID == userID ? "you" : authorID == person.id ? person.firstName : authorName ?? "someone who left"
        let place = groupName.map { " in \($0)" } ?? ""
        let sentence = "\(author) wrote it\(place) \(day(sentAt))"
        return "Has \(quoted): \(sentence)"
    }
}
