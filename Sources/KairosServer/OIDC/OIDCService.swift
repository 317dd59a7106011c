import Crypto
import Foundation
import KairosCore
import KairosStore
import Logging
import NIOConcurrencyHelpers

/// Signing in with an OpenID Connect provider: the authorization code flow with PKCE (RFC 7636), a nonce and a
/// `state` kept server-side for ten minutes and used once, the ID token's signature checked against the
/// provider's published keys and its claims against `IDTokenRules`, and the account chosen by
/// `ProviderSignInPlan`. The browser gets its API token from a one-time code in the web app's address, never
/// from a query string.
public struct OIDCService: Sendable {
    /// How long a person has at the provider before the attempt expires.
    static let attemptLifetime: TimeInterval = 10 * 60
    /// How long the web app has to turn the code in its address into a token.
    static let handoffLifetime: TimeInterval = 2 * 60
    /// How long the discovery document and key set are kept before they are read again.
    static let documentLifetime: TimeInterval = 3600
    /// The least time between two reads of the key set, however many unknown keys tokens name.
    static let keyRefetchInterval: TimeInterval = 60
    /// Where the provider sends people back; register `PUBLIC_URL` + this with the provider.
    public static let callbackPath = "/api/v1/auth/oidc/callback"

    let configuration: OIDCConfiguration
    let store: any OIDCStore & AccountStore
    let accounts: AccountService
    let transport: any OIDCTransport
    let clock: Clock
    let publicURL: String
    let defaultTimeZone: String
    let logger: Logger
    private let documents = NIOLockedValueBox(ProviderDocuments())

    public init(
        configuration: OIDCConfiguration, store: any OIDCStore & AccountStore, accounts: AccountService,
        transport: any OIDCTransport, clock: Clock, publicURL: String, defaultTimeZone: String, logger: Logger
    ) {
        self.configuration = configuration
        self.store = store
        self.accounts = accounts
        self.transport = transport
        self.clock = clock
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.defaultTimeZone = defaultTimeZone
        self.logger = logger
    }

    /// The provider as the sign-in screen lists it.
    public var provider: SignInProviders.Provider {
        SignInProviders.Provider(id: "oidc", name: configuration.displayName, startURL: "/api/v1/auth/oidc/start")
    }

    /// The address the provider returns to.
    var redirectURI: String { publicURL + Self.callbackPath }

    /// Where the browser goes to sign in at the provider, and the secret its cookie must carry back.
    public struct Start: Sendable {
        public let authorizationURL: String
        public let browserSecret: String
    }

