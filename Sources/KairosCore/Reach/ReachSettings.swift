import Foundation

/// What a person hears about, beyond their feed: for each kind of notice, the channels it leaves by. Only
/// their changes are kept; every other kind follows `NotificationPolicy.defaultChannels`.
public struct ReachSettings: Sendable, Equatable {
    /// The kinds a person chooses channels for.
    public enum Topic: String, Sendable, CaseIterable {
        case reminder
        case mention
        /// A task given to them.
        case assigned
        /// A task they follow completed or reopened.
        case taskStatus = "task_status"
        /// Their daily brief.
        case brief
        /// The mentions they missed while away.
        case digest

        /// What the kind is called in settings and in an email's footer.
        public var label: String {
            switch self {
            case .reminder: "Reminders"
            case .mention: "Mentions"
            case .assigned: "Tasks given to you"
            case .taskStatus: "Tasks you follow"
            case .brief: "Your daily brief"
            case .digest: "Mentions you missed"
            }
        }

        public init?(_ kind: AppNotification.Kind) {
            switch kind {
            case .reminder: self = .reminder
            case .mention: self = .mention
            case .assigned: self = .assigned
            case .taskCompleted, .taskReopened: self = .taskStatus
            case .brief: self = .brief
            case .digest: self = .digest
            case .message: return nil
            }
        }
    }

    public var chosen: [Topic: Set<NotificationPolicy.Channel>]

    public init(chosen: [Topic: Set<NotificationPolicy.Channel>] = [:]) {
        self.chosen = chosen
    }

    /// The channels `topic` leaves by for this person.
    public func channels(for topic: Topic) -> Set<NotificationPolicy.Channel> {
        chosen[topic] ?? NotificationPolicy.defaultChannels(for: topic)
    }

    /// As kept: `{"reminder": ["email", "push"]}`, the changes only, each list in a fixed order.
    public var json: String {
        var json = JSONWriter()
        json.object { json in
            for topic in Topic.allCases {
                guard let channels = chosen[topic] else { continue }
                json.dynamicKey(topic.rawValue)
                json.array(NotificationPolicy.Channel.allCases.filter(channels.contains)) { $0.string($1.rawValue) }
            }
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// What was kept; anything it does not know (a channel or kind no longer offered) is left out.
    public init(json: String?) {
        guard let data = json?.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String]]
        else {
            self.init()
            return
        }
        var chosen: [Topic: Set<NotificationPolicy.Channel>] = [:]
        for (key, names) in object {
            guard let topic = Topic(rawValue: key) else { continue }
            chosen[topic] = Set(names.compactMap(NotificationPolicy.Channel.init(rawValue:)))
        }
        self.init(chosen: chosen)
    }
}

extension ReachSettings: Decodable {
    struct Kind: Decodable {
        let kind: String
        let channels: [String]
        let `default`: Bool
    }

    /// The answer of `GET /notifications/settings`: the kinds changed from their defaults are the choices.
    public init(from decoder: any Decoder) throws {
        let kinds = try decoder.container(keyedBy: KindsKey.self).decode([Kind].self, forKey: .kinds)
        var chosen: [Topic: Set<NotificationPolicy.Channel>] = [:]
        for kind in kinds where !kind.default {
            guard let topic = Topic(rawValue: kind.kind) else { continue }
            chosen[topic] = Set(kind.channels.compactMap(NotificationPolicy.Channel.init(rawValue:)))
        }
        self.init(chosen: chosen)
    }

    enum KindsKey: String, CodingKey { case kinds }
}

extension ReachSettings: JSONWritable {
    /// Every kind with what it is called, its channels, and whether they are the defaults:
    /// `{"kinds": [{"kind", "label", "channels", "default"}]}`.
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("kinds")
            json.array(Topic.allCases) { json, topic in
                json.object { json in
                    json.key("kind"); json.string(topic.rawValue)
                    json.key("label"); json.string(topic.label)
                    json.key("channels")
                    json.array(NotificationPolicy.Channel.allCases.filter(channels(for: topic).contains)) {
                        $0.string($1.rawValue)
                    }
                    json.key("default"); json.bool(chosen[topic] == nil)
                }
            }
        }
    }
}

/// `POST /notifications/settings`: `{"reminder": ["push", "email"], "brief": null, ...}`; a list sets the kind's
/// channels (empty: the feed alone), `null` gives it back its defaults, a kind left out stays as it is.
public struct ReachSettingsRequest: Codable, Sendable {
    public var changes: [String: [String]?]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        changes = try container.decode([String: [String]?].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (kind, channels) in changes {
            if let channels {
                try container.encode(channels, forKey: AnyKey(kind))
            } else {
                try container.encodeNil(forKey: AnyKey(kind))
            }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(changes: [String: [String]?]) {
        self.changes = changes
    }

    /// `settings` with the request's changes, each checked; a wrong kind or channel is named.
    public func applied(to settings: ReachSettings) throws(KairosError) -> ReachSettings {
        var result = settings
        for (key, names) in changes {
            guard let topic = ReachSettings.Topic(rawValue: key) else {
                throw .invalidField(
                    field: key,
                    message: "\(key) is not a kind of notice. Use \(ReachSettings.Topic.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            guard let names else {
                result.chosen[topic] = nil
                continue
            }
            var channels: Set<NotificationPolicy.Channel> = []
            for name in names {
                guard let channel = NotificationPolicy.Channel(rawValue: name) else {
                    throw .invalidField(
                        field: key,
                        message: "\(name) is not a channel. Use \(NotificationPolicy.Channel.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                channels.insert(channel)
            }
            result.chosen[topic] = channels
        }
        return result
    }
}
