import Hummingbird
import Logging

/// Counts and times every answered request under its route's pattern (`/api/v1/tasks/{id}`, never the
/// path with its ids) and status, and logs it at debug level. Requests no route matched (the web app's
/// files, unknown paths) share the route `unmatched`, so made-up paths cannot grow the metrics.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        func record(_ status: Int) {
            let duration = ContinuousClock.now - started
            let route = Self.route(of: context)
            metrics.recordRequest(route: route, method: request.method.rawValue, status: status, duration: duration)
            context.logger.debug(
                "Request answered",
                metadata: [
                    "http.method": .string(request.method.rawValue), "http.route": .string(route),
                    "http.status": .stringConvertible(status),
                    "duration_ms": .stringConvertible(duration.inMilliseconds),
                ])
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            record((error as? any HTTPResponseError)?.status.code ?? 500)
            throw error
        }
        record(response.status.code)
        return response
    }

    /// The matched route's pattern; `unmatched` when no route took the request.
    static func route(of context: Context) -> String {
        guard let path = context.endpointPath, path != "NotFound" else { return "unmatched" }
        return path
    }
}

extension Duration {
    /// The duration in milliseconds, to a microsecond.
    var inMilliseconds: Double { (seconds * 1_000_000).rounded() / 1_000 }
}
