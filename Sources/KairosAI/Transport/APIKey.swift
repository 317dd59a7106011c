/// A vendor's API key, which never prints: a service holding a model may be logged whole (a service group
/// names the services it runs), and its key must not be in the log.
struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String

    /// Nil for no key or an empty one.
    init?(_ value: String?) {
        guard let value, !value.isEmpty else { return nil }
        self.value = value
    }

    var description: String { "[key]" }
    var debugDescription: String { "[key]" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
