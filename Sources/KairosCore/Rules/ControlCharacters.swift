/// What text sent to the API may hold: anything but control characters other than tab, line feed and
/// carriage return. No person types them, and a NUL would end the text early in stores that read C strings.
public enum ControlCharacters {
    /// Whether `scalar` is a control character text may not hold.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Whether `text` holds a control character it may not.
    public static func areIn(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isForbidden)
    }

    /// Whether the JSON text `bytes` may hold a forbidden character in a string, read without parsing it:
    /// as a `\u` escape of one, a `\b` or `\f` escape, or DEL or a C1 control written out in UTF-8. A false
    /// alarm (an escaped backslash before `b`) only costs a closer look; a miss cannot happen.
    public static func mayBeIn(json bytes: some Sequence<UInt8>) -> Bool {
        var previous: UInt8 = 0
        // The bytes after a backslash, while an escape is being read.
        var escape: [UInt8]? = nil
        for byte in bytes {
            defer { previous = byte }
            if byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { return true }
            guard var read = escape else {
                if byte == UInt8(ascii: "\\") { escape = [] }
                continue
            }
            read.append(byte)
            escape = read
            switch (read.count, byte) {
            case (1, UInt8(ascii: "b")), (1, UInt8(ascii: "f")):
                return true
            case (1, UInt8(ascii: "u")):
                continue
            case (1, _):
                escape = nil
            case (5, _):
                let hex = String(decoding: read.dropFirst(), as: UTF8.self)
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value), isForbidden(scalar) {
                    return true
                }
                escape = nil
            default:
                continue
            }
        }
        return false
    }
}
