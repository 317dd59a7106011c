import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// `DELETE /user` with a hand-written body.
    func deleteAccount(json: String) async throws -> Reply {
        try await send(.delete, "user", body: Data(json.utf8))
    }

    func deleteAccount(
        password: String = "correct horse battery", sharedProjects: String? = nil
    ) async throws
        -> Reply
    {
        let choice = sharedProjects.map { #", "shared_projects": "\#($0)""# } ?? ""
        return try await deleteAccount(json: #"{"password": "\#(password)"\#(choice)}"#)
    }

    /// The path of an upload's content under the data folder.
    func storedFile(sha256: String) -> String {
        dataFolder.appendingPathComponent("attachments").appendingPathComponent(String(sha256.prefix(2)))
            .appendingPathComponent(sha256).path
    }
}

/// Ada's shared "Launch" (Bob editor, Carol commenter, later Dave editor), her private "Diary", a direct
/// message with Bob, a group she started with Bob and Carol where she posted a file, and time on her tasks.
private func adaWithEverything(
    _ body:
        @Sendable (
            _ ada: TestAPI, _ bob: TestAPI, _ carol: TestAPI, _ dave: TestAPI, _ launch: Project, _ world: LeavingAda
        )
        async throws -> Void
) async throws {
    try await withSharedLaunch { ada, bob, carol, dave, launch in
        ada.clock.set("2026-03-05T09:00:00Z")
        try await ada.shareProject(launch.id, with: dave, as: "editor")
        let release = try await ada.createTask("Write the press release", projectID: launch.id)
        let bobsPart = try await bob.createTask("Book the venue", projectID: launch.id)
        try #require(
            try await bob.post(
                "time/sessions",
                TimeSessionRequest(
                    taskID: bobsPart.id, startedAt: APITimestamp.parse("2026-03-04T10:00:00Z"),
                    endedAt: APITimestamp.parse("2026-03-04T10:30:00Z"))
            ).status == .created)
        let diary = try await ada.createProject("Diary")
        let secret = try await ada.createTask("xylophone lessons in secret", projectID: diary.id)
        try #require(
            try await ada.post(
                "time/sessions",
                TimeSessionRequest(
                    taskID: secret.id, startedAt: APITimestamp.parse("2026-03-04T08:00:00Z"),
                    endedAt: APITimestamp.parse("2026-03-04T09:00:00Z"))
            ).status == .created)
        let dm = try await ada.directMessage(with: bob)
        _ = try await ada.send("See you at the zeppelin museum", to: dm.id)
        _ = try await bob.send("Great", to: dm.id)
        let team = try await ada.group("Team", with: [bob, carol])
        let png = SampleFile.png(width: 31, height: 7)
        let upload = try await ada.upload(png, name: "map.png")
        try expectOK(try await ada.sendReply("", attachmentIDs: [upload.id], to: team.id), as: PostedMessage.self)
        _ = try await ada.send("Hello team", to: team.id)
        try await body(
            ada, bob, carol, dave, launch,
            LeavingAda(
                release: release, bobsPart: bobsPart, diary: diary, secret: secret, dm: dm, team: team,
                upload: upload))
    }
}

struct LeavingAda: Sendable {
    var release: TaskItem
    var bobsPart: TaskItem
    var diary: Project
    var secret: TaskItem
    var dm: Conversation
    var team: Conversation
    var upload: Attachment
}

