import Foundation

/// The parts of a provider's discovery document (`/.well-known/openid-configuration`) that signing in uses.
public struct OIDCDiscovery: Sendable, Equatable {
    public var issuer: String
    public var authorizationEndpoint: URL
    public var tokenEndpoint: URL
    public var jwksURI: URL
    /// How the provider takes the client's secret at the token endpoint; empty when it does not say.
    public var tokenAuthMethods: [String]

    public init(
        issuer: String, authorizationEndpoint: URL, tokenEndpoint: URL, jwksURI: URL, tokenAuthMethods: [String] = []
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
        self.tokenAuthMethods = tokenAuthMethods
    }

    /// Reads the document of the provider configured as `expectedIssuer`; refuses one that names another
    /// issuer (OpenID Connect Discovery §4.3) or lacks an endpoint.
    public init(json: [UInt8], expectedIssuer: String) throws(OIDCFailure) {
        guard let document = try? JSONDecoder().decode(DocumentJSON.self, from: Data(json)) else {
            throw .providerUnavailable("The provider's discovery document is not readable JSON.")
        }
        guard document.issuer == expectedIssuer else {
            throw .providerUnavailable(
                "The discovery document names the issuer \(document.issuer.prefix(200)), not \(expectedIssuer). "
                    + "Set KAIROS_OIDC_ISSUER to exactly the provider's issuer.")
        }
        guard let authorization = Self.web(document.authorizationEndpoint),
            let token = Self.web(document.tokenEndpoint), let keys = Self.web(document.jwksURI)
        else {
            throw .providerUnavailable("The discovery document lacks an authorization, token or jwks_uri address.")
        }
        self.init(
            issuer: document.issuer, authorizationEndpoint: authorization, tokenEndpoint: token, jwksURI: keys,
            tokenAuthMethods: document.tokenAuthMethods ?? [])
    }

    /// Where the discovery document of `issuer` lives.
    public static func documentURL(issuer: String) -> String {
        (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
    }

    private static func web(_ text: String?) -> URL? {
        guard let text, let url = URL(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil
        else { return nil }
        return url
    }

    private struct DocumentJSON: Decodable {
        let issuer: String
        let authorizationEndpoint: String?
        let tokenEndpoint: String?
        let jwksURI: String?
        let tokenAuthMethods: [String]?

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
            case tokenAuthMethods = "token_endpoint_auth_methods_supported"
        }
    }
}
