import Hummingbird
import KairosCore
import NIOCore

/// `/notifications/settings`: which channels each kind of notice leaves by; `/unsubscribe/{kind}`: an
/// email's one-click unsubscribe (RFC 8058), answered without a session.
struct ReachSettingsController {
    let settings: ReachSettingsService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("notifications/settings") { _, context -> Response in
            try await settings.settings(of: context.user).jsonResponse()
        }
        group.post("notifications/settings") { request, context -> Response in
            try await settings.update(try await request.decodeJSON(as: ReachSettingsRequest.self), for: context.user)
                .jsonResponse()
        }
    }

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        // A mail client's one-click POST; the body (`List-Unsubscribe=One-Click`) says nothing more.
        group.post("unsubscribe/:kind") { request, context -> Response in
            let topic = try await settings.unsubscribe(
                topic: try context.parameters.require("kind"), token: request.query("token"))
            return Self.page("You will get no more emails about \(topic.label.lowercased()). Turn them back on in Settings.")
        }
        // A link followed by hand, or fetched ahead by a mail scanner: it changes nothing until the button is
        // pressed.
        group.get("unsubscribe/:kind") { request, context -> Response in
            guard let topic = ReachSettings.Topic(rawValue: try context.parameters.require("kind")) else {
                throw KairosError.notFound("Unsubscribe link")
            }
            let token = (request.query("token") ?? "").filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
            return Self.page(
                "Stop emails about \(topic.label.lowercased())?",
                form: "<form method=\"post\" action=\"?token=\(token)\"><button>Stop these emails</button></form>")
        }
    }

    private static func page(_ text: String, form: String = "") -> Response {
        let html = """
            <!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Kairos</title><body style="font-family: system-ui; margin: 3rem auto; max-width: 30rem; padding: 0 1rem">
            <p>\(text)</p>\(form)</body></html>
            """
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
