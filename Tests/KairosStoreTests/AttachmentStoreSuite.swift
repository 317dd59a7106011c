import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// Uploads' records, on every backend, before any message takes them.
@Suite("Attachment store, on every backend")
struct AttachmentStoreSuite {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private static let first = String(repeating: "a1", count: 32)
    private static let second = String(repeating: "b2", count: 32)

    private func upload(
        _ name: String, sha: String, by user: User, at time: Date, in store: any SharedStore
    ) async throws -> KairosCore.Attachment {
        try await store.createAttachment(
            AttachmentDraft(
                uploaderID: user.id, name: name, mediaType: .png, size: 120, sha256: sha,
                dimensions: ImageDimensions(width: 3, height: 2)),
            now: time)
    }

    @Test(
        "An upload is kept with its uploader and no conversation yet; an unknown id finds nothing",
        arguments: StoreBackend.all)
    func kept(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let photo = try await upload("a.png", sha: Self.first, by: ada, at: now, in: store)
            let stored = try #require(try await store.attachment(id: photo.id))
            #expect(stored.attachment == photo && stored.uploaderID == ada.id && stored.conversationID == nil)
            #expect(try await store.attachment(id: "999999") == nil)
            #expect(try await store.attachment(id: "nope") == nil)
            #expect(try await store.isContentInUse(sha256: Self.first))
            try await store.deleteUnpostedAttachment(id: photo.id)
            #expect(try await store.attachment(id: photo.id) == nil)
            #expect(try await !store.isContentInUse(sha256: Self.first))
        }
    }

    @Test(
        "Old unposted uploads go; the hashes no remaining upload shares are named for their files to go",
        arguments: StoreBackend.all)
    func sweep(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let old = now.addingTimeInterval(-86_400)
            _ = try await upload("old.png", sha: Self.first, by: ada, at: old, in: store)
            _ = try await upload("old-copy.png", sha: Self.first, by: ada, at: old, in: store)
            _ = try await upload("shared-old.png", sha: Self.second, by: ada, at: old, in: store)
            let fresh = try await upload("fresh.png", sha: Self.second, by: ada, at: now, in: store)
            let swept = try await store.deleteUnpostedAttachments(createdBefore: now.addingTimeInterval(-3600))
            #expect(swept.deleted == 3)
            #expect(swept.unusedHashes == [Self.first])
            #expect(try await store.attachment(id: fresh.id) != nil)
        }
    }
}
