import Hummingbird
import KairosCore

/// `/push`: the server's VAPID public key, for the browser's `applicationServerKey`, and each device's Web Push
/// subscription.
struct PushController {
    /// Nil in a process that pushes nothing; `kairos serve` always has one.
    let vapid: VAPIDKey?
    let push: PushService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("push/vapid") { _, _ -> VAPIDPublicKey in
            VAPIDPublicKey(publicKey: try requireVAPID().publicKey)
        }
        group.get("push/subscriptions") { _, context -> Page<PushSubscription> in
            Page(results: try await push.subscriptions(of: context.user), nextCursor: nil)
        }
        group.post("push/subscriptions") { request, context -> Response in
            _ = try requireVAPID()
            let body = try await request.decodeJSON(as: PushSubscriptionRequest.self)
            return try await push.subscribe(body, for: context.user).jsonResponse(status: .created)
        }
        group.delete("push/subscriptions/:id") { _, context -> Response in
            try await push.unsubscribe(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
    }

    private func requireVAPID() throws -> VAPIDKey {
        guard let vapid else { throw KairosError.notFound("Web Push is not set up on this server.") }
        return vapid
    }
}

/// `{"public_key": "<base64url>"}`.
struct VAPIDPublicKey: JSONResponseGenerator {
    let publicKey: String

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("public_key"); json.string(publicKey)
        }
    }
}
