import Foundation
import NIOCore
import NIOPosix

// The load generator of scripts/bench-messaging, in Swift so that the client's own work takes as little as
// possible of the two cores it shares with the server. The script sets the server up and hands this a run
// as JSON on stdin; it prints the run's figures as one JSON object.
//
// `fixed` runs send `messages` at `rate` per second (open loop: each send is due at its moment whatever the
// answers do) while every member listens on a realtime socket, and time sends and deliveries from the moment
// each send was due. `closed` runs keep `connections` senders busy for `seconds` and count the messages.

struct Member: Decodable, Sendable {
    let id: String
    let token: String
}

struct Group: Decodable, Sendable {
    let id: String
    let members: [Member]
}

struct RunRequest: Decodable, Sendable {
    let port: Int
    let mode: String
    let groups: [Group]
    let rate: Double?
    let messages: Int?
    let seconds: Double?
    let connections: Int
    let tag: String
}

let request = try JSONDecoder().decode(RunRequest.self, from: FileHandle.standardInput.readDataToEndOfFile())
let figures: [String: Double]
switch request.mode {
case "fixed": figures = try await FixedRateRun(request: request).run()
case "closed": figures = try await ClosedLoopRun(request: request).run()
default:
    FileHandle.standardError.write(Data("mode must be fixed or closed\n".utf8))
    exit(2)
}
let output = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys])
print(String(decoding: output, as: UTF8.self))
