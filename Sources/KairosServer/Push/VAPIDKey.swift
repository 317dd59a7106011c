import Crypto
import Foundation
import KairosCore

/// The server's VAPID key pair (RFC 8292): it signs the token each Web Push request carries, and its public
/// half is the `applicationServerKey` browsers subscribe with. Made once and kept in the data folder, since a
/// new key would orphan every subscription.
public struct VAPIDKey: Sendable {
    let privateKey: P256.Signing.PrivateKey

    /// The public key as browsers take it: the uncompressed P-256 point (65 bytes), base64url without padding.
    public var publicKey: String {
        Base64URL.encode(privateKey.publicKey.x963Representation)
    }

    init(privateKey: P256.Signing.PrivateKey) {
        self.privateKey = privateKey
    }

    /// The key kept at `path` (PEM, readable by the server's user only), made there first if there is none.
    /// Two processes starting at once keep the same key: the file is created only if it does not exist.
    public static func loadOrCreate(at path: String) throws -> VAPIDKey {
        if let kept = try read(path) { return kept }
        let made = P256.Signing.PrivateKey()
        let handle = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard handle >= 0 else {
            if errno == EEXIST, let kept = try read(path) { return kept }
            throw VAPIDKeyError(
                "Could not create \(path): \(String(cString: strerror(errno))). Check that the data folder is writable.")
        }
        defer { close(handle) }
        let bytes = Array(made.pemRepresentation.utf8)
        guard write(handle, bytes, bytes.count) == bytes.count, fsync(handle) == 0 else {
            throw VAPIDKeyError("Could not write \(path): \(String(cString: strerror(errno))).")
        }
        return VAPIDKey(privateKey: made)
    }

    private static func read(_ path: String) throws -> VAPIDKey? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty else { return nil }
        do {
            return VAPIDKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: text))
        } catch {
            throw VAPIDKeyError(
                "\(path) does not hold a P-256 private key in PEM. Restore it from a backup: a new key would end every "
                    + "device's push subscription.")
        }
    }
}

/// Why the VAPID key could not be read or made, in words for whoever runs the server.
public struct VAPIDKeyError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
