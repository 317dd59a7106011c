import ArgumentParser
import Dispatch
import Foundation
import KairosClient
import KairosCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `kairos timer ...`: the stopwatch. It runs on the server, so it keeps counting when the terminal closes
/// and every device shows the same one.
struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer", abstract: "Time a task with the stopwatch kept on the server.",
        subcommands: [
            TimerStartCommand.self, TimerPauseCommand.self, TimerResumeCommand.self, TimerStopCommand.self,
            TimerStatusCommand.self,
        ])
}

/// Options every timer command takes.
struct TimerOptions: ParsableArguments {
    @Flag(help: "Print the stopwatch as JSON (the API's shape) instead of a sentence.")
    var json = false
}

/// `kairos timer start ID`: starts timing a task, stopping the stopwatch on any other first.
struct TimerStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start timing a task (a stopwatch already running is stopped first).")
    @Argument(help: "The task's id.")
    var id: String
    @OptionGroup var options: TimerOptions

    func run() async throws {
        let client = try CLISession().client
        let before = try await client.stopwatch()
        let reading = try await client.startStopwatch(taskID: id)
        if options.json { return printJSON(reading) }
        if before.stopwatch.state == .running || before.stopwatch.state == .paused,
            let previous = before.stopwatch.taskID, let stoppedAt = reading.stopwatch.startedAt
        {
            // The server stopped it at the instant the new one started.
            let recorded = before.elapsedSeconds(after: stoppedAt.timeIntervalSince(before.asOf))
            let title = await TimerText.title(of: previous, client: client)
            print("Stopped \(title): \(DurationText.clock(recorded)) recorded.")
        }
        print("Timing \(await TimerText.title(of: id, client: client)). Stop with: kairos timer stop")
    }
}

/// `kairos timer pause`
struct TimerPauseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the running stopwatch.")
    @OptionGroup var options: TimerOptions

    func run() async throws {
        let client = try CLISession().client
        let reading = try await client.pauseStopwatch()
        if options.json { return printJSON(reading) }
        let title = await TimerText.title(of: reading, client: client)
        print("Paused \(title) at \(DurationText.clock(reading.elapsedSeconds)). Go on with: kairos timer resume")
    }
}

/// `kairos timer resume`
struct TimerResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume the paused stopwatch on the same task.")
    @OptionGroup var options: TimerOptions

    func run() async throws {
        let client = try CLISession().client
        let reading = try await client.resumeStopwatch()
        if options.json { return printJSON(reading) }
        let title = await TimerText.title(of: reading, client: client)
        print("Timing \(title) again from \(DurationText.clock(reading.elapsedSeconds)).")
    }
}

/// `kairos timer stop`: stops the stopwatch and says how much time was recorded.
struct TimerStopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop the stopwatch and record the time.")
    @OptionGroup var options: TimerOptions

    func run() async throws {
        let client = try CLISession().client
        let reading = try await client.stopStopwatch()
        if options.json { return printJSON(reading) }
        let title = await TimerText.title(of: reading, client: client)
        print("Stopped \(title): \(DurationText.clock(reading.elapsedSeconds)) recorded.")
    }
}

/// `kairos timer status`: the task being timed and the time on the clock, live with `--watch`.
struct TimerStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the task being timed and the time on the clock.")
    @Flag(help: "Redraw the time every second until Ctrl-C (when printing to a terminal).")
    var watch = false
    @OptionGroup var options: TimerOptions

    /// How often a watched stopwatch is read again, so a pause or stop from another device shows.
    static let refreshSeconds = 15

    func run() async throws {
        let client = try CLISession().client
        let reading = try await client.stopwatch()
        if options.json { return printJSON(reading) }
        guard let taskID = reading.stopwatch.taskID, reading.stopwatch.state != .idle else {
            print("The timer has not been started. Start it with: kairos timer start TASK_ID")
            return
        }
        let title = await TimerText.title(of: taskID, client: client)
        guard watch, isatty(STDOUT_FILENO) != 0 else {
            let rows = [
                ["Task:", title], ["State:", reading.stopwatch.state.rawValue],
                ["Elapsed:", DurationText.clock(reading.elapsedSeconds)],
            ]
            print(TaskTable.align(rows))
            return
        }
        try await watchLive(reading, title: title, client: client)
    }

    /// Redraws one line every second, counting from the last reading; Ctrl-C ends it on a fresh line.
    private func watchLive(_ first: TimerReading, title: String, client: KairosClient) async throws {
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        interrupt.setEventHandler {
            StandardOutput.write("\n")
            TimerStatusCommand.exit()
        }
        interrupt.resume()
        var reading = first
        var title = title
        var received = ContinuousClock.now
        var ticks = 0
        while true {
            let since = Self.seconds(received.duration(to: .now))
            let line =
                "\(title)  \(reading.stopwatch.state.rawValue)  \(DurationText.clock(reading.elapsedSeconds(after: since)))"
            StandardOutput.write("\r\u{1B}[K" + line)
            // Sleep to the next whole second of the clock, so no second is skipped or shown twice.
            try await Task.sleep(for: .seconds(1 - since.truncatingRemainder(dividingBy: 1)))
            ticks += 1
            if ticks % Self.refreshSeconds == 0, let fresh = try? await client.stopwatch() {
                if fresh.stopwatch.taskID != reading.stopwatch.taskID, let taskID = fresh.stopwatch.taskID {
                    title = await TimerText.title(of: taskID, client: client)
                }
                reading = fresh
                received = .now
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Sentences about the stopwatch.
enum TimerText {
    /// "Write the report (42)"; just the id when the task cannot be read.
    static func title(of taskID: String, client: KairosClient) async -> String {
        guard let task = try? await client.task(id: taskID) else { return "task \(taskID)" }
        return "\(TaskTable.clip(task.content, 60)) (\(taskID))"
    }

    static func title(of reading: TimerReading, client: KairosClient) async -> String {
        guard let taskID = reading.stopwatch.taskID else { return "the timer" }
        return await title(of: taskID, client: client)
    }
}
