import Crypto
import Foundation
import HummingbirdBcrypt
import KairosCore
import KairosStore
import NIOConcurrencyHelpers
import NIOPosix

/// Sign-up, login and API tokens. Passwords are bcrypt-hashed off the event loop; tokens are
/// random 256-bit secrets stored only as SHA-256 hashes.
public struct AccountService: Sendable {
    let store: any AccountStore & CredentialStore & ChangeTracking & SignalStore
    let clock: Clock
    let bcryptCost: UInt8
    let defaultTimeZone: String
    /// Where people reach this server, for the links in emails.
    let publicURL: String
    /// Every request looks its token up; a revocation or any other write ends what is kept here.
    private let tokenOwners: VersionedCache<User?>
    /// Recent failed sign-ins, per account and per client address.
    let signIns = NIOLockedValueBox(SignInThrottle())
    /// Recent requests for emailed links, so that nobody can fill someone's mailbox with them.
    let linkRequests = NIOLockedValueBox(SignInThrottle())
    /// A hash of no one's password, checked when there is no real one, made once on first need.
    private let standIn = NIOLockedValueBox<String?>(nil)

    public init(
        store: any AccountStore & CredentialStore & ChangeTracking & SignalStore, clock: Clock, bcryptCost: UInt8,
        defaultTimeZone: String, publicURL: String = "http://127.0.0.1:8080"
    ) {
        self.store = store
        self.clock = clock
        self.bcryptCost = bcryptCost
        self.defaultTimeZone = defaultTimeZone
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        // A token keeps its owner until a user or token changes, whatever else is written meanwhile.
        tokenOwners = VersionedCache(version: { store.committedAccountWrites }, lifetime: 60, capacity: 10_000)
    }

    /// Creates an account with its Inbox and returns a first token.
    public func signUp(_ request: SignupRequest) async throws -> AuthResponse {
        let email = try Limits.requireEmail(request.email)
        let name = try Limits.requireText(request.name, Limits.userName, field: "name")
        let password = try Self.requirePassword(request.password)
        let timezone = try Limits.requireTimeZone(request.timezone ?? defaultTimeZone)
        let hash = try await hashPassword(password)
        let user = try await store.createUser(
            email: email, name: name, passwordHash: hash, timezone: timezone, now: clock.now())
        return AuthResponse(token: try await issueToken(for: user, name: "sign-up").token, user: user)
    }

    /// Checks email and password and returns a new token. An unknown email, a wrong password and an account
    /// without a password get the same answer after the same work, so nobody can tell which accounts exist;
    /// repeated failures are throttled per account and per client address (`SignInThrottle`).
    public func logIn(_ request: LoginRequest, from address: String) async throws -> AuthResponse {
        let account = request.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        try requireAttemptAllowed(account: account, address: address)
        var found: (user: User, passwordHash: String)?
        if let email = try? Limits.requireEmail(request.email) { found = try await store.credentials(email: email) }
        let hash = found.flatMap { $0.passwordHash.isEmpty ? nil : $0.passwordHash }
        // Without a real hash, one made for no one is checked instead, so that this takes as long.
        let checked = if let hash { hash } else { try await standInHash() }
        let matches = try await verifyPassword(request.password, hash: checked)
        guard matches, hash != nil, let found else { throw Self.wrongCredentials }
        signIns.withLockedValue { $0.succeeded(account: account, address: address, now: clock.now()) }
        return AuthResponse(token: try await issueToken(for: found.user, name: "login").token, user: found.user)
    }

    /// The one answer to every failed sign-in.
    static let wrongCredentials = KairosError.unauthorized(
        "Email or password is wrong. Check both and try again, or ask for a sign-in link by email.")

    /// Counts a password try, or refuses it with 429 while the account or address must wait.
    func requireAttemptAllowed(account: String, address: String) throws(KairosError) {
        let decision = signIns.withLockedValue { $0.attempt(account: account, address: address, now: clock.now()) }
        guard case .retryAfter(let seconds) = decision else { return }
        let minutes = (seconds + 59) / 60
        throw .tooManyRequests(
            "Too many failed sign-ins. Wait \(minutes == 1 ? "a minute" : "\(minutes) minutes") and try again, "
                + "or ask for a sign-in link by email.",
            retryAfter: seconds)
    }

    /// A bcrypt hash at the server's cost that no password was chosen for.
    private func standInHash() async throws -> String {
        if let made = standIn.withLockedValue({ $0 }) { return made }
        var generator = SystemRandomNumberGenerator()
        let secret = Self.hex((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let made = try await hashPassword(secret)
        return standIn.withLockedValue { kept in
            if kept == nil { kept = made }
            return kept!
        }
    }

    /// Creates a user directly, for self-hosters (`kairos admin create-user`).
    public func createUser(
        email: String, name: String, password: String, timezone: String?
    ) async throws -> AuthResponse {
        try await signUp(SignupRequest(email: email, password: password, name: name, timezone: timezone))
    }

    public func user(forToken token: String) async throws -> User? {
        let hash = Self.hash(token: token)
        return try await tokenOwners.value(for: hash, now: clock.now()) { try await store.user(tokenHash: hash) }
    }

    public func issueToken(for user: User, name: String) async throws -> TokenCreatedResponse {
        let name = try Limits.requireText(name, Limits.tokenName, field: "name")
        var generator = SystemRandomNumberGenerator()
        let token = "kai_" + Self.hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let info = try await store.addToken(
            userID: user.id, name: name, tokenHash: Self.hash(token: token), now: clock.now())
        return TokenCreatedResponse(token: token, info: info)
    }

    public func tokens(of user: User) async throws -> [APITokenInfo] {
        try await store.tokens(userID: user.id)
    }

    /// Revokes one of the user's tokens and closes the realtime sockets signed in with it.
    public func revokeToken(_ tokenID: String, of user: User) async throws {
        try await store.revokeToken(userID: user.id, tokenID: tokenID, now: clock.now())
        try await closeRevokedSockets(of: user)
    }

    /// Changes what the request sets, once every field of it is valid.
    public func update(_ user: User, with request: UserUpdateRequest) async throws -> User {
        var changes = UserChanges()
        changes.name = try request.name.map { name throws(KairosError) in
            try Limits.requireText(name, Limits.userName, field: "name")
        }
        changes.timezone = try request.timezone.map { zone throws(KairosError) in try Limits.requireTimeZone(zone) }
        changes.quietHours = request.quietHours
        changes.hideReadReceipts = request.hideReadReceipts
        changes.assistantAddsWithoutAsking = request.assistantAddsWithoutAsking
        changes.aiEnabled = request.aiEnabled
        changes.nagReminders = request.nagReminders
        changes.workdays = try request.workdays.map(Limits.requireWorkdays)
        changes.dailyBriefTime = try request.dailyBriefTime.map { time throws(KairosError) in
            try Limits.requireClockTime(time, field: "daily_brief_time")
        }
        return try await store.updateUser(id: user.id, changes: changes)
    }

    static func hash(token: String) -> String {
        hex(SHA256.hash(data: Data(token.utf8)))
    }

    /// Lower-case hex; runs on every authenticated request, so no String(format:).
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]] }
        return String(decoding: out, as: UTF8.self)
    }

    static func requirePassword(_ password: String, field: String = "password") throws(KairosError) -> String {
        guard Limits.passwordLength.contains(password.count) else {
            throw .invalidField(field: field, message: "\(field) must be 8 to 200 characters long.")
        }
        return password
    }

    func hashPassword(_ password: String) async throws -> String {
        let cost = bcryptCost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verifyPassword(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
