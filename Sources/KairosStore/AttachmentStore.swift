import Foundation
import KairosCore

/// An upload to record; its content is already on disk under its hash.
public struct AttachmentDraft: Sendable {
    public var uploaderID: String
    public var name: String
    public var mediaType: MediaType
    public var size: Int
    public var sha256: String
    public var dimensions: ImageDimensions?

    public init(
        uploaderID: String, name: String, mediaType: MediaType, size: Int, sha256: String,
        dimensions: ImageDimensions?
    ) {
        self.uploaderID = uploaderID
        self.name = name
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
        self.dimensions = dimensions
    }
}

/// An attachment with what decides who may read it: who uploaded it, and the conversation of the
/// message carrying it (nil while it is not posted yet).
public struct StoredAttachment: Sendable {
    public var attachment: Attachment
    public var uploaderID: String
    public var conversationID: String?

    public init(attachment: Attachment, uploaderID: String, conversationID: String?) {
        self.attachment = attachment
        self.uploaderID = uploaderID
        self.conversationID = conversationID
    }
}

/// Uploaded files' records: one per upload, however many uploads share the same content. A message
/// takes its uploads through `MessageDraft.attachmentIDs` when it is posted.
public protocol AttachmentStore: Sendable {
    /// Records an upload, not yet carried by any message.
    func createAttachment(_ draft: AttachmentDraft, now: Date) async throws -> Attachment
    /// One attachment with its uploader and conversation; nil if there is none with this id.
    func attachment(id: String) async throws -> StoredAttachment?
    /// Forgets an upload whose content could not be kept; nothing happens if a message took it.
    func deleteUnpostedAttachment(id: String) async throws
    /// Deletes the uploads made before `cutoff` that no message took; returns how many, and the content
    /// hashes of theirs that no remaining upload shares (whose files can go).
    func deleteUnpostedAttachments(createdBefore cutoff: Date) async throws -> (deleted: Int, unusedHashes: [String])
    /// Whether any upload holds this content.
    func isContentInUse(sha256: String) async throws -> Bool
}

extension KairosError {
    /// A message named, at `position` of its `attachment_ids`, an upload that is not its author's or is
    /// already carried by a message.
    package static func unclaimableAttachment(_ id: String, at position: Int) -> KairosError {
        let field = "attachment_ids[\(position)]"
        return .invalidField(
            field: field,
            message:
                "\(field) (\(id)) is not an upload of yours waiting to be sent. Upload the file with POST /api/v1/attachments and attach each upload to one message only."
        )
    }
}
