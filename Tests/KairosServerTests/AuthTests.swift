import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Accounts: sign-up, login, profile and API tokens")
struct AuthTests {
    // MARK: Sign-up

    @Test("Signing up answers 201 with a token and the user, in the time zone they chose")
    func signUpWithTimeZone() async throws {
        try await withAPI { api in
            let reply = try await api.post(
                "auth/signup",
                SignupRequest(
                    email: "  Ada@Example.com ", password: "correct horse", name: "Ada Lovelace",
                    timezone: "America/New_York"))
            let auth = try expectOK(reply, .created, as: AuthResponse.self)
            #expect(Set(try #require(reply.object).keys) == ["token", "user"])
            #expect(auth.token.hasPrefix("kai_"))
            #expect(auth.user.email == "ada@example.com")
            #expect(auth.user.name == "Ada Lovelace")
            #expect(auth.user.timezone == "America/New_York")
            #expect(auth.user.createdAt == api.clock.now)

            // The token works straight away, and the new account comes with an Inbox.
            let ada = api.signedIn(as: auth)
            let me = try expectOK(try await ada.get("user"), as: User.self)
            #expect(me == auth.user)
            #expect(try await ada.inbox().name == "Inbox")
        }
    }

    @Test("Signing up without a time zone uses the server's default")
    func signUpDefaultTimeZone() async throws {
        try await withAPI(defaultTimeZone: "Europe/Paris") { api in
            let ada = try await api.signUp("ada@example.com", timezone: nil)
            #expect(ada.me.timezone == "Europe/Paris")
        }
    }

    @Test("An email can only be used once, whatever its case")
    func duplicateEmail() async throws {
        try await withAPI { api in
            _ = try await api.signUp("ada@example.com")
            let again = try await api.post(
                "auth/signup", SignupRequest(email: "ADA@example.com", password: "another password", name: "Ada 2"))
            expectError(again, .conflict, code: "conflict", mentioning: "email")
        }
    }

    @Test(
        "Sign-up rejects a bad field with 400 naming it",
        arguments: [
            (SignupRequest(email: "not-an-email", password: "long enough", name: "Ada"), "email"),
            (SignupRequest(email: "ada@localhost", password: "long enough", name: "Ada"), "email"),
            (SignupRequest(email: "ada@example.com", password: "short", name: "Ada"), "password"),
            (SignupRequest(email: "ada@example.com", password: "long enough", name: "  "), "name"),
            (
                SignupRequest(email: "ada@example.com", password: "long enough", name: "Ada", timezone: "Mars/Olympus"),
                "timezone"
            ),
            (
                SignupRequest(email: "ada@example.com", password: "long enough", name: "Ada", timezone: "EST"),
                "timezone"
            ),
        ])
    func signUpValidation(request: SignupRequest, field: String) async throws {
        try await withAPI { api in
            let reply = try await api.post("auth/signup", request)
            expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            // Nothing was created: the email is still free.
            _ = try await api.signUp("ada@example.com")
        }
    }

