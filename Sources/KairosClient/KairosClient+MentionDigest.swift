import Foundation

extension KairosClient {
    /// Tells the server the app was opened: started, or back in the foreground (`POST /user/opened`). Send a new
    /// `openID` for each open and the same one when retrying it; `at` is when it happened, for an open reported
    /// late.
    @discardableResult
    public func recordOpen(openID: String = UUID().uuidString, at: Date? = nil) async throws -> AppOpenResponse {
        try await send(.post, "user", "opened", body: AppOpenRequest(openID: openID, at: at))
    }

    /// What you were mentioned in between your previous open and your latest, grouped by conversation, when you
    /// were away an hour or more; empty otherwise (`GET /mentions/digest`).
    public func mentionDigest() async throws -> MentionDigest {
        try await send(.get, "mentions", "digest")
    }

    /// Marks the digest's mentions read; answers how many notifications stay unread
    /// (`POST /mentions/digest/dismiss`).
    @discardableResult
    public func dismissMentionDigest() async throws -> UnreadCount {
        try await send(.post, "mentions", "digest", "dismiss")
    }
}
