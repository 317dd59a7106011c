import Testing

@testable import KairosAI
import KairosCore

/// The event-stream reader gives the same events however the bytes are split.
@Suite struct ServerSentEventParserTests {
    static let stream =
        ": a comment\nevent: content_block_delta\ndata: {\"a\": 1}\n\ndata: first\ndata:second\r\n\r\nevent: é\rdata: ü\r\r"

    static let expected = [
        ServerSentEvent(name: "content_block_delta", data: #"{"a": 1}"#),
        ServerSentEvent(name: nil, data: "first\nsecond"),
        ServerSentEvent(name: "é", data: "ü"),
    ]

    @Test func readsEventsInOneRead() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array(Self.stream.utf8)) == Self.expected)
    }

    @Test func readsTheSameEventsSplitAtEveryByte() {
        let bytes = Array(Self.stream.utf8)
        for cut in 0...bytes.count {
            var parser = ServerSentEventParser()
            let events = parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...])
            #expect(events == Self.expected, "split at \(cut)")
        }
    }

    @Test func finishGivesAnEventWithoutItsBlankLine() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: [DONE]".utf8)).isEmpty)
        #expect(parser.finish() == ServerSentEvent(name: nil, data: "[DONE]"))
    }
}

/// Answers are checked against the schema's types, required members, items and enums.
@Suite struct ResponseSchemaTests {
    let schema = ResponseSchema(
        name: "t", description: "t",
        schema: [
            "type": "object",
            "properties": [
                "kind": ["type": "string", "enum": ["reminder", "todo_list"]],
                "count": ["type": "integer"],
                "items": ["type": "array", "items": ["type": "string"]],
            ],
            "required": ["kind", "count"],
        ])

    @Test func aValidAnswerPasses() throws {
        try schema.validate(["kind": "reminder", "count": 2, "items": ["a", "b"], "extra": true])
    }

    @Test func eachDifferenceIsNamedByItsPath() {
        let cases: [(JSONValue, String)] = [
            (["count": 1], "$.kind is required but missing"),
            (["kind": "note", "count": 1], "$.kind is not one of the allowed values"),
            (["kind": "reminder", "count": 1.5], "$.count should be integer, not number"),
            (["kind": "reminder", "count": 1, "items": ["a", 2]], "$.items[1] should be string, not number"),
            (["a", "b"], "$ should be object, not array"),
        ]
        for (answer, problem) in cases {
            #expect(throws: LanguageModelError.schemaViolation(problem)) { try schema.validate(answer) }
        }
    }
}
