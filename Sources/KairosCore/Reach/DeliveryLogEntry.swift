import Foundation

/// One notice on its way to one receiver, as its log shows it: waiting (perhaps to be tried again), delivered,
/// failed for good, or dropped with a receiver that is gone.
public struct DeliveryLogEntry: Sendable, Equatable {
    public enum State: String, Sendable {
        case waiting, delivered, failed, dropped
    }

    public var id: String
    /// The notification it carries.
    public var notificationID: String
    public var kind: AppNotification.Kind
    /// The notification's words, as the feed shows them; nil once it has left the feed.
    public var text: String?
    public var state: State
    public var attempts: Int
    /// The receiver's last answer; nil when it could not be reached or was not tried yet.
    public var status: Int?
    /// Why the last attempt did not deliver.
    public var error: String?
    public var createdAt: Date
    /// For one waiting: when it is tried next.
    public var nextAttemptAt: Date?
    public var finishedAt: Date?

    public init(
        id: String, notificationID: String, kind: AppNotification.Kind, text: String? = nil, state: State,
        attempts: Int, status: Int?, error: String?, createdAt: Date, nextAttemptAt: Date?, finishedAt: Date?
    ) {
        self.id = id
        self.notificationID = notificationID
        self.kind = kind
        self.text = text
        self.state = state
        self.attempts = attempts
        self.status = status
        self.error = error
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.finishedAt = finishedAt
    }
}

extension DeliveryLogEntry: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("notification_id"); json.string(notificationID)
            json.key("kind"); json.string(kind.rawValue)
            json.key("text"); json.string(text)
            json.key("state"); json.string(state.rawValue)
            json.key("attempts"); json.int(attempts)
            json.key("status"); json.int(status)
            json.key("error"); json.string(error)
            json.key("created_at"); json.date(createdAt)
            json.key("next_attempt_at"); json.date(nextAttemptAt)
            json.key("finished_at"); json.date(finishedAt)
        }
    }
}
