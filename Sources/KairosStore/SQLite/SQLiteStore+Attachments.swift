import Foundation
import GRDB
import KairosCore

extension SQLiteStore: AttachmentStore {
    public func createAttachment(_ draft: AttachmentDraft, now: Date) async throws -> Attachment {
        let uploader = try require(draft.uploaderID.rowID, "User")
        return try await write { db in
            try db.run(
                sql: """
                    INSERT INTO attachments (user_id, name, mime_type, size, sha256, width, height, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    uploader, draft.name, draft.mediaType.mimeType, draft.size, draft.sha256, draft.dimensions?.width,
                    draft.dimensions?.height, now.micros,
                ])
            return Attachment(
                id: db.lastInsertedRowID.apiID, name: draft.name, mediaType: draft.mediaType, size: draft.size,
                sha256: draft.sha256, dimensions: draft.dimensions)
        }
    }

    public func deleteUnpostedAttachment(id: String) async throws {
        guard let attachmentID = id.rowID else { return }
        try await write { db in
            try db.run(sql: "DELETE FROM attachments WHERE id = ? AND message_id IS NULL", arguments: [attachmentID])
        }
    }

    public func deleteUnpostedAttachments(
        createdBefore cutoff: Date
    ) async throws
        -> (deleted: Int, unusedHashes: [String])
    {
        try await write { db in
            let hashes = try String.fetchAll(
                db.cachedStatement(
                    sql: "SELECT DISTINCT sha256 FROM attachments WHERE message_id IS NULL AND created_at < ?"),
                arguments: [cutoff.micros])
            try db.run(
                sql: "DELETE FROM attachments WHERE message_id IS NULL AND created_at < ?", arguments: [cutoff.micros])
            let deleted = db.changesCount
            let unused = try hashes.filter { try !Self.isContentInUse(db, sha256: $0) }
            return (deleted, unused)
        }
    }

    public func isContentInUse(sha256: String) async throws -> Bool {
        try await pool.read { db in try Self.isContentInUse(db, sha256: sha256) }
    }

    private static func isContentInUse(_ db: Database, sha256: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM attachments WHERE sha256 = ?)"), arguments: [sha256])
            ?? false
    }

    public func attachment(id: String) async throws -> StoredAttachment? {
        guard let attachmentID = id.rowID else { return nil }
        return try await pool.read { db in
            guard
                let row = try db.fetchRow(
                    sql: """
                        SELECT a.id, a.user_id, a.name, a.mime_type, a.size, a.sha256, a.width, a.height,
                            m.conversation_id
                        FROM attachments a LEFT JOIN messages m ON m.id = a.message_id WHERE a.id = ?
                        """,
                    arguments: [attachmentID]),
                let mediaType = MediaType(rawValue: row["mime_type"])
            else { return nil }
            let dimensions = (row["width"] as Int?).flatMap { width in
                (row["height"] as Int?).map { ImageDimensions(width: width, height: $0) }
            }
            let attachment = Attachment(
                id: (row["id"] as Int64).apiID, name: row["name"], mediaType: mediaType, size: row["size"],
                sha256: row["sha256"], dimensions: dimensions)
            return StoredAttachment(
                attachment: attachment, uploaderID: (row["user_id"] as Int64).apiID,
                conversationID: (row["conversation_id"] as Int64?)?.apiID)
        }
    }

    /// Gives `message` the author's uploads, in order. An id that is not the author's, is already
    /// carried by a message, or does not exist fails the whole write, naming its place in the list.
    static func claimAttachments(_ db: Database, ids: [String], message: Int64, author: Int64?) throws {
        for (position, id) in ids.enumerated() {
            try db.run(
                sql: """
                    UPDATE attachments SET message_id = ?, position = ?
                    WHERE id = ? AND user_id = ? AND message_id IS NULL
                    """,
                arguments: [message, position, id.rowID ?? 0, author ?? 0])
            guard db.changesCount == 1 else { throw KairosError.unclaimableAttachment(id, at: position) }
        }
    }

    /// A message's files as one JSON array (`[]` when it has none), for `messageAttachments(_:)`.
    static let attachmentsColumn = """
        (SELECT json_group_array(json_object(
            'position', a.position, 'id', a.id, 'name', a.name, 'mime_type', a.mime_type, 'size', a.size))
         FROM attachments a WHERE a.message_id = m.id) AS attachments
        """

    /// Reads `attachmentsColumn`, in the order the files were attached.
    static func messageAttachments(_ row: Row) throws -> [MessageAttachment] {
        guard let text = row["attachments"] as String?, text != "[]" else { return [] }
        return try JSONDecoder().decode([AttachmentColumn].self, from: Data(text.utf8))
            .sorted { $0.position < $1.position }
            .map { MessageAttachment(id: String($0.id), name: $0.name, mediaType: $0.mimeType, size: $0.size) }
    }
}

/// One entry of `SQLiteStore.attachmentsColumn`.
private struct AttachmentColumn: Decodable {
    var position: Int
    var id: Int64
    var name: String
    var mimeType: MediaType
    var size: Int

    enum CodingKeys: String, CodingKey {
        case position, id, name, size
        case mimeType = "mime_type"
    }
}
