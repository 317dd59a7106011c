import KairosCore
import KairosStore

/// Hands one queued notice to its receiver (a push service, a webhook) and says what became of it. A channel
/// only delivers: what goes where is `NotificationPolicy`'s to say.
public protocol DeliveryChannel: Sendable {
    func send(_ delivery: QueuedDelivery) async -> DeliveryOutcome
}
