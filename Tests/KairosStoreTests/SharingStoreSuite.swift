import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `SharingStore`'s behaviour, the same on every backend.
@Suite("Sharing store, on every backend")
struct SharingStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    @Test(
        "Only the owner and members see a project's access; roles change and are audited", arguments: StoreBackend.all)
    func access(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let project = try await SharedFixtures.project(store, owner: ada, name: "Home", now: now)
            let task = try await SharedFixtures.task(store, "Paint", in: project, by: ada, now: now)
            #expect(try await store.projectAccess(projectID: project, viewerID: bob.id) == nil)
            #expect(try await store.taskAccess(taskID: task, viewerID: bob.id) == nil)

            #expect(
                try await store.setProjectMember(
                    projectID: project, userID: bob.id, role: .commenter, by: ada.id, now: now))
            #expect(
                !(try await store.setProjectMember(
                    projectID: project, userID: bob.id, role: .commenter, by: ada.id, now: now)))
            #expect(
                !(try await store.setProjectMember(
                    projectID: project, userID: bob.id, role: .editor, by: ada.id, now: now + 1)))
            let access = try #require(try await store.projectAccess(projectID: project, viewerID: bob.id))
            #expect(
                access
                    == ProjectAccess(
                        projectID: project, ownerID: ada.id, roles: [bob.id: .editor], commentersCanComplete: false))
            #expect(try await store.taskAccess(taskID: task, viewerID: bob.id) == access)
            #expect(try await store.projectAccess(projectID: project, viewerID: ada.id) == access)
            #expect(try await store.projectAccess(projectID: project, viewerID: carol.id) == nil)
            #expect(try await store.projectAccess(projectID: "999999", viewerID: ada.id) == nil)
            #expect(try await store.taskAccess(taskID: "x", viewerID: ada.id) == nil)
            #expect(try await store.sectionAccess(sectionID: "999999", viewerID: ada.id) == nil)

            let members = try await store.projectMembers(projectID: project)
            #expect(members.map(\.userID) == [ada.id, bob.id])
            #expect(members.map(\.role) == [.owner, .editor])
            let log = try await store.auditLog(projectID: project, page: PageRequest(limit: 1))
            #expect(log.results.map(\.kind) == [.roleChanged])
            #expect(log.results.first?.subjectID == bob.id && log.results.first?.actorID == ada.id)
            let older = try await store.auditLog(
                projectID: project,
                page: PageRequest(cursor: PageCursor(token: try #require(log.nextCursor), keyCount: 1), limit: 5)
            )
            #expect(older.results.map(\.kind) == [.memberAdded])
            #expect(older.results.first?.role == .commenter)
            // Both hear of each change to the now shared project.
            let feed = try await store.events(userID: bob.id, after: 0, limit: 10).results
            #expect(feed.map(\.kind) == [.projectUpdated, .projectUpdated])
            #expect(feed.first?.projectID == project)
        }
    }

    @Test(
        "A member who goes loses their tasks there and hears it last; a stranger is not found",
        arguments: StoreBackend.all)
    func removeMember(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let project = try await SharedFixtures.project(store, owner: ada, name: "Home", now: now)
            _ = try await store.setProjectMember(
                projectID: project, userID: bob.id, role: .editor, by: ada.id, now: now)
            _ = try await store.setProjectMember(
                projectID: project, userID: carol.id, role: .editor, by: ada.id, now: now)
            let task = try await SharedFixtures.task(
                store, "Paint", in: project, by: ada, assignees: [bob, carol], now: now)
            let before = try await store.latestEventSeq(userID: bob.id)
            try await store.removeProjectMember(projectID: project, userID: bob.id, by: ada.id, now: now + 1)
            #expect(try await SharedFixtures.assignees(store, task: task) == [carol.id])
            #expect(try await store.projectAccess(projectID: project, viewerID: bob.id) == nil)
            #expect(
                try await store.events(userID: bob.id, after: before, limit: 10).results.map(\.kind) == [
                    .projectUpdated
                ])
            let carolHears = try await store.events(userID: carol.id, after: before, limit: 10).results
            #expect(carolHears.map(\.kind) == [.projectUpdated, .taskUpdated])
            #expect(carolHears.last?.taskID == task)
            await #expect(throws: KairosError.notFound("That person is not a member of this project.")) {
                try await store.removeProjectMember(projectID: project, userID: bob.id, by: ada.id, now: now)
            }
            try await store.removeProjectMember(projectID: project, userID: carol.id, by: carol.id, now: now + 2)
            let log = try await store.auditLog(projectID: project, page: PageRequest(limit: 2)).results
            #expect(log.map(\.kind) == [.memberLeft, .memberRemoved])
        }
    }

    @Test("Contacts are the people who share a project or a conversation, by name", arguments: StoreBackend.all)
    func contacts(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "bob")
            let carol = try await person(store, "Carol")
            let dan = try await person(store, "Dan")
            let project = try await SharedFixtures.project(store, owner: carol, name: "Garden", now: now)
            _ = try await store.setProjectMember(
                projectID: project, userID: ada.id, role: .commenter, by: carol.id, now: now)
            _ = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            #expect(try await store.contacts(of: ada.id).map(\.name) == ["bob", "Carol"])
            #expect(
                try await store.contacts(of: ada.id).first == Collaborator(id: bob.id, email: bob.email, name: "bob"))
            #expect(
                try await store.contacts(of: ada.id, among: [bob.id, carol.id, dan.id, "x"]) == [bob.id, carol.id])
            #expect(try await store.contacts(of: dan.id, among: [ada.id]).isEmpty)
            #expect(try await store.contacts(of: dan.id).isEmpty)
        }
    }
}
