import Foundation
import KairosCore
import Testing

@Suite struct ZZProbe {
    @Test func probe() async throws {
        let env = ProcessInfo.processInfo.environment
        let kind = env["PROBE_KIND"] ?? "bang"
        let n = Int(env["PROBE_N"] ?? "10") ?? 10
        try await withAda { ada in
            let q: String
            switch kind {
            case "bang": q = String(repeating: "!", count: n) + "today"
            case "paren": q = String(repeating: "(", count: n) + "today" + String(repeating: ")", count: n)
            case "or": q = Array(repeating: "today", count: n).joined(separator: " | ")
            default: q = Array(repeating: "today", count: n).joined(separator: " & ")
            }
            let r = try await ada.get("tasks/filter", ["query": q])
            print("PROBE \(kind) \(n): \(r.status.code) \(r.text.prefix(200))")
        }
    }
}
