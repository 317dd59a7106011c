import Foundation
import KairosCore
import Logging

/// Writes each log entry as one JSON object on a line of its own (`--log-format json`), for log collectors:
/// `{"timestamp", "level", "label", "message", "metadata"}`, the timestamp in ISO 8601 UTC. A request's
/// entries carry its id in `metadata["hb.request.id"]`, the same as its `X-Request-Id` header.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: @Sendable ([UInt8]) -> Void

    /// A handler writing to `output` (standard error unless given); each call gets one line, newline included.
    public init(
        label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider,
        output: @escaping @Sendable ([UInt8]) -> Void = JSONLogHandler.standardError
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        var json = JSONWriter(capacity: 256)
        json.object { json in
            json.key("timestamp"); json.date(Date())
            json.key("level"); json.string(event.level.rawValue)
            json.key("label"); json.string(label)
            json.key("message"); json.string(event.message.description)
            json.key("metadata")
            json.object { json in
                for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(key)
                    Self.write(value, to: &json)
                }
            }
        }
        output(json.bytes + [UInt8(ascii: "\n")])
    }

    private static func write(_ value: Logger.Metadata.Value, to json: inout JSONWriter) {
        switch value {
        case .string(let text): json.string(text)
        case .stringConvertible(let convertible): json.string(convertible.description)
        case .array(let values): json.array(values) { json, value in write(value, to: &json) }
        case .dictionary(let entries):
            json.object { json in
                for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(key)
                    write(value, to: &json)
                }
            }
        }
    }

    /// Writes a whole line at once, so lines from concurrent requests never interleave.
    public static let standardError: @Sendable ([UInt8]) -> Void = { line in
        FileHandle.standardError.write(Data(line))
    }
}
