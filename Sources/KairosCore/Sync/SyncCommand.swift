import Foundation

/// One command of a Sync API write, as the client sent it: `{type, uuid, temp_id?, args}`.
public struct SyncCommand: Sendable {
    public var type: String
    public var uuid: String
    public var tempID: String?
    /// The `args` object as JSON text, read once temp ids are known (`SyncArguments`).
    public var args: Data

    public init(type: String, uuid: String, tempID: String? = nil, args: Data = Data("{}".utf8)) {
        self.type = type
        self.uuid = uuid
        self.tempID = tempID
        self.args = args
    }

    /// The most commands one request may carry, as Todoist allows.
    public static let maxPerRequest = 100

    /// Reads `commands`: a JSON array of command objects. Nothing is carried out when any of them is malformed.
    public static func parseList(_ text: String) throws(KairosError) -> [SyncCommand] {
        guard let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else {
            throw .invalidField(field: "commands", message: "commands must be a JSON array of command objects.")
        }
        guard list.count <= maxPerRequest else {
            throw .invalidField(
                field: "commands", message: "commands can hold at most \(maxPerRequest) commands. Send the rest next.")
        }
        var seen = Set<String>()
        var commands: [SyncCommand] = []
        for (index, element) in list.enumerated() {
            let field = "commands[\(index)]"
            guard let object = element as? [String: Any] else {
                throw .invalidField(field: field, message: "\(field) must be an object with type, uuid and args.")
            }
            guard let type = object["type"] as? String, !type.isEmpty else {
                throw .invalidField(field: "\(field).type", message: "\(field).type is required, such as item_add.")
            }
            guard let uuid = object["uuid"] as? String, (1...100).contains(uuid.count) else {
                throw .invalidField(
                    field: "\(field).uuid", message: "\(field).uuid is required: a unique text of up to 100 characters.")
            }
            guard seen.insert(uuid).inserted else {
                throw .invalidField(field: "\(field).uuid", message: "\(field).uuid repeats an earlier command's uuid.")
            }
            let tempID = object["temp_id"] as? String
            if object["temp_id"] != nil && !(object["temp_id"] is NSNull) && (tempID?.isEmpty ?? true) {
                throw .invalidField(field: "\(field).temp_id", message: "\(field).temp_id must be a non-empty text.")
            }
            let args = object["args"] ?? [String: Any]()
            guard args is [String: Any], let data = try? JSONSerialization.data(withJSONObject: args) else {
                throw .invalidField(field: "\(field).args", message: "\(field).args must be an object.")
            }
            commands.append(SyncCommand(type: type, uuid: uuid, tempID: tempID, args: data))
        }
        return commands
    }
}

/// What a command came to, kept by its uuid so that a retried request answers the same without doing it twice.
public struct SyncOutcome: Codable, Hashable, Sendable {
    /// The command's `temp_id`, and the id of the object it made.
    public var tempID: String?
    public var newID: String?
    /// Why it failed; nil when it went through.
    public var error: SyncError?

    public init(tempID: String? = nil, newID: String? = nil, error: SyncError? = nil) {
        self.tempID = tempID
        self.newID = newID
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case tempID = "temp_id"
        case newID = "new_id"
        case error
    }
}
