import Foundation
import HummingbirdWSClient
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// One signed-in realtime socket per member. Each `message.created` of the run that reaches a member other
/// than its sender is timed from the moment its send was due.
final class DeliveryListeners: Sendable {
    private struct State {
        var ready = 0
        /// Uptime nanoseconds at which the first send is due.
        var start: UInt64 = 0
        var latenciesMs: [Double] = []
        var lastDelivery: UInt64 = 0
        var refusal: String?
    }

    private let state = NIOLockedValueBox(State())
    private let plan: SendPlan
    private var logger: Logger {
        var logger = Logger(label: "messaging-bench")
        logger.logLevel = .error
        return logger
    }

    init(plan: SendPlan) {
        self.plan = plan
    }

    /// Sets when the schedule starts; call before the first send.
    func begin(at start: UInt64) {
        state.withLockedValue { $0.start = start }
    }

    var deliveredCount: Int { state.withLockedValue { $0.latenciesMs.count } }
    var latenciesMs: [Double] { state.withLockedValue { $0.latenciesMs } }
    var lastDelivery: UInt64 { state.withLockedValue { $0.lastDelivery } }

    /// Connects every member, returning once all are ready; the sockets listen until `task` is cancelled.
    func connect(port: Int, members: [Member]) async throws -> Task<Void, Never> {
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for member in members {
                    group.addTask { await self.listen(port: port, member: member) }
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while state.withLockedValue({ $0.ready }) < members.count {
            if let refusal = state.withLockedValue({ $0.refusal }) { throw BenchError(refusal) }
            guard ContinuousClock.now < deadline else { throw BenchError("sockets did not all become ready") }
            try await Task.sleep(for: .milliseconds(10))
        }
        return task
    }

    private func listen(port: Int, member: Member) async {
        do {
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/api/v1/ws", configuration: .init(maxFrameSize: 1 << 20), logger: logger
            ) { inbound, outbound, _ in
                try await outbound.write(.text("{\"type\":\"auth\",\"token\":\"\(member.token)\"}"))
                var signedIn = false
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    if !signedIn {
                        guard text.contains("\"type\":\"ready\"") else { throw BenchError("socket refused: \(text)") }
                        signedIn = true
                        self.state.withLockedValue { $0.ready += 1 }
                    } else if let index = self.plan.index(inCreatedFrame: text), self.plan.sender(of: index) != member.id {
                        let now = NIODeadline.now().uptimeNanoseconds
                        self.state.withLockedValue {
                            let due = self.plan.due(index, start: $0.start)
                            $0.latenciesMs.append(Double(Int64(now) - Int64(due)) / 1_000_000)
                            $0.lastDelivery = now
                        }
                    }
                }
            }
        } catch is CancellationError {
        } catch {
            state.withLockedValue { $0.refusal = $0.refusal ?? "\(error)" }
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
