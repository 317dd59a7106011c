import Foundation
import KairosCore

/// A JSON value as the Sync API sends it, kept as it came so a replica can store, merge and save objects without
/// knowing every field.
public typealias SyncValue = JSONValue

extension JSONValue {
    /// Decodes the value as `T` (a wire model such as `TaskItem`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try APICoding.makeDecoder().decode(T.self, from: try JSONEncoder().encode(self))
    }
}
