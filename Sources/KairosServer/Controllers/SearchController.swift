import Hummingbird
import KairosCapture
import KairosCore

/// `/search`: tasks and messages in one ranked list; `/search/answer`: a commitment question answered.
struct SearchController {
    let search: SearchService
    let answers: SearchAnswerService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("search") { request, context -> Page<SearchHit> in
            try await search.search(
                request.query("q"), kind: request.query("kind"), personID: request.query("person_id"),
                conversationID: request.query("conversation_id"), projectID: request.query("project_id"),
                for: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.get("search/answer") { request, context -> SearchAnswer in
            try await answers.answer(
                request.query("q"), for: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
    }
}
