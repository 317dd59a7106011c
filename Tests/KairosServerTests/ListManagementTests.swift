import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    func taskCounts() async throws -> TaskCounts {
        try expectOK(try await get("projects/task_counts"), as: TaskCounts.self)
    }

    func sections(of projectID: String) async throws -> [Section] {
        try expectOK(try await get("sections", ["project_id": projectID]), as: Page<Section>.self).results
    }
}

@Suite("Managing lists: capabilities, task counts, reordering, deleting sections")
struct ListManagementTests {
    @Test("Each project says what its viewer may do: the Inbox cannot be renamed, archived or deleted")
    func capabilities() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let capabilities = { (api: TestAPI, id: String) async throws -> [String] in
                let reply = try await api.get("projects/\(id)")
                return try #require(reply.object?["capabilities"] as? [String])
            }
            #expect(
                try await capabilities(ada, launch.id) == [
                    "add_tasks", "add_sections", "edit_sections", "rename", "archive", "delete", "manage_members",
                    "reorder",
                ])
            #expect(
                try await capabilities(ada, try await ada.inbox().id) == [
                    "add_tasks", "add_sections", "edit_sections", "reorder",
                ])
            #expect(try await capabilities(bob, launch.id) == ["add_tasks", "add_sections", "edit_sections", "rename"])
            #expect(try await capabilities(carol, launch.id) == [])
            // What the list says is what the server does.
            expectError(
                try await carol.post("tasks", TaskCreateRequest(content: "x", projectID: launch.id)), .forbidden,
                code: "forbidden")
            expectError(
                try await carol.post("sections", SectionCreateRequest(name: "x", projectID: launch.id)), .forbidden,
                code: "forbidden")
            expectError(try await bob.post("projects/\(launch.id)/archive"), .forbidden, code: "forbidden")
        }
    }

    @Test("Task counts count every open task, sub-tasks too, by project and by section")
    func taskCounts() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let home = try await ada.createProject("Home")
            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            let parent = try await ada.createTask("Clean", sectionID: kitchen.id)
            _ = try await ada.createTask("Oven", parentID: parent.id)
            _ = try await ada.createTask("Fridge", parentID: parent.id)
            _ = try await ada.createTask("Mow", projectID: home.id)
            let done = try await ada.createTask("Done already", projectID: home.id)
            try await ada.close(done.id)
            _ = try await ada.createTask("Press release", projectID: launch.id)
            _ = try await dave.createTask("Dave's own")

            let counts = try await ada.taskCounts()
            #expect(counts.projects == [.init(id: launch.id, taskCount: 1), .init(id: home.id, taskCount: 4)])
            #expect(counts.sections == [.init(id: kitchen.id, taskCount: 3)])
            // A member counts the shared project's tasks too; nobody counts another's private ones.
            #expect(try await bob.taskCounts().projects == [.init(id: launch.id, taskCount: 1)])
            #expect(try await dave.taskCounts().projects.map(\.taskCount) == [1])
            // The same number as the project's open tasks the list answers with.
            #expect(try await ada.tasks(["project_id": home.id]).count == 4)
        }
    }

    @Test("Projects are reordered in one request; a bad item changes nothing")
    func reorderProjects() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let home = try await ada.createProject("Home")
            let work = try await ada.createProject("Work")
            try expectNoContent(
                try await ada.post(
                    "projects/reorder",
                    ProjectReorderRequest(projects: [
                        .init(id: work.id, childOrder: 1), .init(id: home.id, childOrder: 2),
                        .init(id: launch.id, childOrder: 3),
                    ])))
            #expect(try await ada.projects().map(\.name) == ["Inbox", "Work", "Home", "Launch"])

            let before = try await ada.projects()
            let bobs = try await bob.createProject("Bob's")
            let dodgy: [(TestAPI, String, HTTPResponse.Status, String)] = [
                (
                    ada,
                    #"{"projects": [{"id": "\#(home.id)", "child_order": 9}, {"id": "\#(bobs.id)", "child_order": 1}]}"#,
                    .notFound, "Project"
                ),
                (
                    ada,
                    #"{"projects": [{"id": "\#(home.id)", "child_order": 9}, {"id": "999999", "child_order": 1}]}"#,
                    .notFound, "Project"
                ),
                (
                    ada, #"{"projects": [{"id": "\#(home.id)", "child_order": -1}]}"#, .badRequest,
                    "projects[0].child_order"
                ),
                (
                    ada,
                    #"{"projects": [{"id": "\#(home.id)", "child_order": 1}, {"id": "\#(home.id)", "child_order": 2}]}"#,
                    .badRequest, "projects[1].id"
                ),
                (ada, #"{"projects": []}"#, .badRequest, "projects"),
                (ada, #"{"projects": [{"id": "\#(home.id)"}]}"#, .badRequest, "child_order"),
                (bob, #"{"projects": [{"id": "\#(launch.id)", "child_order": 0}]}"#, .forbidden, "your own"),
                (dave, #"{"projects": [{"id": "\#(home.id)", "child_order": 0}]}"#, .notFound, "Project"),
            ]
            for (caller, body, status, words) in dodgy {
                let reply = try await caller.post("projects/reorder", json: body)
                #expect(reply.status == status, "\(body): \(reply)")
                #expect(reply.error?.message.contains(words) == true, "\(body): \(reply.text)")
            }
            #expect(try await ada.projects() == before)
        }
    }

    @Test("Sections are reordered in one request by whoever may edit them; a bad item changes nothing")
    func reorderSections() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let copy = try await ada.createSection("Copy", in: launch.id)
            let art = try await ada.createSection("Art", in: launch.id)
            let press = try await ada.createSection("Press", in: launch.id)
            try expectNoContent(
                try await bob.post(
                    "sections/reorder",
                    SectionReorderRequest(sections: [
                        .init(id: press.id, sectionOrder: 1), .init(id: copy.id, sectionOrder: 2),
                        .init(id: art.id, sectionOrder: 3),
                    ])))
            #expect(try await ada.sections(of: launch.id).map(\.name) == ["Press", "Copy", "Art"])

            let before = try await ada.sections(of: launch.id)
            let mine = try await dave.createSection("Dave's", in: try await dave.createProject("Dave").id)
            let body = { (id: String) in
                #"{"sections": [{"id": "\#(copy.id)", "section_order": 9}, {"id": "\#(id)", "section_order": 1}]}"#
            }
            expectError(try await ada.post("sections/reorder", json: body(mine.id)), .notFound, code: "not_found")
            expectError(try await ada.post("sections/reorder", json: body("999999")), .notFound, code: "not_found")
            expectError(
                try await carol.post("sections/reorder", json: body(art.id)), .forbidden, code: "forbidden")
            expectError(
                try await ada.post(
                    "sections/reorder", json: #"{"sections": [{"id": "\#(copy.id)", "section_order": -2}]}"#),
                .badRequest, code: "invalid_field", mentioning: "sections[0].section_order")
            expectError(
                try await ada.post("sections/reorder", json: #"{"sections": []}"#), .badRequest, code: "invalid_field",
                mentioning: "sections")
            #expect(try await ada.sections(of: launch.id) == before)
        }
    }

    @Test("Deleting a section with ?tasks=move_to_project keeps its tasks in the project, outside any section")
    func deleteSectionKeepsTasks() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            let inside = try await ada.createTask("Descale kettle", sectionID: kitchen.id)
            let child = try await ada.createTask("Buy vinegar", parentID: inside.id)

            expectError(
                try await ada.delete("sections/\(kitchen.id)", ["tasks": "keep"]), .badRequest, code: "invalid_field",
                mentioning: "tasks")
            #expect(try await ada.task(inside.id).sectionID == kitchen.id)

            try expectNoContent(try await ada.delete("sections/\(kitchen.id)", ["tasks": "move_to_project"]))
            expectError(try await ada.get("sections/\(kitchen.id)"), .notFound, code: "not_found")
            for id in [inside.id, child.id] {
                let kept = try await ada.task(id)
                #expect(kept.projectID == home.id)
                #expect(kept.sectionID == nil)
            }
            #expect(try await ada.task(child.id).parentID == inside.id)
        }
    }
}
