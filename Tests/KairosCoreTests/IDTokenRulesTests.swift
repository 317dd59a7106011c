import Foundation
import KairosCore
import Testing

@Suite("ID token parsing and claim rules")
struct IDTokenRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let rules = IDTokenRules(issuer: "https://id.example.com", clientID: "kairos", nonce: "n-1")

    func claims(_ change: (inout IDTokenClaims) -> Void = { _ in }) -> IDTokenClaims {
        var claims = IDTokenClaims(
            issuer: "https://id.example.com", subject: "248289761001", audiences: ["kairos"],
            expiresAt: now.addingTimeInterval(300), issuedAt: now, nonce: "n-1", email: "Ada@Example.com",
            emailVerified: true, name: "Ada Lovelace")
        change(&claims)
        return claims
    }

    /// A compact JWT with this header and payload and a stand-in signature.
    func compact(_ header: String, _ payload: String, signature: String = "c2ln") -> String {
        "\(Base64URL.encode(Array(header.utf8))).\(Base64URL.encode(Array(payload.utf8))).\(signature)"
    }

    func failure(_ body: () throws(OIDCFailure) -> Void) -> OIDCFailure? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("A token for this client, from this issuer, in time and with this attempt's nonce passes")
    func validClaimsPass() throws {
        try rules.check(claims(), now: now)
        // Within the clock skew either side.
        try rules.check(claims { $0.expiresAt = now.addingTimeInterval(-30) }, now: now)
        try rules.check(claims { $0.issuedAt = now.addingTimeInterval(30) }, now: now)
        try rules.check(
            claims {
                $0.audiences = ["other", "kairos"]; $0.authorizedParty = "kairos"
            }, now: now)
    }

    @Test("Wrong issuer, audience, azp, expired, not yet valid, and another nonce are each refused")
    func eachRuleRefuses() {
        let bad: [(String, IDTokenClaims)] = [
            ("issuer", claims { $0.issuer = "https://id.example.com/" }),
            ("audience", claims { $0.audiences = ["someone-else"] }),
            ("azp with several audiences", claims { $0.audiences = ["kairos", "other"] }),
            ("azp of another party", claims { $0.authorizedParty = "other" }),
            ("expired", claims { $0.expiresAt = now.addingTimeInterval(-61) }),
            ("not before", claims { $0.notBefore = now.addingTimeInterval(120) }),
            ("issued in the future", claims { $0.issuedAt = now.addingTimeInterval(120) }),
            ("other nonce", claims { $0.nonce = "n-0" }),
            ("no nonce", claims { $0.nonce = nil }),
        ]
        for (name, claims) in bad {
            let refused = failure { () throws(OIDCFailure) in try rules.check(claims, now: now) }
            #expect(refused?.code == "invalid_token", "\(name)")
        }
    }

    @Test("Claims are read as providers send them: aud as a list, email_verified as Apple's string")
    func claimShapes() throws {
        let apple = try JSONWebToken(
            compact: compact(
                #"{"alg":"ES256","kid":"k1"}"#,
                #"{"iss":"https://appleid.apple.com","sub":"001.abc","aud":["kairos"],"exp":1800000300.5,"#
                    + #""iat":1800000000,"nonce":"n-1","email":"a@privaterelay.appleid.com","email_verified":"true"}"#))
        #expect(apple.algorithm == .es256 && apple.keyID == "k1")
        #expect(apple.claims.audiences == ["kairos"] && apple.claims.emailVerified)
        #expect(apple.claims.expiresAt == Date(timeIntervalSince1970: 1_800_000_300.5))
        let google = try JSONWebToken(
            compact: compact(
                #"{"alg":"RS256","kid":"g","typ":"JWT"}"#,
                #"{"iss":"https://accounts.google.com","sub":"1","aud":"kairos","exp":1,"email_verified":false}"#))
        #expect(google.claims.audiences == ["kairos"] && !google.claims.emailVerified && google.claims.email == nil)
        #expect(google.signingInput == Array(google.compactInput.utf8))
    }

    @Test("alg none, HMAC, missing signature, and malformed tokens are refused before any claim is read")
    func refusedTokens() {
        let payload = #"{"iss":"x","sub":"1","aud":"kairos","exp":1}"#
        let tokens = [
            compact(#"{"alg":"none"}"#, payload, signature: ""),
            compact(#"{"alg":"none"}"#, payload),
            compact(#"{"alg":"HS256"}"#, payload),
            compact(#"{"alg":"RS256"}"#, payload, signature: ""),
            compact(#"{"alg":"RS256"}"#, #"{"sub":"1","aud":"kairos","exp":1}"#),
            compact(#"{"alg":"RS256"}"#, #"{"iss":"x","sub":"1","aud":"kairos","exp":true}"#),
            "only.two", "not a token at all", compact("[]", payload),
        ]
        for token in tokens {
            let refused = failure { () throws(OIDCFailure) in _ = try JSONWebToken(compact: token) }
            #expect(refused?.code == "invalid_token", "\(token)")
        }
    }

    @Test("A key set keeps the RSA and P-256 signing keys and finds one by kid and algorithm")
    func keySet() throws {
        let x = Base64URL.encode([UInt8](repeating: 1, count: 32))
        let json = """
            {"keys":[
              {"kty":"RSA","kid":"r1","use":"sig","alg":"RS256","n":"AQAB","e":"AQAB"},
              {"kty":"EC","kid":"e1","crv":"P-256","x":"\(x)","y":"\(x)"},
              {"kty":"EC","kid":"e2","crv":"P-384","x":"\(x)","y":"\(x)"},
              {"kty":"RSA","kid":"enc","use":"enc","n":"AQAB","e":"AQAB"},
              {"kty":"oct","kid":"h","k":"c2VjcmV0"}
            ]}
            """
        let set = try JSONWebKeySet(json: Array(json.utf8))
        #expect(set.keys.map(\.id) == ["r1", "e1"])
        #expect(set.key(id: "r1", for: .rs256)?.id == "r1")
        #expect(set.key(id: "r1", for: .es256) == nil)
        #expect(set.key(id: nil, for: .es256)?.id == "e1")
        #expect(set.key(id: "missing", for: .rs256) == nil)
    }

    @Test("Discovery must name the configured issuer exactly")
    func discoveryIssuer() throws {
        let document = #"""
            {"issuer":"https://id.example.com","authorization_endpoint":"https://id.example.com/auth",
             "token_endpoint":"https://id.example.com/token","jwks_uri":"https://id.example.com/keys"}
            """#
        let read = try OIDCDiscovery(json: Array(document.utf8), expectedIssuer: "https://id.example.com")
        #expect(read.tokenEndpoint.absoluteString == "https://id.example.com/token")
        let refused = failure { () throws(OIDCFailure) in
            _ = try OIDCDiscovery(json: Array(document.utf8), expectedIssuer: "https://evil.example.com")
        }
        #expect(refused?.code == "provider_unavailable")
        #expect(
            OIDCDiscovery.documentURL(issuer: "https://x.test/realms/a/")
                == "https://x.test/realms/a/.well-known/openid-configuration")
    }
}

extension JSONWebToken {
    /// The first two parts as they would be re-joined, to compare with `signingInput`.
    fileprivate var compactInput: String { String(decoding: signingInput, as: UTF8.self) }
}
