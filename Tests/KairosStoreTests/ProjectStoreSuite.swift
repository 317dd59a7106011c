import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `ProjectStore`'s behaviour, the same on every backend.
@Suite("Project store, on every backend")
struct ProjectStoreSuite {
    @Test("A new user has exactly one Inbox, first in their list", arguments: StoreBackend.all)
    func inbox(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let projects = try await store.projects(userID: ada.id, archived: false, page: PageRequest())
            #expect(projects.results.map(\.name) == ["Inbox"])
            #expect(projects.results.first?.isInbox == true)
            #expect(projects.nextCursor == nil)
            let inbox = try await store.inbox(userID: ada.id)
            #expect(inbox.id == projects.results.first?.id)
            #expect(inbox.ownerID == ada.id && inbox.role == .owner && !inbox.isShared)
            #expect(try await store.project(userID: ada.id, id: inbox.id) == inbox)
        }
    }

    @Test(
        "Projects are created after the others, nest under the user's own, and read back", arguments: StoreBackend.all)
    func createProjects(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let work = try await store.createProject(
                userID: ada.id,
                draft: ProjectDraft(
                    name: "Work", description: "Office", parentID: nil, color: "red", icon: "briefcase",
                    isFavorite: true, viewStyle: "board"),
                now: suiteNow)
            #expect(work.name == "Work" && work.description == "Office" && work.color == "red")
            #expect(work.icon == "briefcase" && work.isFavorite && work.viewStyle == "board")
            #expect(work.childOrder == 1)
            #expect(work.createdAt == suiteNow && work.updatedAt == suiteNow)
            let meetings = try await store.project("Meetings", for: ada, parentID: work.id)
            #expect(meetings.parentID == work.id)
            #expect(meetings.childOrder == 2)
            #expect(try await store.project(userID: ada.id, id: meetings.id) == meetings)

            let inbox = try await store.inbox(userID: ada.id)
            await #expect(
                throws: KairosError.invalidField(field: "parent_id", message: "The Inbox cannot hold sub-projects.")
            ) {
                _ = try await store.project("Nested", for: ada, parentID: inbox.id)
            }
            let bob = try await store.person("Bob")
            await #expect(throws: KairosError.missing("Parent project")) {
                _ = try await store.project("Sneaky", for: bob, parentID: work.id)
            }
            await #expect(throws: KairosError.missing("Parent project")) {
                _ = try await store.project("Lost", for: ada, parentID: "999999")
            }
            #expect(try await store.projects(userID: bob.id, archived: false, page: PageRequest()).results.count == 1)
        }
    }

    @Test("Projects page in their order without gaps or repeats", arguments: StoreBackend.all)
    func projectPages(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            var expected = [try await store.inbox(userID: ada.id).id]
            for index in 0..<5 { expected.append(try await store.project("P\(index)", for: ada).id) }
            var seen: [String] = []
            var page = PageRequest(limit: 2)
            while true {
                let result = try await store.projects(userID: ada.id, archived: false, page: page)
                seen += result.results.map(\.id)
                guard let next = result.nextCursor else { break }
                page = PageRequest(cursor: PageCursor(token: next, keyCount: 2), limit: 2)
            }
            #expect(seen == expected)
        }
    }

    @Test(
        "Updates change the given fields; archived projects list apart; the Inbox keeps its name",
        arguments: StoreBackend.all)
    func updateProjects(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let work = try await store.project("Work", for: ada)
            let later = suiteNow.addingTimeInterval(60)
            let renamed = try await store.updateProject(
                userID: ada.id, id: work.id,
                changes: ProjectChanges(
                    name: "Job", icon: .set("star"), isCollapsed: true, commentersCanComplete: true),
                now: later)
            #expect(renamed.name == "Job" && renamed.icon == "star" && renamed.isCollapsed)
            #expect(renamed.commentersCanComplete && renamed.color == "blue" && renamed.updatedAt == later)
            let cleared = try await store.updateProject(
                userID: ada.id, id: work.id, changes: ProjectChanges(icon: .clear), now: later)
            #expect(cleared.icon == nil && cleared.name == "Job")

            _ = try await store.updateProject(
                userID: ada.id, id: work.id, changes: ProjectChanges(isArchived: true), now: later)
            #expect(
                try await store.projects(userID: ada.id, archived: true, page: PageRequest()).results.map(\.id) == [
                    work.id
                ])
            #expect(
                try await store.projects(userID: ada.id, archived: false, page: PageRequest()).results.map(\.name) == [
                    "Inbox"
                ])

            let inbox = try await store.inbox(userID: ada.id)
            await #expect(throws: KairosError.self) {
                _ = try await store.updateProject(
                    userID: ada.id, id: inbox.id, changes: ProjectChanges(name: "Mine"), now: later)
            }
            #expect(try await store.inbox(userID: ada.id).name == "Inbox")
        }
    }

    @Test("Another user's projects, sections and labels are invisible and untouchable", arguments: StoreBackend.all)
    func isolation(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let work = try await store.project("Work", for: ada)
            let section = try await store.createSection(
                userID: ada.id, projectID: work.id, name: "Doing", order: nil, now: suiteNow)
            let label = try await store.createLabel(
                userID: ada.id, name: "home", color: "blue", order: nil, isFavorite: false)

            #expect(try await store.project(userID: bob.id, id: work.id) == nil)
            #expect(try await store.section(userID: bob.id, id: section.id) == nil)
            #expect(try await store.label(userID: bob.id, id: label.id) == nil)
            #expect(try await store.sections(userID: bob.id, projectID: work.id, page: PageRequest()).results.isEmpty)
            #expect(try await store.sections(userID: bob.id, projectID: nil, page: PageRequest()).results.isEmpty)
            #expect(try await store.labels(userID: bob.id, page: PageRequest()).results.isEmpty)
            await #expect(throws: KairosError.missing("Project")) {
                _ = try await store.updateProject(
                    userID: bob.id, id: work.id, changes: ProjectChanges(name: "Mine"), now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Project")) {
                try await store.deleteProject(userID: bob.id, id: work.id, moveTasksToInbox: true, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Project")) {
                _ = try await store.createSection(
                    userID: bob.id, projectID: work.id, name: "Mine", order: nil, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Section")) {
                _ = try await store.updateSection(
                    userID: bob.id, id: section.id, name: "Mine", order: nil, isCollapsed: nil, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Section")) {
                try await store.deleteSection(userID: bob.id, id: section.id, keepTasks: false, now: suiteNow)
            }
            await #expect(throws: KairosError.missing("Label")) {
                _ = try await store.updateLabel(
                    userID: bob.id, id: label.id, name: "mine", color: nil, order: nil, isFavorite: nil)
            }
            await #expect(throws: KairosError.missing("Label")) {
                try await store.deleteLabel(userID: bob.id, id: label.id)
            }
            for id in ["0", "-4", "abc", ""] {
                #expect(try await store.project(userID: ada.id, id: id) == nil, "id \(id)")
                #expect(try await store.section(userID: ada.id, id: id) == nil, "id \(id)")
                #expect(try await store.label(userID: ada.id, id: id) == nil, "id \(id)")
            }
            #expect(try await store.project(userID: ada.id, id: work.id)?.name == "Work")
            #expect(try await store.section(userID: ada.id, id: section.id)?.name == "Doing")
            #expect(try await store.label(userID: ada.id, id: label.id)?.name == "home")
        }
    }

    @Test(
        "Deleting a project moves its and its subprojects' tasks to the Inbox, or deletes them; not the Inbox",
        arguments: StoreBackend.all)
    func deleteProject(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let inbox = try await store.inbox(userID: ada.id)
            let trip = try await store.project("Trip", for: ada)
            let packing = try await store.project("Packing", for: ada, parentID: trip.id)
            let section = try await store.createSection(
                userID: ada.id, projectID: trip.id, name: "Papers", order: nil, now: suiteNow)
            let passport = try await store.task("passport", for: ada) { $0.sectionID = section.id }
            let socks = try await store.task("socks", for: ada) { $0.projectID = packing.id }
            try await store.deleteProject(userID: ada.id, id: trip.id, moveTasksToInbox: true, now: suiteNow)
            for id in [passport.id, socks.id] {
                let moved = try #require(try await store.task(userID: ada.id, id: id))
                #expect(moved.projectID == inbox.id)
                #expect(moved.sectionID == nil)
            }
            #expect(try await store.project(userID: ada.id, id: trip.id) == nil)
            #expect(try await store.project(userID: ada.id, id: packing.id) == nil)
            #expect(try await store.section(userID: ada.id, id: section.id) == nil)

            let chores = try await store.project("Chores", for: ada)
            let sweep = try await store.task("sweep", for: ada) { $0.projectID = chores.id }
            try await store.deleteProject(userID: ada.id, id: chores.id, moveTasksToInbox: false, now: suiteNow)
            #expect(try await store.task(userID: ada.id, id: sweep.id) == nil)

            await #expect(throws: KairosError.self) {
                try await store.deleteProject(userID: ada.id, id: inbox.id, moveTasksToInbox: true, now: suiteNow)
            }
            #expect(try await store.inbox(userID: ada.id).id == inbox.id)
        }
    }

    @Test(
        "Sections take the next place, page in order, update, and go with or without their tasks",
        arguments: StoreBackend.all)
    func sections(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let work = try await store.project("Work", for: ada)
            let other = try await store.project("Other", for: ada)
            var created: [Section] = []
            for name in ["A", "B", "C"] {
                created.append(
                    try await store.createSection(
                        userID: ada.id, projectID: work.id, name: name, order: nil, now: suiteNow))
            }
            #expect(created.map(\.sectionOrder) == [1, 2, 3])
            let elsewhere = try await store.createSection(
                userID: ada.id, projectID: other.id, name: "Z", order: 7, now: suiteNow)
            #expect(elsewhere.sectionOrder == 7)
            let first = try await store.sections(userID: ada.id, projectID: work.id, page: PageRequest(limit: 2))
            #expect(first.results.map(\.name) == ["A", "B"])
            let cursor = try #require(first.nextCursor)
            let second = try await store.sections(
                userID: ada.id, projectID: work.id, page: PageRequest(cursor: PageCursor(token: cursor, keyCount: 2)))
            #expect(second.results.map(\.name) == ["C"])
            #expect(second.nextCursor == nil)
            #expect(try await store.sections(userID: ada.id, projectID: nil, page: PageRequest()).results.count == 4)

            let updated = try await store.updateSection(
                userID: ada.id, id: created[0].id, name: "Todo", order: nil, isCollapsed: true,
                now: suiteNow.addingTimeInterval(5))
            #expect(updated.name == "Todo" && updated.isCollapsed && updated.sectionOrder == 1)
            #expect(updated.updatedAt == suiteNow.addingTimeInterval(5))

            let kept = try await store.task("kept", for: ada) { $0.sectionID = created[1].id }
            let gone = try await store.task("gone", for: ada) { $0.sectionID = created[2].id }
            try await store.deleteSection(userID: ada.id, id: created[1].id, keepTasks: true, now: suiteNow)
            let stayed = try #require(try await store.task(userID: ada.id, id: kept.id))
            #expect(stayed.sectionID == nil && stayed.projectID == work.id)
            try await store.deleteSection(userID: ada.id, id: created[2].id, keepTasks: false, now: suiteNow)
            #expect(try await store.task(userID: ada.id, id: gone.id) == nil)
            #expect(
                try await store.sections(userID: ada.id, projectID: work.id, page: PageRequest()).results.map(\.name)
                    == [
                        "Todo"
                    ])
        }
    }

    @Test("Reorders write all the new places or, when one id is not the user's, none", arguments: StoreBackend.all)
    func reorders(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let one = try await store.project("One", for: ada)
            let two = try await store.project("Two", for: ada)
            let bobs = try await store.project("Bob's", for: bob)
            try await store.reorderProjects(userID: ada.id, orders: [(one.id, 9), (two.id, 8)], now: suiteNow)
            #expect(try await store.project(userID: ada.id, id: one.id)?.childOrder == 9)
            #expect(try await store.project(userID: ada.id, id: two.id)?.childOrder == 8)
            await #expect(throws: KairosError.missing("Project")) {
                try await store.reorderProjects(userID: ada.id, orders: [(one.id, 1), (bobs.id, 2)], now: suiteNow)
            }
            #expect(try await store.project(userID: ada.id, id: one.id)?.childOrder == 9)
            #expect(try await store.project(userID: bob.id, id: bobs.id)?.childOrder == bobs.childOrder)

            let a = try await store.createSection(
                userID: ada.id, projectID: one.id, name: "A", order: nil, now: suiteNow)
            let b = try await store.createSection(
                userID: ada.id, projectID: one.id, name: "B", order: nil, now: suiteNow)
            let theirs = try await store.createSection(
                userID: bob.id, projectID: bobs.id, name: "X", order: nil, now: suiteNow)
            try await store.reorderSections(userID: ada.id, orders: [(a.id, 2), (b.id, 1)], now: suiteNow)
            #expect(
                try await store.sections(userID: ada.id, projectID: one.id, page: PageRequest()).results.map(\.name)
                    == [
                        "B", "A",
                    ])
            await #expect(throws: KairosError.missing("Section")) {
                try await store.reorderSections(userID: ada.id, orders: [(a.id, 5), (theirs.id, 6)], now: suiteNow)
            }
            #expect(try await store.section(userID: ada.id, id: a.id)?.sectionOrder == 2)
        }
    }

    @Test(
        "Open tasks are tallied by project, section and level; closed ones and others' are not",
        arguments: StoreBackend.all)
    func tallies(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let inbox = try await store.inbox(userID: ada.id)
            let work = try await store.project("Work", for: ada)
            let section = try await store.createSection(
                userID: ada.id, projectID: work.id, name: "S", order: nil, now: suiteNow)
            let parent = try await store.task("parent", for: ada)
            _ = try await store.task("child", for: ada) { $0.parentID = parent.id }
            _ = try await store.task("sectioned", for: ada) { $0.sectionID = section.id }
            let done = try await store.task("done", for: ada)
            try await store.closeTask(userID: ada.id, id: done.id, now: suiteNow)
            _ = try await store.task("not mine", for: bob)
            let tallies = Set(
                try await store.openTaskTallies(userID: ada.id).map {
                    "\($0.projectID)/\($0.sectionID ?? "-")/\($0.isSubtask)/\($0.count)"
                })
            #expect(
                tallies == [
                    "\(inbox.id)/-/false/1", "\(inbox.id)/-/true/1", "\(work.id)/\(section.id)/false/1",
                ])
        }
    }

    @Test(
        "Labels: names are unique without regard to case; a rename renames them on tasks, a delete removes them",
        arguments: StoreBackend.all)
    func labels(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let home = try await store.createLabel(
                userID: ada.id, name: "home", color: "blue", order: nil, isFavorite: false)
            let chores = try await store.createLabel(
                userID: ada.id, name: "chores", color: "red", order: nil, isFavorite: true)
            #expect(home.order == 1 && chores.order == 2 && chores.isFavorite)
            await #expect(throws: KairosError.conflict("You already have a label named \"HOME\". Pick another name.")) {
                _ = try await store.createLabel(
                    userID: ada.id, name: "HOME", color: "blue", order: nil, isFavorite: false)
            }
            await #expect(throws: KairosError.conflict("You already have a label named \"Chores\". Pick another name."))
            {
                _ = try await store.updateLabel(
                    userID: ada.id, id: home.id, name: "Chores", color: nil, order: nil, isFavorite: nil)
            }
            let sweep = try await store.task("sweep", for: ada) { $0.labels = ["home", "chores"] }
            let dust = try await store.task("dust", for: ada) { $0.labels = ["home", "house"] }
            let renamed = try await store.updateLabel(
                userID: ada.id, id: home.id, name: "house", color: "green", order: 5, isFavorite: nil)
            #expect(renamed.name == "house" && renamed.color == "green" && renamed.order == 5)
            #expect(try await store.task(userID: ada.id, id: sweep.id)?.labels == ["house", "chores"])
            #expect(try await store.task(userID: ada.id, id: dust.id)?.labels == ["house"])
            #expect(
                try await store.labels(userID: ada.id, page: PageRequest()).results.map(\.name) == ["chores", "house"])

            let page = try await store.labels(userID: ada.id, page: PageRequest(limit: 1))
            #expect(page.results.map(\.name) == ["chores"])
            let next = try await store.labels(
                userID: ada.id, page: PageRequest(cursor: PageCursor(token: try #require(page.nextCursor), keyCount: 2))
            )
            #expect(next.results.map(\.name) == ["house"])

            // A rename that only changes case keeps the label on its tasks.
            _ = try await store.updateLabel(
                userID: ada.id, id: chores.id, name: "Chores", color: nil, order: nil, isFavorite: nil)
            #expect(try await store.task(userID: ada.id, id: sweep.id)?.labels == ["house", "Chores"])

            try await store.deleteLabel(userID: ada.id, id: home.id)
            #expect(try await store.task(userID: ada.id, id: sweep.id)?.labels == ["Chores"])
            #expect(try await store.label(userID: ada.id, id: home.id) == nil)
        }
    }
}
