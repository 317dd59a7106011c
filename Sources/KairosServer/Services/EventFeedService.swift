import KairosCore
import KairosStore

/// Each user's numbered event feed: the pages a client reads to catch up after being away, where a
/// realtime socket starts following it, and the events every commit adds, for the realtime hub.
///
/// A seq names a point in the caller's feed: reading "after" it returns the events that came later, and 0
/// stands before the first. The messages a read returns count as delivered to the reader.
public struct EventFeedService: Sendable {
    let store: any EventFeedStore
    let deliveries: DeliveryRecorder

    public init(store: any EventFeedStore, deliveries: DeliveryRecorder) {
        self.store = store
        self.deliveries = deliveries
    }

    /// What happened in the caller's conversations after event `after` (nil or 0 for everything), oldest first,
    /// up to `limit` events (nil for the default page size); the messages in it count as delivered to the caller.
    public func events(of user: User, after: Int?, limit: Int?) async throws -> Page<UserEvent> {
        let after = after ?? 0
        guard after >= 0 else {
            throw KairosError.invalidField(
                field: "after", message: "after must be 0 or the seq of an event you already have.")
        }
        let events = try await store.events(userID: user.id, after: after, limit: try Limits.requireLimit(limit))
        recordDelivery(of: events.results, to: user)
        return events
    }

    /// Counts the messages of these events, sent to `user` another way than by reading the feed, as delivered.
    public func recordDelivery(of events: [UserEvent], to user: User) {
        deliveries.record(events.compactMap(\.message), deliveredTo: user)
    }

    /// Where a realtime socket starts following the caller's feed: its newest seq, which the socket announces,
    /// and the seq the socket replays after. Without a cursor the socket starts from now; a cursor ahead of the
    /// feed (a client of a server that was reset) replays nothing and misses nothing new, and one below 0
    /// replays everything.
    public func resumption(of user: User, after: Int?) async throws -> (latest: Int, start: Int) {
        let latest = try await store.latestEventSeq(userID: user.id)
        return (latest, min(max(after ?? latest, 0), latest))
    }

    /// Hands every commit's new events, in order, to `observer`; it runs on the store's writer, so it must
    /// return at once.
    public func observeNewEvents(_ observer: @escaping @Sendable ([NewEvent]) -> Void) {
        store.observeNewEvents(observer)
    }
}
