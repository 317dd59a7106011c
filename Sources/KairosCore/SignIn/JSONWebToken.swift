import Foundation

/// A signed JSON Web Token in compact form (RFC 7515 §7.1), split and decoded but not yet trusted: its
/// signature is checked against the provider's keys before any claim is believed (`IDTokenVerifier`).
public struct JSONWebToken: Sendable {
    /// The algorithm the header names; only `RS256` and `ES256` are ever accepted.
    public let algorithm: JSONWebSignatureAlgorithm
    /// Which of the provider's keys signed it, when the header says.
    public let keyID: String?
    /// The claims as the provider wrote them.
    public let claims: IDTokenClaims
    /// `header.payload` as sent: the bytes the signature covers.
    public let signingInput: [UInt8]
    /// The decoded signature (for ES256, the 64 bytes r‖s).
    public let signature: [UInt8]

    /// Splits and decodes `compact`; refuses anything that is not three base64url parts with JSON objects, and
    /// any algorithm other than RS256 and ES256 (`none` above all).
    public init(compact: String) throws(OIDCFailure) {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, compact.utf8.count <= Self.maximumLength,
            let headerBytes = Base64URL.decode(String(parts[0])),
            let payloadBytes = Base64URL.decode(String(parts[1])),
            let signature = Base64URL.decode(String(parts[2]))
        else { throw .invalidToken("The ID token is not a signed JWT.") }
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)) else {
            throw .invalidToken("The ID token's header is not readable.")
        }
        guard let algorithm = JSONWebSignatureAlgorithm(rawValue: header.alg) else {
            throw .invalidToken("The ID token is signed with \(header.alg.prefix(20)), which is not accepted.")
        }
        guard !signature.isEmpty else { throw .invalidToken("The ID token has no signature.") }
        self.algorithm = algorithm
        self.keyID = header.kid
        self.claims = try IDTokenClaims(json: payloadBytes)
        self.signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        self.signature = signature
    }

    /// Longer than any ID token a provider sends, short enough that parsing one costs nothing.
    static let maximumLength = 16 * 1024

    private struct Header: Decodable {
        let alg: String
        let kid: String?
    }
}

/// The JWS algorithms an ID token may be signed with: RSA PKCS#1 v1.5 and ECDSA P-256, both over SHA-256.
public enum JSONWebSignatureAlgorithm: String, Sendable {
    case rs256 = "RS256"
    case es256 = "ES256"
}
