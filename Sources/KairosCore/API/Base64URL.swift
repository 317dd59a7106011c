import Foundation

/// The URL- and file-safe base64 alphabet of RFC 4648 §5, written without padding, as Web Push keys and JWTs use.
/// Every push message goes through it a few times, so it swaps the two letters byte by byte rather than
/// searching the text.
public enum Base64URL {
    /// The bytes of `text`, with or without padding; nil if it is not base64.
    public static func decode(_ text: String) -> [UInt8]? {
        var base = Array(text.utf8)
        for index in base.indices {
            switch base[index] {
            case UInt8(ascii: "-"): base[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): base[index] = UInt8(ascii: "/")
            default: break
            }
        }
        while base.count % 4 != 0 { base.append(UInt8(ascii: "=")) }
        guard let data = Data(base64Encoded: Data(base)) else { return nil }
        return Array(data)
    }

    /// `bytes` in base64url without padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var base = Array(Data(bytes).base64EncodedData())
        while base.last == UInt8(ascii: "=") { base.removeLast() }
        for index in base.indices {
            switch base[index] {
            case UInt8(ascii: "+"): base[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): base[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: base, as: UTF8.self)
    }
}
