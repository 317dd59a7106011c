import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos send THREAD "text"`: posts a message; a retry after a network failure never posts it twice.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "send", abstract: "Send a message to a conversation.")
    @Argument(help: "The conversation's id (see kairos threads).")
    var thread: String
    @Argument(help: "The message. Mention people with @name.")
    var text: String

    func run() async throws {
        let client = try CLISession().client
        // One client id for every attempt: the server answers a repeat with the message it already has.
        let clientID = UUID().uuidString
        var attempt = 1
        while true {
            do {
                let posted = try await client.sendMessage(conversationID: thread, text: text, clientID: clientID)
                print("Sent \(posted.message.id).")
                if !posted.unresolvedMentions.isEmpty {
                    let names = posted.unresolvedMentions.map { "@\($0)" }.joined(separator: ", ")
                    print("Not in this conversation, so not notified: \(names).")
                }
                return
            } catch KairosClientError.transport(let reason) where attempt < 3 {
                FileHandle.standardError.write(Data("\(reason) Retrying...\n".utf8))
                attempt += 1
                try await Task.sleep(nanoseconds: UInt64(attempt) * 500_000_000)
            }
        }
    }
}
