/// `POST /api/v1/user/password`: change the password; `current_password` may be left out only by an
/// account that has none yet (a guest who joined from an invitation).
public struct PasswordChangeRequest: Codable, Sendable {
    public var currentPassword: String?
    public var newPassword: String
    /// Revokes every other API token of the account, signing out its other devices.
    public var signOutOthers: Bool?

    public init(currentPassword: String?, newPassword: String, signOutOthers: Bool? = nil) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
        self.signOutOthers = signOutOthers
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case currentPassword = "current_password"
        case newPassword = "new_password"
        case signOutOthers = "sign_out_others"
    }
}

/// `POST /api/v1/auth/reset` and `POST /api/v1/auth/link`: the address to email a link to.
public struct EmailLinkRequest: Codable, Sendable {
    public var email: String

    public init(email: String) {
        self.email = email
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case email
    }
}

/// `POST /api/v1/auth/reset/confirm`: the secret from the emailed link and the new password.
public struct PasswordResetConfirmRequest: Codable, Sendable {
    public var token: String
    public var newPassword: String

    public init(token: String, newPassword: String) {
        self.token = token
        self.newPassword = newPassword
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case token
        case newPassword = "new_password"
    }
}

/// `POST /api/v1/auth/link/confirm`: the secret from an emailed sign-in link.
public struct SignInLinkConfirmRequest: Codable, Sendable {
    public var token: String

    public init(token: String) {
        self.token = token
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case token
    }
}
