import ArgumentParser
import Foundation
import KairosCapture
import KairosCore

/// What `kairos parse` makes of its input.
enum ParseMode: String, ExpressibleByArgument, CaseIterable {
    /// Task proposals, as the capture engine gives them.
    case capture
    /// The offline assistant's answer: a reminder's tasks, a new list, a date, or conversation.
    case assistant
    /// Message threads to action items (the action rules), with --jsonl.
    case actions
}

/// `kairos parse "text"`: what the capture engine (or the offline assistant) makes of some text, as JSON, without a
/// server.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Turn text into task proposals offline and print them as JSON.",
        discussion: """
            With --jsonl, reads one request per line on standard input, {"id", "input", "now", "tz", "lists"}, \
            and writes one line per request, {"id", "tasks", "warnings"}, or {"id", "error"} for a bad line. \
            With --mode assistant the answer lines are {"id", "type", ...}: "tasks" for a reminder, "title" and \
            "subtasks" for a new list, "date" and "weekday" for a date question, nothing more for conversation. \
            With --mode actions --jsonl, reads one message thread per line, {"id", "tz", "members", \
            "messages": [{"sender", "ts", "text"}]}, and writes its action items, {"id", "actions"}.
            """)

    @Option(
        help: """
            What to make of the input: capture (task proposals), assistant (the offline assistant's answer) or \
            actions (message threads to action items, with --jsonl).
            """)
    var mode = ParseMode.capture

    @Argument(help: "What was said or typed (leave out with --jsonl).")
    var text: String?

    @Option(help: "The moment it was said, as local time YYYY-MM-DDTHH:MM in --tz (default: now).")
    var now: String?

    @Option(help: "IANA time zone, such as America/New_York (default: this machine's).")
    var tz: String?

    @Option(help: "The user's list names, comma-separated.")
    var lists = "Inbox"

    @Flag(help: "Read JSON requests from standard input, one per line.")
    var jsonl = false

    func validate() throws {
        if jsonl, text != nil { throw ValidationError("Give either the text or --jsonl, not both.") }
        if !jsonl, text == nil { throw ValidationError("Give the text to parse, or --jsonl to read requests.") }
        if mode == .actions, !jsonl { throw ValidationError("--mode actions reads threads: add --jsonl.") }
    }

    func run() throws {
        guard let text else {
            switch mode {
            case .capture:
                return ParseStream { request, json in
                    CaptureEngine().capture(request.input, context: request.context, keepUnparsedText: false)
                        .writeMembers(to: &json)
                }.run()
            case .assistant:
                return ParseStream { request, json in
                    AssistantEngine().answer(request.input, context: request.context).writeMembers(to: &json)
                }.run()
            case .actions:
                return ActionStream(engine: ActionEngine()).run()
            }
        }
        let context: CaptureContext
        do {
            context = try CaptureContext(
                now: now, tz: tz, lists: Self.names(lists), defaultNow: Date(), defaultZone: .current)
        } catch {
            // The messages start with the field's name, which is also the option's.
            throw CLIError("--" + error.message)
        }
        switch mode {
        case .capture, .actions: printJSON(CaptureEngine().capture(text, context: context, keepUnparsedText: false))
        case .assistant: printJSON(AssistantEngine().answer(text, context: context))
        }
    }

    static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The `--jsonl` loop: one flushed answer line per request line, its members written by `writeAnswer`.
struct ParseStream {
    let writeAnswer: (ParseRequest, inout JSONWriter) -> Void

    func run() { JSONLines.answerEach(answer(to:)) }

    /// `{"id", "tasks", "warnings"}` (or the assistant's `{"id", "type", ...}`), or `{"id", "error"}` when the line
    /// is not a request it can parse.
    func answer(to line: String) -> [UInt8] {
        var json = JSONWriter(capacity: 1024)
        switch ParseRequest.read(line) {
        case .success(let request):
            json.object { json in
                json.key("id"); json.raw(request.id)
                writeAnswer(request, &json)
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

/// Reads standard input a line at a time and writes one flushed answer line for each line that is not blank.
enum JSONLines {
    static func answerEach(_ answer: (String) -> [UInt8]) {
        while let line = readLine(strippingNewline: true) {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            var bytes = answer(line)
            bytes.append(UInt8(ascii: "\n"))
            StandardOutput.write(bytes)
        }
    }
}

/// One request line of `kairos parse --jsonl`.
struct ParseRequest {
    /// Why a line is not a request, with its id when the line had one.
    struct Failure: Error {
        var id: [UInt8]
        var message: String
    }

    /// The request's `id` as JSON text, echoed back as given; `null` when there is none.
    var id: [UInt8]
    var input: String
    var context: CaptureContext

    static func read(_ line: String) -> Result<ParseRequest, Failure> {
        let null = Array("null".utf8)
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return .failure(Failure(id: null, message: "The line is not a JSON object."))
        }
        let id =
            object["id"].flatMap {
                try? JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            }.map(Array.init) ?? null
        func failure(_ message: String) -> Result<ParseRequest, Failure> { .failure(Failure(id: id, message: message)) }
        guard let input = object["input"] as? String else { return failure("input is required and must be a string.") }
        guard let now = optional(object["now"], as: String.self) else { return failure("now must be a string.") }
        guard let tz = optional(object["tz"], as: String.self) else { return failure("tz must be a string.") }
        guard let lists = optional(object["lists"], as: [String].self) else {
            return failure("lists must be an array of list names.")
        }
        do {
            let context = try CaptureContext(
                now: now, tz: tz, lists: lists ?? ["Inbox"], defaultNow: Date(), defaultZone: .current)
            return .success(ParseRequest(id: id, input: input, context: context))
        } catch {
            return failure(error.message)
        }
    }

    /// `.some(nil)` for a member that is absent or null, `.some(value)` for one of the right type, nil otherwise.
    private static func optional<Value>(_ member: Any?, as type: Value.Type) -> Value?? {
        guard let member, !(member is NSNull) else { return .some(nil) }
        return (member as? Value).map { .some($0) }
    }
}
