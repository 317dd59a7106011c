import Foundation
import Testing

@testable import KairosCore

@Suite("Wire formats")
struct WireFormatTests {
    @Test("Timestamps carry microseconds and read back exactly")
    func timestamps() throws {
        let date = Date(timeIntervalSince1970: 1_772_634_600.123456)
        let text = APITimestamp.format(date)
        #expect(text == "2026-03-04T14:30:00.123456Z")
        let back = try #require(APITimestamp.parse(text))
        #expect(abs(back.timeIntervalSince(date)) < 0.000_001)
        #expect(APITimestamp.parse("2026-03-04T15:30:00+01:00") == APITimestamp.parse("2026-03-04T14:30:00Z"))
        #expect(APITimestamp.parse("2026-03-04T14:30:00") == APITimestamp.parse("2026-03-04T14:30:00Z"))
        for bad in ["", "2026-03-04", "2026-02-30T10:00:00Z", "2026-03-04T25:00:00Z", "2026-03-04T10:00:00Q"] {
            #expect(APITimestamp.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("A timed due is written in UTC and read back in its zone")
    func timedDue() throws {
        let due = Due(
            date: LocalDate(year: 2026, month: 7, day: 1)!, time: LocalTime(hour: 9, minute: 30),
            timezone: "Europe/Paris", string: "jul 1 at 9:30")
        let json = Data(JSONWriter.encode(due))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["date"] as? String == "2026-07-01T07:30:00Z")
        #expect(object["is_recurring"] as? Bool == false)
        let back = try APICoding.makeDecoder().decode(Due.self, from: json)
        #expect(back == due)
    }

    @Test("An all-day recurring due keeps its rule")
    func recurringDue() throws {
        let due = Due(
            date: LocalDate(year: 2026, month: 3, day: 2)!, string: "every monday",
            recurrence: RecurrenceRule(frequency: .weekly, byDay: [.monday]))
        let json = Data(JSONWriter.encode(due))
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"date\":\"2026-03-02\""))
        #expect(text.contains("\"rrule\":\"FREQ=WEEKLY;BYDAY=MO\""))
        #expect(try APICoding.makeDecoder().decode(Due.self, from: json) == due)
    }

    @Test("Page cursors round-trip and reject foreign text")
    func cursors() {
        let cursor = PageCursor(keys: [12, 3456])
        #expect(PageCursor(token: cursor.token, keyCount: 2) == cursor)
        #expect(PageCursor(token: cursor.token, keyCount: 1) == nil)
        #expect(PageCursor(token: "not a cursor!", keyCount: 2) == nil)
    }

    @Test("Field rules name the field")
    func limits() {
        #expect(
            throws: KairosError.invalidField(field: "content", message: "content must be 1 to 500 characters long.")
        ) {
            try Limits.requireText(String(repeating: "x", count: 501), Limits.taskContent, field: "content")
        }
        #expect((try? Limits.requireEmail(" Ada@Example.com ")) == "ada@example.com")
        #expect((try? Limits.requireEmail("ada@")) == nil)
        #expect((try? Limits.requireTimeZone("Europe/Paris")) == "Europe/Paris")
        #expect((try? Limits.requireTimeZone("Mars/Olympus")) == nil)
        #expect((try? Limits.requirePriority(5)) == nil)
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    struct Sample: JSONWritable {
        func write(to json: inout JSONWriter) {
            json.object { json in
                json.key("text"); json.string("quote \" backslash \\ newline \n tab \t bell \u{07} é 🙂")
                json.key("none"); json.string(nil)
                json.key("list"); json.array([1, 2, 3]) { json, n in json.int(n) }
                json.key("empty"); json.array([String]()) { json, s in json.string(s) }
                json.key("nested");
                json.object { json in
                    json.key("ok"); json.bool(true)
                }
                json.key("after"); json.int(-7)
            }
        }
    }

    @Test("Writes valid JSON that Foundation reads back identically")
    func roundTrip() throws {
        let bytes = JSONWriter.encode(Sample())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["text"] as? String == "quote \" backslash \\ newline \n tab \t bell \u{07} é 🙂")
        #expect(object["none"] is NSNull)
        #expect(object["list"] as? [Int] == [1, 2, 3])
        #expect((object["empty"] as? [Any])?.isEmpty == true)
        #expect((object["nested"] as? [String: Any])?["ok"] as? Bool == true)
        #expect(object["after"] as? Int == -7)
    }

    @Test("Every task field survives writing and decoding")
    func taskRoundTrip() throws {
        let now = Date(timeIntervalSince1970: 1_772_634_600.5)
        let task = TaskItem(
            id: "7", userID: "1", projectID: "2", sectionID: "3", parentID: "4", content: "Pay \"rent\"",
            description: "line 1\nline 2", labels: ["home", "money"], priority: 4,
            due: Due(
                date: LocalDate(year: 2026, month: 3, day: 5)!, time: LocalTime(hour: 9, minute: 0),
                timezone: "America/New_York", string: "tomorrow at 9"),
            deadline: Deadline(date: LocalDate(year: 2026, month: 3, day: 9)!),
            duration: TaskDuration(amount: 30, unit: .minute), childOrder: 3, dayOrder: 1, addedByUID: "1",
            responsibleUID: "1", completedAt: now, addedAt: now, updatedAt: now, noteCount: 2)
        let decoded = try APICoding.makeDecoder().decode(TaskItem.self, from: Data(JSONWriter.encode(task)))
        #expect(decoded == task)
    }
}
