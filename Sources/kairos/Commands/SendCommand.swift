import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos send THREAD "text" [--attach FILE]...`: posts a message, with files; a retry after a network
/// failure never posts it twice.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "send", abstract: "Send a message to a conversation.")
    @Argument(help: "The conversation's id (see kairos threads).")
    var thread: String
    @Argument(help: "The message. Mention people with @name. May be left out when attaching files.")
    var text: String?
    @Option(
        name: .customLong("attach"),
        help: "An image (PNG, JPEG, GIF, WebP, HEIC) or PDF of up to 25 MiB to attach; repeat for more (up to 10).")
    var files: [String] = []

    func validate() throws {
        guard text?.isEmpty == false || !files.isEmpty else {
            throw ValidationError("Give the message text, or files with --attach.")
        }
        guard files.count <= Limits.attachmentsPerMessage else {
            throw ValidationError("A message carries at most \(Limits.attachmentsPerMessage) files.")
        }
    }

    func run() async throws {
        let client = try CLISession().client
        let uploads = try await upload(files, with: client)
        // One client id for every attempt: the server answers a repeat with the message it already has.
        let clientID = UUID().uuidString
        var attempt = 1
        while true {
            do {
                let posted = try await client.sendMessage(
                    conversationID: thread, text: text ?? "", attachmentIDs: uploads.map(\.id), clientID: clientID)
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

    /// Reads and uploads each file, refusing a missing or oversized one before anything is sent.
    private func upload(_ paths: [String], with client: KairosClient) async throws -> [Attachment] {
        var contents: [(name: String, data: Data)] = []
        for path in paths {
            let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CLIError("Cannot read \(path). Check the path.")
            }
            guard data.count <= Limits.attachmentBytes else {
                throw CLIError(
                    "\(path) is over \(Limits.attachmentBytes >> 20) MiB. Send a smaller file, or a link to it.")
            }
            contents.append((url.lastPathComponent, data))
        }
        var uploads: [Attachment] = []
        for (name, data) in contents {
            do {
                uploads.append(try await client.uploadAttachment(data, name: name))
            } catch KairosClientError.server(_, _, let message) {
                throw CLIError("\(name): \(message)")
            }
        }
        return uploads
    }
}
