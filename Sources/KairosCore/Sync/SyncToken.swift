/// A Sync API token: the number of the latest change an answer included. `*` asks for everything. Any token this
/// server gave stays good across restarts: the journal it counts is in the database.
public enum SyncToken: Hashable, Sendable {
    case everything
    case after(Int64)

    static let prefix = "ks1."

    /// Reads a token as a client sends it; nil for one this server cannot have given.
    public init?(_ text: String) {
        if text == "*" {
            self = .everything
            return
        }
        guard text.hasPrefix(Self.prefix), let position = Int64(text.dropFirst(Self.prefix.count)), position >= 0,
            String(position) == text.dropFirst(Self.prefix.count)
        else { return nil }
        self = .after(position)
    }

    /// The token that stands for the journal up to `position`.
    public static func text(for position: Int64) -> String { prefix + String(position) }
}
