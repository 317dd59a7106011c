import Foundation
import HTTPTypes
import KairosCore
import Testing

/// Kairos' uploaded file; Swift Testing also has an `Attachment` (for files attached to test results).
typealias Attachment = KairosCore.Attachment

/// The first bytes of real files of each kind, enough for the server to recognise them.
enum SampleFile {
    /// A PNG signature and IHDR chunk stating `width` x `height`.
    static func png(width: UInt32 = 640, height: UInt32 = 480) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data += Data("IHDR".utf8) + bigEndian(width) + bigEndian(height) + Data([8, 6, 0, 0, 0, 0, 0, 0, 0])
        return data + Data("IEND".utf8)
    }

    /// A JFIF header, then a start-of-frame stating `width` x `height`.
    static func jpeg(width: UInt16 = 1024, height: UInt16 = 768) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data(repeating: 0, count: 10)
        data += Data([0xFF, 0xC0, 0x00, 0x11, 0x08]) + bigEndian(height) + bigEndian(width)
        return data + Data(repeating: 1, count: 12) + Data([0xFF, 0xD9])
    }

    static let gif = Data("GIF89a".utf8) + Data([0x20, 0x00, 0x10, 0x00, 0x80, 0, 0]) + Data(repeating: 0, count: 16)

    /// An extended WebP (`VP8X`) of 300 x 200.
    static let webp =
        Data("RIFF".utf8) + Data([30, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0, 0, 0, 0])
        + Data([0x2B, 0x01, 0x00, 0xC7, 0x00, 0x00])

    static let heic = Data([0, 0, 0, 24]) + Data("ftypheic".utf8) + Data([0, 0, 0, 0]) + Data("mif1heic".utf8)

    static let pdf = Data("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)

    /// A Windows program's first bytes.
    static let program = Data("MZ".utf8) + Data([0x90, 0x00, 0x03]) + Data(repeating: 0, count: 59)

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}

/// Helpers for the attachment stories; each fails the test on an unexpected status.
extension TestAPI {
    /// Uploads raw bytes as a file called `name` (`POST /attachments?name=...`).
    func uploadReply(
        _ data: Data, name: String?, contentType: String = "application/octet-stream"
    ) async throws
        -> Reply
    {
        let query = name.map { queryString(["name": $0]) } ?? ""
        return try await send(.post, "attachments" + query, body: data, headers: [.contentType: contentType])
    }

    func upload(_ data: Data, name: String) async throws -> Attachment {
        try expectOK(try await uploadReply(data, name: name), .created, as: Attachment.self)
    }

    func download(_ id: String, ifNoneMatch: String? = nil) async throws -> Reply {
        var headers: HTTPFields = [:]
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        return try await send(.get, "attachments/\(id)", headers: headers)
    }

    /// Posts a message with files, answering what the server said.
    func sendReply(_ text: String, attachmentIDs: [String], to conversationID: String) async throws -> Reply {
        try await post(
            "conversations/\(conversationID)/messages", MessageSendRequest(text: text, attachmentIDs: attachmentIDs))
    }
}
