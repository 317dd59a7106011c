import Foundation

/// A command for `POST /sync`, as the client queues it.
public struct SyncCommandBody: Codable, Hashable, Sendable {
    public var type: String
    public var uuid: String
    public var tempID: String?
    public var args: [String: SyncValue]

    public init(type: String, uuid: String = UUID().uuidString, tempID: String? = nil, args: [String: SyncValue]) {
        self.type = type
        self.uuid = uuid
        self.tempID = tempID
        self.args = args
    }

    enum CodingKeys: String, CodingKey {
        case type, uuid, args
        case tempID = "temp_id"
    }
}

/// The answer of `POST /sync`, with its objects kept as they came.
public struct SyncResponse: Decodable, Sendable {
    public var syncToken: String
    public var fullSync: Bool
    public var tempIDMapping: [String: String]
    /// Each command's uuid: nil for "ok", or its error.
    public var syncStatus: [String: SyncError?]
    /// The objects of each kind the answer carries (deleted ones as `{"id", "is_deleted": true}`).
    public var resources: [SyncResource: [SyncValue]]
    public var user: SyncValue?

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
        static func named(_ name: String) -> Key { Key(name) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        syncToken = try c.decode(String.self, forKey: .named("sync_token"))
        fullSync = try c.decodeIfPresent(Bool.self, forKey: .named("full_sync")) ?? false
        tempIDMapping = try c.decodeIfPresent([String: String].self, forKey: .named("temp_id_mapping")) ?? [:]
        let statuses = try c.decodeIfPresent([String: SyncValue].self, forKey: .named("sync_status")) ?? [:]
        syncStatus = try statuses.mapValues { status in
            if case .string = status { return nil }
            return try JSONDecoder().decode(SyncError.self, from: JSONEncoder().encode(status))
        }
        resources = [:]
        for kind in SyncResource.allCases where kind != .user {
            if let list = try c.decodeIfPresent([SyncValue].self, forKey: .named(kind.rawValue)) {
                resources[kind] = list
            }
        }
        user = try c.decodeIfPresent(SyncValue.self, forKey: .named("user"))
    }
}

extension KairosClient {
    /// `POST /api/v1/sync`: applies `commands`, then reads what changed since `token` (`*` for everything) of
    /// `resources`.
    public func sync(
        token: String?, resources: [String] = ["all"], commands: [SyncCommandBody] = []
    ) async throws -> SyncResponse {
        struct Body: Encodable {
            var syncToken: String?
            var resourceTypes: [String]
            var commands: [SyncCommandBody]
            enum CodingKeys: String, CodingKey {
                case syncToken = "sync_token"
                case resourceTypes = "resource_types"
                case commands
            }
        }
        return try await send(.post, "sync", body: Body(syncToken: token, resourceTypes: resources, commands: commands))
    }
}