@Suite("Deleting an account")
struct AccountDeletionTests {
    @Test("A wrong password, a missing or unknown choice for shared projects change nothing")
    func refusals() async throws {
        try await adaWithEverything { ada, bob, _, _, launch, world in
            expectError(
                try await ada.deleteAccount(password: "wrong password", sharedProjects: "transfer"), .badRequest,
                code: "invalid_field", mentioning: "password")
            expectError(
                try await ada.deleteAccount(), .badRequest, code: "invalid_field", mentioning: "shared_projects")
            expectError(
                try await ada.deleteAccount(sharedProjects: "keep"), .badRequest, code: "invalid_field",
                mentioning: "shared_projects")
            expectError(
                try await ada.deleteAccount(json: "{}"), .badRequest, code: "invalid_field", mentioning: "password")
            #expect(try await ada.get("user").status == .ok)
            #expect(try await ada.task(world.secret.id).content == "xylophone lessons in secret")
            #expect(try await bob.members(of: launch.id).first?.userID == ada.me.id)
            #expect(FileManager.default.fileExists(atPath: ada.storedFile(sha256: world.upload.sha256)))
        }
    }

    @Test("Transfer: the longest-standing editor owns the shared project; nothing private of hers is left anywhere")
    func transfer() async throws {
        try await adaWithEverything { ada, bob, carol, dave, launch, world in
            let adaID = ada.me.id
            try expectNoContent(try await ada.deleteAccount(sharedProjects: "transfer"))

            // Her tokens stop working.
            expectError(try await ada.get("user"), .unauthorized, code: "unauthorized")
            expectError(try await ada.get("user/export"), .unauthorized, code: "unauthorized")

            // Bob, the editor who joined first, owns Launch with its tasks and his time; the others keep their roles.
            let members = try await bob.members(of: launch.id)
            #expect(members.map(\.userID) == [bob.me.id, carol.me.id, dave.me.id])
            #expect(members.map(\.role) == [.owner, .commenter, .editor])
            let seen = try #require(try await bob.projects().first { $0.id == launch.id })
            #expect(seen.ownerID == bob.me.id && seen.role == .owner && seen.isShared)
            #expect(try await bob.taskIDs(["project_id": launch.id]) == [world.release.id, world.bobsPart.id])
            #expect(try await dave.task(world.release.id).content == "Write the press release")
            #expect(try await bob.get("time/tasks/\(world.bobsPart.id)").object?["total_seconds"] as? Int == 1800)
            #expect(try await bob.export().projects.contains { $0.id == launch.id })

            // Her private project and task are gone for everyone, in lists, search and events.
            for other in [bob, carol, dave] {
                expectError(try await other.get("projects/\(world.diary.id)"), .notFound, code: "not_found")
                expectError(try await other.get("tasks/\(world.secret.id)"), .notFound, code: "not_found")
                #expect(try await other.search("xylophone").isEmpty)
                let hits = try await other.get("search", ["q": "xylophone"])
                #expect(hits.status == .ok && !hits.text.contains("xylophone"))
                let events = try await other.get("events", ["after": "0", "limit": "200"])
                #expect(events.status == .ok && !events.text.contains("xylophone"))
                #expect(!(try await other.members(of: launch.id).contains { $0.userID == adaID }))
            }

            // Her messages stay for the others, without an author ("Deleted user"); she is no longer a member.
            let dm = try await bob.history(world.dm.id)
            #expect(dm.map(\.text) == ["Great", "See you at the zeppelin museum"])
            #expect(dm.last?.authorID == nil && dm.first?.authorID == bob.me.id)
            #expect(try await bob.conversation(world.dm.id).members.map(\.userID) == [bob.me.id])
            let team = try await carol.conversation(world.team.id)
            #expect(team.members.map(\.userID) == [bob.me.id, carol.me.id])
            #expect(team.members.first?.role == .owner && team.createdBy == bob.me.id)
            // Her files are gone, from the thread and from the disk; the message that was only a file went with them.
            let teamHistory = try await carol.history(world.team.id)
            #expect(teamHistory.filter { $0.kind != .system }.map(\.text) == ["Hello team"], "\(teamHistory)")
            #expect(try await bob.download(world.upload.id).status == .notFound)
            #expect(!FileManager.default.fileExists(atPath: bob.storedFile(sha256: world.upload.sha256)))

            // The email can sign up again, as a new person who sees none of it.
            let again = try await bob.with(token: nil).signUp("ada@example.com", name: "Ada again")
            #expect(again.me.id != adaID)
            #expect(try await again.projects().map(\.name) == ["Inbox"])
            #expect(try await again.tasks().isEmpty)
            #expect(try await again.conversations().isEmpty)
            expectError(try await again.get("tasks/\(world.secret.id)"), .notFound, code: "not_found")
            expectError(try await again.get("projects/\(launch.id)"), .notFound, code: "not_found")
        }
    }

