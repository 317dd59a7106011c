/// A secret the server presents to a receiver (a webhook's signing secret, an ntfy access token). It is kept as
/// it is, since the server must use it, and never prints, so a hook can be logged whole without it.
public struct DeliveryCredential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The secret itself, for the request that presents it.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "[secret]" }
    public var debugDescription: String { "[secret]" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
