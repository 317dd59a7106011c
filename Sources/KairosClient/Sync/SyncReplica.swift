import Foundation

/// A local copy of a person's Kairos data kept with the Todoist Sync API: a full sync first, then only what
/// changed. Changes made while offline are queued as commands (new objects under temp ids, shown at once) and
/// sent with the next sync; the server maps temp ids to real ones, and a retried sync never applies a command
/// twice (commands keep their uuid). The copy lives in memory and, when given a file, in a JSON file.
public actor SyncReplica {
    /// What the replica keeps, and what its file holds.
    public struct State: Codable, Sendable {
        public var syncToken: String?
        /// Objects by kind, then by id, as the server sent them (or as queued, under a temp id).
        public var objects: [String: [String: SyncValue]] = [:]
        public var user: SyncValue?
        /// Commands not yet answered by the server, oldest first.
        public var pending: [SyncCommandBody] = []

        public init() {}
    }

    /// What one sync did.
    public struct Report: Sendable {
        public var fullSync: Bool
        /// The commands the server refused, by uuid.
        public var failures: [String: SyncError]
        public var tempIDMapping: [String: String]
    }

    private let client: KairosClient
    private let file: URL?
    public private(set) var state = State()

    public init(client: KairosClient, file: URL? = nil) {
        self.client = client
        self.file = file
    }

    // MARK: Saving

    /// Reads the copy saved in the file, if there is one.
    public func load() throws {
        guard let file, FileManager.default.fileExists(atPath: file.path) else { return }
        state = try JSONDecoder().decode(State.self, from: Data(contentsOf: file))
    }

    /// Writes the copy to the file, whole, replacing the last one at once.
    public func save() throws {
        guard let file else { return }
        try JSONEncoder().encode(state).write(to: file, options: .atomic)
    }

    // MARK: Syncing

    /// Sends the queued commands and brings the copy up to date: everything the first time, then what changed.
    @discardableResult
    public func sync() async throws -> Report {
        let sent = state.pending
        let answer = try await client.sync(token: state.syncToken ?? "*", commands: sent)
        // Objects made offline leave their temp ids; the answer carries them under their real ids.
        for tempID in answer.tempIDMapping.keys {
            for kind in state.objects.keys { state.objects[kind]?[tempID] = nil }
        }
        let answered = Set(answer.syncStatus.keys)
        state.pending.removeAll { answered.contains($0.uuid) }
        state.pending = state.pending.map { Self.replacingTempIDs(in: $0, answer.tempIDMapping) }
        if answer.fullSync { state.objects = [:] }
        for (kind, list) in answer.resources {
            var objects = state.objects[kind.rawValue] ?? [:]
            for object in list {
                guard let id = object["id"]?.stringValue else { continue }
                if case .bool(true) = object["is_deleted"] ?? .null {
                    objects[id] = nil
                } else {
                    objects[id] = object
                }
            }
            state.objects[kind.rawValue] = objects
        }
        // A task's notes and reminders go with it.
        let itemIDs = Set((state.objects[SyncResource.items.rawValue] ?? [:]).keys)
        for kind in [SyncResource.notes, .reminders] {
            state.objects[kind.rawValue] = state.objects[kind.rawValue]?.filter { _, object in
                guard let item = (object["item_id"] ?? object["task_id"])?.stringValue else { return true }
                return itemIDs.contains(item)
            }
        }
        if let user = answer.user { state.user = user }
        state.syncToken = answer.syncToken
        var failures: [String: SyncError] = [:]
        for (uuid, status) in answer.syncStatus { if let status { failures[uuid] = status } }
        return Report(fullSync: answer.fullSync, failures: failures, tempIDMapping: answer.tempIDMapping)
    }

    // MARK: Changing, offline first

    /// Queues a command; with `kind`, the object it makes is shown at once under a new temp id, which it returns.
    @discardableResult
    public func queue(_ type: String, args: [String: SyncValue], making kind: SyncResource? = nil) -> String? {
        var command = SyncCommandBody(type: type, args: args)
        guard let kind else {
            state.pending.append(command)
            applyLocally(command)
            return nil
        }
        let tempID = "temp-" + UUID().uuidString.lowercased()
        command.tempID = tempID
        state.pending.append(command)
        var object = args
        object["id"] = .string(tempID)
        object["is_deleted"] = false
        if kind == .items {
            object["checked"] = false
            if object["description"] == nil { object["description"] = "" }
            if object["labels"] == nil { object["labels"] = [] }
            if object["priority"] == nil { object["priority"] = 1 }
            if object["child_order"] == nil { object["child_order"] = 0 }
            if object["project_id"] == nil { object["project_id"] = state.user?["inbox_project_id"] ?? .null }
            let now = SyncValue.string(APITimestamp.format(Date()))
            object["added_at"] = now
            object["updated_at"] = now
        }
        state.objects[kind.rawValue, default: [:]][tempID] = .object(object)
        return tempID
    }

    /// Adds a task (to the Inbox unless `projectID`, which may be a temp id); returns its temp id.
    @discardableResult
    public func addItem(_ content: String, projectID: String? = nil) -> String {
        var args: [String: SyncValue] = ["content": .string(content)]
        if let projectID { args["project_id"] = .string(projectID) }
        return queue("item_add", args: args, making: .items)!
    }

    /// Adds a project; returns its temp id.
    @discardableResult
    public func addProject(_ name: String) -> String {
        queue("project_add", args: ["name": .string(name)], making: .projects)!
    }

    public func updateItem(_ id: String, content: String) {
        queue("item_update", args: ["id": .string(id), "content": .string(content)])
    }

    public func completeItem(_ id: String) {
        queue("item_close", args: ["id": .string(id)])
    }

    public func deleteItem(_ id: String) {
        queue("item_delete", args: ["id": .string(id)])
    }

    /// What an unanswered command changes, shown before the server confirms it.
    private func applyLocally(_ command: SyncCommandBody) {
        guard let id = command.args["id"]?.stringValue else { return }
        let items = SyncResource.items.rawValue
        switch command.type {
        case "item_update":
            guard case .object(var object)? = state.objects[items]?[id] else { return }
            for (key, value) in command.args where key != "id" { object[key] = value }
            state.objects[items]?[id] = .object(object)
        case "item_close", "item_complete":
            guard case .object(var object)? = state.objects[items]?[id] else { return }
            object["checked"] = true
            state.objects[items]?[id] = .object(object)
        case "item_delete":
            state.objects[items]?[id] = nil
        default:
            break
        }
    }

    /// A queued command with the temp ids the server has since mapped replaced by the real ids.
    private static func replacingTempIDs(in command: SyncCommandBody, _ mapping: [String: String]) -> SyncCommandBody {
        var command = command
        command.args = command.args.mapValues { replacingTempIDs(in: $0, mapping) }
        return command
    }

    /// A value with every temp id in it, however deep (an `item_reorder`'s `items`), replaced by its real id.
    private static func replacingTempIDs(in value: SyncValue, _ mapping: [String: String]) -> SyncValue {
        switch value {
        case .string(let text): .string(mapping[text] ?? text)
        case .array(let values): .array(values.map { replacingTempIDs(in: $0, mapping) })
        case .object(let fields): .object(fields.mapValues { replacingTempIDs(in: $0, mapping) })
        default: value
        }
    }

    // MARK: Reading

    /// The open tasks in the copy, in their projects' order.
    public var items: [TaskItem] { (decoded(.items) as [TaskItem]).filter { !$0.isCompleted }.sorted { $0.childOrder < $1.childOrder } }
    public var projects: [Project] { (decoded(.projects) as [Project]).sorted { $0.childOrder < $1.childOrder } }
    public var sections: [Section] { decoded(.sections) }
    public var labels: [Label] { decoded(.labels) }
    public var notes: [Comment] { decoded(.notes) }
    public var reminders: [Reminder] { decoded(.reminders) }
    public var syncToken: String? { state.syncToken }
    public var pendingCount: Int { state.pending.count }

    /// One object of the copy as it came, by kind and id (a temp id until synced).
    public func object(_ kind: SyncResource, id: String) -> SyncValue? { state.objects[kind.rawValue]?[id] }

    private func decoded<T: Decodable>(_ kind: SyncResource) -> [T] {
        (state.objects[kind.rawValue] ?? [:]).values.compactMap { try? $0.decode(T.self) }
    }
}
