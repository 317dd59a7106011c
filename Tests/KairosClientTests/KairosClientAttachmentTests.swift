import Foundation
import KairosClient
import Testing

@Suite("KairosClient: attachments against a live server")
struct KairosClientAttachmentTests {
    /// A PNG header stating 2 x 1 pixels, padded to `size` bytes.
    private func png(size: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data += Data("IHDR".utf8) + Data([0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        return data + Data((0..<(size - data.count)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    }

    @Test("Upload a photo, post it with a message, and the other member downloads the same bytes")
    func roundTrip() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token
            let group = try await ada.createConversation(.group("Trip", memberIDs: [bobAuth.user.id]))

            let photo = png(size: 3 << 20)
            let uploaded = try await ada.uploadAttachment(photo, name: "beach.png")
            #expect(uploaded.mediaType == .png)
            #expect(uploaded.size == photo.count)
            #expect(uploaded.dimensions == ImageDimensions(width: 2, height: 1))

            let posted = try await ada.sendMessage(conversationID: group.id, text: "", attachmentIDs: [uploaded.id])
            #expect(posted.message.attachments == [uploaded.summary])
            let seen = try #require(try await bob.messages(conversationID: group.id, limit: 1).results.first)
            #expect(seen.attachments.map(\.url) == ["/api/v1/attachments/\(uploaded.id)"])

            let download = try await bob.downloadAttachment(id: uploaded.id)
            #expect(download.data == photo)
            #expect(download.mimeType == "image/png")
            #expect(download.sha256 == uploaded.sha256)

            await #expect(throws: KairosClientError.self) {
                _ = try await ada.uploadAttachment(Data("plain text".utf8), name: "notes.png")
            }
            do {
                _ = try await ada.uploadAttachment(Data(count: (25 << 20) + 1), name: "huge.pdf")
                Issue.record("a file over 25 MiB was accepted")
            } catch KairosClientError.server(let status, let code, _) {
                #expect(status == 413 && code == "payload_too_large")
            }
        }
    }
}
