import Foundation
import KairosAI
import Testing

/// Claude's Messages API, against a fake answering as Anthropic's documentation shows.
@Suite struct AnthropicModelTests {
    /// A forced tool call's answer: the schema's value is the `tool_use` block's `input`.
    static let toolUseAnswer = """
        {
          "id": "msg_01Aq9w938a90dw8q",
          "type": "message",
          "role": "assistant",
          "model": "claude-sonnet-4-5",
          "content": [
            {
              "type": "tool_use",
              "id": "toolu_01A09q90qw90lq917835lq9",
              "name": "capture_tasks",
              "input": {"tasks": [{"title": "Buy milk", "due": "tomorrow"}, {"title": "Call the dentist", "due": null}]}
            }
          ],
          "stop_reason": "tool_use",
          "stop_sequence": null,
          "usage": {"input_tokens": 472, "output_tokens": 89}
        }
        """

    static let textStream = """
        event: message_start
        data: {"type": "message_start", "message": {"id": "msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY", "type": "message", "role": "assistant", "content": [], "model": "claude-sonnet-4-5", "stop_reason": null, "stop_sequence": null, "usage": {"input_tokens": 25, "output_tokens": 1}}}

        event: content_block_start
        data: {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}

        event: ping
        data: {"type": "ping"}

        event: content_block_delta
        data: {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "I've set up "}}

        event: content_block_delta
        data: {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "a reminder for tomorrow."}}

        event: content_block_stop
        data: {"type": "content_block_stop", "index": 0}

        event: message_delta
        data: {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence":null}, "usage": {"output_tokens": 15}}

        event: message_stop
        data: {"type": "message_stop"}


        """

    static let rateLimited = """
        {"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}
        """
    static let apiError = #"{"type":"error","error":{"type":"api_error","message":"Internal server error"}}"#

