import Metrics
import Prometheus

extension ServerMetrics {
    /// Makes this registry the process's swift-metrics backend, so counters kept outside the server's own
    /// (mail, deliveries, background tasks) show in `/metrics`. Once per process: `kairos serve` calls it.
    public func bootstrapMetricsSystem() {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }
}
