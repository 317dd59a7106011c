import Hummingbird
import KairosCapture
import KairosCore
import NIOCore

/// `/conversations/{id}/summary`: a summary of a conversation's latest messages for one of its members, as JSON
/// or as server-sent events.
struct ThreadSummaryController {
    let summaries: ThreadSummaryService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("conversations/:id/summary") { request, context -> Response in
            let body = try await request.decodeJSON(as: LatestMessagesRequest.self, allowEmpty: true)
            // Made before any byte is sent, so a bad request or a stranger gets a plain error answer.
            let summary = try await summaries.summary(
                of: try context.parameters.require("id"), body, for: context.user)
            guard request.headers[.accept]?.contains("text/event-stream") == true else {
                return summary.jsonResponse()
            }
            return Response(status: .ok, headers: ServerSentEvents.headers, body: streamed(summary))
        }
    }

    /// `event: item` for each bullet, decision, blocker, open question and next step in that order, then
    /// `event: summary` with the whole answer.
    private func streamed(_ summary: ConversationSummary) -> ResponseBody {
        func items(_ section: String, _ items: [some JSONWritable]) -> [ByteBuffer] {
            items.map { ServerSentEvents.frame("item", SummaryStreamItem(section: section, item: $0)) }
        }
        let frames =
            items("summary", summary.summary) + items("decisions", summary.decisions)
            + items("blockers", summary.blockers) + items("open_questions", summary.openQuestions)
            + items("next_steps", summary.nextSteps) + [ServerSentEvents.frame("summary", summary)]
        return ResponseBody { writer in
            for frame in frames { try await writer.write(frame) }
            try await writer.finish(nil)
        }
    }
}

/// One point of a streamed summary: `{"section": "decisions", "item": {...}}`, the item as the whole answer
/// gives it in that section.
private struct SummaryStreamItem: JSONWritable {
    let section: String
    let item: any JSONWritable

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("section"); json.string(section)
            json.key("item"); item.write(to: &json)
        }
    }
}
