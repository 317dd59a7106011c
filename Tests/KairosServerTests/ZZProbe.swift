import Foundation
import KairosCore
import Testing

@Suite struct ZZProbe {
    @Test func probe() async throws {
        try await withAda { ada in
            let t = try await ada.createTask("x")
            let ids = Array(repeating: t.id, count: 40000).joined(separator: ",")
            let r = try await ada.get("tasks", ["ids": ids])
            print("PROBE ids: \(r.status.code) \(r.text.prefix(200))")
            let r2 = try await ada.post("tasks/\(t.id)", json: #"{"due_string": null, "due_date": "2026-03-09", "due_datetime": null}"#)
            print("PROBE nulls: \(r2.status.code) \(r2.object?["due"] ?? "none")")
            let r3 = try await ada.post("tasks", json: #"{"content": "n", "due_string": null, "due_date": "2026-03-09", "due_datetime": null}"#)
            print("PROBE create nulls: \(r3.status.code) \(r3.object?["due"] ?? "none")")
        }
    }
}
