import Foundation

/// `POST /api/v1/sync` as sent: form-encoded as Todoist documents it (`resource_types` and `commands` are JSON
/// text in form fields), or one JSON object (where they may also be plain arrays). Reading it checks everything,
/// so a malformed request changes nothing.
public struct SyncRequest: Sendable {
    /// nil when the request gives none: then only its commands are answered for.
    public var syncToken: SyncToken?
    public var resources: Set<SyncResource>
    public var commands: [SyncCommand]

    public init(syncToken: SyncToken?, resources: Set<SyncResource> = [], commands: [SyncCommand] = []) {
        self.syncToken = syncToken
        self.resources = resources
        self.commands = commands
    }

    /// Reads the fields of a form body (`application/x-www-form-urlencoded`).
    public init(form: String) throws {
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.formDecode(parts[0])
            fields[name] = parts.count > 1 ? Self.formDecode(parts[1]) : ""
        }
        try self.init(fields: fields)
    }

    /// Reads a JSON object body.
    public init(json: Data) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw KairosError.badRequest("The body must be a JSON object with sync_token, resource_types or commands.")
        }
        var fields: [String: String] = [:]
        for (name, value) in object {
            switch value {
            case let text as String: fields[name] = text
            case is NSNull: break
            default:
                guard JSONSerialization.isValidJSONObject(value), let data = try? JSONSerialization.data(withJSONObject: value)
                else {
                    throw KairosError.invalidField(field: name, message: "\(name) must be text or a JSON array.")
                }
                fields[name] = String(decoding: data, as: UTF8.self)
            }
        }
        try self.init(fields: fields)
    }

    private init(fields: [String: String]) throws {
        if let token = fields["sync_token"], !token.isEmpty {
            guard let parsed = SyncToken(token) else { throw SyncError.invalidSyncToken }
            syncToken = parsed
        } else {
            syncToken = nil
        }
        if let names = fields["resource_types"], !names.isEmpty {
            guard let list = (try? JSONSerialization.jsonObject(with: Data(names.utf8))) as? [String] else {
                throw KairosError.invalidField(
                    field: "resource_types", message: "resource_types must be a JSON array of names, such as [\"all\"].")
            }
            resources = try SyncResource.parse(list)
        } else {
            resources = []
        }
        if let text = fields["commands"], !text.isEmpty {
            commands = try SyncCommand.parseList(text)
        } else {
            commands = []
        }
    }

    private static func formDecode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
