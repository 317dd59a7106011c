import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A downloaded attachment: its bytes and what the server says they are.
public struct AttachmentDownload: Sendable {
    public var data: Data
    /// The type the server recognised from the content, such as `image/png`.
    public var mimeType: String
    /// The content's SHA-256, lowercase hex (the response's ETag without quotes).
    public var sha256: String?
}

extension KairosClient {
    /// Uploads an image (PNG, JPEG, GIF, WebP, HEIC) or a PDF of up to 25 MiB, ready to attach to a
    /// message with `sendMessage(conversationID:text:attachmentIDs:)` (`POST /attachments`).
    /// The server decides the type from the content; anything else is refused.
    public func uploadAttachment(_ data: Data, name: String) async throws -> Attachment {
        try await send(
            .post, "attachments", query: ["name": name], bytes: data, contentType: "application/octet-stream")
    }

    /// Downloads a file you uploaded or that was posted in one of your conversations
    /// (`GET /attachments/{id}`).
    public func downloadAttachment(id: String) async throws -> AttachmentDownload {
        let (data, response) = try await fetch("attachments", id)
        let tag = response.value(forHTTPHeaderField: "ETag")?.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return AttachmentDownload(
            data: data, mimeType: response.value(forHTTPHeaderField: "Content-Type") ?? "application/octet-stream",
            sha256: tag)
    }
}
