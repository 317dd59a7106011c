import Foundation
import KairosClient
import Testing

@Suite("KairosClient sets, keeps and clears a project's icon")
struct KairosClientProjectIconTests {
    @Test("An icon given on create is kept by other updates, replaced by .set and removed by .clear")
    func iconRoundTrip() async throws {
        try await withSignedInClient { client in
            let gym = try await client.createProject(ProjectCreateRequest(name: "Gym", icon: "dumbbell"))
            #expect(gym.icon == "dumbbell")
            #expect(
                try await client.updateProject(id: gym.id, ProjectUpdateRequest(name: "Fitness")).icon == "dumbbell")
            #expect(
                try await client.updateProject(id: gym.id, ProjectUpdateRequest(icon: .set("heart"))).icon == "heart")
            #expect(try await client.updateProject(id: gym.id, ProjectUpdateRequest(icon: .clear)).icon == nil)
            #expect(try await client.project(id: gym.id).icon == nil)

            do {
                _ = try await client.updateProject(id: gym.id, ProjectUpdateRequest(icon: .set("unicorn")))
                Issue.record("an unknown icon was accepted")
            } catch KairosClientError.server(let status, let code, let message) {
                #expect(status == 400 && code == "invalid_field")
                #expect(message.contains("dumbbell"))
            }
        }
    }
}
