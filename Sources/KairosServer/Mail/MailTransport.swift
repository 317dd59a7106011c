import Foundation
import Logging

/// Hands a finished email (RFC 5322 text, recipients in its headers) to whatever delivers it.
public protocol MailTransport: Sendable {
    func deliver(_ message: String) async throws
}

/// A sendmail-compatible command, such as `msmtp -t` or Postfix's `sendmail -t`, run through `/bin/sh` with
/// the message on standard input: TLS, authentication and relaying stay the mail tool's job.
public struct SendmailTransport: MailTransport {
    public let command: String
    /// A command that hangs is stopped after this long and the mail retried later.
    public var timeout: Duration = .seconds(60)

    public init(command: String) {
        self.command = command
        _ = Self.ignoreBrokenPipes
    }

    /// A command that exits before reading all of its input closes the pipe under us; that must be an
    /// error to report, not a SIGPIPE that ends the whole server.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    public func deliver(_ message: String) async throws {
        let shell = ShellCommand(command: command)
        let timeout = timeout
        // The command runs to completion on a thread of its own, never on the server's event loops.
        let outcome = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try shell.run(input: Data(message.utf8), timeout: timeout) })
            }
        }
        guard outcome.status == 0 else {
            let detail = outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw MailDeliveryError(
                description: "`\(command)` exited with status \(outcome.status)" + (detail.isEmpty ? "" : ": \(detail)"))
        }
    }
}

struct MailDeliveryError: Error, CustomStringConvertible {
    let description: String
}
