import Foundation
import KairosCapture
import KairosCore

/// The `--mode actions --jsonl` loop: one flushed answer line, {"id", "actions"} or {"id", "error"}, per thread line.
struct ActionStream {
    let engine: ActionEngine

    func run() { JSONLines.answerEach(answer(to:)) }

    func answer(to line: String) -> [UInt8] {
        var json = JSONWriter(capacity: 1024)
        switch ThreadRequest.read(line) {
        case .success(let request):
            let actions = engine.actions(in: request.thread)
            json.object { json in
                json.key("id"); json.raw(request.id)
                json.key("actions"); json.array(actions) { json, action in action.write(to: &json) }
            }
        case .failure(let failure):
            json.object { json in
                json.key("id"); json.raw(failure.id)
                json.key("error"); json.string(failure.message)
            }
        }
        return json.bytes
    }
}

/// One thread line of `kairos parse --mode actions --jsonl`: `{"id", "tz", "me", "members": [names],
/// "messages": [{"sender", "ts", "text"}]}`, where a member's name is also their id and `ts` is wall time in `tz`.
struct ThreadRequest {
    /// The thread's `id` as JSON text, echoed back as given; `null` when there is none.
    var id: [UInt8]
    var thread: ActionThread

    static func read(_ line: String) -> Result<ThreadRequest, ParseRequest.Failure> {
        let null = Array("null".utf8)
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return .failure(.init(id: null, message: "The line is not a JSON object."))
        }
        let id =
            object["id"].flatMap {
                try? JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            }.map(Array.init) ?? null
        func failure(_ message: String) -> Result<ThreadRequest, ParseRequest.Failure> {
            .failure(.init(id: id, message: message))
        }
        var zone = TimeZone.current
        if let tz = object["tz"], !(tz is NSNull) {
            guard let name = tz as? String, let valid = try? Limits.requireTimeZone(name, field: "tz"),
                let named = TimeZone(identifier: valid)
            else { return failure("tz must be an IANA time zone name such as America/New_York.") }
            zone = named
        }
        guard let names = object["members"] as? [String], !names.isEmpty else {
            return failure("members is required and must be an array of names.")
        }
        guard let messages = object["messages"] as? [Any] else {
            return failure("messages is required and must be an array of {sender, ts, text}.")
        }
        let members = names.map { ActionMember(id: $0, name: $0) }
        var read: [ActionMessage] = []
        for (index, element) in messages.enumerated() {
            let field = "messages[\(index)]"
            guard let message = element as? [String: Any] else { return failure("\(field) must be an object.") }
            guard let sender = message["sender"] as? String else {
                return failure("\(field).sender is required and must be a member's name.")
            }
            guard
                let member = members.first(where: { $0.id == sender })
                    ?? members.first(where: { $0.name.lowercased() == sender.lowercased() })
            else { return failure("\(field).sender must be one of members; \(sender) is not.") }
            guard let ts = message["ts"] as? String, let sentAt = LocalDateTime(iso: ts) else {
                return failure("\(field).ts must be a local time such as 2026-01-20T10:01.")
            }
            guard let text = message["text"] as? String else {
                return failure("\(field).text is required and must be a string.")
            }
            read.append(ActionMessage(senderID: member.id, sentAt: sentAt, text: text))
        }
        return .success(ThreadRequest(id: id, thread: ActionThread(members: members, messages: read, timeZone: zone)))
    }
}
