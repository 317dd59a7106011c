import KairosStore

/// What the operations side of the server needs besides the API's services: the metrics it keeps, who may
/// read them, the request budgets, and the store's health.
public struct Monitoring: Sendable {
    public let metrics: ServerMetrics
    /// Lets a scraper that is not on this machine read `/metrics` with `Authorization: Bearer <token>`
    /// (`--metrics-token`, `KAIROS_METRICS_TOKEN`); without it only loopback may.
    public var metricsToken: String?
    /// The request budgets; off unless `--rate-limit` says otherwise.
    public var budgets: RequestBudgets
    /// What `/ready` and the queue gauges ask; the services' store unless a test gives another.
    public var health: (any StoreHealth)?

    public init(
        metrics: ServerMetrics = ServerMetrics(), metricsToken: String? = nil,
        budgets: RequestBudgets = RequestBudgets(budgets: [:]), health: (any StoreHealth)? = nil
    ) {
        self.metrics = metrics
        self.metricsToken = metricsToken.flatMap { $0.isEmpty ? nil : $0 }
        self.budgets = budgets
        self.health = health
    }
}
