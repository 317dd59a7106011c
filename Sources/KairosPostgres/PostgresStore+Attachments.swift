import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: AttachmentStore {
    public func createAttachment(_ draft: AttachmentDraft, now: Date) async throws -> Attachment {
        let uploader = try require(draft.uploaderID.rowID, "User")
        return try await write { write in
            let id = try require(
                try await write.firstRow(
                    """
                    INSERT INTO attachments (user_id, name, mime_type, size, sha256, width, height, created_at)
                    VALUES (\(uploader), \(draft.name), \(draft.mediaType.mimeType), \(Int64(draft.size)),
                        \(draft.sha256), \(draft.dimensions.map { Int64($0.width) }),
                        \(draft.dimensions.map { Int64($0.height) }), \(now.micros))
                    RETURNING id
                    """), "Attachment"
            ).decode(Int64.self)
            return Attachment(
                id: id.apiID, name: draft.name, mediaType: draft.mediaType, size: draft.size, sha256: draft.sha256,
                dimensions: draft.dimensions)
        }
    }

    public func deleteUnpostedAttachment(id: String) async throws {
        guard let attachmentID = id.rowID else { return }
        try await write { write in
            try await write.query("DELETE FROM attachments WHERE id = \(attachmentID) AND message_id IS NULL")
        }
    }

    public func deleteUnpostedAttachments(
        createdBefore cutoff: Date
    ) async throws -> (deleted: Int, unusedHashes: [String]) {
        try await write { write in
            let deleted = try await write.rows(
                """
                DELETE FROM attachments WHERE message_id IS NULL AND created_at < \(cutoff.micros)
                RETURNING sha256
                """
            ).map { try $0.decode(String.self) }
            let hashes = Array(Set(deleted))
            let inUse = try await write.rows(
                "SELECT DISTINCT sha256 FROM attachments WHERE sha256 = ANY(\(hashes))"
            ).map { try $0.decode(String.self) }
            return (deleted.count, hashes.filter { !inUse.contains($0) }.sorted())
        }
    }

    public func isContentInUse(sha256: String) async throws -> Bool {
        try await read { connection in
            try await connection.firstRow(
                "SELECT EXISTS (SELECT 1 FROM attachments WHERE sha256 = \(sha256))", logger: logger
            )?.decode(Bool.self) ?? false
        }
    }

    public func attachment(id: String) async throws -> StoredAttachment? {
        guard let attachmentID = id.rowID else { return nil }
        return try await read { connection in
            guard
                let row = try await connection.firstRow(
                    """
                    SELECT a.id, a.user_id, a.name, a.mime_type, a.size, a.sha256, a.width, a.height,
                        m.conversation_id
                    FROM attachments a LEFT JOIN messages m ON m.id = a.message_id WHERE a.id = \(attachmentID)
                    """, logger: logger)
            else { return nil }
            let (id, uploader, name, mimeType, size, sha256, width, height, conversation) = try row.decode(
                (Int64, Int64, String, String, Int64, String, Int64?, Int64?, Int64?).self)
            guard let mediaType = MediaType(rawValue: mimeType) else { return nil }
            let dimensions = width.flatMap { width in
                height.map { ImageDimensions(width: Int(width), height: Int($0)) }
            }
            return StoredAttachment(
                attachment: Attachment(
                    id: id.apiID, name: name, mediaType: mediaType, size: Int(size), sha256: sha256,
                    dimensions: dimensions),
                uploaderID: uploader.apiID, conversationID: conversation?.apiID)
        }
    }
}
