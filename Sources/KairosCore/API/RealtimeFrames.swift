import Foundation

/// A frame a client sends on the realtime socket (`/api/v1/ws`), JSON text with a `type`.
public enum ClientFrame: Hashable, Sendable {
    /// The first frame: the API token, and the seq of the last event the client has, to replay what followed.
    case auth(token: String, after: Int?)
    /// The sender is typing in a conversation; relayed to its other members who are connected.
    case typing(conversationID: String)
    case ping
}

/// A frame the server sends on the realtime socket.
public enum ServerFrame: Hashable, Sendable {
    /// Signed in; `seq` is the user's newest event. Events after the client's `after` (or after `seq`) follow.
    case ready(seq: Int)
    /// One entry of the user's event feed, exactly as `GET /api/v1/events` lists it; in seq order.
    case event(UserEvent)
    /// Someone else is typing in one of the user's conversations. Not numbered and not kept.
    case typing(conversationID: String, userID: String)
    case pong
    /// A refused frame; `unauthorized` ends the connection, the others do not.
    case error(code: String, message: String)
}

extension ClientFrame: Codable {
    enum CodingKeys: String, CodingKey {
        case type, token, after
        case conversationID = "conversation_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "auth":
            self = .auth(
                token: try container.decode(String.self, forKey: .token),
                after: try container.decodeIfPresent(Int.self, forKey: .after))
        case "typing": self = .typing(conversationID: try container.decode(String.self, forKey: .conversationID))
        case "ping": self = .ping
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown frame type \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .auth(let token, let after):
            try container.encode("auth", forKey: .type)
            try container.encode(token, forKey: .token)
            try container.encodeIfPresent(after, forKey: .after)
        case .typing(let conversationID):
            try container.encode("typing", forKey: .type)
            try container.encode(conversationID, forKey: .conversationID)
        case .ping:
            try container.encode("ping", forKey: .type)
        }
    }
}

extension ServerFrame: Decodable {
    enum CodingKeys: String, CodingKey {
        case type, seq, event, code, message
        case conversationID = "conversation_id"
        case userID = "user_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "ready": self = .ready(seq: try container.decode(Int.self, forKey: .seq))
        case "event": self = .event(try container.decode(UserEvent.self, forKey: .event))
        case "typing":
            self = .typing(
                conversationID: try container.decode(String.self, forKey: .conversationID),
                userID: try container.decode(String.self, forKey: .userID))
        case "pong": self = .pong
        case "error":
            self = .error(
                code: try container.decode(String.self, forKey: .code),
                message: try container.decode(String.self, forKey: .message))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown frame type \(other)")
        }
    }
}

extension ServerFrame: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            switch self {
            case .ready(let seq):
                json.key("type"); json.string("ready")
                json.key("seq"); json.int(seq)
            case .event(let event):
                json.key("type"); json.string("event")
                json.key("event"); json.value(event)
            case .typing(let conversationID, let userID):
                json.key("type"); json.string("typing")
                json.key("conversation_id"); json.string(conversationID)
                json.key("user_id"); json.string(userID)
            case .pong:
                json.key("type"); json.string("pong")
            case .error(let code, let message):
                json.key("type"); json.string("error")
                json.key("code"); json.string(code)
                json.key("message"); json.string(message)
            }
        }
    }

    /// The frame as the text the socket carries.
    public var text: String { String(decoding: JSONWriter.encode(self), as: UTF8.self) }
}
