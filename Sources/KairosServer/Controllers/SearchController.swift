import Hummingbird
import KairosCore

/// `/search`: tasks and messages in one ranked list.
struct SearchController {
    let search: SearchService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("search") { request, context -> Page<SearchHit> in
            try await search.search(
                request.query("q"), kind: request.query("kind"), personID: request.query("person_id"),
                conversationID: request.query("conversation_id"), projectID: request.query("project_id"),
                for: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
    }
}
