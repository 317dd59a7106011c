import Crypto
import Foundation
import HummingbirdBcrypt
import KairosCore
import KairosStore
import NIOPosix

/// Sign-up, login and API tokens. Passwords are bcrypt-hashed off the event loop; tokens are
/// random 256-bit secrets stored only as SHA-256 hashes.
public struct AccountService: Sendable {
    let store: any DataStore
    let clock: Clock
    let bcryptCost: UInt8
    let defaultTimeZone: String
    /// Told when a token is revoked, so the sockets it opened close at once.
    let realtime: RealtimeHub?
    /// Every request looks its token up; a revocation or any other write ends what is kept here.
    private let tokenOwners: VersionedCache<User?>

    public init(
        store: any DataStore, clock: Clock, bcryptCost: UInt8, defaultTimeZone: String, realtime: RealtimeHub? = nil
    ) {
        self.store = store
        self.clock = clock
        self.bcryptCost = bcryptCost
        self.defaultTimeZone = defaultTimeZone
        self.realtime = realtime
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

    /// Checks email and password and returns a new token; the same error for a wrong email or password.
    public func logIn(_ request: LoginRequest) async throws -> AuthResponse {
        let rejected = KairosError.unauthorized("Email or password is wrong. Check both and try again.")
        guard let email = try? Limits.requireEmail(request.email),
            let found = try await store.credentials(email: email)
        else { throw rejected }
        if found.user.isGuest, found.passwordHash.isEmpty {
            throw KairosError.unauthorized(
                "This account was made from an invitation and has no password. Open your invitation link again, "
                    + "or use an API token.")
        }
        guard try await verifyPassword(request.password, hash: found.passwordHash) else { throw rejected }
        return AuthResponse(token: try await issueToken(for: found.user, name: "login").token, user: found.user)
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
        await realtime?.closeRevoked(userID: user.id) { token in
            (try? await self.user(forToken: token)) != nil
        }
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

    private static func requirePassword(_ password: String) throws(KairosError) -> String {
        guard Limits.passwordLength.contains(password.count) else {
            throw .invalidField(field: "password", message: "password must be 8 to 200 characters long.")
        }
        return password
    }

    private func hashPassword(_ password: String) async throws -> String {
        let cost = bcryptCost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    private func verifyPassword(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
