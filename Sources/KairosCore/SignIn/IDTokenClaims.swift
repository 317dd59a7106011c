import Foundation

/// The claims of an OpenID Connect ID token that signing in reads (OpenID Connect Core §2), in the shapes
/// providers really send: `aud` as one string or a list, `email_verified` as a boolean or, from Apple, the
/// string "true".
public struct IDTokenClaims: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var audiences: [String]
    /// The party the token was issued to (`azp`), needed when there are several audiences.
    public var authorizedParty: String?
    public var expiresAt: Date
    public var issuedAt: Date?
    public var notBefore: Date?
    public var nonce: String?
    public var email: String?
    /// True only when the provider says it checked the address.
    public var emailVerified: Bool
    public var name: String?

    public init(
        issuer: String, subject: String, audiences: [String], authorizedParty: String? = nil, expiresAt: Date,
        issuedAt: Date? = nil, notBefore: Date? = nil, nonce: String? = nil, email: String? = nil,
        emailVerified: Bool = false, name: String? = nil
    ) {
        self.issuer = issuer
        self.subject = subject
        self.audiences = audiences
        self.authorizedParty = authorizedParty
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.notBefore = notBefore
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
    }

    /// Reads the JSON payload of a token; `iss`, `sub`, `aud` and `exp` are required.
    public init(json: [UInt8]) throws(OIDCFailure) {
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: Data(json)) else {
            throw .invalidToken("The ID token's claims are not a JSON object.")
        }
        guard case .string(let issuer) = object["iss"], case .string(let subject) = object["sub"], !subject.isEmpty
        else { throw .invalidToken("The ID token has no issuer or subject.") }
        guard case .number(let expiry) = object["exp"] else { throw .invalidToken("The ID token has no expiry.") }
        let audiences: [String] =
            switch object["aud"] {
            case .string(let one): [one]
            case .strings(let many): many
            default: []
            }
        self.init(
            issuer: issuer, subject: subject, audiences: audiences, authorizedParty: object["azp"]?.text,
            expiresAt: Date(timeIntervalSince1970: expiry), issuedAt: object["iat"]?.date,
            notBefore: object["nbf"]?.date, nonce: object["nonce"]?.text, email: object["email"]?.text,
            emailVerified: object["email_verified"]?.isTrue ?? false, name: object["name"]?.text)
    }
}

/// One claim's value, read loosely: anything else a provider adds decodes as `.other` and is ignored.
private enum ClaimValue: Decodable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case strings([String])
    case other

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? value.decode(Double.self), number.isFinite {
            self = .number(number)
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else if let texts = try? value.decode([String].self) {
            self = .strings(texts)
        } else {
            self = .other
        }
    }

    var text: String? {
        if case .string(let text) = self { text } else { nil }
    }

    var date: Date? {
        if case .number(let seconds) = self { Date(timeIntervalSince1970: seconds) } else { nil }
    }

    /// `true`, or the string "true" as Apple writes it.
    var isTrue: Bool {
        switch self {
        case .bool(let flag): flag
        case .string(let text): text.lowercased() == "true"
        default: false
        }
    }
}
