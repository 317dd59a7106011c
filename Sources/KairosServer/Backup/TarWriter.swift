import Crypto
import Foundation

/// Writes a plain ustar archive (POSIX.1-1988 tar, readable by any `tar`), one regular file after another.
struct TarWriter {
    /// The largest file ustar's 11 octal digits of size can describe.
    static let maxFileSize: Int64 = 0o77777777777
    static let blockSize = 512
    private static let chunkSize = 1 << 20

    private let path: String
    private let handle: FileHandle

    /// Creates (or empties) the archive file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw BackupError.unreadable(path: path, detail: "it cannot be created")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw BackupError.unreadable(path: path, detail: "it cannot be opened for writing")
        }
        self.path = path
        self.handle = handle
    }

    /// Streams the file at `source` into the archive as `name`; returns its size and SHA-256 (hex).
    func addFile(named name: String, from source: String) throws -> BackupManifest.File {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw BackupError.unreadable(path: source, detail: "it cannot be opened")
        }
        defer { try? input.close() }
        let size = Int64(try input.seekToEnd())
        try input.seek(toOffset: 0)
        guard size <= Self.maxFileSize else { throw BackupError.fileTooLarge(path: source) }
        try handle.write(contentsOf: try TarHeader.regularFile(name: name, size: size).encoded())
        var hasher = SHA256()
        var written: Int64 = 0
        while written < size {
            let want = Int(min(Int64(Self.chunkSize), size - written))
            guard let chunk = try input.read(upToCount: want), !chunk.isEmpty else {
                throw BackupError.unreadable(path: source, detail: "it got shorter while it was copied")
            }
            hasher.update(data: chunk)
            try handle.write(contentsOf: chunk)
            written += Int64(chunk.count)
        }
        try writePadding(after: size)
        return BackupManifest.File(path: name, size: size, sha256: hasher.finalize().hexString)
    }

    /// Adds `contents` as the file `name`.
    func addFile(named name: String, contents: Data) throws {
        try handle.write(contentsOf: try TarHeader.regularFile(name: name, size: Int64(contents.count)).encoded())
        try handle.write(contentsOf: contents)
        try writePadding(after: Int64(contents.count))
    }

    /// Ends the archive with its two empty blocks and makes it durable.
    func finish() throws {
        try handle.write(contentsOf: Data(count: 2 * Self.blockSize))
        try handle.synchronize()
        try handle.close()
    }

    /// Closes the file without ending the archive (the caller removes it).
    func abandon() {
        try? handle.close()
    }

    private func writePadding(after size: Int64) throws {
        let remainder = Int(size % Int64(Self.blockSize))
        if remainder > 0 { try handle.write(contentsOf: Data(count: Self.blockSize - remainder)) }
    }
}

/// The 512-byte ustar header of one entry.
struct TarHeader: Equatable {
    enum Kind: Equatable {
        case regularFile
        case directory
    }

    var name: String
    var size: Int64
    var kind: Kind

    static func regularFile(name: String, size: Int64) -> TarHeader {
        TarHeader(name: name, size: size, kind: .regularFile)
    }

    /// The header's bytes. Names longer than 100 bytes are split at a `/` into ustar's prefix and name.
    func encoded() throws -> Data {
        var block = [UInt8](repeating: 0, count: TarWriter.blockSize)
        let (prefix, last) = try Self.split(name)
        Self.put(Array(last.utf8), into: &block, at: 0, width: 100)
        Self.put(Self.octal(kind == .directory ? 0o700 : 0o600, width: 8), into: &block, at: 100, width: 8)
        Self.put(Self.octal(0, width: 8), into: &block, at: 108, width: 8)
        Self.put(Self.octal(0, width: 8), into: &block, at: 116, width: 8)
        Self.put(Self.octal(kind == .directory ? 0 : size, width: 12), into: &block, at: 124, width: 12)
        Self.put(Self.octal(Int64(Date().timeIntervalSince1970), width: 12), into: &block, at: 136, width: 12)
        block[156] = kind == .directory ? UInt8(ascii: "5") : UInt8(ascii: "0")
        Self.put(Array("ustar\0".utf8), into: &block, at: 257, width: 6)
        Self.put(Array("00".utf8), into: &block, at: 263, width: 2)
        Self.put(Array("kairos".utf8), into: &block, at: 265, width: 32)
        Self.put(Array("kairos".utf8), into: &block, at: 297, width: 32)
        Self.put(Array(prefix.utf8), into: &block, at: 345, width: 155)
        // The checksum is summed with its own field read as spaces; six octal digits, a NUL and a space.
        for index in 148..<156 { block[index] = UInt8(ascii: " ") }
        let sum = block.reduce(0) { $0 + Int64($1) }
        Self.put(Self.octal(sum, width: 7), into: &block, at: 148, width: 7)
        block[154] = 0
        return Data(block)
    }

    /// Reads a header block; nil for an all-zero block (the end of the archive).
    static func decode(_ block: [UInt8]) throws -> TarHeader? {
        guard block.count == TarWriter.blockSize else { throw TarFormatError("a header is cut short") }
        if block.allSatisfy({ $0 == 0 }) { return nil }
        guard Array(block[257..<262]) == Array("ustar".utf8) else { throw TarFormatError("not a ustar archive") }
        var expected = block
        for index in 148..<156 { expected[index] = UInt8(ascii: " ") }
        let sum = expected.reduce(0) { $0 + Int64($1) }
        guard let stored = number(block[148..<156]), stored == sum else {
            throw TarFormatError("a header's checksum does not match")
        }
        guard let size = number(block[124..<136]) else { throw TarFormatError("a header's size is unreadable") }
        let name = text(block[0..<100])
        let prefix = text(block[345..<500])
        let kind: Kind
        switch block[156] {
        case 0, UInt8(ascii: "0"): kind = .regularFile
        case UInt8(ascii: "5"): kind = .directory
        default: throw TarFormatError("\(name) is neither a file nor a folder")
        }
        return TarHeader(name: prefix.isEmpty ? name : prefix + "/" + name, size: size, kind: kind)
    }

    private static func split(_ name: String) throws -> (prefix: String, name: String) {
        let bytes = Array(name.utf8)
        if bytes.count <= 100 { return ("", name) }
        // The last `/` that leaves both parts within their fields.
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: "/") {
            if bytes.count - index - 1 <= 100 && index <= 155 && index > 0 {
                return (
                    String(decoding: bytes[..<index], as: UTF8.self),
                    String(decoding: bytes[(index + 1)...], as: UTF8.self)
                )
            }
        }
        throw TarFormatError("the path \(name) is too long for the archive")
    }

    private static func octal(_ value: Int64, width: Int) -> [UInt8] {
        let digits = String(value, radix: 8)
        return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8)
    }

    private static func put(_ bytes: [UInt8], into block: inout [UInt8], at offset: Int, width: Int) {
        for (index, byte) in bytes.prefix(width).enumerated() { block[offset + index] = byte }
    }

    private static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix(while: { $0 != 0 }), as: UTF8.self)
    }

    private static func number(_ field: ArraySlice<UInt8>) -> Int64? {
        let digits = String(decoding: field.prefix(while: { $0 != 0 }), as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        return digits.isEmpty ? 0 : Int64(digits, radix: 8)
    }
}

/// The bytes are not a ustar archive we can read.
struct TarFormatError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Digest {
    /// The digest as lowercase hex.
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
