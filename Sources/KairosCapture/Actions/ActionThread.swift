import Foundation
import KairosCore

/// A conversation to read action items from: who is in it, and what they wrote, in order.
public struct ActionThread: Sendable {
    public var members: [ActionMember]
    /// Oldest first; an action's `message` is an index into this array.
    public var messages: [ActionMessage]
    /// The zone the messages' wall times are in; dates said in a message are counted in it.
    public var timeZone: TimeZone

    public init(members: [ActionMember], messages: [ActionMessage], timeZone: TimeZone) {
        self.members = members
        self.messages = messages
        self.timeZone = timeZone
    }

    /// The member with this id, or nil for someone no longer (or never) in the thread.
    public func member(id: String) -> ActionMember? {
        members.first { $0.id == id }
    }
}

/// Someone in a thread: an id to assign tasks to, and the name others call them by.
public struct ActionMember: Hashable, Sendable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// One message of a thread.
public struct ActionMessage: Sendable {
    /// The id of the member who wrote it.
    public var senderID: String
    /// When it was sent, as wall time in the thread's zone: "tomorrow" in it counts from here.
    public var sentAt: LocalDateTime
    public var text: String

    public init(senderID: String, sentAt: LocalDateTime, text: String) {
        self.senderID = senderID
        self.sentAt = sentAt
        self.text = text
    }

    /// A message sent at `instant`, read in `timeZone`.
    public init(senderID: String, sentAt instant: Date, in timeZone: TimeZone, text: String) {
        self.init(senderID: senderID, sentAt: LocalDateTime(instant, in: timeZone), text: text)
    }
}
