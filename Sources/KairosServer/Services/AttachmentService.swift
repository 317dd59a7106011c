import Foundation
import KairosCore
import KairosStore
import NIOCore

/// The rules for uploaded files: what may be uploaded, and who may download it.
///
/// An upload is an image or a PDF by its content, whatever its name says. It can be read by its
/// uploader and by the current members of the conversation whose message carries it; to anyone else
/// it does not exist.
public struct AttachmentService: Sendable {
    let store: any AttachmentStore & ConversationStore
    let clock: Clock
    let files: AttachmentFiles

    public init(store: any AttachmentStore & ConversationStore, clock: Clock, files: AttachmentFiles) {
        self.store = store
        self.clock = clock
        self.files = files
    }

    /// Receives a file and records it as the caller's upload, ready to attach to a message. Nothing is
    /// kept when the file is too large or not an image or a PDF.
    public func upload<Body: AsyncSequence>(
        _ body: Body, name rawName: String?, declaredLength: Int?, for user: User
    ) async throws -> Attachment where Body.Element == ByteBuffer {
        let name = try Self.fileName(rawName)
        if let declaredLength, declaredLength > Limits.attachmentBytes { throw KairosError.attachmentTooLarge }
        let received = try await files.receive(
            body, limit: Limits.attachmentBytes, headLength: ImageDimensions.headLength)
        do {
            guard let mediaType = MediaType.sniff(received.head) else {
                throw KairosError.unsupportedMediaType(
                    "Only images (PNG, JPEG, GIF, WebP, HEIC) and PDF documents can be attached; this file's content is none of them, whatever its name says."
                )
            }
            // Recorded before the file is kept, so the sweep of unposted uploads, which withdraws a file
            // and puts it back if an upload holds its hash by then, never drops content an upload needs.
            let attachment = try await store.createAttachment(
                AttachmentDraft(
                    uploaderID: user.id, name: name, mediaType: mediaType, size: received.size,
                    sha256: received.sha256, dimensions: ImageDimensions.read(received.head, as: mediaType)),
                now: clock.now())
            do {
                try await files.keep(received)
            } catch {
                try? await store.deleteUnpostedAttachment(id: attachment.id)
                throw error
            }
            return attachment
        } catch {
            await files.discard(received)
            throw error
        }
    }

    /// An attachment the caller may read, and where its content is on disk.
    public func download(_ id: String, for user: User) async throws -> (attachment: Attachment, path: String) {
        let stored = try require(try await store.attachment(id: id), "Attachment")
        var scope = AccessScope(ownerID: stored.uploaderID)
        if let conversationID = stored.conversationID,
            let conversation = try await store.conversation(id: conversationID, for: user.id)
        {
            scope.roles = conversation.accessScope.roles
        }
        try PermissionGuard.require(user.id, .view, .attachment, in: scope)
        return (stored.attachment, files.path(sha256: stored.attachment.sha256))
    }

    private static func fileName(_ raw: String?) throws(KairosError) -> String {
        guard let raw else {
            throw .invalidField(
                field: "name", message: "name is required: pass the file's name in the query, as ?name=photo.png.")
        }
        guard let name = AttachmentName.sanitized(raw) else {
            throw .invalidField(field: "name", message: "name must be a file name such as photo.png.")
        }
        return name
    }
}
