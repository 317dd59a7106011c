import Crypto
import Foundation
import KairosCore
import KairosStore
import Logging
import Testing

@testable import KairosServer

@Suite("Backups and restores of a data folder")
struct BackupTests {
    /// A folder in the temp folder for one test, removed with everything in it when the test is done.
    private final class Scratch: Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-backup-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: root) }
        func path(_ name: String) -> String { root.appendingPathComponent(name).path }
    }

    private func sha256(of path: String) throws -> String {
        SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path))).map { String(format: "%02x", $0) }.joined()
    }

    /// Ada's folder with three tasks and an upload, backed up to `archive`; returns the tasks and the upload.
    private func backedUpAda(
        to archive: String, _ body: @Sendable (TestAPI, [TaskItem], Attachment) async throws -> Void = { _, _, _ in }
    ) async throws {
        try await withAda { ada in
            var tasks: [TaskItem] = []
            for content in ["Water the plants", "Call the bank", "Book the dentist"] {
                tasks.append(try await ada.createTask(content))
            }
            let upload = try await ada.upload(SampleFile.png(width: 4, height: 4), name: "plan.png")
            let summary = try await DataFolderBackup(dataDirectory: ada.dataFolder.path).create(at: archive)
            #expect(summary.archive == archive)
            #expect(summary.migrations == SQLiteStore.knownMigrations)
            #expect(!FileManager.default.fileExists(atPath: archive + ".partial"))
            try await body(ada, tasks, upload)
        }
    }

    @Test("A backup restores into a new folder: the tasks, the uploaded file and the keys come back, checked")
    func roundTrip() async throws {
        let scratch = try Scratch()
        let archive = scratch.path("backup.tar")
        let restored = scratch.path("restored")
        try await backedUpAda(to: archive) { ada, tasks, upload in
            let result = try await DataFolderBackup.restore(archive: archive, into: restored)
            #expect(result.migrations == SQLiteStore.knownMigrations)
            let store = try SQLiteStore(path: restored + "/kairos.sqlite")
            let userID = try #require(ada.user?.id)
            for task in tasks { #expect(try await store.task(userID: userID, id: task.id)?.content == task.content) }
            let file = "attachments/\(upload.sha256.prefix(2))/\(upload.sha256)"
            #expect(try sha256(of: restored + "/" + file) == upload.sha256)
            let key = "vapid-key.pem"
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: restored + "/" + key))
                    == Data(contentsOf: ada.dataFolder.appendingPathComponent(key)))
            #expect(try SQLiteStore.integrityCheck(ofDatabaseAt: restored + "/kairos.sqlite") == ["ok"])
        }
    }

    @Test("The archive ends with a manifest: format, migrations, and every file's size and SHA-256")
    func manifest() async throws {
        let scratch = try Scratch()
        let archive = scratch.path("backup.tar")
        try await backedUpAda(to: archive) { _, _, upload in
            let manifest = try DataFolderBackup.verify(archive)
            #expect(manifest.format == 1)
            #expect(manifest.kairosMigrations == SQLiteStore.knownMigrations)
            let paths = manifest.files.map(\.path)
            #expect(paths.first == "kairos.sqlite")
            #expect(paths.contains("attachments/\(upload.sha256.prefix(2))/\(upload.sha256)"))
            #expect(paths.contains("vapid-key.pem"))
            #expect(!paths.contains { $0.hasPrefix("attachments/incoming") || $0.hasSuffix(".lock") })
            #expect(!paths.contains { $0.hasPrefix("kairos.sqlite-") || $0.hasPrefix("backups") })
            let entry = try #require(manifest.files.first { $0.path.hasSuffix(upload.sha256) })
            #expect(entry.sha256 == upload.sha256)
            #expect(entry.size == Int64(upload.size))
        }
    }

    @Test("A damaged or cut archive is refused before anything is written; the folder stays as it was")
    func damagedArchiveRefused() async throws {
        let scratch = try Scratch()
        let archive = scratch.path("backup.tar")
        try await backedUpAda(to: archive)
        let original = try Data(contentsOf: URL(fileURLWithPath: archive))
        var flipped = original
        flipped[2048] ^= 0xFF  // inside kairos.sqlite's content, after its header block
        let cut = original.prefix(original.count / 2)
        let missing = scratch.path("never-made")
        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for (name, bytes) in [("flipped.tar", flipped), ("cut.tar", Data(cut)), ("noise.tar", Data(count: 700))] {
            let damaged = scratch.path(name)
            try bytes.write(to: URL(fileURLWithPath: damaged))
            for target in [missing, empty] {
                let error = await #expect(throws: BackupError.self) {
                    try await DataFolderBackup.restore(archive: damaged, into: target)
                }
                #expect(
                    error?.description.contains("is damaged or incomplete") == true,
                    "\(name): \(String(describing: error))")
            }
            #expect(!FileManager.default.fileExists(atPath: missing))
            #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
        }
    }

    @Test("A folder that holds anything is refused and left untouched; so is one a server is using")
    func occupiedFolderRefused() async throws {
        let scratch = try Scratch()
        let archive = scratch.path("backup.tar")
        try await backedUpAda(to: archive)
        let occupied = scratch.path("occupied")
        try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: occupied + "/notes.txt"))
        let error = await #expect(throws: BackupError.self) {
            try await DataFolderBackup.restore(archive: archive, into: occupied)
        }
        #expect(error == .folderNotEmpty(folder: occupied))
        #expect(try FileManager.default.contentsOfDirectory(atPath: occupied) == ["notes.txt"])

        let served = scratch.path("served")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let lock = try DataFolderLock(folder: served)
        await #expect(throws: DataFolderUnavailable.self) {
            try await DataFolderBackup.restore(archive: archive, into: served)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: served) == ["serve.lock"])
        withExtendedLifetime(lock) {}
    }

    @Test("A backup made by a newer Kairos is refused, naming the migration this version does not know")
    func newerBackupRefused() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        _ = try SQLiteStore(path: data + "/kairos.sqlite")
        let archive = scratch.path("newer.tar")
        try await DataFolderBackup(dataDirectory: data).create(at: archive)
        // Rewritten as a newer version would write it: the same files, one more migration in the manifest.
        var manifest = try DataFolderBackup.verify(archive)
        manifest.kairosMigrations.append("v999-from-the-future")
        let newer = scratch.path("newer-manifest.tar")
        let writer = try TarWriter(path: newer)
        let unpacked = scratch.path("unpacked")
        _ = try await DataFolderBackup.restore(archive: archive, into: unpacked)
        for file in manifest.files { _ = try writer.addFile(named: file.path, from: unpacked + "/" + file.path) }
        try writer.addFile(named: "manifest.json", contents: try manifest.encoded())
        try writer.finish()
        let target = scratch.path("target")
        let error = await #expect(throws: BackupError.self) {
            try await DataFolderBackup.restore(archive: newer, into: target)
        }
        #expect(error == .newerBackup(archive: newer, unknownMigrations: ["v999-from-the-future"]))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("Backups taken while tasks are written restore whole, with every task acknowledged before they began")
    func backupDuringWrites() async throws {
        let scratch = try Scratch()
        try await withAda { ada in
            let store = try #require(ada.store as? SQLiteStore)
            let userID = try #require(ada.user?.id)
            let acknowledged = AcknowledgedIDs()
            let writer = Task {
                var index = 0
                while !Task.isCancelled {
                    let task = try await store.createTask(
                        userID: userID, draft: TaskDraft(content: "task \(index)"), now: Date())
                    acknowledged.add(task.id)
                    index += 1
                }
            }
            defer { writer.cancel() }
            for round in 0..<3 {
                // Some writes acknowledged before each backup begins, however busy the machine is.
                while acknowledged.all.count < (round + 1) * 10 { try await Task.sleep(for: .milliseconds(20)) }
                let before = acknowledged.all
                let archive = scratch.path("during-\(round).tar")
                try await DataFolderBackup(dataDirectory: ada.dataFolder.path).create(at: archive, from: store)
                let restored = scratch.path("restored-\(round)")
                _ = try await DataFolderBackup.restore(archive: archive, into: restored)
                let copy = try SQLiteStore(path: restored + "/kairos.sqlite")
                for id in before { #expect(try await copy.task(userID: userID, id: id) != nil, "task \(id)") }
                #expect(!before.isEmpty)
            }
        }
    }

    @Test("Scheduled backups come once an interval has passed since the newest, and only the newest are kept")
    func scheduledBackups() async throws {
        try await withAda { ada in
            let store = try #require(ada.store as? SQLiteStore)
            let folder = ada.dataFolder.appendingPathComponent("backups").path
            let schedule = ScheduledBackups(
                backup: DataFolderBackup(dataDirectory: ada.dataFolder.path), store: store, folder: folder,
                interval: .seconds(3600), keep: 2, clock: ada.clock.serverClock, logger: Logger(label: "test"))
            let first = try await schedule.backUpIfDue()
            #expect(first == folder + "/kairos-2026-03-04T143000Z.tar")
            ada.clock.now += 1800
            #expect(try await schedule.backUpIfDue() == nil)
            for _ in 0..<3 {
                ada.clock.now += 3600
                #expect(try await schedule.backUpIfDue() != nil)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(names == ["kairos-2026-03-04T170000Z.tar", "kairos-2026-03-04T180000Z.tar"])
            // The backups folder is not backed up into the backups it holds.
            let manifest = try DataFolderBackup.verify(folder + "/" + names[1])
            #expect(!manifest.files.contains { $0.path.hasPrefix("backups") })
        }
    }

    @Test("Intervals read as a number and a unit: seconds, minutes, hours or days")
    func intervals() {
        #expect(BackupInterval("30s")?.seconds == 30)
        #expect(BackupInterval("15m")?.seconds == 900)
        #expect(BackupInterval("24h")?.seconds == 86_400)
        #expect(BackupInterval("7d")?.seconds == 604_800)
        for bad in ["", "h", "0h", "-1m", "5w", "1.5h", "24"] { #expect(BackupInterval(bad) == nil, "\(bad)") }
    }

    @Test("Removing an unused file waits while a backup is copying the attachments")
    func removalWaitsForBackup() async throws {
        try await withAda { ada in
            let folder = ada.dataFolder.appendingPathComponent("attachments").path
            let files = try AttachmentFiles(folder: folder)
            let upload = try await ada.upload(SampleFile.png(width: 3, height: 3), name: "gone.png")
            let path = files.path(sha256: upload.sha256)
            let hold = try #require(try await BackupHold.acquire(attachmentsFolder: folder, exclusive: false))
            let removal = Task { try await files.removeUnused(sha256: upload.sha256) { false } }
            try await Task.sleep(for: .milliseconds(200))
            #expect(FileManager.default.fileExists(atPath: path))
            hold.release()
            try await removal.value
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("A tar header holds a long path split at a slash, and reads back the same")
    func tarHeaders() throws {
        let long = "attachments/" + String(repeating: "a", count: 90) + "/" + String(repeating: "b", count: 64)
        let header = TarHeader.regularFile(name: long, size: 12_345)
        #expect(try TarHeader.decode(Array(header.encoded())) == header)
        var damaged = Array(try header.encoded())
        damaged[10] ^= 1
        #expect(throws: TarFormatError.self) { try TarHeader.decode(damaged) }
    }
}

/// The ids of tasks whose creation returned, as a load generator records them.
private final class AcknowledgedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [String] = []

    func add(_ id: String) { lock.withLock { ids.append(id) } }
    var all: [String] { lock.withLock { ids } }
}
