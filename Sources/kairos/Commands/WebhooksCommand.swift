import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos webhooks`: lists your outgoing hooks; `--add URL [--ntfy] [--token T]` adds one, `--delete ID` removes
/// one and `--test ID` sends one a test notice now.
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks", abstract: "List, add, remove or test the hooks your notifications are sent to.",
        discussion: """
            kairos webhooks --add https://example.com/hook adds a receiver of signed JSON; its signing secret is \
            shown once. kairos webhooks --add https://ntfy.sh/mytopic --ntfy sends to an ntfy topic instead \
            (--token for a topic that needs an access token). kairos webhooks --test ID sends a test notice now \
            and says what the receiver answered.
            """)

    @Option(help: "The address of a hook to add: a receiver of signed JSON, or with --ntfy an ntfy topic.")
    var add: String?
    @Flag(help: "With --add: the address is an ntfy topic's (https://ntfy.sh/mytopic).")
    var ntfy = false
    @Option(help: "With --add --ntfy: the topic's access token (tk_...).")
    var token: String?
    @Option(help: "The id of a hook to remove.")
    var delete: String?
    @Option(help: "The id of a hook to send a test notice to now.")
    var test: String?
    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        if [add, delete, test].compactMap({ $0 }).count > 1 {
            throw ValidationError("Give one of --add URL, --delete ID or --test ID.")
        }
        if ntfy, add == nil { throw ValidationError("--ntfy goes with --add URL.") }
        if token != nil, !ntfy { throw ValidationError("--token goes with --add URL --ntfy.") }
    }

    func run() async throws {
        let client = try CLISession().client
        if let url = add {
            let hook = try await client.createWebhook(url: url, format: ntfy ? .ntfy : .json, token: token)
            guard !json else { return printJSON(hook) }
            print("Added webhook \(hook.id): \(Self.describe(hook))")
            if let secret = hook.secret {
                print("Signing secret (shown this once; give it to your receiver to check Kairos-Signature):")
                print(secret)
            }
        } else if let id = delete {
            try await client.deleteWebhook(id: id)
            print("Deleted webhook \(id).")
        } else if let id = test {
            let result = try await client.testWebhook(id: id)
            guard !json else { return printJSON(result) }
            guard result.delivered else {
                throw CLIError("Not delivered: \(result.error ?? "the receiver answered \(result.status ?? 0).")")
            }
            print("Delivered: the receiver answered \(result.status ?? 200).")
        } else {
            let hooks = try await client.webhooks()
            guard !json else { return printJSON(hooks) }
            if hooks.isEmpty { return print("No webhooks yet. Add one with: kairos webhooks --add URL") }
            for hook in hooks { print("\(hook.id)  \(Self.describe(hook))") }
        }
    }

    /// `json  https://example.com/hook`, or `ntfy  https://ntfy.sh/mytopic (token)`.
    static func describe(_ hook: Webhook) -> String {
        "\(hook.format.rawValue)  \(hook.url)" + (hook.hasToken ? " (token)" : "")
    }
}
