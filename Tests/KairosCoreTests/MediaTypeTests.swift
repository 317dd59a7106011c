import Testing

@testable import KairosCore

@Suite("Attachments: recognising files by content, their size, and their names")
struct MediaTypeTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(
        "Look-alikes are not mistaken for images or PDFs",
        arguments: [
            ("an MP4 video", [0, 0, 0, 24] + bytes("ftypisom") + [0, 0, 2, 0]),
            ("an AVIF image", [0, 0, 0, 28] + bytes("ftypavif") + [0, 0, 0, 0]),
            ("a QuickTime movie", [0, 0, 0, 20] + bytes("ftypqt  ") + [0, 0, 0, 0]),
            ("a WAV sound", bytes("RIFF") + [36, 0, 0, 0] + bytes("WAVEfmt ")),
            ("a cut-off PNG", [0x89, 0x50, 0x4E, 0x47]),
            ("a ZIP archive", bytes("PK") + [3, 4, 20, 0]),
            ("an SVG drawing", bytes("<svg xmlns=\"http://www.w3.org/2000/svg\">")),
            ("HTML", bytes("<!DOCTYPE html><p>")),
            ("a PDF named in text", bytes("see %PDF-1.7")),
        ] as [(String, [UInt8])])
    func lookAlikes(_ what: String, _ head: [UInt8]) {
        #expect(MediaType.sniff(head) == nil, "\(what)")
    }

    @Test("HEIC is told by its HEVC brands")
    func heic() {
        for brand in ["heic", "heix", "heim", "heis"] {
            #expect(MediaType.sniff([0, 0, 0, 24] + Self.bytes("ftyp\(brand)") + [0, 0, 0, 0]) == .heic)
        }
    }

    @Test("A JPEG's size is found after an EXIF block, and not past the bytes read")
    func jpegSize() {
        let exif: [UInt8] = [0xFF, 0xE1, 0x10, 0x02] + Array(repeating: 0x45, count: 0x1000)
        let frame: [UInt8] = [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x0B, 0xB8, 0x0F, 0xA0] + Array(repeating: 0, count: 10)
        let jpeg = [0xFF, 0xD8] + exif + frame
        #expect(ImageDimensions.read(jpeg, as: .jpeg) == ImageDimensions(width: 4000, height: 3000))
        #expect(ImageDimensions.read(Array(jpeg.prefix(exif.count + 4)), as: .jpeg) == nil)
        #expect(ImageDimensions.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2], as: .jpeg) == nil)
    }

    @Test("Lossy and lossless WebP state their size in their own ways")
    func webpSize() {
        let lossy =
            Self.bytes("RIFF") + [0, 0, 0, 0] + Self.bytes("WEBPVP8 ") + [0, 0, 0, 0] + [0, 0, 0]
            + [0x9D, 0x01, 0x2A] + [0x80, 0x02, 0xE0, 0x01]
        #expect(ImageDimensions.read(lossy, as: .webp) == ImageDimensions(width: 640, height: 480))
        // 14-bit width-1 and height-1 packed little-endian after the 0x2F signature: 100 x 50.
        let packed = UInt32(99) | UInt32(49) << 14
        let lossless =
            Self.bytes("RIFF") + [0, 0, 0, 0] + Self.bytes("WEBPVP8L") + [0, 0, 0, 0] + [0x2F]
            + withUnsafeBytes(of: packed.littleEndian) { Array($0) }
        #expect(ImageDimensions.read(lossless, as: .webp) == ImageDimensions(width: 100, height: 50))
    }

    @Test(
        "Names keep their last path part, lose invisible characters, and keep their extension when cut",
        arguments: [
            ("report.pdf", "report.pdf"),
            ("/tmp/../x/report.pdf", "report.pdf"),
            ("e\u{301}te\u{301}.png", "\u{E9}t\u{E9}.png"),
            ("zero\u{200B}width.png", "zerowidth.png"),
            ("tab\there.png", "tabhere.png"),
            ("...", nil),
            ("", nil),
        ] as [(String, String?)])
    func names(_ raw: String, _ expected: String?) {
        #expect(AttachmentName.sanitized(raw) == expected)
    }

    @Test("A long name without an extension is simply cut")
    func longName() {
        #expect(AttachmentName.sanitized(String(repeating: "a", count: 400))?.count == Limits.attachmentName)
        let longExtension = "photo." + String(repeating: "x", count: 300)
        #expect(AttachmentName.sanitized(longExtension)?.count == Limits.attachmentName)
    }
}
