import Hummingbird
import KairosCore

extension WebhookTestResult: JSONResponseGenerator {}

/// `/webhooks`: the user's outgoing hooks (signed JSON receivers and ntfy topics), and a test notice sent to one
/// now.
struct WebhookController {
    let webhooks: WebhookService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("webhooks") { request, context -> Response in
            let body = try await request.decodeJSON(as: WebhookCreateRequest.self)
            return try await webhooks.create(body, for: context.user).jsonResponse(status: .created)
        }
        group.get("webhooks") { _, context -> Page<Webhook> in
            Page(results: try await webhooks.webhooks(of: context.user), nextCursor: nil)
        }
        group.delete("webhooks/:id") { _, context -> Response in
            try await webhooks.delete(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.get("webhooks/:id/deliveries") { request, context -> Page<DeliveryLogEntry> in
            try await webhooks.deliveries(
                of: try context.parameters.require("id"), for: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("webhooks/:id/test") { _, context -> WebhookTestResult in
            try await webhooks.test(try context.parameters.require("id"), for: context.user)
        }
    }
}
