import KairosCore
import Testing

@Suite("Trusted proxies: who the client is behind a reverse proxy")
struct TrustedProxiesTests {
    let proxies = try! TrustedProxies(parsing: "127.0.0.1, ::1, 10.0.0.0/8")

    @Test("A peer that is not a trusted proxy is the client, whatever its header says")
    func untrustedPeer() {
        #expect(proxies.client(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"]) == "203.0.113.9")
        #expect(TrustedProxies.none.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "127.0.0.1")
    }

    @Test("Behind a trusted proxy the client is the rightmost address the proxies did not write")
    func rightmostUntrusted() {
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        // The client wrote the first address itself; the proxy appended the real one.
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.1"]) == "198.51.100.1")
        #expect(proxies.client(peer: "::1", forwardedFor: ["6.6.6.6", "198.51.100.1, 10.1.2.3"]) == "198.51.100.1")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["10.0.0.5, 10.0.0.4"]) == "10.0.0.5")
    }

    @Test("A header that is missing or not an address leaves the peer as the client")
    func unreadableHeader() {
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["unknown"]) == "127.0.0.1")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.1:4711"]) == "127.0.0.1")
    }

    @Test("Addresses and ranges read in IPv4, IPv6 and IPv4-mapped form")
    func ranges() throws {
        let list = try TrustedProxies(parsing: "172.16.0.0/12,fd00::/8")
        #expect(list.trusts("172.31.255.1"))
        #expect(!list.trusts("172.32.0.1"))
        #expect(list.trusts("fd12:3456::1"))
        #expect(!list.trusts("fe80::1"))
        #expect(list.trusts("::ffff:172.20.0.1"))
        #expect(IPAddress("2001:db8::8a2e:370:7334")?.description == "2001:db8:0:0:0:8a2e:370:7334")
        #expect(IPAddress("::ffff:10.0.0.1")?.description == "10.0.0.1")
    }

    @Test("A list entry that is not an address or range is refused, naming it")
    func badEntry() {
        for entry in ["localhost", "10.0.0.0/33", "1.2.3", "::1::2", "300.1.1.1"] {
            #expect(throws: KairosError.badRequest(
                "Trusted proxy \"\(entry)\" is not an IP address or CIDR range, such as 127.0.0.1 or 10.0.0.0/8.")
            ) {
                try TrustedProxies(parsing: "127.0.0.1, \(entry)")
            }
        }
    }
}
