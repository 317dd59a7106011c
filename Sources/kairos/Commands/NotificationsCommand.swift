import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos notifications`: what happened that concerns you, newest first.
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications", abstract: "Show your notifications, newest first; --read marks them all read.")

    @Flag(help: "Only the unread ones.")
    var unread = false
    @Flag(help: "Mark every notification read after showing them.")
    var read = false
    @Flag(help: "Print the notifications as JSON.")
    var json = false

    func run() async throws {
        let client = try CLISession().client
        let page = try await client.notifications(unreadOnly: unread, limit: 50)
        if read { _ = try await client.markNotificationsRead() }
        if json { return printJSON(page.results) }
        if page.results.isEmpty { return print(unread ? "No unread notifications." : "No notifications yet.") }
        // On the user's clock, as `kairos thread` shows the same messages, not the machine's. Asked for only
        // now: a request left unawaited is cancelled on return, and a cancelled URLSession task on Linux can
        // keep the command from ever ending.
        let zone = try await client.currentUser().timeZone
        for note in page.results {
            let mark = note.readAt == nil ? "•" : " "
            let clock = ThreadText.clock(note.createdAt, in: zone)
            // A digest's later lines sit under its first, past the time.
            let indent = String(repeating: " ", count: clock.count + 4)
            let text = note.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
            print("\(mark) \(clock)  \(text)")
        }
    }
}
