import Foundation
import KairosCore
import Testing

@Suite("Projects: the Inbox, CRUD, archiving, deletion policies and collaborators")
struct ProjectTests {
    @Test("A new account has exactly one project, the Inbox, marked inbox_project")
    func inboxExists() async throws {
        try await withAda { ada in
            let reply = try await ada.get("projects")
            let page = try expectOK(reply, as: Page<Project>.self)
            #expect(page.results.count == 1)
            #expect(page.nextCursor == nil)
            let inbox = try #require(page.results.first)
            #expect(inbox.name == "Inbox")
            #expect(inbox.isInbox)
            #expect(!inbox.isArchived)
            let wire = try #require((reply.object?["results"] as? [[String: Any]])?.first)
            #expect(wire["inbox_project"] as? Bool == true)
            #expect(reply.object?.keys.contains("next_cursor") == true)
        }
    }

    @Test("Creating a project returns it with defaults, and it can be read back and listed")
    func createAndGet() async throws {
        try await withAda { ada in
            let reply = try await ada.post("projects", ProjectCreateRequest(name: "  Home  "))
            let home = try expectOK(reply, as: Project.self)
            #expect(home.name == "Home")
            #expect(home.color == "charcoal")
            #expect(home.viewStyle == "list")
            #expect(!home.isFavorite)
            #expect(!home.isInbox)
            #expect(home.parentID == nil)
            #expect(home.createdAt == ada.clock.now)
            let wire = try #require(reply.object)
            for key in [
                "id", "name", "description", "parent_id", "child_order", "color", "is_collapsed", "is_shared",
                "is_favorite", "is_archived", "can_assign_tasks", "view_style", "inbox_project", "created_at",
                "updated_at",
            ] {
                #expect(wire.keys.contains(key), "missing \(key)")
            }

            let full = try expectOK(
                try await ada.post(
                    "projects",
                    ProjectCreateRequest(
                        name: "Garden", description: "Veg patch", parentID: home.id, color: "green", isFavorite: true,
                        viewStyle: "board")),
                as: Project.self)
            #expect(full.description == "Veg patch")
            #expect(full.parentID == home.id)
            #expect(full.color == "green")
            #expect(full.isFavorite)
            #expect(full.viewStyle == "board")

            #expect(try expectOK(try await ada.get("projects/\(full.id)"), as: Project.self) == full)
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Home", "Garden"])
        }
    }

    @Test(
        "Project fields are validated with a 400 naming the field",
        arguments: [
            (#"{"name": "Work", "color": "neon_pink"}"#, "color"),
            (#"{"name": "Work", "view_style": "kanban"}"#, "view_style"),
            (#"{"name": ""}"#, "name"),
            (#"{"name": "   "}"#, "name"),
            (#"{"color": "red"}"#, "name"),
            (#"{"name": 42}"#, "name"),
        ])
    func createValidation(body: String, field: String) async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("projects", json: body), .badRequest, code: "invalid_field", mentioning: field)
            #expect(try await ada.projects().count == 1)
        }
    }

    @Test("A project name may be 120 characters but not 121")
    func nameLength() async throws {
        try await withAda { ada in
            _ = try await ada.createProject(String(repeating: "p", count: 120))
            expectError(
                try await ada.post("projects", ProjectCreateRequest(name: String(repeating: "p", count: 121))),
                .badRequest, code: "invalid_field", mentioning: "name")
        }
    }

    @Test("A sub-project needs a parent that exists")
    func unknownParent() async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("projects", ProjectCreateRequest(name: "Orphan", parentID: "999999")), .notFound,
                code: "not_found")
            #expect(try await ada.projects().count == 1)
        }
    }

    @Test("Updating a project changes only the fields sent")
    func update() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home", color: "blue")
            ada.clock.set("2026-03-04T15:00:00Z")
            let updated = try expectOK(
                try await ada.post(
                    "projects/\(home.id)",
                    ProjectUpdateRequest(name: "House", isFavorite: true, viewStyle: "calendar", isCollapsed: true)),
                as: Project.self)
            #expect(updated.name == "House")
            #expect(updated.color == "blue")
            #expect(updated.isFavorite)
            #expect(updated.viewStyle == "calendar")
            #expect(updated.isCollapsed)
            #expect(updated.createdAt == home.createdAt)
            #expect(updated.updatedAt == ada.clock.now)

