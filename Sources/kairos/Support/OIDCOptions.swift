import ArgumentParser
import Foundation
import KairosServer

/// `kairos serve`'s identity provider settings, each also read from its `KAIROS_OIDC_*` variable or the config file.
struct OIDCOptions: ParsableArguments {
    @Option(
        help:
            "Sign in with this OpenID Connect provider: its issuer, e.g. https://accounts.google.com ($KAIROS_OIDC_ISSUER)."
    )
    var oidcIssuer: String?

    @Option(help: "The client id the provider gave this server ($KAIROS_OIDC_CLIENT_ID).")
    var oidcClientId: String?

    // No default shown: `--help` would print the secret.
    @Option(help: "The client secret; prefer $KAIROS_OIDC_CLIENT_SECRET, which `ps` does not show.")
    var oidcClientSecret: String?

    @Option(help: "The provider's name on the sign-in button, e.g. Google ($KAIROS_OIDC_NAME).")
    var oidcName: String?

    @Option(help: "Sign in with Apple: the .p8 key file that signs the client secret ($KAIROS_OIDC_APPLE_KEY_FILE).")
    var oidcAppleKeyFile: String?

    @Option(help: "Sign in with Apple: the key's id ($KAIROS_OIDC_APPLE_KEY_ID).")
    var oidcAppleKeyId: String?

    @Option(help: "Sign in with Apple: the team id ($KAIROS_OIDC_APPLE_TEAM_ID).")
    var oidcAppleTeamId: String?

    static let settingNames: Set<String> = [
        "oidc-issuer", "oidc-client-id", "oidc-client-secret", "oidc-name", "oidc-apple-key-file", "oidc-apple-key-id",
        "oidc-apple-team-id",
    ]

    /// Settings never printed.
    static let secretNames: Set<String> = ["oidc-client-secret"]

    /// The values given as flags, by setting name.
    var flags: [String: String?] {
        [
            "oidc-issuer": oidcIssuer, "oidc-client-id": oidcClientId, "oidc-client-secret": oidcClientSecret,
            "oidc-name": oidcName, "oidc-apple-key-file": oidcAppleKeyFile, "oidc-apple-key-id": oidcAppleKeyId,
            "oidc-apple-team-id": oidcAppleTeamId,
        ]
    }

    /// The configured provider; nil without an issuer. Settings that cannot work are a usage error saying what
    /// to set.
    func configuration(sources: SettingSources) throws -> OIDCConfiguration? {
        func value(_ option: String?, _ variable: String) -> String? {
            let name = variable.dropFirst("KAIROS_".count).lowercased().replacingOccurrences(of: "_", with: "-")
            return sources.string(name, flag: option).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let issuer = value(oidcIssuer, "KAIROS_OIDC_ISSUER") else { return nil }
        guard let url = URL(string: issuer), url.scheme == "https" || url.scheme == "http", url.host != nil else {
            throw ValidationError(
                "--oidc-issuer must be the provider's issuer address, e.g. https://accounts.google.com.")
        }
        guard let clientID = value(oidcClientId, "KAIROS_OIDC_CLIENT_ID") else {
            throw ValidationError("Set KAIROS_OIDC_CLIENT_ID (or --oidc-client-id) to the client id the provider gave.")
        }
        var apple: AppleSigningKey?
        if let keyFile = value(oidcAppleKeyFile, "KAIROS_OIDC_APPLE_KEY_FILE") {
            guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8) else {
                throw ValidationError("KAIROS_OIDC_APPLE_KEY_FILE \(keyFile) cannot be read. Check the path.")
            }
            do {
                apple = try AppleSigningKey(
                    privateKeyPEM: pem, keyID: value(oidcAppleKeyId, "KAIROS_OIDC_APPLE_KEY_ID") ?? "",
                    teamID: value(oidcAppleTeamId, "KAIROS_OIDC_APPLE_TEAM_ID") ?? "")
            } catch {
                throw ValidationError(error.message)
            }
        }
        let secret = value(oidcClientSecret, "KAIROS_OIDC_CLIENT_SECRET")
        guard secret != nil || apple != nil else {
            throw ValidationError(
                "Set KAIROS_OIDC_CLIENT_SECRET to the client secret the provider gave (for Apple, the key file).")
        }
        return OIDCConfiguration(
            issuer: issuer, clientID: clientID, clientSecret: secret ?? "",
            displayName: value(oidcName, "KAIROS_OIDC_NAME"), apple: apple)
    }
}
