import Foundation
import KairosCore
import Testing

extension TestAPI {
    func sharedLabels(_ query: KeyValuePairs<String, String> = [:]) async throws -> [String] {
        try expectOK(try await get("labels/shared", query), as: Page<String>.self).results
    }
}

@Suite("Todoist's searches by name and shared labels")
struct NameSearchAndSharedLabelTests {
    @Test("Projects, sections and labels are searched by a part of their name, without case, only among your own")
    func searchByName() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let garden = try await ada.createProject("Garden plans")
            let shed = try await ada.createProject("The GARDEN shed")
            _ = try await dave.createProject("Garden of Dave")
            let beds = try await ada.createSection("Raised beds", in: garden.id)
            let bedding = try await ada.createSection("Bedding", in: launch.id)
            let home = try await ada.createLabel("home")
            _ = try await ada.createLabel("errand")
            _ = try await dave.createLabel("homework")

            let projects = try expectOK(
                try await ada.get("projects/search", ["query": "garden"]), as: Page<Project>.self)
            #expect(projects.results.map(\.id) == [garden.id, shed.id] && projects.nextCursor == nil)
            let first = try expectOK(
                try await ada.get("projects/search", ["query": "garden", "limit": "1"]), as: Page<Project>.self)
            let cursor = try #require(first.nextCursor)
            let second = try expectOK(
                try await ada.get("projects/search", ["query": "garden", "limit": "1", "cursor": cursor]),
                as: Page<Project>.self)
            #expect(first.results.map(\.id) == [garden.id] && second.results.map(\.id) == [shed.id])
            #expect(second.nextCursor == nil)
            #expect(
                try expectOK(try await bob.get("projects/search", ["query": "launch"]), as: Page<Project>.self)
                    .results.map(\.id) == [launch.id])

            let sections = try expectOK(try await ada.get("sections/search", ["query": "BED"]), as: Page<Section>.self)
            #expect(Set(sections.results.map(\.id)) == [beds.id, bedding.id])
            #expect(
                try expectOK(
                    try await bob.get("sections/search", ["query": "bed", "project_id": launch.id]),
                    as: Page<Section>.self
                ).results.map(\.id) == [bedding.id])
            expectError(
                try await dave.get("sections/search", ["query": "bed", "project_id": garden.id]), .notFound,
                code: "not_found")

            #expect(
                try expectOK(try await ada.get("labels/search", ["query": "HOM"]), as: Page<Label>.self)
                    .results.map(\.id) == [home.id])

            for path in ["projects/search", "sections/search", "labels/search"] {
                expectError(try await ada.get(path), .badRequest, code: "invalid_field", mentioning: "query")
                expectError(
                    try await ada.get(path, ["query": "   "]), .badRequest, code: "invalid_field", mentioning: "query")
            }
        }
    }

    @Test(
        "Shared labels are the names on tasks of shared projects; renaming and removing change only what you may edit")
    func sharedLabels() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            _ = try await ada.createLabel("home")
            let hall = try await bob.createTask("Book the hall", projectID: launch.id, labels: ["venue", "urgent"])
            let adas = try await ada.createTask("Own errand", labels: ["venue"])
            let daves = try await dave.createTask("Dave's own", labels: ["venue"])

            #expect(try await ada.sharedLabels() == ["home", "urgent", "venue"])
            #expect(try await ada.sharedLabels(["omit_personal": "true"]) == ["urgent", "venue"])
            #expect(try await carol.sharedLabels() == ["urgent", "venue"])
            #expect(try await dave.sharedLabels().isEmpty)
            let page = try expectOK(try await ada.get("labels/shared", ["limit": "2"]), as: Page<String>.self)
            #expect(page.results == ["home", "urgent"] && page.nextCursor != nil)

            // Carol only comments in Launch: her rename changes nothing there.
            try expectNoContent(
                try await carol.post("labels/shared/rename?name=venue", SharedLabelRenameRequest(newName: "place")))
            #expect(try await ada.task(hall.id).labels == ["venue", "urgent"])

            try expectNoContent(
                try await ada.post("labels/shared/rename?name=VENUE", SharedLabelRenameRequest(newName: "location")))
            #expect(try await bob.task(hall.id).labels == ["location", "urgent"])
            #expect(try await ada.task(adas.id).labels == ["location"])
            #expect(try await dave.task(daves.id).labels == ["venue"])

            try expectNoContent(try await bob.post("labels/shared/remove", SharedLabelRemoveRequest(name: "location")))
            #expect(try await bob.task(hall.id).labels == ["urgent"])
            #expect(try await ada.task(adas.id).labels == ["location"])

            expectError(
                try await ada.post("labels/shared/rename?name=urgent", SharedLabelRenameRequest(newName: "a,b")),
                .badRequest, code: "invalid_field", mentioning: "new_name")
            expectError(
                try await ada.post("labels/shared/rename", SharedLabelRenameRequest(newName: "later")), .badRequest,
                code: "invalid_field", mentioning: "name")
            expectError(
                try await ada.post("labels/shared/remove", json: "{}"), .badRequest, code: "invalid_field",
                mentioning: "name")
            #expect(try await bob.task(hall.id).labels == ["urgent"])
        }
    }
}
