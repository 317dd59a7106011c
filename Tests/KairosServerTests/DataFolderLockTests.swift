import Foundation
import KairosServer
import Testing

@Suite("One server per data folder")
struct DataFolderLockTests {
    private func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kairos-lock-\(UUID().uuidString)").path
    }

    @Test("A second server on a served folder refuses to start, naming the folder and the process")
    func secondServerRefused() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4))
        let error = await #expect(throws: DataFolderUnavailable.self) {
            _ = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4))
        }
        let message = try #require(error).description
        #expect(message.contains(URL(fileURLWithPath: folder).standardizedFileURL.path))
        #expect(message.contains("process \(ProcessInfo.processInfo.processIdentifier)"))
        withExtendedLifetime(first) {}
    }

    @Test("Once the first server is gone, the folder can be served again")
    func releasedWhenClosed() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lock: DataFolderLock? = try DataFolderLock(folder: folder)
        #expect(throws: DataFolderUnavailable.self) { try DataFolderLock(folder: folder) }
        withExtendedLifetime(lock) {}
        lock = nil
        let again = try DataFolderLock(folder: folder)
        #expect(again.folder == folder)
    }
}
