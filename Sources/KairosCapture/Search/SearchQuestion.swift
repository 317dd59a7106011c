import Foundation
import KairosCore

/// Someone a search may be about: a person the user shares a conversation or a project with.
public struct QueryPerson: Hashable, Sendable {
    public var id: String
    public var name: String
    /// What they go by besides their name: the part of their email before the @ ("bnoyce").
    public var handle: String?

    public init(id: String, name: String, handle: String? = nil) {
        self.id = id
        self.name = name
        self.handle = handle
    }

    /// The first word of their name, which is what people mostly call them by.
    public var firstName: String {
        String(name.split(whereSeparator: \.isWhitespace).first ?? Substring(name))
    }
}

/// Who has to act on what a commitment question asks about.
public enum CommitmentDirection: String, Hashable, Sendable, CaseIterable {
    /// The user owes the person: "what did I promise Ben", "what did Ben ask me", "what do I owe Ben".
    case mine
    /// The person owes the user: "what did I ask Ben", "what did Ben promise me", "what does Ben owe me".
    case theirs
}

/// The time a question is about: from `from`, up to but not including `to` (open-ended without it).
public struct SearchPeriod: Hashable, Sendable {
    public var from: Date
    public var to: Date?

    public init(from: Date, to: Date? = nil) {
        self.from = from
        self.to = to
    }

    /// Whether `instant` falls in the period.
    public func contains(_ instant: Date) -> Bool {
        instant >= from && (to.map { instant < $0 } ?? true)
    }
}

/// What a search asks, as read from its words: a person, a commitment and who owes it, a time, and the words
/// left to look for.
public struct SearchQuestion: Hashable, Sendable {
    public var person: QueryPerson?
    /// The query speaks of a promise or a request ("promised", "said I'd", "owe", "asked me").
    public var commitment: Bool
    /// Who has to act; nil when the words leave it open (both are answered).
    public var direction: CommitmentDirection?
    /// The question is about requests ("what did Ben ask me", "what did I ask Ben"): only what the other side
    /// asked for answers it, not what the one acting offered.
    public var asked: Bool
    public var period: SearchPeriod?
    /// The words left over, lower-case, to match in titles and messages.
    public var words: [String]

    public init(
        person: QueryPerson?, commitment: Bool, direction: CommitmentDirection?, asked: Bool = false,
        period: SearchPeriod?, words: [String]
    ) {
        self.person = person
        self.commitment = commitment
        self.direction = direction
        self.asked = asked
        self.period = period
        self.words = words
    }

    /// A question about what someone owes whom: a commitment and a person. Anything else is a plain search.
    public var isCommitmentQuestion: Bool { person != nil && commitment }
}
