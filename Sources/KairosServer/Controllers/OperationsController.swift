import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import KairosStore
import NIOCore

/// `/health`, `/ready` and `/metrics`: for load balancers, orchestrators and the operator's Prometheus.
/// None of them says anything about any user.
struct OperationsController {
    let health: any StoreHealth
    let metrics: ServerMetrics
    let hub: RealtimeHub
    let metricsToken: String?
    let clock: Clock

    func addRoutes(to router: Router<AppRequestContext>) {
        // Alive: the process answers. Says nothing of the database, so a slow disk does not get it restarted.
        router.get("health") { _, _ in HealthStatus(status: "ok") }
        router.get("ready") { _, context -> Response in
            do {
                let pending = try await health.pendingMigrations()
                guard pending.isEmpty else {
                    return Readiness.notReady(
                        "\(pending.count) schema migration(s) not applied yet (\(pending.joined(separator: ", "))). "
                            + "Restart kairos serve to apply them."
                    ).jsonResponse(status: .serviceUnavailable)
                }
                return Readiness.ready.jsonResponse()
            } catch {
                context.logger.warning("The store did not answer the readiness check", metadata: ["error": "\(error)"])
                return Readiness.notReady("The database did not answer a read. See the server log.")
                    .jsonResponse(status: .serviceUnavailable)
            }
        }
        router.get("metrics") { request, context -> Response in
            guard mayReadMetrics(request, context: context) else {
                throw KairosError.forbidden(
                    "Metrics are served to this machine (loopback) only, or with Authorization: Bearer and the "
                        + "server's metrics token (--metrics-token or KAIROS_METRICS_TOKEN).")
            }
            let text = try await metrics.exposition(health: health, hub: hub, now: clock.now())
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// The metrics token when one is set and sent; otherwise a direct connection from this machine. A
    /// request a proxy forwarded comes from loopback too, so forwarding headers rule that way out.
    private func mayReadMetrics(_ request: Request, context: AppRequestContext) -> Bool {
        if let metricsToken, let sent = request.bearerToken {
            return Self.same(sent, metricsToken)
        }
        let forwarded = [HTTPField.Name.forwardedBy, .forwardedFor, .realIP].contains { request.headers[$0] != nil }
        return !forwarded && Self.isLoopback(context.remoteAddress)
    }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    /// Compares in time independent of where the texts differ.
    private static func same(_ a: String, _ b: String) -> Bool {
        let a = Array(SHA256.hash(data: Data(a.utf8)))
        let b = Array(SHA256.hash(data: Data(b.utf8)))
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// `/ready`'s answer: `{"status": "ready"}`, or `{"status": "not_ready", "reason": "..."}`.
struct Readiness: JSONWritable {
    let status: String
    let reason: String?

    static let ready = Readiness(status: "ready", reason: nil)
    static func notReady(_ reason: String) -> Readiness { Readiness(status: "not_ready", reason: reason) }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("status"); json.string(status)
            if let reason {
                json.key("reason"); json.string(reason)
            }
        }
    }
}

extension HTTPField.Name {
    fileprivate static let forwardedBy = Self("Forwarded")!
    fileprivate static let forwardedFor = Self("X-Forwarded-For")!
    fileprivate static let realIP = Self("X-Real-IP")!
}
