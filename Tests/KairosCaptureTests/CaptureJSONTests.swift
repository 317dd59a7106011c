import Foundation
import KairosCapture
import KairosCore
import Testing

@Suite("The JSON form of capture output and of capture requests")
struct CaptureJSONTests {
    let proposal = CaptureProposal(
        title: "Water \"the\" plants", due: LocalDateTime(iso: "2026-03-09T09:00"), list: "Home", listExists: true,
        priority: 2, labels: ["chores"], recurrence: RecurrenceRule(frequency: .weekly, byDay: [.monday]),
        sourceSpan: 3..<40)

    @Test("A proposal is written with every field, in the rules' output shape")
    func writesProposal() {
        let text = String(decoding: JSONWriter.encode(proposal), as: UTF8.self)
        #expect(
            text
                == #"{"title":"Water \"the\" plants","description":null,"due":"2026-03-09T09:00","list":"Home","#
                + #""list_exists":true,"priority":2,"labels":["chores"],"recurrence":"FREQ=WEEKLY;BYDAY=MO","#
                + #""source_span":[3,40],"phrases":[],"engine":"offline"}"#)
    }

    @Test("A result carries its tasks and warnings; reading a proposal back gives the same proposal")
    func roundTrip() throws {
        let result = CaptureResult(tasks: [proposal], warnings: [.truncated(parsedWords: 500, totalWords: 612)])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONWriter.encode(result))) as? [String: Any])
        let warning = try #require((object["warnings"] as? [[String: Any]])?.first)
        #expect(warning["code"] as? String == "truncated")
        #expect((warning["message"] as? String)?.contains("612") == true)
        #expect(warning["parsed_words"] as? Int == 500)
        let decoded = try JSONDecoder().decode(CaptureResult.self, from: Data(JSONWriter.encode(result)))
        #expect(decoded == result)
    }

    @Test("Warnings a client does not know yet are skipped, not an error")
    func unknownWarning() throws {
        let json =
            #"{"tasks": [], "warnings": [{"code": "sarcasm", "message": "?"}, {"code": "not_english", "message": "?"}]}"#
        let decoded = try JSONDecoder().decode(CaptureResult.self, from: Data(json.utf8))
        #expect(decoded == CaptureResult(tasks: [], warnings: [.notEnglish]))
    }

    @Test("A proposal with a malformed due or span is refused when read")
    func refusesMalformed() {
        let bad = [
            #"{"title":"x","due":"tomorrow","source_span":[0,1]}"#,
            #"{"title":"x","recurrence":"FREQ=HOURLY","source_span":[0,1]}"#,
            #"{"title":"x","source_span":[3,1]}"#,
        ]
        for json in bad {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(CaptureProposal.self, from: Data(json.utf8))
            }
        }
    }

    @Test("now is a wall time in tz or an instant; defaults fill what is left out")
    func contextFromRequest() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let wall = try CaptureContext(
            now: "2026-03-04T14:30", tz: "America/New_York", lists: ["Inbox"], defaultNow: Date(),
            defaultZone: paris)
        #expect(wall.now.iso == "2026-03-04T14:30")
        #expect(wall.timeZone.identifier == "America/New_York")
        let instant = try CaptureContext(
            now: "2026-03-04T14:30:00Z", tz: nil, lists: [], defaultNow: Date(), defaultZone: paris)
        #expect(instant.now.iso == "2026-03-04T15:30")
        let defaults = try CaptureContext(
            now: nil, tz: nil, lists: [], defaultNow: APITimestamp.parse("2026-07-01T10:00:00Z")!, defaultZone: paris)
        #expect(defaults.now.iso == "2026-07-01T12:00")
    }

    @Test("A bad now or tz names the field")
    func badContext() {
        #expect(throws: KairosError.invalidField(field: "tz", message: Self.zoneMessage)) {
            try CaptureContext(now: nil, tz: "Mars/Olympus", lists: [], defaultNow: Date(), defaultZone: .gmt)
        }
        for now in ["tomorrow", "2026-03-04", "2026-13-04T10:00", "2026-03-04T25:00", "2026-03-04T14:30:00.5"] {
            #expect {
                try CaptureContext(now: now, tz: nil, lists: [], defaultNow: Date(), defaultZone: .gmt)
            } throws: { error in
                if case .invalidField(let field, _) = error as? KairosError { return field == "now" }
                return false
            }
        }
    }

    static let zoneMessage = "tz must be an IANA time zone name such as Europe/Paris or America/New_York."
}
