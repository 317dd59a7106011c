/// One server-sent event: its `event:` name (nil when the stream names none) and its `data:` lines joined.
struct ServerSentEvent: Sendable, Hashable {
    var name: String?
    var data: String
}

/// Turns the bytes of a `text/event-stream` into events, however the bytes are split across reads.
///
/// Follows the WHATWG rules the vendors rely on: lines end in LF, CRLF or CR; `data:` lines of one event join
/// with LF; a blank line dispatches; lines starting with `:` are comments; one space after the colon is dropped.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var eventName: String?
    private var dataLines: [String] = []
    private var hasData = false
    /// The last byte was a CR, so an LF right after it (perhaps in the next read) ends nothing more.
    private var afterCarriageReturn = false

    /// The events completed by these bytes, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"):
                if let event = endLine() { events.append(event) }
            case UInt8(ascii: "\r"):
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// The last event when the stream ends without its blank line.
    mutating func finish() -> ServerSentEvent? {
        var event = line.isEmpty ? nil : endLine()
        if event == nil { event = endLine() }
        return event
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer {
                eventName = nil
                dataLines.removeAll()
                hasData = false
            }
            return hasData ? ServerSentEvent(name: eventName, data: dataLines.joined(separator: "\n")) : nil
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let field: String
        let value: String
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: line[..<colon], as: UTF8.self)
            var start = line.index(after: colon)
            if start < line.endIndex, line[start] == UInt8(ascii: " ") { start = line.index(after: start) }
            value = String(decoding: line[start...], as: UTF8.self)
        } else {
            field = String(decoding: line, as: UTF8.self)
            value = ""
        }
        switch field {
        case "event": eventName = value
        case "data":
            dataLines.append(value)
            hasData = true
        default: break
        }
        return nil
    }
}
