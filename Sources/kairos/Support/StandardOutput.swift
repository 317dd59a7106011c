import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output for commands that stream (`watch`, `timer status --watch`, `parse --jsonl`): each write
/// goes out at once, unbuffered, and when the reader has gone (`kairos watch | head`) the command ends
/// quietly with success, as `head` asked for no more.
enum StandardOutput {
    /// Writes `text` straight away.
    static func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes `bytes` straight away, all of them, or ends the process if the reader is gone.
    static func write(_ bytes: [UInt8]) {
        ignoreBrokenPipes
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                writeToStandardOutput(buffer.baseAddress! + written, buffer.count - written)
            }
            if count >= 0 {
                written += count
            } else if errno == EINTR {
                continue
            } else {
                // EPIPE (the reader closed the pipe) or a dead terminal: nobody is left to read the rest.
                exit(EXIT_SUCCESS)
            }
        }
    }

    /// Without this a closed pipe kills the process with SIGPIPE before the write can report EPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()
}

/// The system's `write(2)` to standard output, outside `StandardOutput` so its own `write` does not hide it.
private func writeToStandardOutput(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}
