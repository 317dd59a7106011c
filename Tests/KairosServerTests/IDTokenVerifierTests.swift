import Crypto
import Foundation
import KairosCore
import Testing
import _CryptoExtras

@testable import KairosServer

/// ID token signatures checked with real RS256 and ES256 keys, and the tokens a forger could send.
@Suite struct IDTokenVerifierTests {
    static let rsa = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let ec = P256.Signing.PrivateKey()
    let payload = #"{"iss":"https://id.example.com","sub":"1","aud":"kairos","exp":1800000300,"nonce":"n"}"#

    var rsaKey: JSONWebKey {
        let numbers = try! Self.rsa.publicKey.getKeyPrimitives()
        return JSONWebKey(
            id: "r1", material: .rsa(modulus: Array(numbers.modulus), exponent: Array(numbers.publicExponent)))
    }

    var ecKey: JSONWebKey {
        let raw = Array(Self.ec.publicKey.rawRepresentation)
        return JSONWebKey(id: "e1", material: .p256(x: Array(raw[..<32]), y: Array(raw[32...])))
    }

    func signed(
        _ algorithm: String, kid: String, payload: String? = nil, with sign: (Data) throws -> Data
    ) throws
        -> JSONWebToken
    {
        let input =
            Base64URL.encode(Array(#"{"alg":"\#(algorithm)","kid":"\#(kid)"}"#.utf8)) + "."
            + Base64URL.encode(Array((payload ?? self.payload).utf8))
        return try JSONWebToken(compact: input + "." + Base64URL.encode(try sign(Data(input.utf8))))
    }

    func rs256(_ data: Data, key: _RSA.Signing.PrivateKey = rsa) throws -> Data {
        try key.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
    }

    func es256(_ data: Data, key: P256.Signing.PrivateKey = ec) throws -> Data {
        try key.signature(for: data).rawRepresentation
    }

    func refusal(_ token: JSONWebToken, _ key: JSONWebKey) -> OIDCFailure? {
        do {
            try IDTokenVerifier.verify(token, with: key)
            return nil
        } catch {
            return error
        }
    }

    @Test("RS256 and ES256 tokens signed by the provider's keys pass")
    func providerSignaturesPass() throws {
        try IDTokenVerifier.verify(try signed("RS256", kid: "r1") { try rs256($0) }, with: rsaKey)
        try IDTokenVerifier.verify(try signed("ES256", kid: "e1") { try es256($0) }, with: ecKey)
    }

    @Test("A token signed by another key, changed after signing, or with the other algorithm is refused")
    func forgeriesRefused() throws {
        let otherRSA = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        #expect(
            refusal(try signed("RS256", kid: "r1") { try rs256($0, key: otherRSA) }, rsaKey)?.code == "invalid_token")
        #expect(
            refusal(try signed("ES256", kid: "e1") { try es256($0, key: P256.Signing.PrivateKey()) }, ecKey)?.code
                == "invalid_token")
        // The claims changed after signing: the signature no longer covers them.
        let honest = try signed("ES256", kid: "e1") { try es256($0) }
        let parts = honest.signingInput.split(separator: UInt8(ascii: "."))
        let edited = try JSONWebToken(
            compact: String(decoding: parts[0], as: UTF8.self) + "."
                + Base64URL.encode(Array(payload.replacingOccurrences(of: "\"sub\":\"1\"", with: "\"sub\":\"2\"").utf8))
                + "." + Base64URL.encode(honest.signature))
        #expect(refusal(edited, ecKey)?.code == "invalid_token")
        // An ES256 header over an RSA key (or the reverse) is refused, never tried as the other algorithm.
        #expect(refusal(try signed("ES256", kid: "r1") { try es256($0) }, rsaKey)?.code == "invalid_token")
        #expect(refusal(try signed("RS256", kid: "e1") { try rs256($0) }, ecKey)?.code == "invalid_token")
        // A signature of the wrong length for ES256.
        #expect(refusal(try signed("ES256", kid: "e1") { _ in Data([1, 2, 3]) }, ecKey)?.code == "invalid_token")
    }

    @Test("Apple's client secret is an ES256 JWT for the team, the client and the provider")
    func appleClientSecret() throws {
        let key = P256.Signing.PrivateKey()
        let apple = try AppleSigningKey(privateKeyPEM: key.pemRepresentation, keyID: "KEY1", teamID: "TEAM1")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let secret = try apple.clientSecret(
            clientID: "com.example.kairos", audience: "https://appleid.apple.com", now: now)
        let parts = secret.split(separator: ".").map(String.init)
        let header = try JSONDecoder().decode([String: String].self, from: Data(Base64URL.decode(parts[0])!))
        #expect(header == ["alg": "ES256", "kid": "KEY1"])
        let claims = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1])!)) as? [String: Any]
        #expect(claims?["iss"] as? String == "TEAM1" && claims?["sub"] as? String == "com.example.kairos")
        #expect(claims?["aud"] as? String == "https://appleid.apple.com")
        #expect((claims?["exp"] as? Int).map { $0 - 1_800_000_000 } == 300)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2])!)
        #expect(key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
        #expect(throws: KairosError.self) { try AppleSigningKey(privateKeyPEM: "not a key", keyID: "K", teamID: "T") }
    }

    @Test("Form bodies round-trip, and Apple's one-time user field gives a name")
    func formsAndAppleName() {
        let fields = FormEncoding.decode(FormEncoding.encode([("state", "a+b/c="), ("user", #"{"x":"é y"}"#)]))
        #expect(fields == ["state": "a+b/c=", "user": #"{"x":"é y"}"#])
        #expect(FormEncoding.decode("code=1&code=2&empty=&plus=a+b") == ["code": "1", "empty": "", "plus": "a b"])
        #expect(OIDCService.appleName(#"{"name":{"firstName":"Ada","lastName":"Lovelace"}}"#) == "Ada Lovelace")
        #expect(OIDCService.appleName("not json") == nil)
    }
}
