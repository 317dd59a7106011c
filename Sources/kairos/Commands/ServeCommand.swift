import ArgumentParser
import Foundation
import KairosAI
import KairosCore
import KairosServer
import Logging

/// `kairos serve`: the server on the embedded SQLite store.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Kairos server with its embedded SQLite database.")

    @Option(help: "Folder for the database; created if missing.")
    var data = "kairos-data"

    @Option(help: "Address to listen on. Use 0.0.0.0 to accept connections from other machines.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(help: "Folder of the web app served at /. Default: ./web, or web next to the kairos binary.")
    var web: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "notice"

    @Option(help: "The address people open Kairos at, for links in emails (default: http://HOST:PORT).")
    var publicURL = ProcessInfo.processInfo.environment["KAIROS_PUBLIC_URL"]

    @Option(help: "Todoist's API address, read by Settings › Import (default \(TodoistReader.defaultAPI)).")
    var todoistAPI = ProcessInfo.processInfo.environment["KAIROS_TODOIST_API"]

    @Option(help: "Log format: text, or json for one JSON object per line (env KAIROS_LOG_FORMAT).")
    var logFormat = ProcessInfo.processInfo.environment["KAIROS_LOG_FORMAT"] ?? "text"

    @Option(
        help: """
            Token a Prometheus elsewhere sends (Authorization: Bearer) to read /metrics; without one, only \
            loopback may (env KAIROS_METRICS_TOKEN).
            """)
    var metricsToken = ProcessInfo.processInfo.environment["KAIROS_METRICS_TOKEN"]

    @Option(
        help: """
            Request budgets per API token on capture, search, assistant, uploads, imports and writes: off or \
            standard (env KAIROS_RATE_LIMIT).
            """)
    var rateLimit = ProcessInfo.processInfo.environment["KAIROS_RATE_LIMIT"] ?? "off"

    @OptionGroup var model: ModelOptions

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        let rateLimits: [RateLimitGroup: TokenBucket.Budget]
        switch rateLimit {
        case "off", "": rateLimits = [:]
        case "standard": rateLimits = RateLimit.standardBudgets
        default: throw ValidationError("--rate-limit must be off or standard.")
        }
        switch logFormat {
        case "text", "":
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        case "json":
            LoggingSystem.bootstrap { label in
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
        default:
            throw ValidationError("--log-format must be text or json.")
        }
        let metrics = ServerMetrics()
        metrics.bootstrapMetricsSystem()
        if let web, !WebAppFolder.holdsApp(web) {
            throw ValidationError(
                "--web \(web) has no index.html. Point it at the web folder of the Kairos repository.")
        }
        let webDirectory = WebAppFolder.locate(explicit: web)
        if webDirectory == nil {
            Logger(label: "kairos").notice("No web app folder found (./web); serving the API only. Pass --web DIR.")
        }
        let environment = ProcessInfo.processInfo.environment
        var configuration = ServerConfiguration(
            host: host, port: port, dataDirectory: data, logLevel: level, webDirectory: webDirectory,
            publicURL: publicURL, sendmailCommand: environment["KAIROS_SENDMAIL"].flatMap { $0.isEmpty ? nil : $0 })
        if let sender = environment["KAIROS_MAIL_FROM"] { configuration.mailSender = sender }
        if let retry = environment["KAIROS_MAIL_RETRY_SECONDS"].flatMap(Double.init) {
            configuration.mailRetryBase = .milliseconds(Int(retry * 1000))
        }
        configuration.pushEndpoints = PushEndpointRule(allowsLoopback: environment["KAIROS_PUSH_ALLOW_LOOPBACK"] == "1")
        configuration.pushContact = environment["KAIROS_PUSH_CONTACT"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.model = try model.configuration()
        configuration.metrics = metrics
        configuration.metricsToken = metricsToken.flatMap { $0.isEmpty ? nil : $0 }
        configuration.rateLimits = rateLimits
        if let todoistAPI, !todoistAPI.isEmpty {
            guard let url = URL(string: todoistAPI), url.scheme == "https" || url.scheme == "http", url.host != nil
            else {
                throw ValidationError("--todoist-api must be an address such as \(TodoistReader.defaultAPI).")
            }
            configuration.todoistAPI = url
        }
        let app = try await buildApplication(configuration)
        try await app.runService()
    }
}
