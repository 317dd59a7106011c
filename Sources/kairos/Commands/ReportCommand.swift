import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos report`: where the time went, this week by default.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Show where the time went: days, totals, estimates and streaks.",
        discussion: "Days are your calendar days, in the time zone of your account.")

    @Flag(help: "Monday to Sunday of this week (the default).")
    var week = false

    @Option(help: "The first day, such as 2026-03-02 (default: 6 days before --to).")
    var from: String?

    @Option(help: "The last day, such as 2026-03-08 (default: today).")
    var to: String?

    @Option(help: "Also total the time by day, project, label or task.")
    var by: TimeReport.Grouping = .day

    @Flag(help: "Print the report as JSON (the API's shape).")
    var json = false

    func validate() throws {
        if week && (from != nil || to != nil) { throw ValidationError("Give either --week or --from/--to, not both.") }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, LocalDate(iso: value) == nil {
                throw ValidationError("\(name) must be a date such as 2026-03-04.")
            }
        }
    }

    func run() async throws {
        let client = try CLISession().client
        var first = from.flatMap(LocalDate.init(iso:))
        var last = to.flatMap(LocalDate.init(iso:))
        if first == nil && last == nil {
            let today = LocalDate.today(in: try await client.currentUser().timeZone, now: Date())
            first = today.adding(days: 1 - today.weekday.rawValue)
            last = first?.adding(days: 6)
        }
        let (start, end, grouping) = (first, last, by)
        async let reportRequest = settle { try await client.timeReport(from: start, to: end, groupBy: grouping) }
        async let projectsRequest = settle { json ? [] : try await client.allProjects() }
        let (reportResult, projectsResult) = await (reportRequest, projectsRequest)
        let report = try reportResult.get()
        if json { return printJSON(report) }
        let names = Dictionary(
            try projectsResult.get().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        print(ReportTable(report: report, projectNames: names).render())
    }
}

extension TimeReport.Grouping: ExpressibleByArgument {}
