import Foundation
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The claim one `kairos serve` holds on its data folder for as long as it runs.
///
/// Two servers on one folder would each miss the other's events and fight over the database, so the
/// second refuses to start. The claim is an exclusive `flock` on `serve.lock` in the folder: the system
/// drops it when the process ends, however it ends, so a crash never leaves a stale lock behind. The file
/// holds the owner's process id, for the message the next one shows.
public final class DataFolderLock: Service, @unchecked Sendable {
    /// The folder claimed.
    public let folder: String
    private let descriptor: Int32

    /// Claims `folder`, or throws `DataFolderUnavailable` naming the process that has it.
    public init(folder: String) throws {
        let path = (folder as NSString).appendingPathComponent("serve.lock")
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DataFolderUnavailable(folder: folder, detail: "its lock file \(path) cannot be opened (\(Self.systemError()))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let owner = Self.readOwner(descriptor)
            close(descriptor)
            throw DataFolderUnavailable(
                folder: folder,
                detail: owner.map { "another kairos serve (process \($0)) is using it" }
                    ?? "another kairos serve is using it")
        }
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.folder = folder
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Holds the claim until the server shuts down.
    public func run() async throws {
        try? await gracefulShutdown()
    }

    private static func readOwner(_ descriptor: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}

/// The data folder cannot be claimed: another server serves it, or its lock file cannot be opened.
public struct DataFolderUnavailable: Error, CustomStringConvertible {
    public let folder: String
    let detail: String

    public var description: String {
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        return "The data folder \(absolute) cannot be served: \(detail). "
            + "Stop that server first, or pass another --data folder."
    }
}
