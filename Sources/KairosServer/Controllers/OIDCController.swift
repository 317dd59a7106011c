import Foundation
import Hummingbird
import KairosCore
import NIOCore

/// Signing in with the identity provider: the providers the sign-in screen offers, the start that sends the
/// browser to the provider, the callback it comes back to, and the exchange of the one-time code for a token.
/// Without a provider configured, the list is empty and the browser routes lead back to the sign-in screen.
struct OIDCController {
    let oidc: OIDCService?
    /// Where the browser routes send people when no provider is configured.
    let publicURL: String

    /// The cookie that ties a callback to the browser that started the sign-in.
    static let cookieName = "kairos_oidc"
    static let cookiePath = "/api/v1/auth/oidc"

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("providers") { _, _ -> SignInProviders in
            SignInProviders(providers: oidc.map { [$0.provider] } ?? [])
        }
        group.get("oidc/start") { _, _ -> Response in
            guard let oidc else { return Self.redirect(to: "\(publicURL)/#/oidc/error/not_configured") }
            do {
                let start = try await oidc.start()
                var response = Self.redirect(to: start.authorizationURL)
                response.setCookie(browserCookie(start.browserSecret, for: oidc))
                return response
            } catch let failure as OIDCFailure {
                oidc.logger.notice(
                    "Sign-in with the identity provider could not start",
                    metadata: ["reason": "\(failure.code)", "detail": "\(failure.detail)"])
                return Self.redirect(to: oidc.failurePage(failure.code))
            }
        }
        group.get("oidc/callback") { request, _ -> Response in
            try await callback(FormEncoding.decode(request.uri.query ?? ""), request: request)
        }
        // Apple's `form_post`: the same fields in a form body.
        group.post("oidc/callback") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return try await callback(FormEncoding.decode(String(buffer: body)), request: request)
        }
        group.post("oidc/confirm") { request, _ -> AuthResponse in
            guard let oidc else { throw KairosError.notFound("No identity provider is configured on this server.") }
            return try await oidc.confirm(try await request.decodeJSON(as: ProviderSignInConfirmRequest.self))
        }
    }

    private func callback(_ fields: [String: String], request: Request) async throws -> Response {
        guard let oidc else { return Self.redirect(to: "\(publicURL)/#/oidc/error/not_configured") }
        let secret = request.cookies[Self.cookieName]?.value
        var response = Self.redirect(to: await oidc.finish(fields, browserSecret: secret))
        // The cookie has done its work, whatever the outcome.
        response.setCookie(browserCookie("", for: oidc, maxAge: 0))
        return response
    }

    /// A secret only this browser holds. Apple's `form_post` comes back as a cross-site POST, which only a
    /// `SameSite=None` cookie (so, over HTTPS) goes along with; a redirect back carries a `Lax` one.
    private func browserCookie(_ value: String, for oidc: OIDCService, maxAge: Int? = nil) -> Cookie {
        let secure = publicURL.lowercased().hasPrefix("https://")
        let crossSite = oidc.configuration.usesFormPost && secure
        return Cookie(
            name: Self.cookieName, value: value, maxAge: maxAge ?? Int(OIDCService.attemptLifetime),
            path: Self.cookiePath, secure: secure, httpOnly: true, sameSite: crossSite ? .none : .lax)
    }

    /// A 303 to `location`: the browser follows it with a GET whatever brought it here.
    private static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
