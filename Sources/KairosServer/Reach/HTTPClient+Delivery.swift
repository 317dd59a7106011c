import AsyncHTTPClient
import Foundation
import KairosCore
import Logging
import NIOCore

extension HTTPClient {
    /// The most of a receiver's answer body read (and dropped) before the connection is reused.
    static let answerBytes = 64 * 1024

    /// Sends one delivery attempt and reads the answer as `DeliveryOutcome` does: a receiver that takes longer
    /// than `deadline`, or cannot be reached, is worth another try. `goneOn404` is a push service's reading;
    /// `now` reads a `Retry-After` date.
    func attempt(
        _ request: HTTPClientRequest, deadline: Duration, goneOn404: Bool, now: Date = Date(), logger: Logger
    ) async -> DeliveryOutcome {
        do {
            let response = try await execute(request, deadline: .now() + TimeAmount(deadline), logger: logger)
            _ = try? await response.body.collect(upTo: Self.answerBytes)
            return .of(
                status: Int(response.status.code),
                retryAfter: RetryAfter.duration(response.headers.first(name: "Retry-After"), now: now),
                goneOn404: goneOn404)
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            return .retry(status: nil, reason: "The receiver did not answer in time.", after: nil)
        } catch {
            return .retry(status: nil, reason: Self.unreachable(error), after: nil)
        }
    }

    /// Why the receiver could not be reached, in words for the person setting it up.
    static func unreachable(_ error: any Error) -> String {
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED {
            return "The receiver could not be reached: it refused the connection. Check the address, and that "
                + "the receiver is running."
        }
        return "The receiver could not be reached: \(error)"
    }
}
