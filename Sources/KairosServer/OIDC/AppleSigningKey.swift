import Crypto
import Foundation
import KairosCore

/// The key Sign in with Apple's client secret is signed with: the `.p8` file from the Apple developer account,
/// its key id and the team id. Apple's client secret is a short-lived ES256 JWT naming the team (`iss`), the
/// client (`sub`) and the provider (`aud`), made here for each token request.
public struct AppleSigningKey: Sendable {
    /// How long one secret is valid; Apple allows up to six months, a request needs seconds.
    static let secretLifetime: TimeInterval = 5 * 60

    let key: P256.Signing.PrivateKey
    public let keyID: String
    public let teamID: String

    /// Reads the key file's PEM text; throws `badRequest` saying what to fix when it is not a P-256 key.
    public init(privateKeyPEM: String, keyID: String, teamID: String) throws(KairosError) {
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) else {
            throw .badRequest(
                "KAIROS_OIDC_APPLE_KEY_FILE must be the .p8 key file Apple gave for Sign in with Apple (a P-256 key).")
        }
        guard !keyID.isEmpty, !teamID.isEmpty else {
            throw .badRequest("Sign in with Apple needs KAIROS_OIDC_APPLE_KEY_ID and KAIROS_OIDC_APPLE_TEAM_ID too.")
        }
        self.key = key
        self.keyID = keyID
        self.teamID = teamID
    }

    /// A client secret for `clientID` at the provider `audience` (its issuer), valid from `now`.
    func clientSecret(clientID: String, audience: String, now: Date) throws -> String {
        let header = ["alg": "ES256", "kid": keyID]
        let issued = Int(now.timeIntervalSince1970)
        let claims = Claims(
            iss: teamID, iat: issued, exp: issued + Int(Self.secretLifetime), aud: audience, sub: clientID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let input = Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    private struct Claims: Encodable {
        let iss: String
        let iat: Int
        let exp: Int
        let aud: String
        let sub: String
    }
}
