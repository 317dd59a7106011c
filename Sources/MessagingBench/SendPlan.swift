import Foundation

/// Which member sends which message to which group, and when each send is due: the same every run, as the
/// random choices come from a fixed seed.
struct SendPlan: Sendable {
    struct Send: Sendable {
        let conversationID: String
        let sender: Member
    }

    let tag: String
    let sends: [Send]
    /// Nanoseconds between two sends.
    let interval: UInt64

    init(groups: [Group], messages: Int, rate: Double, tag: String) {
        var random = SplitMix64(seed: 11)
        sends = (0..<messages).map { _ in
            let group = groups.randomElement(using: &random)!
            return Send(conversationID: group.id, sender: group.members.randomElement(using: &random)!)
        }
        self.tag = tag
        interval = UInt64(1_000_000_000 / rate)
    }

    /// When the send is due, in uptime nanoseconds, for a schedule that starts at `start`.
    func due(_ index: Int, start: UInt64) -> UInt64 { start + UInt64(index) * interval }

    func sender(of index: Int) -> String { sends[index].sender.id }

    func post(_ index: Int) -> MessagePoster.Post {
        let send = sends[index]
        return MessagePoster.Post(
            index: index, conversationID: send.conversationID, token: send.sender.token,
            body: "{\"text\":\"Benchmark message \(index)\",\"client_id\":\"\(tag)-\(index)\"}")
    }
}

/// A small seeded generator, so every run sends the same plan.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
