import Foundation
import HTTPTypes
import Hummingbird
import KairosCore

/// `/attachments`: uploading images and PDFs, and downloading them.
struct AttachmentController {
    let attachments: AttachmentService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("attachments") { request, context -> Response in
            let attachment = try await attachments.upload(
                request.body, name: request.query("name"),
                declaredLength: request.headers[.contentLength].flatMap { Int($0) }, for: context.user)
            return attachment.jsonResponse(status: .created)
        }
        group.get("attachments/:id") { request, context -> Response in
            let (attachment, path) = try await attachments.download(
                try context.parameters.require("id"), for: context.user)
            let tag = "\"\(attachment.sha256)\""
            var headers: HTTPFields = [
                .eTag: tag,
                .cacheControl: "private, max-age=31536000, immutable",
            ]
            if Self.matches(tag, request.headers[.ifNoneMatch]) {
                return Response(status: .notModified, headers: headers)
            }
            headers[.contentType] = attachment.mediaType.mimeType
            headers[.contentLength] = String(attachment.size)
            headers[.contentDisposition] = Self.inlineDisposition(attachment.name)
            return Response(
                status: .ok, headers: headers, body: try await FileIO().loadFile(path: path, context: context))
        }
    }

    /// Whether an `If-None-Match` header names this entity tag (weakly compared, as RFC 9110 asks) or is `*`.
    static func matches(_ tag: String, _ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || (trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed) == tag
        }
    }

    /// `inline` with the name twice: plain ASCII for old clients, and UTF-8 percent-encoded (RFC 6266).
    static func inlineDisposition(_ name: String) -> String {
        let plain = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar != "\"" && scalar != "\\" && scalar.value >= 0x20 ? Character(scalar) : "_"
            })
        let encoded = name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? plain
        return "inline; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"
    }

    /// RFC 3986's unreserved characters, the only ones left as they are in `filename*`.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension HTTPField.Name {
    /// Tells browsers to trust `Content-Type` rather than guess from the content.
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
}
