import Foundation
import KairosCore
import Testing

@Suite("Workdays and daily-brief time")
struct UserPreferencesTests {
    @Test("A new account works Monday to Friday with its brief at 08:00, in sign-up, login and GET /user")
    func defaults() async throws {
        try await withAPI { api in
            let signup = try await api.post(
                "auth/signup", SignupRequest(email: "ada@example.com", password: "correct horse", name: "Ada"))
            let signedUp = try #require(signup.object?["user"] as? [String: Any])
            #expect(signedUp["workdays"] as? [Int] == [1, 2, 3, 4, 5])
            #expect(signedUp["daily_brief_time"] as? String == "08:00")

            let login = try await api.post(
                "auth/login", LoginRequest(email: "ada@example.com", password: "correct horse"))
            let auth = try expectOK(login, as: AuthResponse.self)
            #expect(auth.user.workdays == User.defaultWorkdays)
            #expect(auth.user.dailyBriefTime.hourMinute == "08:00")
            let me = try #require(try await api.signedIn(as: auth).get("user").object)
            #expect(me["workdays"] as? [Int] == [1, 2, 3, 4, 5])
            #expect(me["daily_brief_time"] as? String == "08:00")
        }
    }

    @Test("POST /user sets workdays (kept Monday first) and the brief time; other fields stay")
    func update() async throws {
        try await withAda { ada in
            let changed = try await ada.post("user", UserUpdateRequest(workdays: [7, 3, 1], dailyBriefTime: "06:45"))
            let user = try expectOK(changed, as: User.self)
            #expect(changed.object?["workdays"] as? [Int] == [1, 3, 7])
            #expect(changed.object?["daily_brief_time"] as? String == "06:45")
            #expect(user.name == "Ada" && user.timezone == "America/New_York")

            let renamed = try expectOK(try await ada.post("user", UserUpdateRequest(name: "Countess")), as: User.self)
            #expect(renamed.workdays == [.monday, .wednesday, .sunday])
            #expect(renamed.dailyBriefTime.hourMinute == "06:45")
            let onlyTime = try expectOK(
                try await ada.post("user", UserUpdateRequest(dailyBriefTime: "23:59")), as: User.self)
            #expect(onlyTime.workdays == [.monday, .wednesday, .sunday])
            #expect(try expectOK(try await ada.get("user"), as: User.self) == onlyTime)
        }
    }

    @Test("Bad workdays or brief time is a 400 naming the field, and nothing changes")
    func validation() async throws {
        try await withAda { ada in
            let bad: [(String, String)] = [
                (#"{"workdays": []}"#, "workdays"),
                (#"{"workdays": [1, 2, 2]}"#, "workdays"),
                (#"{"workdays": [0, 1]}"#, "workdays"),
                (#"{"workdays": [1, 8]}"#, "workdays"),
                (#"{"workdays": "weekdays"}"#, "workdays"),
                (#"{"daily_brief_time": "8:00"}"#, "daily_brief_time"),
                (#"{"daily_brief_time": "24:00"}"#, "daily_brief_time"),
                (#"{"daily_brief_time": "07:60"}"#, "daily_brief_time"),
                (#"{"daily_brief_time": "07:30:00"}"#, "daily_brief_time"),
                (#"{"daily_brief_time": 8}"#, "daily_brief_time"),
                // A valid field beside an invalid one is not saved either.
                (#"{"name": "Countess", "workdays": [], "daily_brief_time": "09:00"}"#, "workdays"),
                (#"{"workdays": [2, 3], "daily_brief_time": "soon"}"#, "daily_brief_time"),
            ]
            for (body, field) in bad {
                let reply = try await ada.post("user", json: body)
                expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            }
            #expect(try expectOK(try await ada.get("user"), as: User.self) == ada.me)
        }
    }

    @Test("Each person's preferences are their own")
    func ownPreferences() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            _ = try expectOK(
                try await ada.post("user", UserUpdateRequest(workdays: [6, 7], dailyBriefTime: "10:00")), as: User.self)
            let bobNow = try expectOK(try await bob.get("user"), as: User.self)
            #expect(bobNow.workdays == User.defaultWorkdays)
            #expect(bobNow.dailyBriefTime.hourMinute == "08:00")
            #expect(try expectOK(try await ada.get("user"), as: User.self).workdays == [.saturday, .sunday])
        }
    }
}
