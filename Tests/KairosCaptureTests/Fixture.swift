import Foundation
import KairosCapture
import KairosCore
import Testing

/// The case files under Fixtures: one JSON object a line, most with the capture context of a worked case.
enum Fixture {
    /// Each line of `name`.jsonl with its object.
    static func objects(_ name: String) throws -> [(line: String, object: [String: Any])] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "jsonl", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (String(line), object)
        }
    }

    /// The moment, time zone and lists of a case: `now`, `tz` and `lists`.
    static func context(of object: [String: Any]) throws -> CaptureContext {
        let nowText = try #require(object["now"] as? String)
        let zoneName = try #require(object["tz"] as? String)
        let now = try #require(LocalDateTime(iso: nowText))
        let zone = try #require(TimeZone(identifier: zoneName))
        return CaptureContext(now: now, timeZone: zone, lists: object["lists"] as? [String] ?? [])
    }
}
