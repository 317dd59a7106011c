import ArgumentParser
import KairosClient
import KairosCore

/// What `kairos mute` and `kairos unmute` act on.
enum MuteTarget: String, ExpressibleByArgument, CaseIterable {
    case project, task
}

/// `kairos mute project NAME|ID` or `kairos mute task ID`: that project's or task's activity stops notifying you.
struct MuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mute",
        abstract: "Stop a project's or a task's activity notifying you (mentions and assignments still do).")

    @Argument(help: "project or task.")
    var target: MuteTarget
    @Argument(help: "The project's name or id, or the task's id.")
    var reference: String

    func run() async throws {
        try await setMuted(true, target, reference)
    }
}

/// `kairos unmute project NAME|ID` or `kairos unmute task ID`: notifications come again.
struct UnmuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unmute", abstract: "Let a muted project or task notify you again.")

    @Argument(help: "project or task.")
    var target: MuteTarget
    @Argument(help: "The project's name or id, or the task's id.")
    var reference: String

    func run() async throws {
        try await setMuted(false, target, reference)
    }
}

/// Mutes or unmutes what `target` and `reference` name, and says so.
private func setMuted(_ muted: Bool, _ target: MuteTarget, _ reference: String) async throws {
    let client = try CLISession().client
    let done = muted ? "Muted" : "Unmuted"
    switch target {
    case .project:
        let project = try await MembersCommand.project(named: reference, client: client)
        if muted {
            try await client.muteProject(id: project.id)
        } else {
            try await client.unmuteProject(id: project.id)
        }
        print("\(done) \(project.name).")
    case .task:
        let task = try await client.task(id: reference)
        if muted { try await client.muteTask(id: task.id) } else { try await client.unmuteTask(id: task.id) }
        print("\(done) \(task.content).")
    }
}
