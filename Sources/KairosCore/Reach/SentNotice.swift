import Foundation

/// A notice as it left (`Notice.json(publicURL:actionToken:)`), read back by a channel that reshapes it, as ntfy's
/// publish does.
public struct SentNotice: Decodable, Sendable, Equatable {
    public struct Action: Decodable, Sendable, Equatable {
        public var action: String
        public var title: String
        public var url: String
    }

    public var id: String
    public var kind: AppNotification.Kind
    public var title: String
    public var body: String
    public var url: String
    public var actions: [Action]

    /// The notice of `payload`; nil when it is not one.
    public init?(payload: [UInt8]) {
        guard let notice = try? JSONDecoder().decode(Self.self, from: Data(payload)) else { return nil }
        self = notice
    }
}