    @Test("Notices that named her, the notifications she caused and her task activity read “Deleted user”")
    func othersReadDeletedUser() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let flyers = try await ada.createTask("Print flyers for Ada Lovelace day", projectID: launch.id)
            let crew = try await ada.group("Crew", with: [bob, carol])
            _ = try await ada.share(flyers.id, into: crew.id)
            _ = try await ada.updateTask(flyers.id) { $0.assigneeIDs = .set([bob.me.id]) }
            _ = try await bob.updateTask(flyers.id) { $0.assigneeIDs = .set([ada.me.id]) }
            _ = try await ada.send("Hello crew", to: crew.id)
            let fans = try await bob.group("Ada Lovelace fans", with: [carol])
            try expectOK(
                try await bob.post(
                    "conversations/\(fans.id)/members", ConversationMembersRequest(memberIDs: [ada.me.id])),
                as: Conversation.self)
            try expectNoContent(try await ada.deleteAccount(sharedProjects: "transfer"))

            let crewNotices = try await carol.history(crew.id).filter { $0.kind == .system }.map(\.text)
            #expect(
                crewNotices.reversed() == [
                    "Deleted user created \u{201C}Crew\u{201D}",
                    "Deleted user assigned \u{201C}Print flyers for Ada Lovelace day\u{201D} to Bob",
                    "Bob assigned \u{201C}Print flyers for Ada Lovelace day\u{201D} to Deleted user and took Bob off it",
                ])
            let fansNotices = try await carol.history(fans.id).filter { $0.kind == .system }.map(\.text)
            #expect(
                fansNotices.reversed() == [
                    "Bob created \u{201C}Ada Lovelace fans\u{201D}", "Bob added Deleted user",
                ])
            let told = try await bob.notifications().map(\.text)
            #expect(
                told.contains("Deleted user assigned you \u{201C}Print flyers for Ada Lovelace day\u{201D}"), "\(told)")
            #expect(told.contains("Deleted user in Crew: Hello crew"), "\(told)")
            #expect(!told.contains { $0.hasPrefix("Ada") }, "\(told)")
            let activity = try await bob.activity(of: flyers.id)
            #expect(activity.first { $0.0 == .created }?.1 == DeletedUser.name, "\(activity)")
        }
    }

    @Test("Delete: her shared projects go for every member, with their tasks")
    func deleteShared() async throws {
        try await adaWithEverything { ada, bob, carol, _, launch, world in
            try expectNoContent(try await ada.deleteAccount(sharedProjects: "delete"))
            for other in [bob, carol] {
                expectError(try await other.get("projects/\(launch.id)"), .notFound, code: "not_found")
                expectError(try await other.get("tasks/\(world.bobsPart.id)"), .notFound, code: "not_found")
                #expect(!(try await other.projects().contains { $0.id == launch.id }))
            }
            #expect(try await bob.history(world.dm.id).count == 2)
        }
    }

    @Test(
        "Transfer with only commenters to take it: the project is deleted; without shared projects no choice is needed")
    func noEditor() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let notes = try await ada.createProject("Notes")
            try await ada.shareProject(notes.id, with: carol, as: "commenter")
            try expectNoContent(try await ada.deleteAccount(sharedProjects: "transfer"))
            expectError(try await carol.get("projects/\(notes.id)"), .notFound, code: "not_found")

            try expectNoContent(try await bob.deleteAccount())
            expectError(try await bob.get("user"), .unauthorized, code: "unauthorized")
            #expect(try await carol.get("user").status == .ok)
        }
    }
}