            let recolored = try expectOK(
                try await ada.post("projects/\(home.id)", ProjectUpdateRequest(color: "red", childOrder: 9)),
                as: Project.self)
            #expect(recolored.name == "House")
            #expect(recolored.color == "red")
            #expect(recolored.childOrder == 9)
        }
    }

    @Test("An update with one bad field is refused whole")
    func updateValidation() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            expectError(
                try await ada.post("projects/\(home.id)", json: #"{"name": "House", "color": "plaid"}"#), .badRequest,
                code: "invalid_field", mentioning: "color")
            expectError(
                try await ada.post("projects/\(home.id)", json: #"{"name": "House", "view_style": "grid"}"#),
                .badRequest, code: "invalid_field", mentioning: "view_style")
            expectError(
                try await ada.post("projects/\(home.id)", json: #"{"name": ""}"#), .badRequest, code: "invalid_field",
                mentioning: "name")
            #expect(try expectOK(try await ada.get("projects/\(home.id)"), as: Project.self) == home)
        }
    }

    @Test("Unknown project ids are a 404 for every project route")
    func unknownProject() async throws {
        try await withAda { ada in
            for id in ["999999", "abc", "0", "-1"] {
                expectError(try await ada.get("projects/\(id)"), .notFound, code: "not_found", mentioning: "Project")
                expectError(
                    try await ada.post("projects/\(id)", ProjectUpdateRequest(name: "x")), .notFound, code: "not_found")
                expectError(try await ada.delete("projects/\(id)"), .notFound, code: "not_found")
                expectError(try await ada.post("projects/\(id)/archive"), .notFound, code: "not_found")
                expectError(try await ada.post("projects/\(id)/unarchive"), .notFound, code: "not_found")
                expectError(try await ada.get("projects/\(id)/collaborators"), .notFound, code: "not_found")
            }
        }
    }

    @Test("Archiving hides a project and its tasks from the lists; unarchiving brings them back")
    func archiveAndUnarchive() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let task = try await ada.createTask("Fix the tap", projectID: home.id, dueString: "today")

            let archived = try expectOK(try await ada.post("projects/\(home.id)/archive"), as: Project.self)
            #expect(archived.isArchived)
            #expect(try await ada.projects().map(\.name) == ["Inbox"])
            let archivedList = try expectOK(try await ada.get("projects/archived"), as: Page<Project>.self)
            #expect(archivedList.results.map(\.id) == [home.id])
            #expect(try await ada.taskIDs().isEmpty)
            #expect(try await ada.filter("today").isEmpty)
            // It can still be opened directly, but takes no new tasks.
            #expect(try expectOK(try await ada.get("projects/\(home.id)"), as: Project.self).isArchived)
            expectError(
                try await ada.post("tasks", TaskCreateRequest(content: "More", projectID: home.id)), .badRequest,
                code: "invalid_field", mentioning: "archived")

            let restored = try expectOK(try await ada.post("projects/\(home.id)/unarchive"), as: Project.self)
            #expect(!restored.isArchived)
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Home"])
            #expect(try expectOK(try await ada.get("projects/archived"), as: Page<Project>.self).results.isEmpty)
            #expect(try await ada.taskIDs() == [task.id])
        }
    }

    // Only `project_id` used to be checked against archived projects (SQLiteStore+Tasks placement): a task
    // created with the `section_id` of an archived project's section, or moved into an archived project or
    // section, was accepted and then vanished from every list.
    @Test("An archived project takes no new tasks by any route: section_id, parent_id or move")
    func archivedProjectTakesNoTasksAnyWay() async throws {
        try await withAda { ada in
            let old = try await ada.createProject("Old")
            let shelf = try await ada.createSection("Shelf", in: old.id)
            let parent = try await ada.createTask("Old parent", sectionID: shelf.id)
            _ = try expectOK(try await ada.post("projects/\(old.id)/archive"), as: Project.self)
            let task = try await ada.createTask("Active")

            let viaSection = try await ada.post("tasks", TaskCreateRequest(content: "x", sectionID: shelf.id))
            #expect(viaSection.status == .badRequest, "create with section_id: \(viaSection.status)")
            let viaParent = try await ada.post("tasks", TaskCreateRequest(content: "x", parentID: parent.id))
            #expect(viaParent.status == .badRequest, "create with parent_id: \(viaParent.status)")
            let moveToProject = try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(projectID: old.id))
            #expect(moveToProject.status == .badRequest, "move to project: \(moveToProject.status)")
            let moveToSection = try await ada.post("tasks/\(task.id)/move", TaskMoveRequest(sectionID: shelf.id))
            #expect(moveToSection.status == .badRequest, "move to section: \(moveToSection.status)")
            #expect(try await ada.taskIDs() == [task.id])
        }
    }

    @Test("Deleting a project moves its tasks to the Inbox by default, out of their sections")
    func deleteMovesTasksToInbox() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            let home = try await ada.createProject("Home")
            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            let loose = try await ada.createTask("Loose", projectID: home.id)
            let sectioned = try await ada.createTask("Sectioned", sectionID: kitchen.id)
            let child = try await ada.createTask("Child", parentID: sectioned.id)

            try expectNoContent(try await ada.delete("projects/\(home.id)"))
            expectError(try await ada.get("projects/\(home.id)"), .notFound, code: "not_found")
            expectError(try await ada.get("sections/\(kitchen.id)"), .notFound, code: "not_found")
            for id in [loose.id, sectioned.id, child.id] {
                let moved = try await ada.task(id)
                #expect(moved.projectID == inbox.id)
                #expect(moved.sectionID == nil)
            }
            #expect(try await ada.task(child.id).parentID == sectioned.id)
            #expect(try await ada.projects().map(\.name) == ["Inbox"])
        }
    }

    @Test("?tasks=move_to_inbox also rescues the tasks of sub-projects")
    func deleteMovesSubprojectTasks() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            let home = try await ada.createProject("Home")
            let garden = try await ada.createProject("Garden", parentID: home.id)
            let task = try await ada.createTask("Weed", projectID: garden.id)
            try expectNoContent(try await ada.delete("projects/\(home.id)", ["tasks": "move_to_inbox"]))
            expectError(try await ada.get("projects/\(garden.id)"), .notFound, code: "not_found")
            #expect(try await ada.task(task.id).projectID == inbox.id)
        }
    }

    @Test("?tasks=delete deletes the project's tasks with it")
    func deleteWithTasks() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let doomed = try await ada.createTask("Doomed", projectID: home.id)
            let doomedChild = try await ada.createTask("Doomed child", parentID: doomed.id)
            let keeper = try await ada.createTask("Keeper")
            try expectNoContent(try await ada.delete("projects/\(home.id)", ["tasks": "delete"]))
            expectError(try await ada.get("tasks/\(doomed.id)"), .notFound, code: "not_found")
            expectError(try await ada.get("tasks/\(doomedChild.id)"), .notFound, code: "not_found")
            #expect(try await ada.taskIDs() == [keeper.id])
        }
    }

    @Test("An unknown ?tasks= policy is a 400 and deletes nothing")
    func deleteWithBogusPolicy() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let task = try await ada.createTask("Stays", projectID: home.id)
            expectError(
                try await ada.delete("projects/\(home.id)", ["tasks": "bogus"]), .badRequest, code: "invalid_field",
                mentioning: "tasks")
            #expect(try expectOK(try await ada.get("projects/\(home.id)"), as: Project.self) == home)
            #expect(try await ada.task(task.id).projectID == home.id)
        }
    }

    @Test("The Inbox cannot be deleted, renamed or archived, but can be recolored")
    func inboxIsProtected() async throws {
        try await withAda { ada in
            let inbox = try await ada.inbox()
            expectError(
                try await ada.delete("projects/\(inbox.id)"), .badRequest, code: "invalid_field", mentioning: "Inbox")
            expectError(
                try await ada.delete("projects/\(inbox.id)", ["tasks": "delete"]), .badRequest, code: "invalid_field")
            expectError(
                try await ada.post("projects/\(inbox.id)", ProjectUpdateRequest(name: "Outbox")), .badRequest,
                code: "invalid_field", mentioning: "name")
            expectError(try await ada.post("projects/\(inbox.id)/archive"), .badRequest, code: "invalid_field")
            #expect(try await ada.inbox() == inbox)

            let recolored = try expectOK(
                try await ada.post("projects/\(inbox.id)", ProjectUpdateRequest(color: "red")), as: Project.self)
            #expect(recolored.color == "red")
            #expect(recolored.name == "Inbox")
        }
    }

    @Test("Collaborators of a project list its owner")
    func collaborators() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let page = try expectOK(try await ada.get("projects/\(home.id)/collaborators"), as: Page<Collaborator>.self)
            #expect(page.results == [Collaborator(id: ada.me.id, email: "ada@example.com", name: "Ada")])
            #expect(page.nextCursor == nil)
        }
    }

    @Test("The project list pages with limit and cursor")
    func projectPagination() async throws {
        try await withAda { ada in
            for n in 1...4 { _ = try await ada.createProject("P\(n)") }
            var names: [String] = []
            var cursor: String?
            repeat {
                var query: [(String, String)] = [("limit", "2")]
                if let cursor { query.append(("cursor", cursor)) }
                let page = try expectOK(
                    try await ada.send(.get, "projects" + queryString(query)), as: Page<Project>.self)
                #expect(page.results.count <= 2)
                names += page.results.map(\.name)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(names == ["Inbox", "P1", "P2", "P3", "P4"])
        }
    }
}
