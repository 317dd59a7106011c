import Foundation

/// An identity provider's public signing keys as its `jwks_uri` serves them (RFC 7517), keeping only the RSA
/// and P-256 keys that may sign ID tokens.
public struct JSONWebKeySet: Sendable {
    public var keys: [JSONWebKey]

    public init(keys: [JSONWebKey]) {
        self.keys = keys
    }

    /// Reads a key set; keys of other types, for encryption, or with unreadable numbers are left out.
    public init(json: [UInt8]) throws(OIDCFailure) {
        guard let set = try? JSONDecoder().decode(KeySetJSON.self, from: Data(json)) else {
            throw .providerUnavailable("The provider's key set (jwks_uri) is not a JSON key set.")
        }
        keys = set.keys.compactMap(JSONWebKey.init(json:))
    }

    /// The key that may have signed a token with this header: the one with its `kid` (any, when the token names
    /// none), of the algorithm's key type, and not restricted to another algorithm.
    public func key(id: String?, for algorithm: JSONWebSignatureAlgorithm) -> JSONWebKey? {
        keys.first { key in
            (id == nil || key.id == id) && key.material.algorithm == algorithm
                && (key.algorithm == nil || key.algorithm == algorithm.rawValue)
        }
    }

    private struct KeySetJSON: Decodable {
        let keys: [KeyJSON]
    }

    fileprivate struct KeyJSON: Decodable {
        let kty: String
        let kid: String?
        let use: String?
        let alg: String?
        let n: String?
        let e: String?
        let crv: String?
        let x: String?
        let y: String?
    }
}

/// One public signing key of a provider.
public struct JSONWebKey: Sendable, Equatable {
    /// The numbers of the key, raw big-endian bytes as the JWK carries them.
    public enum Material: Sendable, Equatable {
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// A P-256 point.
        case p256(x: [UInt8], y: [UInt8])

        /// The one algorithm this kind of key verifies here.
        public var algorithm: JSONWebSignatureAlgorithm {
            switch self {
            case .rsa: .rs256
            case .p256: .es256
            }
        }
    }

    public var id: String?
    /// The `alg` the key is limited to, if the set says.
    public var algorithm: String?
    public var material: Material

    public init(id: String?, algorithm: String? = nil, material: Material) {
        self.id = id
        self.algorithm = algorithm
        self.material = material
    }

    fileprivate init?(json key: JSONWebKeySet.KeyJSON) {
        guard key.use == nil || key.use == "sig" else { return nil }
        switch key.kty {
        case "RSA":
            guard let n = key.n.flatMap(Base64URL.decode), let e = key.e.flatMap(Base64URL.decode),
                !n.isEmpty, !e.isEmpty
            else { return nil }
            material = .rsa(modulus: n, exponent: e)
        case "EC":
            guard key.crv == "P-256", let x = key.x.flatMap(Base64URL.decode), let y = key.y.flatMap(Base64URL.decode),
                x.count == 32, y.count == 32
            else { return nil }
            material = .p256(x: x, y: y)
        default:
            return nil
        }
        id = key.kid
        algorithm = key.alg
    }
}
