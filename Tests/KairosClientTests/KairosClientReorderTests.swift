import Foundation
import KairosClient
import Testing

@Suite("KairosClient reorders projects, sections and tasks")
struct KairosClientReorderTests {
    @Test("Projects take the places given, and the list follows them")
    func projects() async throws {
        try await withSignedInClient { client in
            let home = try await client.createProject(ProjectCreateRequest(name: "Home"))
            let work = try await client.createProject(ProjectCreateRequest(name: "Work"))
            try await client.reorderProjects(
                ProjectReorderRequest(projects: [.init(id: work.id, childOrder: 1), .init(id: home.id, childOrder: 2)]))
            let mine = try await client.allProjects().filter { !$0.isInbox }
            #expect(mine.sorted { $0.childOrder < $1.childOrder }.map(\.name) == ["Work", "Home"])
            #expect(try await client.project(id: home.id).childOrder == 2)
        }
    }

    @Test("Sections take the places given")
    func sections() async throws {
        try await withSignedInClient { client in
            let trip = try await client.createProject(ProjectCreateRequest(name: "Trip"))
            let pack = try await client.createSection(SectionCreateRequest(name: "Pack", projectID: trip.id))
            let book = try await client.createSection(SectionCreateRequest(name: "Book", projectID: trip.id))
            try await client.reorderSections(
                SectionReorderRequest(sections: [
                    .init(id: book.id, sectionOrder: 0), .init(id: pack.id, sectionOrder: 1),
                ]))
            #expect(try await client.section(id: book.id).sectionOrder == 0)
            #expect(try await client.section(id: pack.id).sectionOrder == 1)
        }
    }

    @Test("Tasks are saved in the order given, among siblings or within their day")
    func tasks() async throws {
        try await withSignedInClient { client in
            let list = try await client.createProject(ProjectCreateRequest(name: "Errands"))
            let names = ["Milk", "Bread", "Stamps"]
            var ids: [String] = []
            for name in names {
                ids.append(
                    try await client.createTask(
                        TaskCreateRequest(content: name, projectID: list.id, dueString: "today")
                    ).id)
            }
            try await client.reorderTasks(TaskReorderRequest(ids: ids.reversed()))
            let listed = try await client.allTasks(projectID: list.id).sorted { $0.childOrder < $1.childOrder }
            #expect(listed.map(\.content) == names.reversed())

            try await client.reorderTasks(TaskReorderRequest(ids: [ids[1], ids[2], ids[0]], by: .dayOrder))
            #expect(try await client.task(id: ids[1]).dayOrder == 0)
            #expect(try await client.task(id: ids[0]).dayOrder == 2)
        }
    }

    @Test("A refused reorder surfaces the server's 400 and changes nothing")
    func refused() async throws {
        try await withSignedInClient { client in
            let home = try await client.createProject(ProjectCreateRequest(name: "Home"))
            do {
                try await client.reorderProjects(
                    ProjectReorderRequest(projects: [.init(id: home.id, childOrder: -1)]))
                Issue.record("a negative child_order was accepted")
            } catch KairosClientError.server(let status, let code, let message) {
                #expect(status == 400 && code == "invalid_field")
                #expect(message.contains("projects[0].child_order"))
            }
            #expect(try await client.project(id: home.id).childOrder == home.childOrder)
        }
    }
}
