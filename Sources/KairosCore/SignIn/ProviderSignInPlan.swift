import Foundation

/// Whose account a person signing in with an identity provider gets, decided from what is known about them.
/// An identity already linked wins, so a later email change at the provider still signs in the same person;
/// otherwise only an email the provider has verified may match or create an account.
public enum ProviderSignInPlan: Equatable, Sendable {
    /// The identity (issuer, subject) is linked to this user.
    case linked(userID: String)
    /// A new identity whose verified email is this user's: link it, then sign in.
    case link(userID: String)
    /// A new identity with a verified email no account has: create one with this email and name.
    case create(email: String, name: String)

    /// The plan for `claims`, given the user already linked to its (issuer, subject), and the user whose
    /// account has its email (looked up only for a verified one). Throws `unverifiedEmail` when an unlinked
    /// identity comes without a verified email.
    public static func decide(
        claims: IDTokenClaims, linkedUserID: String?, userIDWithEmail: String?
    ) throws(OIDCFailure) -> ProviderSignInPlan {
        if let linkedUserID { return .linked(userID: linkedUserID) }
        guard claims.emailVerified, let email = verifiedEmail(of: claims) else { throw .unverifiedEmail }
        if let userIDWithEmail { return .link(userID: userIDWithEmail) }
        return .create(email: email, name: displayName(of: claims, email: email))
    }

    /// The email to match accounts by: the claim trimmed and lower-cased, only when the provider verified it.
    public static func verifiedEmail(of claims: IDTokenClaims) -> String? {
        guard claims.emailVerified, let email = claims.email?.trimmingCharacters(in: .whitespacesAndNewlines),
            email.contains("@")
        else { return nil }
        return email.lowercased()
    }

    /// The `name` claim cut to fit, or the email's local part when the provider sends none (Apple sends a
    /// name only once, outside the token).
    static func displayName(of claims: IDTokenClaims, email: String) -> String {
        let name = (claims.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let chosen = name.isEmpty ? String(email.prefix { $0 != "@" }) : name
        return String(chosen.prefix(Limits.userName.upperBound))
    }
}
