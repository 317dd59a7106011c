import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `/bin/sh -c COMMAND` with `input` on its standard input, collecting its standard error.
///
/// Spawned with `posix_spawn` directly rather than Foundation's `Process`, whose Linux implementation
/// over-reads a directory entry while listing open descriptors and crashes now and then (fixed upstream
/// in swift-corelibs-foundation after the toolchain we build with).
struct ShellCommand {
    let command: String

    struct Outcome {
        let status: Int32
        let standardError: String
    }

    /// Blocks until the command exits or `timeout` passes (then it is terminated); call it off the event loop.
    func run(input: Data, timeout: Duration) throws -> Outcome {
        let stdinPipe = try Self.makePipe()
        let stderrPipe = try Self.makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)

        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (argument: String) in
            strdup(argument)
        }
        defer { arguments.forEach { free($0) } }
        // Its own process group, so a timeout stops the whole pipeline the shell started, not only the shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The command starts with no signal blocked and default handlers (the server ignores SIGPIPE).
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments + [nil], environ)
        close(stdinPipe.read)
        close(stderrPipe.write)
        guard spawned == 0 else {
            close(stdinPipe.write)
            close(stderrPipe.read)
            throw MailDeliveryError(description: "`/bin/sh` could not be started: \(String(cString: strerror(spawned)))")
        }

        let watchdog = DispatchWorkItem { kill(-pid, SIGTERM) }
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(timeout / .nanoseconds(1))), execute: watchdog)
        defer { watchdog.cancel() }

        // Standard error is drained on its own thread, so neither pipe can fill up and stall the other.
        let said = StandardErrorReader(descriptor: stderrPipe.read)
        // A write error means the command stopped reading; its exit status says why.
        input.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(stdinPipe.write, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { break }
            }
        }
        close(stdinPipe.write)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitStatus, standardError: said.finish())
    }

    /// A pipe whose ends are closed in the child except where they are placed on 0 or 2.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw MailDeliveryError(description: "No pipe for the mail command: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// Reads a descriptor to its end on a thread of its own.
private final class StandardErrorReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    init(descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count > 0 { bytes.append(contentsOf: chunk[0..<count]) } else if count < 0 && errno == EINTR { continue } else { break }
            }
            close(descriptor)
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: bytes, as: UTF8.self)
    }
}
