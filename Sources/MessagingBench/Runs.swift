import NIOConcurrencyHelpers
import NIOCore

/// Sends `messages` at `rate` per second while every member listens; times sends and deliveries.
struct FixedRateRun {
    let request: RunRequest

    func run() async throws -> [String: Double] {
        let messages = request.messages ?? 5_000
        let plan = SendPlan(groups: request.groups, messages: messages, rate: request.rate ?? 500, tag: request.tag)
        let listeners = DeliveryListeners(plan: plan)
        let listening = try await listeners.connect(port: request.port, members: request.groups.flatMap(\.members))
        defer { listening.close() }
        let poster = try await MessagePoster.connect(port: request.port, connections: request.connections)
        let start = NIODeadline.now().uptimeNanoseconds + 500_000_000
        listeners.begin(at: start)

        let sent = NIOLockedValueBox<(latenciesMs: [Double], failures: Int, finished: UInt64)>(([], 0, 0))
        let allAnswered = poster.loop.makePromise(of: Void.self)
        poster.onAnswer = { index, status, channel in
            let now = NIODeadline.now().uptimeNanoseconds
            let count = sent.withLockedValue { sent in
                sent.latenciesMs.append(Double(Int64(now) - Int64(plan.due(index, start: start))) / 1_000_000)
                if status >= 300 { sent.failures += 1 }
                sent.finished = now
                return sent.latenciesMs.count
            }
            poster.release(channel)
            if count == messages { allAnswered.succeed() }
        }
        try await poster.loop.submit {
            for index in 0..<messages {
                poster.loop.scheduleTask(deadline: .uptimeNanoseconds(plan.due(index, start: start))) {
                    poster.post(plan.post(index))
                }
            }
        }.get()
        try await allAnswered.futureResult.get()

        let expected = messages * (request.groups.first.map { $0.members.count - 1 } ?? 0)
        let patience = ContinuousClock.now + .seconds(30)
        while listeners.deliveredCount < expected && ContinuousClock.now < patience {
            try await Task.sleep(for: .milliseconds(5))
        }
        let deliveries = listeners.latenciesMs
        let sends = sent.withLockedValue { $0 }
        // From the first send's due moment to `end`; zero when nothing arrived at all.
        let seconds = { (end: UInt64) in Double(max(end, start) - start) / 1_000_000_000 }
        return [
            "send_p50_ms": percentile(sends.latenciesMs, 0.5), "send_p99_ms": percentile(sends.latenciesMs, 0.99),
            "send_failures": Double(sends.failures), "send_rate_per_s": Double(messages) / seconds(sends.finished),
            "delivery_p50_ms": percentile(deliveries, 0.5), "delivery_p99_ms": percentile(deliveries, 0.99),
            "deliveries_per_s": deliveries.isEmpty ? 0 : Double(deliveries.count) / seconds(listeners.lastDelivery),
            "deliveries_missing": Double(expected - deliveries.count),
        ]
    }
}

/// Keeps every connection busy for `seconds`, each sending its next message as soon as the last is answered.
struct ClosedLoopRun {
    let request: RunRequest

    func run() async throws -> [String: Double] {
        let poster = try await MessagePoster.connect(port: request.port, connections: request.connections)
        let seconds = request.seconds ?? 5
        let groups = request.groups
        let counts = NIOLockedValueBox((answered: 0, failures: 0, open: request.connections))
        let finished = poster.loop.makePromise(of: Void.self)
        let start = NIODeadline.now()
        let deadline = start + .nanoseconds(Int64(seconds * 1_000_000_000))
        let next: @Sendable (Int) -> MessagePoster.Post = { index in
            let group = groups[index % groups.count]
            let sender = group.members[(index / groups.count) % group.members.count]
            return MessagePoster.Post(
                index: index, conversationID: group.id, token: sender.token, body: "{\"text\":\"Rate message \(index)\"}")
        }
        poster.onAnswer = { _, status, channel in
            let (answered, stillOpen) = counts.withLockedValue { counts in
                counts.answered += 1
                if status >= 300 { counts.failures += 1 }
                if NIODeadline.now() >= deadline { counts.open -= 1 }
                return (counts.answered, counts.open)
            }
            poster.release(channel)
            if NIODeadline.now() < deadline {
                poster.post(next(answered + request.connections))
            } else if stillOpen == 0 {
                finished.succeed()
            }
        }
        try await poster.loop.submit {
            for index in 0..<request.connections { poster.post(next(index)) }
        }.get()
        try await finished.futureResult.get()
        let elapsed = Double((NIODeadline.now() - start).nanoseconds) / 1_000_000_000
        let totals = counts.withLockedValue { $0 }
        return ["messages_per_s": Double(totals.answered) / elapsed, "send_failures": Double(totals.failures)]
    }
}

/// The value below which `fraction` of the values fall (nearest rank, as the script's other figures).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let ordered = values.sorted()
    return ordered[max(0, Int(Double(ordered.count) * fraction) - 1)]
}
