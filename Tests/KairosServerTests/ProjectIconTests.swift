import Foundation
import KairosCore
import Testing

@Suite("Project icons: chosen on create and update, cleared with null, refused for the Inbox")
struct ProjectIconTests {
    @Test("A project is created with an icon, shows it in every answer, and gets the plain glyph by default")
    func createWithIcon() async throws {
        try await withAda { ada in
            let reply = try await ada.post(
                "projects", ProjectCreateRequest(name: "Gym", color: "red", icon: "dumbbell"))
            let gym = try expectOK(reply, as: Project.self)
            #expect(gym.icon == "dumbbell")
            #expect(reply.object?["icon"] as? String == "dumbbell")
            #expect(try expectOK(try await ada.get("projects/\(gym.id)"), as: Project.self).icon == "dumbbell")
            #expect(try await ada.projects().first { $0.id == gym.id }?.icon == "dumbbell")

            let plainReply = try await ada.post("projects", ProjectCreateRequest(name: "Plain"))
            #expect(try expectOK(plainReply, as: Project.self).icon == nil)
            #expect(plainReply.object?.keys.contains("icon") == true)
            #expect(plainReply.object?["icon"] is NSNull)
        }
    }

    @Test("An update changes the icon, leaves it alone when absent, and null gives the plain glyph back")
    func updateIcon() async throws {
        try await withAda { ada in
            let trip = try await ada.createProject("Trip")
            let planed = try expectOK(
                try await ada.post("projects/\(trip.id)", json: #"{"icon": "plane"}"#), as: Project.self)
            #expect(planed.icon == "plane")
            let renamed = try expectOK(
                try await ada.post("projects/\(trip.id)", json: #"{"name": "Rome", "color": "blue"}"#), as: Project.self
            )
            #expect(renamed.icon == "plane" && renamed.name == "Rome")
            let cleared = try expectOK(
                try await ada.post("projects/\(trip.id)", json: #"{"icon": null}"#), as: Project.self)
            #expect(cleared.icon == nil)
            #expect(try expectOK(try await ada.get("projects/\(trip.id)"), as: Project.self).icon == nil)
        }
    }

    @Test(
        "An unknown icon is a 400 naming the field and the allowed names, and nothing changes",
        arguments: [#"{"icon": "unicorn"}"#, #"{"icon": ""}"#, #"{"icon": "Plane"}"#])
    func unknownIcon(body: String) async throws {
        try await withAda { ada in
            let home = try expectOK(
                try await ada.post("projects", ProjectCreateRequest(name: "Home", icon: "home")), as: Project.self)
            let refused = try await ada.post("projects/\(home.id)", json: body)
            expectError(refused, .badRequest, code: "invalid_field", mentioning: "icon must be one of")
            #expect(refused.error?.message.contains(ProjectIcon.all.joined(separator: ", ")) == true)
            #expect(try expectOK(try await ada.get("projects/\(home.id)"), as: Project.self) == home)

            let named = #"{"name": "Work", "icon": "unicorn"}"#
            expectError(
                try await ada.post("projects", json: named), .badRequest, code: "invalid_field", mentioning: "icon")
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Home"])
        }
    }

    @Test("The Inbox keeps its own icon, as it keeps its name")
    func inboxRefuses() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            for body in [#"{"icon": "star"}"#, #"{"icon": null}"#] {
                expectError(
                    try await ada.post("projects/\(inbox.id)", json: body), .badRequest, code: "invalid_field",
                    mentioning: "The Inbox keeps its own icon")
            }
            #expect(try await ada.inbox() == inbox)
            #expect(!inbox.capabilities.contains(.rename))
        }
    }

    @Test("Another person's project is a 404 and keeps its icon; a commenter on a shared one may not change it")
    func othersProjects() async throws {
        try await withAda { ada in
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            let books = try expectOK(
                try await ada.post("projects", ProjectCreateRequest(name: "Books", icon: "book")), as: Project.self)
            expectError(
                try await bob.post("projects/\(books.id)", json: #"{"icon": "star"}"#), .notFound, code: "not_found")

            try await ada.shareProject(books.id, with: bob, as: "commenter")
            expectError(
                try await bob.post("projects/\(books.id)", json: #"{"icon": "star"}"#), .forbidden, code: "forbidden")
            #expect(try expectOK(try await ada.get("projects/\(books.id)"), as: Project.self).icon == "book")
        }
    }
}
