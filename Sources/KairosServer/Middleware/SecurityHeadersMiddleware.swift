import HTTPTypes
import Hummingbird

/// Adds the headers that keep every response, the web app's pages above all, from being framed, sniffed
/// into another type, leaking its address to other sites, or running scripts that are not the app's own
/// files.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Only the app's own files run: no inline script, no eval, no plugin, never inside another site's frame.
    /// Images may be blob or data URLs (photos shown from memory before and after upload); the socket is
    /// same-origin, which `'self'` covers for `ws:` and `wss:`.
    static var contentSecurityPolicy: String {
        [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob: data:",
            "media-src 'self' blob:", "connect-src 'self'", "worker-src 'self'", "manifest-src 'self'",
            "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xFrameOptions] = "DENY"
        // Sign-in and reset links carry credentials in their address: no other site hears it.
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}

extension HTTPField.Name {
    fileprivate static let xFrameOptions = Self("X-Frame-Options")!
    fileprivate static let referrerPolicy = Self("Referrer-Policy")!
}
