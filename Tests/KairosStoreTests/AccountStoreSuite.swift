import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `AccountStore`'s behaviour, the same on every backend.
@Suite("Account store, on every backend")
struct AccountStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    /// A valid wall-clock time.
    func clock(_ hour: Int, _ minute: Int) -> LocalTime { LocalTime(hour: hour, minute: minute)! }

    @Test(
        "A new user has the default preferences and reads back the same, by id and by email",
        arguments: StoreBackend.all)
    func createAndRead(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "hash-1", timezone: "Europe/London", now: now)
            #expect(ada.email == "ada@example.com")
            #expect(ada.createdAt == now)
            #expect(!ada.isGuest)
            #expect(ada.workdays == User.defaultWorkdays)
            #expect(ada.dailyBriefTime == User.defaultDailyBriefTime)
            #expect(ada.quietHours == nil)
            #expect(ada.aiEnabled && !ada.assistantAddsWithoutAsking && !ada.nagReminders && !ada.hideReadReceipts)
            #expect(Int64(ada.id).map { $0 > 0 } == true)

            #expect(try await store.user(id: ada.id) == ada)
            let credentials = try #require(try await store.credentials(email: "ada@example.com"))
            #expect(credentials.user == ada)
            #expect(credentials.passwordHash == "hash-1")
        }
    }

    @Test("Email is matched without regard to case, for sign-in and for uniqueness", arguments: StoreBackend.all)
    func emailIgnoresCase(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "Ada@Example.com", name: "Ada", passwordHash: "hash-1", timezone: "UTC", now: now)
            #expect(try await store.credentials(email: "ada@example.COM")?.user == ada)
            await #expect(
                throws: KairosError.conflict(
                    "An account with this email already exists. Log in instead, or use another email.")
            ) {
                try await store.createUser(
                    email: "ADA@example.com", name: "Impostor", passwordHash: "hash-2", timezone: "UTC", now: now)
            }
            // Nothing changed: the first account keeps its name and password.
            let credentials = try #require(try await store.credentials(email: "ada@example.com"))
            #expect(credentials.user == ada)
            #expect(credentials.passwordHash == "hash-1")
        }
    }

    @Test(
        "People are found in bulk by id and by email, whatever its case; unknown ones are left out",
        arguments: StoreBackend.all)
    func bulkLookups(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let grace = try await store.createUser(
                email: "Grace@Example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            #expect(Set(try await store.users(ids: [ada.id, grace.id, "999999", "nope"])) == [ada, grace])
            #expect(try await store.users(ids: []).isEmpty)
            #expect(
                Set(try await store.users(emails: ["ADA@example.com", "grace@example.com", "who@example.com"]))
                    == [ada, grace])
            #expect(try await store.users(emails: []).isEmpty)
        }
    }

    @Test("Unknown or malformed ids and emails find no one", arguments: StoreBackend.all)
    func unknownUsers(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            for id in ["999999", "0", "-1", "abc", "", "1.5", String(Int64(ada.id)! + 1)] {
                #expect(try await store.user(id: id) == nil, "id \(id)")
            }
            #expect(try await store.credentials(email: "grace@example.com") == nil)
            #expect(try await store.user(tokenHash: "no-such-token") == nil)
        }
    }

    @Test("Each new user gets a new id", arguments: StoreBackend.all)
    func distinctIDs(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var ids: Set<String> = []
            for index in 0..<5 {
                let user = try await store.createUser(
                    email: "user\(index)@example.com", name: "User \(index)", passwordHash: "x", timezone: "UTC",
                    now: now)
                ids.insert(user.id)
            }
            #expect(ids.count == 5)
        }
    }

    @Test("An update changes the fields it names and keeps the others", arguments: StoreBackend.all)
    func updateUser(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let nine = clock(21, 0)
            let seven = clock(7, 30)
            var changes = UserChanges()
            changes.name = "Ada Lovelace"
            changes.quietHours = .set(QuietHours(start: nine, end: seven))
            changes.workdays = [.monday, .wednesday, .saturday]
            changes.dailyBriefTime = clock(6, 45)
            changes.hideReadReceipts = true
            changes.assistantAddsWithoutAsking = true
            changes.aiEnabled = false
            changes.nagReminders = true
            let updated = try await store.updateUser(id: ada.id, changes: changes)
            #expect(updated.name == "Ada Lovelace")
            #expect(updated.timezone == "UTC")
            #expect(updated.quietHours == QuietHours(start: nine, end: seven))
            #expect(updated.workdays == [.monday, .wednesday, .saturday])
            #expect(updated.dailyBriefTime == clock(6, 45))
            #expect(updated.hideReadReceipts && updated.assistantAddsWithoutAsking && updated.nagReminders)
            #expect(!updated.aiEnabled)
            #expect(try await store.user(id: ada.id) == updated)

            var timezoneOnly = UserChanges()
            timezoneOnly.timezone = "Asia/Tokyo"
            let moved = try await store.updateUser(id: ada.id, changes: timezoneOnly)
            var expected = updated
            expected.timezone = "Asia/Tokyo"
            #expect(moved == expected)

            var clearQuiet = UserChanges()
            clearQuiet.quietHours = .clear
            #expect(try await store.updateUser(id: ada.id, changes: clearQuiet).quietHours == nil)
        }
    }

    @Test("Updating an unknown or malformed user is notFound", arguments: StoreBackend.all)
    func updateUnknownUser(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var changes = UserChanges()
            changes.name = "Nobody"
            for id in ["424242", "abc"] {
                await #expect(throws: KairosError.missing("User")) {
                    try await store.updateUser(id: id, changes: changes)
                }
            }
        }
    }

    @Test("A token finds its user until it is revoked; revoking twice is notFound", arguments: StoreBackend.all)
    func tokens(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let phone = try await store.addToken(userID: ada.id, name: "phone", tokenHash: "hash-phone", now: now)
            let laptop = try await store.addToken(
                userID: ada.id, name: "laptop", tokenHash: "hash-laptop", now: now.addingTimeInterval(1))
            #expect(phone.name == "phone" && phone.createdAt == now)
            #expect(phone.id != laptop.id)
            #expect(try await store.tokens(userID: ada.id) == [phone, laptop])
            #expect(try await store.user(tokenHash: "hash-phone") == ada)

            try await store.revokeToken(userID: ada.id, tokenID: phone.id, now: now)
            #expect(try await store.user(tokenHash: "hash-phone") == nil)
            #expect(try await store.user(tokenHash: "hash-laptop") == ada)
            #expect(try await store.tokens(userID: ada.id) == [laptop])
            await #expect(throws: KairosError.missing("Token")) {
                try await store.revokeToken(userID: ada.id, tokenID: phone.id, now: now)
            }
        }
    }

    @Test("No one sees or revokes another's tokens", arguments: StoreBackend.all)
    func tokenIsolation(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            let adas = try await store.addToken(userID: ada.id, name: "phone", tokenHash: "hash-ada", now: now)
            let graces = try await store.addToken(userID: grace.id, name: "phone", tokenHash: "hash-grace", now: now)
            #expect(try await store.tokens(userID: grace.id) == [graces])
            for tokenID in [adas.id, "987654", "abc"] {
                await #expect(throws: KairosError.missing("Token")) {
                    try await store.revokeToken(userID: grace.id, tokenID: tokenID, now: now)
                }
            }
            #expect(try await store.user(tokenHash: "hash-ada") == ada)
            await #expect(throws: KairosError.missing("User")) {
                try await store.tokens(userID: "abc")
            }
            await #expect(throws: KairosError.missing("User")) {
                try await store.addToken(userID: "abc", name: "x", tokenHash: "hash-x", now: now)
            }
        }
    }
}
