import Foundation

/// The URL- and file-safe base64 alphabet of RFC 4648 §5, written without padding, as Web Push keys and JWTs use.
public enum Base64URL {
    /// The bytes of `text`, with or without padding; nil if it is not base64.
    public static func decode(_ text: String) -> [UInt8]? {
        var base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base.count % 4 != 0 { base += "=" }
        guard let data = Data(base64Encoded: base) else { return nil }
        return Array(data)
    }

    /// `bytes` in base64url without padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
