/// A calendar's sync token (RFC 6578): a URI naming the number of the calendar's latest change. Any token this
/// server gave stays good: every change after it is still known.
public struct DAVSyncToken: Hashable, Sendable {
    public var version: Int64

    static let prefix = "urn:x-kairos:sync:"

    public init(version: Int64) {
        self.version = version
    }

    /// Reads a token this server gave; nil for anything else.
    public init?(_ text: String) {
        guard text.hasPrefix(Self.prefix), let version = Int64(text.dropFirst(Self.prefix.count)), version >= 0
        else { return nil }
        self.version = version
    }

    public var text: String { Self.prefix + String(version) }
}
