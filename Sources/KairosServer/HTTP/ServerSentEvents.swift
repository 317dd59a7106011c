import Hummingbird
import KairosCore
import NIOCore

/// Server-sent events: each event an `event:` line and one `data:` line of JSON, then a blank line.
enum ServerSentEvents {
    /// The headers of a `text/event-stream` response.
    static let headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"]

    /// One event, ready to write.
    static func frame(_ event: String, _ data: some JSONWritable) -> ByteBuffer {
        var frame = Array("event: \(event)\ndata: ".utf8)
        // JSONWriter escapes line breaks inside strings, so the JSON is always one `data:` line.
        frame += JSONWriter.encode(data)
        frame += Array("\n\n".utf8)
        return ByteBuffer(bytes: frame)
    }
}
