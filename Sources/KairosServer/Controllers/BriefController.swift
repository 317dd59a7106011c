import Hummingbird
import KairosCore

extension DailyBrief: JSONResponseGenerator {}

/// `/brief`: the caller's daily brief.
struct BriefController {
    let brief: BriefService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("brief") { _, context -> DailyBrief in
            try await brief.brief(for: context.user)
        }
    }
}