    @Test func structuredAnswerComesFromAForcedToolCall() async throws {
        try await FakeVendorServer.with([.json(Self.toolUseAnswer)]) { server in
            let answer = try await makeModel(.anthropic, at: server).generateJSON(
                for: capturePrompt, schema: taskListSchema, within: .seconds(10))
            #expect(answer == twoTasks)

            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == .POST)
            #expect(request.uri == "/v1/messages")
            #expect(request.headers["x-api-key"] == [secretKey])
            #expect(request.headers["anthropic-version"] == ["2023-06-01"])
            #expect(request.headers["content-type"] == ["application/json"])
            let body = try #require(request.json)
            #expect(body["model"] == "claude-sonnet-4-5")
            #expect(body["max_tokens"] == 512)
            #expect(body["system"] == .string(capturePrompt.system))
            #expect(body["messages"] == [["role": "user", "content": "buy milk tomorrow and call the dentist"]])
            #expect(body["tools"]?.arrayValue?.first?["name"] == "capture_tasks")
            #expect(body["tools"]?.arrayValue?.first?["input_schema"] == taskListSchema.schema)
            #expect(body["tool_choice"] == ["type": "tool", "name": "capture_tasks"])
            #expect(body["stream"] == nil)
        }
    }

    @Test func textStreamsAsItsEventsArriveEvenSplitMidLine() async throws {
        // Cuts inside "event: message_start", inside a data line's JSON, between the two newlines that end an
        // event, and inside the last event.
        let stream = Self.textStream
        let cuts = [9, 120, stream.utf8.count / 2, stream.utf8.count / 2 + 7, stream.utf8.count - 20]
        try await FakeVendorServer.with([.eventStream(stream.pieces(cutAt: cuts))]) { server in
            let result = await collect(
                makeModel(.anthropic, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.error == nil)
            #expect(result.deltas == ["I've set up ", "a reminder for tomorrow."])
            #expect(result.completed == "I've set up a reminder for tomorrow.")
            #expect(server.requests.first?.json?["stream"] == true)
        }
    }

    @Test func rateLimitHonoursRetryAfterThenSucceeds() async throws {
        let replies: [FakeVendorServer.Reply] = [
            .json(status: 429, Self.rateLimited, headers: ["retry-after": "1"]), .json(Self.toolUseAnswer),
        ]
        try await FakeVendorServer.with(replies) { server in
            let (result, elapsed) = await timed { await structured(makeModel(.anthropic, at: server)) }
            #expect(result.success == twoTasks)
            #expect(server.requests.count == 2)
            // The fast test backoff is 20 ms: only the vendor's retry-after explains a wait of a second.
            #expect(elapsed >= .milliseconds(950))
        }
    }

    @Test func serverErrorIsRetriedThenSucceeds() async throws {
        try await FakeVendorServer.with([.json(status: 500, Self.apiError), .json(Self.toolUseAnswer)]) { server in
            #expect(await structured(makeModel(.anthropic, at: server)).success == twoTasks)
            #expect(server.requests.count == 2)
        }
    }

    @Test func serverErrorForeverGivesUpAfterThreeRetries() async throws {
        let failing = Array(
            repeating: FakeVendorServer.Reply.json(
                status: 529, #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#), count: 5)
        let logs = CapturedLogs()
        try await FakeVendorServer.with(failing) { server in
            let result = await structured(makeModel(.anthropic, at: server, logs: logs))
            #expect(result.failure == .serverError(status: 529))
            #expect(server.requests.count == 4)
        }
        // Three retried failures and the final one, one line each.
        #expect(logs.all.count == 4)
        #expect(logs.all.last?.contains("ai_error=server_error") == true)
    }

    @Test func anAnswerThatIsNotJSONIsMalformed() async throws {
        try await FakeVendorServer.with([.json(#"{"id": "msg_01", "type": "message", "content": [{"type": "tool_use""#)]
        ) {
            server in
            guard case .malformedAnswer = await structured(makeModel(.anthropic, at: server)).failure else {
                Issue.record("expected a malformed answer")
                return
            }
        }
    }

    @Test func anAnswerWithoutTheToolCallIsMalformed() async throws {
        let textOnly = """
            {"id": "msg_02", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
             "content": [{"type": "text", "text": "Sure! Here are your tasks."}], "stop_reason": "end_turn",
             "stop_sequence": null, "usage": {"input_tokens": 12, "output_tokens": 8}}
            """
        try await FakeVendorServer.with([.json(textOnly)]) { server in
            guard case .malformedAnswer = await structured(makeModel(.anthropic, at: server)).failure else {
                Issue.record("expected a malformed answer")
                return
            }
        }
    }

    @Test func anAnswerMissingARequiredFieldBreaksTheSchema() async throws {
        let missingDue = Self.toolUseAnswer.replacingOccurrences(of: #", "due": null"#, with: "")
        try await FakeVendorServer.with([.json(missingDue)]) { server in
            let failure = await structured(makeModel(.anthropic, at: server)).failure
            #expect(failure == .schemaViolation("$.tasks[1].due is required but missing"))
        }
    }

    @Test func aReplySlowerThanTheBudgetTimesOutWithinIt() async throws {
        try await FakeVendorServer.with([.json(Self.toolUseAnswer, after: .seconds(60))]) { server in
            let (result, elapsed) = await timed {
                await structured(makeModel(.anthropic, at: server), within: .milliseconds(400))
            }
            #expect(result.failure == .timedOut(budget: .milliseconds(400)))
            // Alone it takes the budget to the millisecond. The slack absorbs a machine busy with the whole
            // test run; the reply comes far later, so ending before it is the budget's doing.
            #expect(elapsed < .seconds(15))
        }
    }

    @Test func aConnectionDroppedMidStreamKeepsTheTextReceived() async throws {
        let events = Self.textStream.components(separatedBy: "\n\n").map { $0 + "\n\n" }
        // message_start, content_block_start, ping, the first delta; then the connection drops.
        try await FakeVendorServer.with([.eventStream(Array(events.prefix(6)), dropAfter: 4)]) { server in
            let result = await collect(
                makeModel(.anthropic, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.deltas == ["I've set up "])
            #expect(result.completed == nil)
            #expect(result.error == .connectionDropped(partialText: "I've set up "))
        }
    }

    @Test func anErrorEventMidStreamEndsTheStream() async throws {
        let events = Self.textStream.components(separatedBy: "\n\n").map { $0 + "\n\n" }
        let overloaded =
            "event: error\ndata: {\"type\": \"error\", \"error\": {\"type\": \"overloaded_error\", \"message\": \"Overloaded\"}}\n\n"
        try await FakeVendorServer.with([.eventStream(Array(events.prefix(4)) + [overloaded])]) { server in
            let result = await collect(
                makeModel(.anthropic, at: server).streamText(for: capturePrompt, within: .seconds(10)))
            #expect(result.deltas == ["I've set up "])
            #expect(result.error == .serverError(status: 529))
        }
    }
}

extension Result {
    /// The value of a successful result.
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error of a failed result.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
