import Foundation
import KairosCore
import KairosStore

/// Which channels each kind of notice leaves by, for each person, and the emails' one-click unsubscribe.
public struct ReachSettingsService: Sendable {
    let store: any ReachSettingsStore
    let key: NoticeActionKey?

    public init(store: any ReachSettingsStore, key: NoticeActionKey?) {
        self.store = store
        self.key = key
    }

    public func settings(of user: User) async throws -> ReachSettings {
        try await store.reachSettings(userID: user.id)
    }

    /// Applies the request's changes, all or none.
    public func update(_ request: ReachSettingsRequest, for user: User) async throws -> ReachSettings {
        _ = try request.applied(to: ReachSettings())
        return try await store.updateReachSettings(userID: user.id) { try request.applied(to: $0) }
    }

    /// Stops email for `topic`, for the person the email's signed link stands for.
    public func unsubscribe(topic name: String, token: String?) async throws -> ReachSettings.Topic {
        guard let topic = ReachSettings.Topic(rawValue: name), let key, let token,
            let userID = key.userID(ofUnsubscribeToken: token, topic: topic)
        else {
            throw KairosError.notFound("Unsubscribe link")
        }
        _ = try await store.updateReachSettings(userID: userID) { settings in
            var changed = settings
            changed.chosen[topic] = settings.channels(for: topic).subtracting([.email])
            return changed
        }
        return topic
    }
}
