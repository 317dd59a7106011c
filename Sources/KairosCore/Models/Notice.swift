import Foundation

/// A notification as it leaves Kairos: what a phone shows from Web Push, and what a webhook or an ntfy topic
/// receives. Every channel carries the same notice; `id` stays the same across retries, so a device that gets
/// it twice shows it once.
public struct Notice: Sendable, Equatable {
    /// What the person can do from the notification itself.
    public enum Action: String, Sendable, CaseIterable {
        /// Completes the task.
        case done
        /// Brings the reminder back later.
        case snooze
        /// Opens the app where it happened.
        case open

        public var title: String {
            switch self {
            case .done: "Done"
            case .snooze: "Snooze"
            case .open: "Open"
            }
        }
    }

    /// The notification's id in the person's feed.
    public var id: String
    public var kind: AppNotification.Kind
    public var title: String
    public var body: String
    public var taskID: String?
    /// Where in the web app it leads: a path from the server's root, such as `/#/messages/12/at/34`.
    public var path: String
    public var actions: [Action]
    public var createdAt: Date

    public init(
        id: String, kind: AppNotification.Kind, title: String, body: String, taskID: String? = nil, path: String,
        actions: [Action], createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.taskID = taskID
        self.path = path
        self.actions = actions
        self.createdAt = createdAt
    }

    /// The notice as JSON, with `url` the server's public address joined with `path`, and each action's `url`:
    /// Open's is the app's, Done's and Snooze's the API's, signed with `actionToken` so they work without the
    /// person's session (left out without one).
    /// `{"id", "kind", "title", "body", "task_id"?, "url", "tag", "acknowledge_url"?, "actions": [{"action", "title",
    /// "url"}], "created_at"}`.
    public func json(publicURL: String, actionToken: String?) -> [UInt8] {
        var json = JSONWriter()
        let root = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        let actions = self.actions.filter { $0 == .open || actionToken != nil }
        json.object { json in
            json.key("id"); json.string(id)
            json.key("kind"); json.string(kind.rawValue)
            json.key("title"); json.string(title)
            json.key("body"); json.string(body)
            if let taskID { json.key("task_id"); json.string(taskID) }
            json.key("url"); json.string(root + path)
            json.key("tag"); json.string(tag)
            // Opening a reminder answers it: a repeating one stops on every device.
            if kind == .reminder, taskID != nil, let actionToken {
                json.key("acknowledge_url")
                json.string("\(root)/api/v1/notices/\(id)/acknowledge?token=\(actionToken)")
            }
            json.key("actions")
            json.array(actions) { json, action in
                json.object { json in
                    json.key("action"); json.string(action.rawValue)
                    json.key("title"); json.string(action.title)
                    json.key("url")
                    if action == .open {
                        json.string(root + path)
                    } else {
                        json.string("\(root)/api/v1/notices/\(id)/\(action.rawValue)?token=\(actionToken ?? "")")
                    }
                }
            }
            json.key("created_at"); json.date(createdAt)
        }
        return json.bytes
    }

    /// Where the notice leads, on the server at `publicURL`.
    public func url(publicURL: String) -> String {
        (publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + path
    }

    /// What a device groups the notice under: a reminder's repeats replace each other, so a phone shows the
    /// latest once.
    public var tag: String {
        if kind == .reminder, let taskID { return "reminder-\(taskID)" }
        return "notice-\(id)"
    }
}
