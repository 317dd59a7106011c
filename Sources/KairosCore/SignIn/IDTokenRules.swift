import Foundation

/// What an ID token must say to sign someone in here (OpenID Connect Core §3.1.3.7): checked after its
/// signature, against what this server asked for.
public struct IDTokenRules: Sendable {
    /// The provider's issuer, compared exactly (no trailing-slash leniency: the spec asks for an exact match).
    public var issuer: String
    /// This server's client id, which must be among the audiences.
    public var clientID: String
    /// The nonce this sign-in attempt sent, which the token must carry back.
    public var nonce: String
    /// How far the provider's clock may differ from ours.
    public var clockSkew: TimeInterval

    public init(issuer: String, clientID: String, nonce: String, clockSkew: TimeInterval = 60) {
        self.issuer = issuer
        self.clientID = clientID
        self.nonce = nonce
        self.clockSkew = clockSkew
    }

    /// Throws `invalidToken` naming the first claim that does not hold at `now`.
    public func check(_ claims: IDTokenClaims, now: Date) throws(OIDCFailure) {
        guard claims.issuer == issuer else {
            throw .invalidToken("The ID token's issuer \(claims.issuer.prefix(200)) is not \(issuer).")
        }
        guard claims.audiences.contains(clientID) else {
            throw .invalidToken("The ID token is meant for another client (aud), not \(clientID).")
        }
        if claims.audiences.count > 1 || claims.authorizedParty != nil {
            guard claims.authorizedParty == clientID else {
                throw .invalidToken("The ID token was issued to another party (azp), not \(clientID).")
            }
        }
        guard claims.expiresAt.addingTimeInterval(clockSkew) > now else {
            throw .invalidToken("The ID token has expired.")
        }
        if let notBefore = claims.notBefore, notBefore.addingTimeInterval(-clockSkew) > now {
            throw .invalidToken("The ID token is not valid yet (nbf).")
        }
        if let issuedAt = claims.issuedAt, issuedAt.addingTimeInterval(-clockSkew) > now {
            throw .invalidToken("The ID token was issued in the future (iat).")
        }
        // Both sides are random strings of ours; a plain comparison leaks nothing worth a timing attack.
        guard claims.nonce == nonce else {
            throw .invalidToken("The ID token's nonce is not the one this sign-in sent.")
        }
    }
}
