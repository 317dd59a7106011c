import Foundation

/// The identity provider people may sign in with (`KAIROS_OIDC_*`): any OpenID Connect provider by its
/// issuer, client id and secret, or Sign in with Apple, whose client secret is a JWT signed with a key file.
public struct OIDCConfiguration: Sendable {
    /// The provider's issuer exactly as its discovery document and tokens write it.
    public var issuer: String
    public var clientID: String
    /// The client secret; for Apple, left empty and made from `apple` for each request.
    public var clientSecret: String
    /// The name on the sign-in button ("Sign in with <name>").
    public var displayName: String
    /// Set for Sign in with Apple.
    public var apple: AppleSigningKey?

    public init(
        issuer: String, clientID: String, clientSecret: String, displayName: String? = nil,
        apple: AppleSigningKey? = nil
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.displayName = displayName ?? (apple == nil ? "your identity provider" : "Apple")
        self.apple = apple
    }

    /// Apple answers with a POST (`form_post`) when asked for the person's name and email; others redirect.
    var usesFormPost: Bool { apple != nil }

    /// What is asked for: Apple knows `name`, the others `profile`.
    var scope: String { apple == nil ? "openid email profile" : "openid email name" }
}
