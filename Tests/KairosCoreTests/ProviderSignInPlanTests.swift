import Foundation
import KairosCore
import Testing

@Suite("Whose account a provider sign-in opens")
struct ProviderSignInPlanTests {
    func claims(email: String? = "Ada@Example.com", verified: Bool = true, name: String? = "Ada") -> IDTokenClaims {
        IDTokenClaims(
            issuer: "https://id.example.com", subject: "s1", audiences: ["kairos"], expiresAt: .distantFuture,
            email: email, emailVerified: verified, name: name)
    }

    func plan(
        _ claims: IDTokenClaims, linked: String? = nil, withEmail: String? = nil
    ) -> Result<
        ProviderSignInPlan, OIDCFailure
    > {
        Result { () throws(OIDCFailure) in
            try ProviderSignInPlan.decide(claims: claims, linkedUserID: linked, userIDWithEmail: withEmail)
        }
    }

    @Test("A linked identity signs in as its user, whatever its email says now")
    func linkedWins() {
        #expect(plan(claims(email: "new@example.com"), linked: "7", withEmail: "9") == .success(.linked(userID: "7")))
        #expect(plan(claims(verified: false), linked: "7") == .success(.linked(userID: "7")))
    }

    @Test("A verified email links the account that has it, or makes one named after the name claim")
    func verifiedEmail() {
        #expect(plan(claims(), withEmail: "3") == .success(.link(userID: "3")))
        #expect(plan(claims()) == .success(.create(email: "ada@example.com", name: "Ada")))
        // Without a name, the address's local part stands in until the person changes it in Settings.
        #expect(plan(claims(name: nil)) == .success(.create(email: "ada@example.com", name: "ada")))
        #expect(plan(claims(name: "  ")) == .success(.create(email: "ada@example.com", name: "ada")))
    }

    @Test("An unverified or missing email never links nor creates")
    func unverifiedRefused() {
        #expect(plan(claims(verified: false), withEmail: "3") == .failure(.unverifiedEmail))
        #expect(plan(claims(verified: false)) == .failure(.unverifiedEmail))
        #expect(plan(claims(email: nil)) == .failure(.unverifiedEmail))
        #expect(plan(claims(email: "not-an-address")) == .failure(.unverifiedEmail))
        #expect(ProviderSignInPlan.verifiedEmail(of: claims(verified: false)) == nil)
    }
}
