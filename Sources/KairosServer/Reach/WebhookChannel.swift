import AsyncHTTPClient
import Foundation
import KairosCore
import KairosStore
import Logging
import NIOCore
import NIOHTTP1

/// Sends one notice to one of a user's hooks: a signed JSON POST for a `json` hook, an ntfy JSON publish for an
/// `ntfy` topic. It only delivers: what to send, to whom and when to try again is decided elsewhere; it answers
/// what became of the attempt.
public struct WebhookChannel: Sendable {
    let client: HTTPClient
    /// The server's public address, for the links a notice carries.
    let publicURL: String
    let logger: Logger

    /// How long one attempt may take, from connecting to the answer.
    let deadline: Duration

    /// `deadline` bounds each attempt; 10 seconds unless a test needs it shorter.
    public init(client: HTTPClient, publicURL: String, logger: Logger, deadline: Duration = .seconds(10)) {
        self.client = client
        self.publicURL = publicURL
        self.logger = logger
        self.deadline = deadline
    }

    /// Sends `notice` to `hook` as delivery `deliveryID`, at `now`, with Done and Snooze only when
    /// `actionToken` signs their links.
    public func send(
        _ notice: Notice, actionToken: String? = nil, to hook: WebhookTarget, deliveryID: String, now: Date
    ) async -> DeliveryOutcome {
        await send(
            payload: notice.json(publicURL: publicURL, actionToken: actionToken), to: hook, deliveryID: deliveryID,
            now: now)
    }

    /// Sends the notice `payload` (its JSON as it left) to `hook` as delivery `deliveryID`, at `now`, and tells
    /// what the receiver made of it. A 404 is a failure, not a gone address (a receiver's 404 may pass); an
    /// unreachable receiver or one that takes longer than the deadline is worth another try.
    public func send(payload: [UInt8], to hook: WebhookTarget, deliveryID: String, now: Date) async -> DeliveryOutcome {
        var logger = logger
        // The hook's id only: its address may itself be a secret (a Home Assistant webhook id).
        logger[metadataKey: "hook"] = "\(hook.id)"
        logger[metadataKey: "delivery"] = "\(deliveryID)"
        guard let notice = SentNotice(payload: payload) else {
            return .failed(status: nil, reason: "The notice could not be read.")
        }
        let request: HTTPClientRequest
        switch hook.format {
        case .json:
            request = jsonRequest(notice, payload: payload, to: hook, deliveryID: deliveryID, now: now)
        case .ntfy:
            guard let ntfy = ntfyRequest(notice, to: hook) else {
                return .failed(status: nil, reason: "The hook's address names no ntfy topic. Add it again.")
            }
            request = ntfy
        }
        let outcome = await client.attempt(request, deadline: deadline, goneOn404: false, now: now, logger: logger)
        logger.debug("Webhook attempt", metadata: ["outcome": "\(outcome)"])
        return outcome
    }

    // MARK: Requests

    /// `{"type", "delivery_id", "sent_at", "notice"}`, signed as `WebhookSignature` says.
    func jsonRequest(
        _ notice: SentNotice, payload: [UInt8], to hook: WebhookTarget, deliveryID: String, now: Date
    ) -> HTTPClientRequest {
        var json = JSONWriter()
        json.object { json in
            json.key("type"); json.string(notice.kind.rawValue)
            json.key("delivery_id"); json.string(deliveryID)
            json.key("sent_at"); json.date(now)
            json.key("notice"); json.raw(payload)
        }
        let body = json.bytes
        let timestamp = Int64(now.timeIntervalSince1970.rounded(.down))
        var request = post(hook.url, body: body)
        request.headers.add(name: "Kairos-Delivery", value: deliveryID)
        request.headers.add(name: "Kairos-Timestamp", value: String(timestamp))
        if let secret = hook.secret {
            request.headers.add(
                name: "Kairos-Signature",
                value: WebhookSignature.header(secret: secret, timestamp: timestamp, body: body))
        }
        return request
    }

    /// ntfy's JSON publish, to the server's root: `{"topic", "title", "message", "priority", "tags", "click",
    /// "actions"}`, with the token as `Authorization: Bearer` when the hook has one. Nil when the hook's address
    /// names no topic.
    func ntfyRequest(_ notice: SentNotice, to hook: WebhookTarget) -> HTTPClientRequest? {
        guard let topic = NtfyTopic(url: hook.url) else { return nil }
        var json = JSONWriter()
        json.object { json in
            json.key("topic"); json.string(topic.name)
            json.key("title"); json.string(notice.title)
            json.key("message"); json.string(notice.body.isEmpty ? notice.title : notice.body)
            // ntfy's 4 (high: a long vibration) for what asks for the person now; its default 3 otherwise.
            json.key("priority"); json.int(notice.kind.asksForAttention ? 4 : 3)
            json.key("tags"); json.array([Self.ntfyTag(notice.kind)]) { json, tag in json.string(tag) }
            json.key("click"); json.string(notice.url)
            json.key("actions")
            // Open is a `view` of the app; Done and Snooze are signed `http` POSTs to Kairos (ntfy allows three).
            json.array(notice.actions.prefix(3)) { json, action in
                json.object { json in
                    json.key("action"); json.string(action.action == Notice.Action.open.rawValue ? "view" : "http")
                    json.key("label"); json.string(action.title)
                    json.key("url"); json.string(action.url)
                    if action.action != Notice.Action.open.rawValue { json.key("method"); json.string("POST") }
                    json.key("clear"); json.bool(true)
                }
            }
        }
        var request = post(topic.publishURL, body: json.bytes)
        if let token = hook.token {
            request.headers.add(name: "Authorization", value: "Bearer \(token.value)")
        }
        return request
    }

    private func post(_ url: String, body: [UInt8]) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Kairos-Webhook/1")
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    /// The emoji ntfy shows beside the title, by its short code.
    static func ntfyTag(_ kind: AppNotification.Kind) -> String {
        switch kind {
        case .reminder: "alarm_clock"
        case .mention: "speech_balloon"
        case .message: "envelope"
        case .assigned: "inbox_tray"
        case .taskCompleted: "white_check_mark"
        case .taskReopened: "leftwards_arrow_with_hook"
        case .brief: "sunrise"
        case .digest: "envelope"
        }
    }
}

extension WebhookChannel: DeliveryChannel {
    public func send(_ delivery: QueuedDelivery) async -> DeliveryOutcome {
        guard case .webhook(let hook) = delivery.target else {
            return .failed(status: nil, reason: "Not a hook's delivery.")
        }
        return await send(payload: delivery.payload, to: hook, deliveryID: delivery.id, now: Date())
    }
}

extension HTTPClient {
    /// A client for users' hooks: it never follows a redirect (which could carry an ntfy token's header to
    /// wherever it points), gives up connecting after five seconds, and does not keep retrying a receiver that
    /// refuses the connection, so the attempt answers at once. Shut it down when done.
    public static func forHooks() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout.connect = .seconds(5)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
