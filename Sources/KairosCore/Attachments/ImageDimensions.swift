/// An image's size in pixels, read from its header without decoding it.
public struct ImageDimensions: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// How many leading bytes `read` looks at: a JPEG's size can come after a large EXIF block.
    public static let headLength = 64 * 1024

    /// The size stated in the header of an image of `type`; nil for a PDF, a HEIC (its size sits deep
    /// in a box tree), or a header that is cut short or makes no sense.
    public static func read(_ head: [UInt8], as type: MediaType) -> ImageDimensions? {
        let reader = ByteReader(bytes: head)
        let size: ImageDimensions? =
            switch type {
            case .png: png(reader)
            case .gif: gif(reader)
            case .webp: webp(reader)
            case .jpeg: jpeg(reader)
            case .heic, .pdf: nil
            }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The IHDR chunk always comes first.
    private static func png(_ reader: ByteReader) -> ImageDimensions? {
        guard reader.ascii(at: 12, count: 4) == "IHDR", let width = reader.uint32BE(at: 16),
            let height = reader.uint32BE(at: 20)
        else { return nil }
        return ImageDimensions(width: width, height: height)
    }

    /// The logical screen size follows the six-byte signature.
    private static func gif(_ reader: ByteReader) -> ImageDimensions? {
        guard let width = reader.uint16LE(at: 6), let height = reader.uint16LE(at: 8) else { return nil }
        return ImageDimensions(width: width, height: height)
    }

    /// Lossy (`VP8 `), lossless (`VP8L`) and extended (`VP8X`) files each keep the size differently.
    private static func webp(_ reader: ByteReader) -> ImageDimensions? {
        switch reader.ascii(at: 12, count: 4) {
        case "VP8 ":
            guard reader.bytes(at: 23, count: 3) == [0x9D, 0x01, 0x2A], let width = reader.uint16LE(at: 26),
                let height = reader.uint16LE(at: 28)
            else { return nil }
            return ImageDimensions(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard reader.bytes(at: 20, count: 1) == [0x2F], let bits = reader.uint32LE(at: 21) else { return nil }
            return ImageDimensions(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = reader.uint24LE(at: 24), let height = reader.uint24LE(at: 27) else { return nil }
            return ImageDimensions(width: width + 1, height: height + 1)
        default:
            return nil
        }
    }

    /// Walks the marker segments up to the first start-of-frame, which holds the size.
    private static func jpeg(_ reader: ByteReader) -> ImageDimensions? {
        var offset = 2
        while let marker = reader.bytes(at: offset, count: 2), marker[0] == 0xFF {
            let code = marker[1]
            // Fill bytes and markers without a length (RSTn, TEM) carry no segment.
            if code == 0xFF { offset += 1; continue }
            if (0xD0...0xD7).contains(code) || code == 0x01 { offset += 2; continue }
            guard let length = reader.uint16BE(at: offset + 2), length >= 2 else { return nil }
            // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                guard let height = reader.uint16BE(at: offset + 5), let width = reader.uint16BE(at: offset + 7)
                else { return nil }
                return ImageDimensions(width: width, height: height)
            }
            if code == 0xDA { return nil }  // Start of scan: image data follows, no frame header was seen.
            offset += 2 + length
        }
        return nil
    }
}

/// Bounds-checked reads of fixed-size fields from the start of a file.
private struct ByteReader {
    let bytes: [UInt8]

    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + count <= bytes.count else { return nil }
        return Array(bytes[offset..<offset + count])
    }

    func ascii(at offset: Int, count: Int) -> String? {
        bytes(at: offset, count: count).map { String(decoding: $0, as: UTF8.self) }
    }

    func uint16BE(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { Int($0[0]) << 8 | Int($0[1]) }
    }

    func uint16LE(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { Int($0[1]) << 8 | Int($0[0]) }
    }

    func uint24LE(at offset: Int) -> Int? {
        bytes(at: offset, count: 3).map { Int($0[2]) << 16 | Int($0[1]) << 8 | Int($0[0]) }
    }

    func uint32BE(at offset: Int) -> Int? {
        bytes(at: offset, count: 4).map { $0.reduce(0) { $0 << 8 | Int($1) } }
    }

    func uint32LE(at offset: Int) -> Int? {
        bytes(at: offset, count: 4).map { $0.reversed().reduce(0) { $0 << 8 | Int($1) } }
    }
}
