import Crypto
import Foundation
import Hummingbird
import KairosServer
import Testing

/// The server's VAPID key: made once in the data folder, kept across restarts, and served for browsers'
/// `applicationServerKey`.
@Suite struct VAPIDKeyTests {
    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-vapid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// The bytes of a base64url string without padding.
    static func decoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    @Test func theKeyIsMadeOnceReadableOnlyByTheServerAndKept() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("vapid-key.pem").path
            let made = try VAPIDKey.loadOrCreate(at: path)
            let point = try #require(Self.decoded(made.publicKey))
            #expect(point.count == 65 && point.first == 0x04)
            #expect(!made.publicKey.contains("=") && !made.publicKey.contains("+") && !made.publicKey.contains("/"))
            _ = try P256.Signing.PublicKey(x963Representation: point)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(try VAPIDKey.loadOrCreate(at: path).publicKey == made.publicKey)
        }
    }

    @Test func aDamagedKeyIsNotReplacedSilently() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("vapid-key.pem").path
            try "not a key".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: VAPIDKeyError.self) { try VAPIDKey.loadOrCreate(at: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a key")
        }
    }

    @Test func aSignedInUserGetsThePublicKeyAndAStrangerDoesNot() async throws {
        try await withAda { ada in
            let first = try #require(try await ada.get("push/vapid").object?["public_key"] as? String)
            #expect(Self.decoded(first)?.count == 65)
            #expect(try await ada.get("push/vapid").object?["public_key"] as? String == first)
            expectError(try await ada.with(token: nil).get("push/vapid"), .unauthorized, code: "unauthorized")
        }
    }
}
