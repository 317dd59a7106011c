import Crypto
import Foundation
import KairosCore
import _CryptoExtras

/// Checks an ID token's signature with one of the provider's keys: RS256 (RSA PKCS#1 v1.5 over SHA-256) or
/// ES256 (ECDSA P-256 over SHA-256). The token's algorithm must be the key's; nothing else is accepted.
enum IDTokenVerifier {
    /// Throws `invalidToken` unless `key` signed `token`.
    static func verify(_ token: JSONWebToken, with key: JSONWebKey) throws(OIDCFailure) {
        guard key.material.algorithm == token.algorithm else {
            throw .invalidToken("The ID token's algorithm \(token.algorithm.rawValue) does not match its key.")
        }
        let valid: Bool
        switch key.material {
        case .rsa(let modulus, let exponent):
            guard let publicKey = try? _RSA.Signing.PublicKey(n: modulus, e: exponent) else {
                throw .providerUnavailable("The provider's RSA key is not usable (too short or malformed).")
            }
            // RS256 is PKCS#1 v1.5 by definition (RFC 7518 §3.3); swift-crypto's name only steers new designs to PSS.
            valid = publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: token.signature), for: token.signingInput,
                padding: .insecurePKCS1v1_5)
        case .p256(let x, let y):
            guard let publicKey = try? P256.Signing.PublicKey(rawRepresentation: x + y) else {
                throw .providerUnavailable("The provider's P-256 key is not a point on the curve.")
            }
            guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: token.signature) else {
                throw .invalidToken("The ID token's ES256 signature is not 64 bytes.")
            }
            valid = publicKey.isValidSignature(signature, for: token.signingInput)
        }
        guard valid else { throw .invalidToken("The ID token's signature does not match the provider's key.") }
    }
}
