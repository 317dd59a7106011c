import Foundation
import KairosAI
import Testing
import KairosCore

/// OpenAI-compatible chat completions (Ollama, llama.cpp, vLLM, OpenAI), against a fake answering as their
/// documentation shows.
@Suite struct OpenAICompatibleModelTests {
    static func completion(content: String) -> String {
        let escaped = JSONValue.string(content).jsonText
        return """
            {
              "id": "chatcmpl-123",
              "object": "chat.completion",
              "created": 1677652288,
              "model": "llama3.2",
              "system_fingerprint": "fp_ollama",
              "choices": [{
                "index": 0,
                "message": {
                  "role": "assistant",
                  "content": \(escaped)
                },
                "finish_reason": "stop"
              }],
              "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21}
            }
            """
    }

    static let tasksAnswer = completion(
        content: #"{"tasks":[{"title":"Buy milk","due":"tomorrow"},{"title":"Call the dentist","due":null}]}"#)

    static func chunk(_ delta: String, finish: String? = nil) -> String {
        let finishReason = finish.map { "\"\($0)\"" } ?? "null"
        return
            #"data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"llama3.2","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":"#
            + delta + #","finish_reason":"# + finishReason + "}]}\n\n"
    }

    static let textStream =
        chunk(#"{"role":"assistant","content":""}"#) + chunk(#"{"content":"Friday,"}"#)
        + chunk(#"{"content":" March 6"}"#) + chunk("{}", finish: "stop") + "data: [DONE]\n\n"

    static let schemaRefused = """
        {"error":{"message":"response_format type json_schema is not supported","type":"invalid_request_error","param":"response_format","code":null}}
        """

    @Test func structuredAnswerAsksForTheJSONSchema() async throws {
        try await FakeVendorServer.with([.json(Self.tasksAnswer)]) { server in
            #expect(await structured(makeModel(.openai, at: server)).success == twoTasks)
            let request = try #require(server.requests.first)
            #expect(request.uri == "/v1/chat/completions")
            #expect(request.headers["authorization"] == ["Bearer \(secretKey)"])
            let body = try #require(request.json)
            #expect(body["model"] == "llama3.2")
            #expect(
                body["messages"] == [
                    ["role": "system", "content": .string(capturePrompt.system)],
                    ["role": "user", "content": "buy milk tomorrow and call the dentist"],
                ])
            #expect(body["response_format"]?["type"] == "json_schema")
            #expect(body["response_format"]?["json_schema"]?["name"] == "capture_tasks")
            #expect(body["response_format"]?["json_schema"]?["schema"] == taskListSchema.schema)
            #expect(body["response_format"]?["json_schema"]?["strict"] == true)
        }
    }

    @Test func aServerWithoutJSONSchemaFallsBackToJSONObjectThenToThePrompt() async throws {
        let replies: [FakeVendorServer.Reply] = [
            .json(status: 400, Self.schemaRefused),
            .json(status: 400, #"{"error":{"message":"unknown response_format","type":"invalid_request_error"}}"#),
            .json(Self.tasksAnswer),
            // The next call starts where the server answered.
            .json(Self.tasksAnswer),
        ]
        try await FakeVendorServer.with(replies) { server in
            let model = makeModel(.openai, at: server)
            #expect(await structured(model).success == twoTasks)
            let formats = server.requests.map { $0.json?["response_format"]?["type"] }
            #expect(formats == ["json_schema", "json_object", nil])
            let lastSystem = server.requests[2].json?["messages"]?.arrayValue?.first?["content"]?.stringValue ?? ""
            #expect(lastSystem.contains(taskListSchema.schema.jsonText))

            #expect(await structured(model).success == twoTasks)
            #expect(server.requests.count == 4)
            #expect(server.requests[3].json?["response_format"] == nil)
        }
    }

    @Test func codeFencesAroundTheJSONAreTolerated() async throws {
        let fenced = Self.completion(content: "```json\n" + twoTasks.jsonText + "\n```")
        try await FakeVendorServer.with([.json(fenced)]) { server in
            #expect(await structured(makeModel(.openai, at: server)).success == twoTasks)
        }
    }

    @Test func contentThatIsNotJSONIsMalformed() async throws {
        try await FakeVendorServer.with([.json(Self.completion(content: "Sure, here are your tasks: milk"))]) {
            server in
            guard case .malformedAnswer = await structured(makeModel(.openai, at: server)).failure else {
                Issue.record("expected a malformed answer")
                return
            }
        }
    }

    @Test func aWrongTypeBreaksTheSchema() async throws {
        let wrong = Self.completion(content: #"{"tasks":[{"title":42,"due":null}]}"#)
        try await FakeVendorServer.with([.json(wrong)]) { server in
            #expect(
                await structured(makeModel(.openai, at: server)).failure
                    == .schemaViolation("$.tasks[0].title should be string, not number"))
        }
    }

    @Test func textStreamsUntilDone() async throws {
        let stream = Self.textStream
        try await FakeVendorServer.with([.eventStream(stream.pieces(cutAt: [5, 200, 201, 400]))]) { server in
            let result = await collect(
                makeModel(.openai, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.error == nil)
            #expect(result.deltas == ["Friday,", " March 6"])
            #expect(result.completed == "Friday, March 6")
            #expect(server.requests.first?.json?["stream"] == true)
        }
    }

    @Test func aStreamCutBeforeItsEndIsADroppedConnection() async throws {
        let events = Self.textStream.components(separatedBy: "\n\n").map { $0 + "\n\n" }
        try await FakeVendorServer.with([.eventStream(events, dropAfter: 2)]) { server in
            let result = await collect(
                makeModel(.openai, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.error == .connectionDropped(partialText: "Friday,"))
        }
    }

    @Test func aStreamThatStallsTimesOutWithinItsBudget() async throws {
        let events = Self.textStream.components(separatedBy: "\n\n").map { $0 + "\n\n" }
        // The first words arrive, then the server goes quiet for longer than the budget.
        try await FakeVendorServer.with([.eventStream(events, pause: .seconds(60))]) { server in
            let (result, elapsed) = await timed {
                await collect(makeModel(.openai, at: server).streamText(for: capturePrompt, within: .milliseconds(500)))
            }
            #expect(result.deltas.isEmpty || result.deltas == ["Friday,"])
            #expect(result.completed == nil)
            #expect(result.error == .timedOut(budget: .milliseconds(500)))
            // As for a slow reply: the slack absorbs a busy machine, the silence lasts far longer.
            #expect(elapsed < .seconds(15))
        }
    }

    @Test func generateTextGivesTheWholeStreamedAnswer() async throws {
        try await FakeVendorServer.with([.eventStream([Self.textStream])]) { server in
            let text = try await makeModel(.openai, at: server).generateText(for: capturePrompt, within: .seconds(10))
            #expect(text == "Friday, March 6")
        }
    }

    @Test func aLocalServerWithoutKeyGetsNoAuthorizationHeader() async throws {
        try await FakeVendorServer.with([.json(Self.tasksAnswer)]) { server in
            #expect(await structured(makeModel(.openai, at: server, key: nil)).success == twoTasks)
            #expect(server.requests.first?.headers["authorization"] == [])
        }
    }

    @Test func aRefusedKeyIsUnauthorizedAndNotRetried() async throws {
        let invalidKey = """
            {"error":{"message":"Incorrect API key provided: \(secretKey). You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}
            """
        try await FakeVendorServer.with([.json(status: 401, invalidKey)]) { server in
            #expect(await structured(makeModel(.openai, at: server)).failure == .unauthorized(status: 401))
            #expect(server.requests.count == 1)
        }
    }
}
