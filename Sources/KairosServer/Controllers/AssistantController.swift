import Hummingbird
import KairosCore
import NIOCore

/// `/assistant/messages`: the chat with the assistant, its history, and adding or dismissing an answer's cards.
struct AssistantController {
    let assistant: AssistantService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("assistant/messages") { request, context -> Response in
            let question = try assistant.check(try await request.decodeJSON(as: AssistantMessageRequest.self))
            guard request.headers[.accept]?.contains("text/event-stream") == true else {
                return AssistantMessageResponse(message: try await assistant.answer(question, for: context.user))
                    .jsonResponse()
            }
            return Response(
                status: .ok, headers: ServerSentEvents.headers,
                body: streamedAnswer(to: question, for: context.user))
        }
        group.get("assistant/messages") { request, context -> Page<AssistantMessage> in
            try await assistant.history(of: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("assistant/messages/:id/cards/:index/add") { request, context -> AssistantMessageResponse in
            AssistantMessageResponse(
                message: try await assistant.addCard(
                    try context.parameters.require("index"), of: try context.parameters.require("id"),
                    request: try await request.decodeJSON(as: AssistantCardAddRequest.self, allowEmpty: true),
                    for: context.user))
        }
        group.post("assistant/messages/:id/cards/:index/dismiss") { _, context -> AssistantMessageResponse in
            AssistantMessageResponse(
                message: try await assistant.dismissCard(
                    try context.parameters.require("index"), of: try context.parameters.require("id"),
                    for: context.user))
        }
    }

    /// `event: delta` for each piece of a model's words as it arrives (the offline answer's words in one), then
    /// `event: message` with the whole answer. The answer is made and kept even when the client goes away.
    private func streamedAnswer(to question: AssistantService.Question, for user: User) -> ResponseBody {
        ResponseBody { writer in
            let (deltas, delivery) = AsyncStream.makeStream(of: String.self)
            let answering = Task {
                defer { delivery.finish() }
                return try await assistant.answer(question, for: user) { delivery.yield($0) }
            }
            var streamed = false
            for await delta in deltas {
                try await writer.write(ServerSentEvents.frame("delta", AssistantDelta(text: delta)))
                streamed = true
            }
            do {
                let message = try await answering.value
                if !streamed {
                    try await writer.write(ServerSentEvents.frame("delta", AssistantDelta(text: message.text)))
                }
                try await writer.write(ServerSentEvents.frame("message", message))
            } catch let error as KairosError {
                try await writer.write(
                    ServerSentEvents.frame("error", ErrorResponse(code: error.code, message: error.message)))
            } catch {
                try await writer.write(
                    ServerSentEvents.frame(
                        "error",
                        ErrorResponse(code: "internal", message: "Something went wrong on the server. Try again.")))
            }
            try await writer.finish(nil)
        }
    }
}
