/// How the live event stream keeps its connection alive and comes back after a drop.
public struct EventStreamOptions: Sendable {
    /// How often the client pings; a connection silent for two intervals counts as dropped.
    public var pingInterval: Duration
    /// The wait before reconnecting after a drop; it doubles with each failed try, up to `maxReconnectDelay`.
    public var reconnectDelay: Duration
    /// The longest wait between two tries.
    public var maxReconnectDelay: Duration

    /// Pings every 20 seconds, reconnects after a quarter of a second and then backs off to 30 seconds.
    public init(
        pingInterval: Duration = .seconds(20), reconnectDelay: Duration = .milliseconds(250),
        maxReconnectDelay: Duration = .seconds(30)
    ) {
        self.pingInterval = pingInterval
        self.reconnectDelay = reconnectDelay
        self.maxReconnectDelay = maxReconnectDelay
    }
}
