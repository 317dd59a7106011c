/// The kinds of file a message may carry, recognised by their first bytes, never by their name.
public enum MediaType: String, CaseIterable, Codable, Sendable {
    case png = "image/png"
    case jpeg = "image/jpeg"
    case gif = "image/gif"
    case webp = "image/webp"
    case heic = "image/heic"
    case pdf = "application/pdf"

    /// The MIME type, as sent in `Content-Type` and `mime_type`.
    public var mimeType: String { rawValue }

    public var isImage: Bool { self != .pdf }

    /// How many leading bytes `sniff` looks at.
    public static let sniffLength = 16

    /// The type whose signature the file starts with, or nil for anything else (text, programs, an empty file).
    public static func sniff(_ head: some Collection<UInt8>) -> MediaType? {
        let bytes = Array(head.prefix(sniffLength))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBPVP8".utf8), at: 8) { return .webp }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if isHEIC(bytes) { return .heic }
        return nil
    }

    /// An ISO base media file (`ftyp` box first) whose major brand is one of HEIC's (HEVC-coded HEIF).
    /// Checking the brand, not just `ftyp`, keeps MP4 and QuickTime videos out, and the generic `mif1`
    /// is left out because AVIF files use it too.
    private static func isHEIC(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        return ["heic", "heix", "heim", "heis"].contains(brand)
    }
}
