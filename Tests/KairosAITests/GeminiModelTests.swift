import Foundation
import KairosAI
import Testing
import KairosCore

/// Gemini's generateContent and streamGenerateContent, against a fake answering as Google's documentation shows.
@Suite struct GeminiModelTests {
    static func answer(text: String) -> String {
        """
        {
          "candidates": [
            {
              "content": {
                "parts": [
                  {
                    "text": \(JSONValue.string(text).jsonText)
                  }
                ],
                "role": "model"
              },
              "finishReason": "STOP",
              "index": 0
            }
          ],
          "usageMetadata": {
            "promptTokenCount": 38,
            "candidatesTokenCount": 31,
            "totalTokenCount": 69
          },
          "modelVersion": "gemini-2.5-flash",
          "responseId": "Il0taoSYJ5Cez7"
        }
        """
    }

    static func streamChunk(_ text: String, finish: Bool = false) -> String {
        let reason = finish ? #","finishReason": "STOP""# : ""
        return #"data: {"candidates": [{"content": {"parts": [{"text": "# + JSONValue.string(text).jsonText
            + #"}],"role": "model"}"# + reason
            + #","index": 0}],"usageMetadata": {"promptTokenCount": 9,"totalTokenCount": 9},"modelVersion": "gemini-2.5-flash"}"#
            + "\r\n\r\n"
    }

    @Test func structuredAnswerUsesResponseSchema() async throws {
        try await FakeVendorServer.with([.json(Self.answer(text: twoTasks.jsonText))]) { server in
            #expect(await structured(makeModel(.gemini, at: server)).success == twoTasks)
            let request = try #require(server.requests.first)
            #expect(request.uri == "/v1beta/models/gemini-2.5-flash:generateContent")
            #expect(request.headers["x-goog-api-key"] == [secretKey])
            #expect(!request.uri.contains(secretKey))
            let body = try #require(request.json)
            #expect(body["systemInstruction"] == ["parts": [["text": .string(capturePrompt.system)]]])
            #expect(
                body["contents"] == [["role": "user", "parts": [["text": "buy milk tomorrow and call the dentist"]]]])
            let generation = try #require(body["generationConfig"])
            #expect(generation["responseMimeType"] == "application/json")
            #expect(generation["maxOutputTokens"] == 512)
            let schema = try #require(generation["responseSchema"])
            #expect(schema["type"] == "OBJECT")
            #expect(schema["required"] == ["tasks"])
            #expect(schema["additionalProperties"] == nil)
            let item = schema["properties"]?["tasks"]?["items"]
            #expect(item?["properties"]?["due"] == ["type": "STRING", "nullable": true])
        }
    }

    @Test func earlierAnswersAreSentAsTheModelRole() async throws {
        try await FakeVendorServer.with([.json(Self.answer(text: twoTasks.jsonText))]) { server in
            let prompt = ModelPrompt(
                system: "", messages: [.user("plan my day"), .assistant("What matters most?"), .user("the report")])
            _ = try await makeModel(.gemini, at: server).generateJSON(
                for: prompt, schema: taskListSchema, within: .seconds(10))
            let body = try #require(server.requests.first?.json)
            #expect(body["contents"]?.arrayValue?.map { $0["role"] } == ["user", "model", "user"])
            #expect(body["systemInstruction"] == nil)
        }
    }

    @Test func textStreamsAsServerSentEventsWithCRLF() async throws {
        let stream = Self.streamChunk("Friday,") + Self.streamChunk(" March 6", finish: true)
        // One cut between the CR and the LF that end a line, one inside the JSON.
        let crlf = Self.streamChunk("Friday,").utf8.count - 3
        try await FakeVendorServer.with([.eventStream(stream.pieces(cutAt: [crlf, crlf + 30]))]) { server in
            let result = await collect(
                makeModel(.gemini, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.error == nil)
            #expect(result.deltas == ["Friday,", " March 6"])
            #expect(result.completed == "Friday, March 6")
            #expect(server.requests.first?.uri == "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
        }
    }

    @Test func aStreamEndingWithoutAFinishReasonIsADroppedConnection() async throws {
        try await FakeVendorServer.with([.eventStream([Self.streamChunk("Friday,")])]) { server in
            let result = await collect(
                makeModel(.gemini, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.error == .connectionDropped(partialText: "Friday,"))
        }
    }

    @Test func aBlockedPromptIsRefused() async throws {
        let blocked =
            #"{"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": {"promptTokenCount": 8, "totalTokenCount": 8}}"#
        try await FakeVendorServer.with([.json(blocked)]) { server in
            #expect(
                await structured(makeModel(.gemini, at: server)).failure
                    == .refused(status: 200, message: "prompt blocked: SAFETY"))
        }
    }

    @Test func resourceExhaustedIsRetried() async throws {
        let exhausted = """
            {"error": {"code": 429, "message": "Resource has been exhausted (e.g. check quota).", "status": "RESOURCE_EXHAUSTED"}}
            """
        try await FakeVendorServer.with([.json(status: 429, exhausted), .json(Self.answer(text: twoTasks.jsonText))]) {
            server in
            #expect(await structured(makeModel(.gemini, at: server)).success == twoTasks)
            #expect(server.requests.count == 2)
        }
    }
}
