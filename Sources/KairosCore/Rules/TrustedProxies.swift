import Foundation

/// Which peers may say who the client is, through `X-Forwarded-For`.
///
/// Behind a reverse proxy every connection comes from the proxy, so sign-in throttling and rate limits
/// would count all users as one. A peer on this list is a proxy of the self-hoster's: the client is the
/// rightmost address in its `X-Forwarded-For` that is not itself a trusted proxy (the addresses left of
/// it were written by the client, who can put anything there). Any other peer is the client, whatever
/// the header says.
public struct TrustedProxies: Sendable, Equatable {
    public let ranges: [IPAddressRange]

    public static let none = TrustedProxies(ranges: [])

    public init(ranges: [IPAddressRange]) {
        self.ranges = ranges
    }

    /// Reads a comma-separated list of addresses and CIDR ranges, such as `127.0.0.1, ::1, 10.0.0.0/8`.
    public init(parsing list: String) throws(KairosError) {
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        var ranges: [IPAddressRange] = []
        for entry in entries {
            guard let range = IPAddressRange(entry) else {
                throw .badRequest(
                    "Trusted proxy \"\(entry)\" is not an IP address or CIDR range, such as 127.0.0.1 or 10.0.0.0/8.")
            }
            ranges.append(range)
        }
        self.init(ranges: ranges)
    }

    public func trusts(_ address: String) -> Bool {
        guard let parsed = IPAddress(address) else { return false }
        return ranges.contains { $0.contains(parsed) }
    }

    /// The client's address for a connection from `peer` carrying `forwardedFor` (each header's value, in
    /// order); the peer itself unless it is a trusted proxy that names a client.
    public func client(peer: String, forwardedFor: [String]) -> String {
        guard trusts(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { return peer }
            if !ranges.contains(where: { $0.contains(address) }) { return address.description }
        }
        // Every hop is a proxy of the self-hoster's: the request began at the first of them.
        return hops.first.flatMap(IPAddress.init)?.description ?? peer
    }
}

/// An IPv4 or IPv6 address as its bytes (4 or 16).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(_ text: some StringProtocol) {
        let text = String(text)
        if let bytes = Self.readIPv4(text) {
            self.bytes = bytes
        } else if let bytes = Self.readIPv6(text) {
            // An IPv4-mapped IPv6 address (::ffff:a.b.c.d, as dual-stack sockets report) is that IPv4 address.
            self.bytes = bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] ? Array(bytes.suffix(4)) : bytes
        } else {
            return nil
        }
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    private static func readIPv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { part -> UInt8? in
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit) else { return nil }
            return UInt8(part)
        }
        return bytes.count == 4 ? bytes : nil
    }

    private static func readIPv6(_ text: String) -> [UInt8]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let tail = readIPv4(String(piece)) {
                    bytes += tail
                } else {
                    guard (1...4).contains(piece.count), let group = UInt16(piece, radix: 16) else { return nil }
                    bytes += [UInt8(group >> 8), UInt8(group & 0xff)]
                }
            }
            return bytes
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

/// An address with the number of leading bits that must match (`10.0.0.0/8`); a bare address is the
/// range of itself alone.
public struct IPAddressRange: Sendable, Equatable {
    public let base: IPAddress
    public let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let base = IPAddress(parts[0]) else { return nil }
        let width = base.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...width).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = width
        }
        self.base = base
    }

    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == base.bytes.count else { return false }
        var bitsLeft = prefixLength
        for (mine, theirs) in zip(base.bytes, address.bytes) where bitsLeft > 0 {
            let mask: UInt8 = bitsLeft >= 8 ? 0xff : ~(0xff >> UInt8(bitsLeft))
            if mine & mask != theirs & mask { return false }
            bitsLeft -= 8
        }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
