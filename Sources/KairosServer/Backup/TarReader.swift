import Foundation

/// Reads a ustar archive entry by entry, streaming each file's content in chunks.
struct TarReader {
    private static let chunkSize = 1 << 20

    private let handle: FileHandle
    /// The unread content (and padding) of the current entry, skipped when the next one is asked for.
    private var pending: Int64 = 0
    private var pendingContent: Int64 = 0

    init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BackupError.unreadable(path: path, detail: "it cannot be opened")
        }
        self.handle = handle
    }

    /// The next entry's header, or nil at the end of the archive. An archive that stops without its end
    /// marker is cut short, and throws.
    mutating func nextEntry() throws -> TarHeader? {
        if pending > 0 {
            try skip(pending)
            pending = 0
            pendingContent = 0
        }
        let block = try read(exactly: TarWriter.blockSize, what: "a header")
        guard let header = try TarHeader.decode(Array(block)) else { return nil }
        let content = header.kind == .regularFile ? header.size : 0
        let padding = (Int64(TarWriter.blockSize) - content % Int64(TarWriter.blockSize)) % Int64(TarWriter.blockSize)
        pendingContent = content
        pending = content + padding
        return header
    }

    /// Hands the current entry's content to `consume` in chunks, then skips its padding.
    mutating func readContent(_ consume: (Data) throws -> Void) throws {
        while pendingContent > 0 {
            let chunk = try read(exactly: Int(min(Int64(Self.chunkSize), pendingContent)), what: "a file")
            pendingContent -= Int64(chunk.count)
            pending -= Int64(chunk.count)
            try consume(chunk)
        }
        if pending > 0 {
            try skip(pending)
            pending = 0
        }
    }

    func close() { try? handle.close() }

    private func read(exactly count: Int, what: String) throws -> Data {
        var data = Data()
        while data.count < count {
            guard let chunk = try handle.read(upToCount: count - data.count), !chunk.isEmpty else {
                throw TarFormatError("the archive ends inside \(what)")
            }
            data.append(chunk)
        }
        return data
    }

    private func skip(_ count: Int64) throws {
        var left = count
        while left > 0 {
            let chunk = try read(exactly: Int(min(Int64(Self.chunkSize), left)), what: "a file")
            left -= Int64(chunk.count)
        }
    }
}
