import Foundation

/// The stopwatch as the server read it: its state, and the seconds on its clock at that moment.
public struct TimerReading: Decodable, Hashable, Sendable {
    public var stopwatch: Stopwatch
    /// Whole seconds on the clock at `asOf`, worked out by the server.
    public var elapsedSeconds: Int
    /// The server's time of the reading.
    public var asOf: Date

    public init(stopwatch: Stopwatch, elapsedSeconds: Int, asOf: Date) {
        self.stopwatch = stopwatch
        self.elapsedSeconds = elapsedSeconds
        self.asOf = asOf
    }

    /// The seconds on the clock `interval` after the reading: a running stopwatch keeps counting, others stand
    /// still. Counting from the reading, not from the device's clock, keeps a live display right when the
    /// device's clock and the server's disagree.
    public func elapsedSeconds(after interval: TimeInterval) -> Int {
        guard stopwatch.state == .running else { return elapsedSeconds }
        return elapsedSeconds + Int(max(0, interval).rounded(.down))
    }

    enum CodingKeys: String, CodingKey {
        case elapsedSeconds = "elapsed_seconds"
        case asOf = "as_of"
    }

    public init(from decoder: any Decoder) throws {
        stopwatch = try Stopwatch(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        elapsedSeconds = try container.decode(Int.self, forKey: .elapsedSeconds)
        asOf = try container.decode(Date.self, forKey: .asOf)
    }
}

extension TimerReading: JSONWritable {
    /// The API's shape, so `--json` prints what `GET /time/timer` answers.
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("state"); json.string(stopwatch.state.rawValue)
            json.key("task_id"); json.string(stopwatch.taskID)
            json.key("started_at"); json.date(stopwatch.startedAt)
            json.key("running_since"); json.date(stopwatch.runningSince)
            json.key("accumulated_seconds"); json.int(Int(stopwatch.accumulatedSeconds))
            json.key("stopped_at"); json.date(stopwatch.stoppedAt)
            json.key("elapsed_seconds"); json.int(elapsedSeconds)
            json.key("as_of"); json.date(asOf)
        }
    }
}
