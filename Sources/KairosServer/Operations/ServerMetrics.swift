import Foundation
import KairosStore
import NIOConcurrencyHelpers
import Prometheus

/// The server's own metrics in one Prometheus registry: requests by route and status, what the writer and
/// the realtime hub report as they work, and what the store says when `/metrics` is read.
///
/// Labels carry route patterns, methods, statuses and queue names only: never an id, an address or
/// anything a user typed. Each test builds its own registry; `kairos serve` also hands its registry to
/// swift-metrics, so counters kept elsewhere (mail and delivery failures) land in the same page.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let requests = NIOLockedValueBox<[RequestKey: RequestMetrics]>([:])
    private let fanOutLag: DurationHistogram
    private let commitDuration: DurationHistogram
    private let committedWrites: Counter
    private let openSockets: Gauge
    private let writerQueue: Gauge
    private let mailWaiting: Gauge
    private let mailFailing: Gauge
    private let deliveriesWaiting: [String: Gauge]
    private let remindersDue: Gauge
    private let databaseBytes: Gauge

    private struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private struct RequestMetrics: Sendable {
        let count: Counter
        let duration: DurationHistogram
    }

    /// From a fraction of a millisecond (a cached read) to the ten seconds a model call may take.
    static let requestBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    /// Commits and fan-out take from tens of microseconds to, under load, a good part of a second.
    static let shortBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .seconds(1),
    ]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        fanOutLag = registry.makeDurationHistogram(
            descriptor: Self.name(
                "realtime_fanout_lag", unit: "seconds",
                "Time from a write's commit to its event's frame being written to a realtime socket."),
            labels: [], buckets: Self.shortBuckets)
        commitDuration = registry.makeDurationHistogram(
            descriptor: Self.name(
                "db_commit_duration", unit: "seconds",
                "Time the writer took for one group commit, its writes and the disk sync included."),
            labels: [], buckets: Self.shortBuckets)
        committedWrites = registry.makeCounter(
            descriptor: Self.name("db_writes", unit: "total", "Writes the writer ran, committed or rolled back."),
            labels: [])
        openSockets = registry.makeGauge(
            descriptor: Self.name("realtime_open_sockets", unit: "", "Signed-in realtime sockets open now."),
            labels: [])
        writerQueue = registry.makeGauge(
            descriptor: Self.name("db_writer_queue_depth", unit: "", "Writes waiting for the writer."),
            labels: [])
        mailWaiting = registry.makeGauge(
            descriptor: Self.name("mail_queue_depth", unit: "", "Emails in the outbox not yet handed over."),
            labels: [])
        mailFailing = registry.makeGauge(
            descriptor: Self.name(
                "mail_queue_failing", unit: "", "Emails in the outbox whose last attempt failed."),
            labels: [])
        var deliveries: [String: Gauge] = [:]
        for channel in ["push", "webhook", "email"] {
            deliveries[channel] = registry.makeGauge(
                descriptor: Self.name(
                    "delivery_queue_depth", unit: "", "Notices waiting to go out, by channel."),
                labels: [("channel", channel)])
        }
        deliveriesWaiting = deliveries
        remindersDue = registry.makeGauge(
            descriptor: Self.name(
                "scheduler_reminders_due", unit: "", "Reminders due that the scheduler has not set off yet."),
            labels: [])
        databaseBytes = registry.makeGauge(
            descriptor: Self.name(
                "db_size", unit: "bytes", "Size of the database on disk (with SQLite, its write-ahead log too)."),
            labels: [])
    }

    /// A metric name under the `kairos_` namespace, with its unit and help text.
    static func name(_ metric: String, unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kairos", metricName: metric, unitName: unit, helpText: help)
    }

    /// Counts one answered request under its route's pattern.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let metrics = requests.withLockedValue { requests in
            if let known = requests[key] { return known }
            let labels = [("route", route), ("method", method), ("status", String(status))]
            let made = RequestMetrics(
                count: registry.makeCounter(
                    descriptor: Self.name("http_requests", unit: "total", "HTTP requests answered."),
                    labels: labels),
                duration: registry.makeDurationHistogram(
                    descriptor: Self.name(
                        "http_request_duration", unit: "seconds", "Time to answer an HTTP request."),
                    labels: labels, buckets: Self.requestBuckets))
            requests[key] = made
            return made
        }
        metrics.count.increment()
        metrics.duration.record(duration)
    }

    /// Notes how long a realtime event took from its commit to a socket.
    func recordFanOut(_ lag: Duration) {
        fanOutLag.record(lag)
    }

    /// Reads what is only known by asking (queues, sizes, sockets), then writes the whole registry in the
    /// Prometheus text format.
    func exposition(health: any StoreHealth, hub: RealtimeHub, now: Date) async throws -> String {
        let depths = try await health.queueDepths(now: now)
        mailWaiting.set(Double(depths.mailWaiting))
        mailFailing.set(Double(depths.mailFailing))
        for (channel, gauge) in deliveriesWaiting {
            gauge.set(Double(depths.deliveriesWaiting[channel] ?? 0))
        }
        remindersDue.set(Double(depths.remindersDue))
        databaseBytes.set(Double(try await health.databaseBytes()))
        writerQueue.set(Double(health.writerQueueDepth))
        openSockets.set(Double(hub.connectionCount))
        return registry.emitToString()
    }
}

extension ServerMetrics: WriterObserver {
    public func writerCommitted(writes: Int, duration: Duration) {
        committedWrites.increment(by: Int64(writes))
        commitDuration.record(duration)
    }
}
