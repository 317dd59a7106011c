import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos feeds`: lists your calendar feeds; `--add [--project ID]` makes one and prints its address once,
/// `--delete ID` ends one.
struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "List, make or end the calendar feeds of your due tasks.",
        discussion: """
            kairos feeds --add prints a private address to subscribe to from Google Calendar, Outlook or Apple \
            Calendar, shown once; --project ID makes it one project's. Anyone with the address can read it: \
            kairos feeds --delete ID ends it.
            """)

    @Flag(help: "Make a feed and print its address.")
    var add = false
    @Option(help: "With --add: the project the feed shows (all of them without it).")
    var project: String?
    @Option(help: "The id of a feed to end.")
    var delete: String?

    func validate() throws {
        if add, delete != nil { throw ValidationError("Give one of --add or --delete ID.") }
        if project != nil, !add { throw ValidationError("--project goes with --add.") }
    }

    func run() async throws {
        let client = try CLISession().client
        if add {
            let feed = try await client.createCalendarFeed(projectID: project)
            print("Made feed \(feed.id). Its address, shown this once:")
            print(feed.url ?? "")
        } else if let id = delete {
            try await client.deleteCalendarFeed(id: id)
            print("Ended feed \(id).")
        } else {
            let feeds = try await client.calendarFeeds()
            guard !feeds.isEmpty else { return print("No calendar feeds. Make one with: kairos feeds --add") }
            for feed in feeds {
                print("\(feed.id)\t\(feed.projectID.map { "project \($0)" } ?? "all projects")\tmade \(feed.createdAt.formatted(.iso8601))")
            }
        }
    }
}
