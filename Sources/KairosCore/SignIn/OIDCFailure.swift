/// Why signing in with an identity provider did not work. The server sends the web app back to its sign-in
/// screen with `code`, which the page turns into words; `detail` goes only to the server's log.
public enum OIDCFailure: Error, Equatable, Sendable {
    /// The ID token is malformed, badly signed, or its claims do not hold (issuer, audience, time, nonce).
    case invalidToken(String)
    /// The callback's `state` is unknown, already used, expired, or was started in another browser.
    case staleAttempt(String)
    /// The provider has no email for the person, or has not checked it, so no account can be matched.
    case unverifiedEmail
    /// The provider said no (the person cancelled, or the client is not allowed).
    case denied(String)
    /// The provider could not be reached, or answered something unreadable.
    case providerUnavailable(String)
    /// This server has no identity provider configured.
    case notConfigured

    /// A stable code for the web app's sign-in screen.
    public var code: String {
        switch self {
        case .invalidToken: "invalid_token"
        case .staleAttempt: "stale_attempt"
        case .unverifiedEmail: "unverified_email"
        case .denied: "denied"
        case .providerUnavailable: "provider_unavailable"
        case .notConfigured: "not_configured"
        }
    }

    /// What happened, for the log; never shown in the browser.
    public var detail: String {
        switch self {
        case .invalidToken(let detail), .staleAttempt(let detail), .denied(let detail),
            .providerUnavailable(let detail):
            detail
        case .unverifiedEmail: "The provider did not vouch for the person's email address."
        case .notConfigured: "No identity provider is configured (KAIROS_OIDC_ISSUER)."
        }
    }
}
