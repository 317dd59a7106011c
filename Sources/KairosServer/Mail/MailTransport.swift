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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { process in
            exited.continuation.yield(process.terminationStatus)
            exited.continuation.finish()
        }
        try process.run()
        // Read what it says while it runs, so a chatty command never blocks on a full pipe.
        let said = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }
        // A write error means the command stopped reading; its exit status below says why.
        try? input.fileHandleForWriting.write(contentsOf: Data(message.utf8))
        try? input.fileHandleForWriting.close()
        let watchdog = Task { [timeout] in
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        var status: Int32 = -1
        for await code in exited.stream { status = code }
        watchdog.cancel()
        guard status == 0 else {
            let detail = String(decoding: await said.value, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw MailDeliveryError(
                description: "`\(command)` exited with status \(status)" + (detail.isEmpty ? "" : ": \(detail)"))
        }
    }
}

/// With no mail command configured, each email goes to the server's log, so a self-hoster can pass the
/// link on by hand.
public struct LogTransport: MailTransport {
    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func deliver(_ message: String) async throws {
        logger.notice("No mail command is set (KAIROS_SENDMAIL); this email was not sent:\n\(message)")
    }
}

struct MailDeliveryError: Error, CustomStringConvertible {
    let description: String
}
