import Hummingbird
import KairosCore

/// `/push/vapid`: the server's VAPID public key, for the browser's `applicationServerKey` when it subscribes to
/// Web Push.
struct PushController {
    /// Nil in a process that pushes nothing; `kairos serve` always has one.
    let vapid: VAPIDKey?

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("push/vapid") { _, _ -> VAPIDPublicKey in
            guard let vapid else { throw KairosError.notFound("Web Push is not set up on this server.") }
            return VAPIDPublicKey(publicKey: vapid.publicKey)
        }
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
