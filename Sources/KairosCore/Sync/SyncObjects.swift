import Foundation

/// What one Sync API answer carries of a person's data: the objects they can see that are new or changed, and
/// the ids of those gone from their sight (deleted, or in a project no longer shared with them).
public struct SyncObjects: Sendable {
    public var projects: [Project] = []
    public var sections: [Section] = []
    public var items: [TaskItem] = []
    public var labels: [Label] = []
    public var notes: [Comment] = []
    public var projectNotes: [Comment] = []
    public var reminders: [Reminder] = []
    /// The person, in a full sync or when their profile changed.
    public var user: User?
    /// The id of the person's Inbox, for `user.inbox_project_id`.
    public var inboxProjectID: String?
    /// Ids answered as `{"id": ..., "is_deleted": true}`, by kind.
    public var deleted: [SyncResource: [String]] = [:]

    public init() {}

    /// Keeps only the kinds asked for.
    public func limited(to resources: Set<SyncResource>) -> SyncObjects {
        var kept = SyncObjects()
        if resources.contains(.projects) { kept.projects = projects }
        if resources.contains(.sections) { kept.sections = sections }
        if resources.contains(.items) { kept.items = items }
        if resources.contains(.labels) { kept.labels = labels }
        if resources.contains(.notes) { kept.notes = notes }
        if resources.contains(.projectNotes) { kept.projectNotes = projectNotes }
        if resources.contains(.reminders) { kept.reminders = reminders }
        if resources.contains(.user) { kept.user = user }
        kept.inboxProjectID = inboxProjectID
        kept.deleted = deleted.filter { resources.contains($0.key) }
        return kept
    }
}

/// The whole answer of `POST /api/v1/sync`, in Todoist's Sync API v1 shape.
public struct SyncAnswer: Sendable {
    public var syncToken: String
    public var fullSync: Bool
    public var resources: Set<SyncResource>
    public var objects: SyncObjects
    /// Each applied command's temp id and the id of what it made, in command order.
    public var tempIDMapping: [(tempID: String, id: String)]
    /// Each command's uuid and what it came to: nil for "ok", or its error; in command order.
    public var syncStatus: [(uuid: String, error: SyncError?)]
    public var fullSyncDate: Date?

    public init(
        syncToken: String, fullSync: Bool, resources: Set<SyncResource>, objects: SyncObjects,
        tempIDMapping: [(tempID: String, id: String)] = [], syncStatus: [(uuid: String, error: SyncError?)] = [],
        fullSyncDate: Date? = nil
    ) {
        self.syncToken = syncToken
        self.fullSync = fullSync
        self.resources = resources
        self.objects = objects
        self.tempIDMapping = tempIDMapping
        self.syncStatus = syncStatus
        self.fullSyncDate = fullSyncDate
    }
}

extension SyncAnswer: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("sync_token"); json.string(syncToken)
            json.key("full_sync"); json.bool(fullSync)
            if let fullSyncDate {
                json.key("full_sync_date_utc"); json.date(fullSyncDate)
            }
            json.key("temp_id_mapping")
            json.object { json in
                for (tempID, id) in tempIDMapping {
                    json.dynamicKey(tempID); json.string(id)
                }
            }
            if !syncStatus.isEmpty {
                json.key("sync_status")
                json.object { json in
                    for (uuid, error) in syncStatus {
                        json.dynamicKey(uuid)
                        if let error { json.value(error) } else { json.string("ok") }
                    }
                }
            }
            let deleted = objects.deleted
            if resources.contains(.projects) {
                json.key("projects")
                Self.list(&json, objects.projects, deleted[.projects]) { json, project in
                    json.extended(project) { json in
                        json.key("shared"); json.bool(project.isShared)
                        json.key("is_deleted"); json.bool(false)
                    }
                }
            }
            if resources.contains(.sections) {
                json.key("sections")
                Self.list(&json, objects.sections, deleted[.sections]) { json, section in
                    json.extended(section) { json in
                        json.key("is_archived"); json.bool(false)
                        json.key("is_deleted"); json.bool(false)
                    }
                }
            }
            if resources.contains(.items) {
                json.key("items")
                Self.list(&json, objects.items, deleted[.items]) { json, item in json.value(item) }
            }
            if resources.contains(.labels) {
                json.key("labels")
                Self.list(&json, objects.labels, deleted[.labels]) { json, label in
                    json.extended(label) { json in
                        json.key("item_order"); json.int(label.order)
                        json.key("is_deleted"); json.bool(false)
                    }
                }
            }
            for (kind, notes) in [(SyncResource.notes, objects.notes), (.projectNotes, objects.projectNotes)]
            where resources.contains(kind) {
                json.dynamicKey(kind.rawValue)
                Self.list(&json, notes, deleted[kind]) { json, note in
                    json.extended(note) { json in
                        json.key("uids_to_notify"); json.array([String]()) { json, id in json.string(id) }
                        json.key("is_deleted"); json.bool(false)
                    }
                }
            }
            if resources.contains(.reminders) {
                json.key("reminders")
                Self.list(&json, objects.reminders, deleted[.reminders]) { json, reminder in
                    json.extended(reminder) { json in json.key("item_id"); json.string(reminder.taskID) }
                }
            }
            if resources.contains(.user), let user = objects.user {
                json.key("user")
                json.object { json in
                    json.key("id"); json.string(user.id)
                    json.key("email"); json.string(user.email)
                    json.key("full_name"); json.string(user.name)
                    json.key("inbox_project_id"); json.string(objects.inboxProjectID)
                    json.key("timezone"); json.string(user.timezone)
                    json.key("tz_info")
                    json.object { json in
                        json.key("timezone"); json.string(user.timezone)
                        let seconds = user.timeZone.secondsFromGMT()
                        json.key("hours"); json.int(seconds / 3600)
                        json.key("minutes"); json.int(abs(seconds / 60) % 60)
                    }
                    json.key("lang"); json.string("en")
                    json.key("is_premium"); json.bool(false)
                    json.key("joined_at"); json.date(user.createdAt)
                }
            }
        }
    }

    /// The objects, then a `{"id": ..., "is_deleted": true}` for each id gone.
    private static func list<Element>(
        _ json: inout JSONWriter, _ objects: [Element], _ deleted: [String]?,
        _ write: (inout JSONWriter, Element) -> Void
    ) {
        json.array(Array(objects.map { Entry.object($0) } + (deleted ?? []).map { Entry.deleted($0) })) {
            json, entry in
            switch entry {
            case .object(let object): write(&json, object)
            case .deleted(let id):
                json.object { json in
                    json.key("id"); json.string(id)
                    json.key("is_deleted"); json.bool(true)
                }
            }
        }
    }

    private enum Entry<Element> {
        case object(Element)
        case deleted(String)
    }
}

extension JSONWriter {
    /// Writes `value`'s own JSON object with the members `extra` writes added at its end: how a Sync API object
    /// is its REST API shape plus a few fields.
    mutating func extended(_ value: some JSONWritable, _ extra: (inout JSONWriter) -> Void) {
        var own = JSONWriter.encode(value)
        var more = JSONWriter()
        more.object(extra)
        guard own.last == UInt8(ascii: "}"), more.bytes.count > 2 else { return raw(own) }
        own.removeLast()
        if own.last != UInt8(ascii: "{") { own.append(UInt8(ascii: ",")) }
        own.append(contentsOf: more.bytes.dropFirst())
        raw(own)
    }
}