    @Test("Sign-up without a required field names it")
    func signUpMissingField() async throws {
        try await withAPI { api in
            let reply = try await api.post("auth/signup", json: #"{"email": "ada@example.com", "name": "Ada"}"#)
            expectError(reply, .badRequest, code: "invalid_field", mentioning: "password")
        }
    }

    // MARK: Login

    @Test("Logging in with the right password gives a fresh working token")
    func logIn() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com", password: "correct horse")
            let reply = try await api.post(
                "auth/login", LoginRequest(email: "Ada@Example.com", password: "correct horse"))
            let auth = try expectOK(reply, as: AuthResponse.self)
            #expect(auth.user == ada.me)
            #expect(auth.token != ada.token)
            #expect(try await api.signedIn(as: auth).get("user").status == .ok)
        }
    }

    @Test("A wrong password and an unknown email get the same 401, so accounts cannot be probed")
    func logInFailures() async throws {
        try await withAPI { api in
            _ = try await api.signUp("ada@example.com", password: "correct horse")
            let wrongPassword = try await api.post(
                "auth/login", LoginRequest(email: "ada@example.com", password: "wrong horse"))
            let unknownEmail = try await api.post(
                "auth/login", LoginRequest(email: "bob@example.com", password: "correct horse"))
            let notAnEmail = try await api.post("auth/login", LoginRequest(email: "bob", password: "correct horse"))
            expectError(wrongPassword, .unauthorized, code: "unauthorized")
            expectError(unknownEmail, .unauthorized, code: "unauthorized")
            expectError(notAnEmail, .unauthorized, code: "unauthorized")
            #expect(wrongPassword.error?.message == unknownEmail.error?.message)
            #expect(wrongPassword.error?.message == notAnEmail.error?.message)
        }
    }

    // MARK: Profile

    @Test("GET /user returns the signed-in user")
    func getUser() async throws {
        try await withAda { ada in
            let reply = try await ada.get("user")
            let user = try expectOK(reply, as: User.self)
            #expect(user == ada.me)
            #expect(
                Set(try #require(reply.object).keys) == [
                    "id", "email", "name", "timezone", "created_at", "is_guest", "quiet_hours", "hide_read_receipts",
                    "workdays", "daily_brief_time", "assistant_adds_without_asking", "ai_enabled", "nag_reminders",
                ])
        }
    }

    @Test("POST /user changes the name and time zone; fields not sent stay")
    func updateUser() async throws {
        try await withAda { ada in
            let renamed = try expectOK(try await ada.post("user", UserUpdateRequest(name: "Countess")), as: User.self)
            #expect(renamed.name == "Countess")
            #expect(renamed.timezone == "America/New_York")
            let moved = try expectOK(
                try await ada.post("user", UserUpdateRequest(timezone: "Pacific/Auckland")), as: User.self)
            #expect(moved.name == "Countess")
            #expect(moved.timezone == "Pacific/Auckland")
            #expect(try expectOK(try await ada.get("user"), as: User.self) == moved)
        }
    }

    @Test("POST /user with a bad time zone or empty name is a 400 and changes nothing")
    func updateUserValidation() async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("user", UserUpdateRequest(timezone: "Nowhere/Land")), .badRequest,
                code: "invalid_field", mentioning: "timezone")
            expectError(
                try await ada.post("user", UserUpdateRequest(name: "Ada", timezone: "Nowhere/Land")), .badRequest,
                code: "invalid_field", mentioning: "timezone")
            expectError(
                try await ada.post("user", UserUpdateRequest(name: "")), .badRequest, code: "invalid_field",
                mentioning: "name")
            #expect(try expectOK(try await ada.get("user"), as: User.self) == ada.me)
        }
    }

    @Test("Changing the time zone changes which tasks are due today")
    func timeZoneChangeMovesToday() async throws {
        // 14:30 UTC on Wednesday March 4: still the 4th in New York, already the 5th in Auckland.
        try await withAda { ada in
            let thursday = try await ada.createTask("Water the plants", dueDate: "2026-03-05")
            let wednesday = try await ada.createTask("Call the bank", dueDate: "2026-03-04")
            #expect(try await ada.filter("today") == [wednesday.id])
            #expect(try await ada.filter("overdue") == [])

            _ = try expectOK(try await ada.post("user", UserUpdateRequest(timezone: "Pacific/Auckland")), as: User.self)
            #expect(try await ada.filter("today") == [thursday.id])
            #expect(try await ada.filter("overdue") == [wednesday.id])

            // "today" in a due_string is read in the new zone as well.
            let created = try await ada.createTask("Read", dueString: "today")
            #expect(created.due?.date.iso == "2026-03-05")
        }
    }

    // MARK: Tokens

    @Test("A new API token is shown once, then listed without its secret, and works")
    func createAndListTokens() async throws {
        try await withAda { ada in
            let reply = try await ada.post("tokens", TokenCreateRequest(name: "laptop script"))
            let created = try expectOK(reply, .created, as: TokenCreatedResponse.self)
            #expect(created.token.hasPrefix("kai_"))
            #expect(created.info.name == "laptop script")

            let listReply = try await ada.get("tokens")
            let list = try expectOK(listReply, as: Page<APITokenInfo>.self)
            #expect(list.results.map(\.name) == ["sign-up", "laptop script"])
            #expect(list.nextCursor == nil)
            #expect(!listReply.text.contains(created.token))
            #expect(!listReply.text.contains(try #require(ada.token)))
            let first = try #require((listReply.object?["results"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["id", "name", "created_at"])

            let viaNewToken = ada.with(token: created.token)
            #expect(try expectOK(try await viaNewToken.get("user"), as: User.self) == ada.me)
        }
    }

    @Test("A token needs a name")
    func tokenNeedsName() async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("tokens", TokenCreateRequest(name: " ")), .badRequest, code: "invalid_field",
                mentioning: "name")
            expectError(
                try await ada.post("tokens", json: "{}"), .badRequest, code: "invalid_field", mentioning: "name")
        }
    }

    @Test("A revoked token stops working at once; the others keep working")
    func revokeToken() async throws {
        try await withAda { ada in
            let created = try expectOK(
                try await ada.post("tokens", TokenCreateRequest(name: "ci")), .created, as: TokenCreatedResponse.self)
            let ci = ada.with(token: created.token)
            #expect(try await ci.get("projects").status == .ok)

            try expectNoContent(try await ada.delete("tokens/\(created.info.id)"))
            expectError(try await ci.get("projects"), .unauthorized, code: "unauthorized")
            #expect(try await ada.get("projects").status == .ok)
            let names = try expectOK(try await ada.get("tokens"), as: Page<APITokenInfo>.self).results.map(\.name)
            #expect(names == ["sign-up"])

            // Revoking twice, or an id that never existed, is a 404.
            expectError(try await ada.delete("tokens/\(created.info.id)"), .notFound, code: "not_found")
            expectError(try await ada.delete("tokens/999999"), .notFound, code: "not_found")
            expectError(try await ada.delete("tokens/abc"), .notFound, code: "not_found")
        }
    }

    @Test("A user can revoke the very token they are using")
    func revokeOwnCurrentToken() async throws {
        try await withAda { ada in
            let current = try #require(
                try expectOK(try await ada.get("tokens"), as: Page<APITokenInfo>.self).results.first)
            try expectNoContent(try await ada.delete("tokens/\(current.id)"))
            expectError(try await ada.get("user"), .unauthorized, code: "unauthorized")
        }
    }

    @Test("Nobody can revoke someone else's token")
    func revokeSomeoneElsesToken() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let adaToken = try #require(
                try expectOK(try await ada.get("tokens"), as: Page<APITokenInfo>.self).results.first)
            expectError(try await bob.delete("tokens/\(adaToken.id)"), .notFound, code: "not_found")
            #expect(try await ada.get("user").status == .ok)
            let bobsTokens = try expectOK(try await bob.get("tokens"), as: Page<APITokenInfo>.self).results
            #expect(!bobsTokens.contains { $0.id == adaToken.id })
        }
    }

    // MARK: Bearer checks

    @Test(
        "Signed-in routes refuse a missing, garbage or wrongly-shaped Authorization header with 401",
        arguments: [nil, "Bearer kai_0000", "Bearer ", "Bearer", "Basic YWRhOnNlY3JldA==", "kai_token-without-scheme"])
    func badBearer(header: String?) async throws {
        try await withAda { ada in
            var headers = HTTPFields()
            if let header { headers[.authorization] = header }
            let anonymous = ada.with(token: nil)
            for path in ["user", "projects", "tasks", "labels", "tokens"] {
                let reply = try await anonymous.send(.get, path, headers: headers)
                expectError(reply, .unauthorized, code: "unauthorized")
            }
            let write = try await anonymous.send(
                .post, "tasks", body: Data(#"{"content": "sneaky"}"#.utf8), headers: headers)
            expectError(write, .unauthorized, code: "unauthorized")
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("The bearer scheme is case-insensitive")
    func bearerSchemeCase() async throws {
        try await withAda { ada in
            var headers = HTTPFields()
            headers[.authorization] = "bearer \(try #require(ada.token))"
            #expect(try await ada.with(token: nil).send(.get, "user", headers: headers).status == .ok)
        }
    }

    @Test("Sign-up, login and the health check need no token")
    func publicRoutes() async throws {
        try await withAPI { api in
            let health = try await api.send(.get, "/health")
            #expect(health.status == .ok)
            #expect(health.object?["status"] as? String == "ok")
            _ = try await api.signUp("ada@example.com", password: "correct horse")
            #expect(
                try await api.post("auth/login", LoginRequest(email: "ada@example.com", password: "correct horse"))
                    .status == .ok)
        }
    }
}
