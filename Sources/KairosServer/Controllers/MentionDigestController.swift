import Hummingbird
import KairosCore

extension AppOpenResponse: JSONResponseGenerator {}
extension MentionDigest: JSONResponseGenerator {}

/// `/user/opened` and `/mentions/digest`: the app's opens, and the mentions someone missed while away.
struct MentionDigestController {
    let digests: MentionDigestService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("user/opened") { request, context -> AppOpenResponse in
            try await digests.recordOpen(try await request.decodeJSON(as: AppOpenRequest.self), for: context.user)
        }
        group.get("mentions/digest") { _, context -> MentionDigest in
            try await digests.digest(for: context.user)
        }
        group.post("mentions/digest/dismiss") { _, context -> UnreadCount in
            try await digests.dismiss(for: context.user)
        }
    }
}
