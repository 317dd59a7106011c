/// `POST /api/v1/conversations/{id}/summary` and `.../actions`: how many of the latest messages to read (50 when
/// absent).
public struct LatestMessagesRequest: Codable, Sendable, ClosedRequestBody {
    public var last: Int?

    /// How many messages a summary or the action items may read.
    public static let lastRange = 1...200
    public static let defaultLast = 50

    public init(last: Int? = nil) {
        self.last = last
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case last
    }

    /// `last`, or the default when absent; `invalidField` outside `lastRange`.
    public func requireLast() throws(KairosError) -> Int {
        guard let last else { return Self.defaultLast }
        guard Self.lastRange.contains(last) else {
            throw .invalidField(
                field: "last",
                message: "last must be between \(Self.lastRange.lowerBound) and \(Self.lastRange.upperBound) messages.")
        }
        return last
    }
}
