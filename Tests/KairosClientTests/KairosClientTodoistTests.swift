import Foundation
import KairosClient
import Testing

@Suite("Reading a Todoist account through API v1, against a Kairos server speaking that API")
struct KairosClientTodoistTests {
    @Test("Every list is read page after page, with the comments of tasks and projects")
    func readsEveryPage() async throws {
        try await withSignedInClient { client in
            let home = try await client.createProject(ProjectCreateRequest(name: "Home", color: "berry_red"))
            let kitchen = try await client.createSection(SectionCreateRequest(name: "Kitchen", projectID: home.id))
            _ = try await client.createLabel(LabelRequest(name: "errand", color: "green"))
            var tasks: [TaskItem] = []
            for number in 1...5 {
                tasks.append(
                    try await client.createTask(
                        TaskCreateRequest(content: "Task \(number)", projectID: home.id, sectionID: kitchen.id)))
            }
            _ = try await client.createComment(CommentCreateRequest(content: "On task 4", taskID: tasks[3].id))
            _ = try await client.createComment(CommentCreateRequest(content: "On Home", projectID: home.id))

            let api = client.baseURL.appendingPathComponent("api/v1")
            let account = try await TodoistReader(api: api, token: try #require(client.token), pageSize: 2).read()
            #expect(account.projects.map(\.name).sorted() == ["Home", "Inbox"])
            #expect(account.projects.first { $0.name == "Home" }?.color == "berry_red")
            #expect(account.sections.map(\.name) == ["Kitchen"])
            #expect(account.labels.map(\.name) == ["errand"])
            #expect(account.tasks.map(\.content).sorted() == (1...5).map { "Task \($0)" })
            #expect(account.tasks.allSatisfy { $0.sectionID == kitchen.id && $0.projectID == home.id })
            #expect(account.comments.map(\.content).sorted() == ["On Home", "On task 4"])
            #expect(account.comments.first { $0.content == "On task 4" }?.taskID == tasks[3].id)

            await #expect(throws: TodoistReadError.tokenRefused) {
                try await TodoistReader(api: api, token: "not-a-token").read()
            }
        }
    }
}
