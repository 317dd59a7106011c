import Hummingbird
import KairosCore
import NIOCore

/// `/assistant/messages`: the chat with the assistant, its history, and adding or dismissing an answer's cards.
struct AssistantController {
    let assistant: AssistantService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("assistant/messages") { request, context -> Response in
            let body = try await request.decodeJSON(as: AssistantMessageRequest.self)
            let message = try await assistant.answer(body, for: context.user)
            guard request.headers[.accept]?.contains("text/event-stream") == true else {
                return AssistantMessageResponse(message: message).jsonResponse()
            }
            // The offline engine has the whole text at once: one delta, then the message.
            return Response(
                status: .ok, headers: ServerSentEvents.headers,
                body: ResponseBody { writer in
                    try await writer.write(ServerSentEvents.frame("delta", AssistantDelta(text: message.text)))
                    try await writer.write(ServerSentEvents.frame("message", message))
                    try await writer.finish(nil)
                })
        }
        group.get("assistant/messages") { request, context -> Page<AssistantMessage> in
            try await assistant.history(of: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("assistant/messages/:id/cards/:index/add") { _, context -> AssistantMessageResponse in
            AssistantMessageResponse(
                message: try await assistant.addCard(
                    try context.parameters.require("index"), of: try context.parameters.require("id"),
                    for: context.user))
        }
        group.post("assistant/messages/:id/cards/:index/dismiss") { _, context -> AssistantMessageResponse in
            AssistantMessageResponse(
                message: try await assistant.dismissCard(
                    try context.parameters.require("index"), of: try context.parameters.require("id"),
                    for: context.user))
        }
    }
}