    /// Records a new attempt and builds the provider's authorization address for it.
    public func start() async throws -> Start {
        let discovery = try await discovery()
        let state = Self.randomSecret()
        let nonce = Self.randomSecret()
        let verifier = Self.randomSecret()
        let browser = Self.randomSecret()
        let now = clock.now()
        try await store.createOIDCAttempt(
            OIDCAttemptDraft(
                stateHash: AccountService.hash(token: state), browserHash: AccountService.hash(token: browser),
                nonce: nonce, codeVerifier: verifier, expiresAt: now.addingTimeInterval(Self.attemptLifetime)),
            now: now)
        var query: [(String, String)] = [
            ("response_type", "code"), ("client_id", configuration.clientID), ("redirect_uri", redirectURI),
            ("scope", configuration.scope), ("state", state), ("nonce", nonce),
            ("code_challenge", Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))),
            ("code_challenge_method", "S256"),
        ]
        if configuration.usesFormPost { query.append(("response_mode", "form_post")) }
        let endpoint = discovery.authorizationEndpoint.absoluteString
        let joiner = endpoint.contains("?") ? "&" : "?"
        return Start(authorizationURL: endpoint + joiner + FormEncoding.encode(query), browserSecret: browser)
    }

    /// Finishes a sign-in from the provider's callback `fields` (query or form) and the browser's cookie, and
    /// returns where to send the browser: the web app with a one-time code, or its sign-in screen with the
    /// failure's code. Details of a failure go to the log only.
    public func finish(_ fields: [String: String], browserSecret: String?) async -> String {
        do {
            let code = try await signIn(fields, browserSecret: browserSecret)
            return "\(publicURL)/#/oidc/\(code)"
        } catch let failure as OIDCFailure {
            logger.notice(
                "Sign-in with the identity provider refused",
                metadata: ["reason": "\(failure.code)", "detail": "\(failure.detail)"])
            return failurePage(failure.code)
        } catch {
            logger.error("Sign-in with the identity provider failed", metadata: ["error": "\(error)"])
            return failurePage("server_error")
        }
    }

    /// The web app's sign-in screen, saying why (`OIDCFailure.code`).
    public func failurePage(_ code: String) -> String {
        "\(publicURL)/#/oidc/error/\(code)"
    }

    /// Turns the one-time code of a finished sign-in into an API token.
    public func confirm(_ request: ProviderSignInConfirmRequest) async throws -> AuthResponse {
        guard request.code.count == 43 else {
            throw KairosError.notFound("This sign-in is not known. Start again from the sign-in screen.")
        }
        let user = try await store.useOIDCHandoff(codeHash: AccountService.hash(token: request.code), now: clock.now())
        let name = String("Sign in with \(configuration.displayName)".prefix(Limits.tokenName.upperBound))
        return AuthResponse(token: try await accounts.issueToken(for: user, name: name).token, user: user)
    }

    /// Checks the callback through to a linked account and returns a one-time code for the web app.
    private func signIn(_ fields: [String: String], browserSecret: String?) async throws -> String {
        if let error = fields["error"] {
            throw OIDCFailure.denied(
                "The provider answered \(error.prefix(100)): \((fields["error_description"] ?? "").prefix(300))")
        }
        guard let state = fields["state"], let code = fields["code"], !code.isEmpty else {
            throw OIDCFailure.staleAttempt("The callback has no state or code.")
        }
        let attempt: OIDCAttempt
        do {
            attempt = try await store.useOIDCAttempt(stateHash: AccountService.hash(token: state), now: clock.now())
        } catch let error as KairosError {
            throw OIDCFailure.staleAttempt(error.message)
        }
        guard let browserSecret, AccountService.hash(token: browserSecret) == attempt.browserHash else {
            throw OIDCFailure.staleAttempt("The callback came to a browser that did not start this sign-in.")
        }
        let discovery = try await discovery()
        let token = try JSONWebToken(compact: try await exchange(code, verifier: attempt.codeVerifier, discovery))
        try IDTokenVerifier.verify(token, with: try await key(for: token, discovery))
        try IDTokenRules(issuer: configuration.issuer, clientID: configuration.clientID, nonce: attempt.nonce)
            .check(token.claims, now: clock.now())
        var claims = token.claims
        if claims.name == nil { claims.name = fields["user"].flatMap(Self.appleName) }
        let user = try await account(for: claims)
        let handoff = InviteService.newToken()
        let now = clock.now()
        try await store.createOIDCHandoff(
            userID: user.id, codeHash: AccountService.hash(token: handoff),
            expiresAt: now.addingTimeInterval(Self.handoffLifetime), now: now)
        logger.info("Signed in with the identity provider", metadata: ["user": "\(user.id)"])
        return handoff
    }

    /// The account the person gets, linking or creating one as `ProviderSignInPlan` decides.
    private func account(for claims: IDTokenClaims) async throws -> User {
        let identity = ProviderIdentity(issuer: claims.issuer, subject: claims.subject)
        let linked = try await store.user(linkedTo: identity)
        var withEmail: User?
        if linked == nil, let email = ProviderSignInPlan.verifiedEmail(of: claims) {
            withEmail = try await store.credentials(email: email)?.user
        }
        switch try ProviderSignInPlan.decide(claims: claims, linkedUserID: linked?.id, userIDWithEmail: withEmail?.id) {
        case .linked:
            return try require(linked, "User")
        case .link(let userID):
            try await store.link(
                identity, to: userID, email: ProviderSignInPlan.verifiedEmail(of: claims) ?? "", now: clock.now())
            return try require(withEmail, "User")
        case .create(let email, let name):
            let address = try Limits.requireEmail(email)
            return try await store.createUser(
                linkedTo: identity, email: address, name: name, timezone: defaultTimeZone, now: clock.now())
        }
    }

    /// Exchanges the code for tokens and returns the ID token. The client authenticates with its secret in the
    /// form (or Basic when the provider takes only that), or for Apple with a freshly signed JWT.
    private func exchange(_ code: String, verifier: String, _ discovery: OIDCDiscovery) async throws -> String {
        var fields = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", verifier), ("client_id", configuration.clientID),
        ]
        var headers: [(String, String)] = []
        let methods = discovery.tokenAuthMethods
        if let apple = configuration.apple {
            let secret = try apple.clientSecret(
                clientID: configuration.clientID, audience: configuration.issuer, now: clock.now())
            fields.append(("client_secret", secret))
        } else if !methods.isEmpty, !methods.contains("client_secret_post"), methods.contains("client_secret_basic") {
            let pair =
                FormEncoding.escape(configuration.clientID) + ":" + FormEncoding.escape(configuration.clientSecret)
            headers.append(("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
        } else {
            fields.append(("client_secret", configuration.clientSecret))
        }
        let answer: OIDCResponse
        do {
            answer = try await transport.postForm(discovery.tokenEndpoint, fields: fields, headers: headers)
        } catch {
            throw OIDCFailure.providerUnavailable("The token endpoint could not be reached: \(error)")
        }
        let body = try? JSONDecoder().decode(TokenAnswer.self, from: Data(answer.body))
        guard answer.status == 200 else {
            throw OIDCFailure.denied(
                "The token endpoint answered \(answer.status) \(body?.error ?? ""): \(body?.errorDescription ?? "")")
        }
        guard let idToken = body?.idToken else {
            throw OIDCFailure.providerUnavailable("The token endpoint's answer has no id_token.")
        }
        return idToken
    }

    /// The provider's discovery document, read again once it is an hour old.
    private func discovery() async throws -> OIDCDiscovery {
        let now = clock.now()
        if let kept = documents.withLockedValue({ $0.discovery }), now < kept.read + Self.documentLifetime {
            return kept.document
        }
        let url = URL(string: OIDCDiscovery.documentURL(issuer: configuration.issuer))
        let document = try OIDCDiscovery(
            json: try await read(try require(url, "Issuer"), what: "discovery document"),
            expectedIssuer: configuration.issuer)
        documents.withLockedValue { $0.discovery = (document, now) }
        return document
    }

    /// The key that signed `token`: from the kept key set, or from a fresh read when the set is old or lacks
    /// the key (providers rotate keys), at most once a minute.
    private func key(for token: JSONWebToken, _ discovery: OIDCDiscovery) async throws -> JSONWebKey {
        let now = clock.now()
        let kept = documents.withLockedValue { $0.keys }
        if let kept, now < kept.read + Self.documentLifetime,
            let key = kept.set.key(id: token.keyID, for: token.algorithm)
        {
            return key
        }
        if let kept, now < kept.read + Self.keyRefetchInterval {
            throw OIDCFailure.invalidToken("No key of the provider's matches the ID token (kid, alg).")
        }
        let set = try JSONWebKeySet(json: try await read(discovery.jwksURI, what: "key set"))
        documents.withLockedValue { $0.keys = (set, now) }
        guard let key = set.key(id: token.keyID, for: token.algorithm) else {
            throw OIDCFailure.invalidToken("No key of the provider's matches the ID token (kid, alg).")
        }
        return key
    }

    private func read(_ url: URL, what: String) async throws -> [UInt8] {
        let answer: OIDCResponse
        do {
            answer = try await transport.get(url)
        } catch {
            throw OIDCFailure.providerUnavailable("The provider's \(what) at \(url) could not be read: \(error)")
        }
        guard answer.status == 200 else {
            throw OIDCFailure.providerUnavailable("The provider's \(what) at \(url) answered \(answer.status).")
        }
        return answer.body
    }

    /// The name in Apple's `user` form field, which Apple sends once, at the first sign-in, outside the token.
    static func appleName(_ json: String) -> String? {
        struct AppleUser: Decodable {
            struct Name: Decodable {
                let firstName: String?
                let lastName: String?
            }
            let name: Name?
        }
        guard let name = (try? JSONDecoder().decode(AppleUser.self, from: Data(json.utf8)))?.name else { return nil }
        let full = [name.firstName, name.lastName].compactMap { $0 }.joined(separator: " ")
        return full.isEmpty ? nil : full
    }

    /// 256 random bits in base64url: states, nonces, PKCE verifiers (43 characters, as RFC 7636 allows).
    static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    private struct TokenAnswer: Decodable {
        let idToken: String?
        let error: String?
        let errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
            case error
            case errorDescription = "error_description"
        }
    }
}

/// The provider's documents as last read, with when.
private struct ProviderDocuments {
    var discovery: (document: OIDCDiscovery, read: Date)?
    var keys: (set: JSONWebKeySet, read: Date)?
}
