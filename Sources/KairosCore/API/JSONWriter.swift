import Foundation

/// A value that writes itself as JSON directly, without Foundation's `JSONEncoder`.
///
/// Task lists are the server's hottest responses; writing them by hand is an order of
/// magnitude faster than the generic encoder on Linux.
public protocol JSONWritable {
    func write(to json: inout JSONWriter)
}

/// Appends compact JSON to a byte buffer; keys and values are written in the order given.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The complete JSON text of a value.
    public static func encode(_ value: some JSONWritable) -> [UInt8] {
        var writer = JSONWriter()
        value.write(to: &writer)
        return writer.bytes
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func array<Element>(
        _ elements: some Sequence<Element>, _ write: (inout JSONWriter, Element) -> Void
    ) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements { write(&self, element) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts a member of the current object; the next write is its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Starts a member whose name is known only at run time (a map's key); the next write is its value.
    public mutating func dynamicKey(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String?) {
        guard let value else { return null() }
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escaping and goes in as one copy.
        if !value.utf8.contains(where: Self.needsEscape) {
            bytes.append(contentsOf: value.utf8)
        } else {
            appendEscaped(value)
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ value: String) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0f)])
            default: bytes.append(byte)
            }
        }
    }

    public mutating func int(_ value: Int?) {
        guard let value else { return null() }
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    /// A record timestamp in the API's format, or null.
    public mutating func date(_ value: Date?) {
        guard let value else { return null() }
        separate()
        bytes.append(UInt8(ascii: "\""))
        APITimestamp.append(value, microseconds: true, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func value(_ value: (some JSONWritable)?) {
        guard let value else { return null() }
        value.write(to: &self)
    }

    /// Writes `fragment`, already-encoded JSON text, as the next value (a value echoed back as it was received).
    public mutating func raw(_ fragment: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: fragment)
        needsComma = true
    }

    public mutating func null() {
        separate()
        append("null")
        needsComma = true
    }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
