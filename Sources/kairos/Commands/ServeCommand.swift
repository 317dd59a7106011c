import ArgumentParser
import Foundation
import KairosAI
import KairosCore
import KairosServer
import Logging

/// `kairos serve`: the server on the embedded SQLite store, or on a PostgreSQL database several processes share.
///
/// Every setting comes from its flag, else its `KAIROS_*` variable, else the `--config` file, else its
/// default (`SettingSources`); `--check-config` reads and checks them all, prints where each came from and
/// exits.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Kairos server on its embedded SQLite database, or on a shared PostgreSQL one.",
        discussion: "Each --NAME option can also be set by the variable KAIROS_NAME or by NAME in the --config file.")

    @Option(help: "A TOML file of settings, such as kairos.toml ($KAIROS_SERVER_CONFIG).")
    var config: String?

    @Flag(help: "Read and check every setting, print where each came from, and exit without serving.")
    var checkConfig = false

    @Option(help: "Folder for the database, uploads and the push key; created if missing. Default: kairos-data.")
    var data: String?

    @Option(
        help: "A shared PostgreSQL database (postgres://USER:PASSWORD@HOST:PORT/DATABASE) instead of the data folder's own, for several kairos processes; they share the data folder too.")
    var database: String?

    @Option(help: "Address to listen on; 0.0.0.0 accepts other machines. Default: 127.0.0.1.")
    var host: String?

    @Option(help: "Port to listen on. Default: 8080.")
    var port: Int?

    @Option(help: "Folder of the web app served at /. Default: ./web, or web next to the kairos binary.")
    var web: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical. Default: notice.")
    var logLevel: String?

    @Option(help: "Log format: text, or json for one JSON object per line. Default: text.")
    var logFormat: String?

    @Option(
        help: "A token a Prometheus elsewhere sends (Authorization: Bearer) to read /metrics. Default: loopback only.")
    var metricsToken: String?

    @Option(help: "Request budgets per API token on capture, search, assistant, uploads, imports and writes: off or standard. Default: off.")
    var rateLimit: String?

    @Option(help: "The address people open Kairos at, for links in emails. Default: http://HOST:PORT.")
    var publicURL: String?

    @Option(help: "Todoist's API address, read by Settings › Import. Default: \(TodoistReader.defaultAPI).")
    var todoistAPI: String?

    @Option(help: "Reverse proxies whose X-Forwarded-For names the client: addresses or CIDR ranges, comma-separated.")
    var trustedProxies: String?

    @Option(help: "A sendmail-compatible command that sends emails, reading recipients from the headers (msmtp -t).")
    var sendmail: String?

    @Option(help: "The sender of emails. Default: Kairos <kairos@localhost>.")
    var mailFrom: String?

    @Option(help: "Seconds before the first retry of an email the mail command refused; doubles each time. Default: 30.")
    var mailRetrySeconds: Double?

    @Option(help: "Who push services may write to about this server's pushes (mailto: or https:). Default: the sender.")
    var pushContact: String?

    @Flag(help: "Accept push subscriptions on loopback addresses (for a local push service in tests).")
    var pushAllowLoopback = false

    @Option(help: "Back the data folder up this often: 30s, 15m, 24h or 7d. Default: never.")
    var backupEvery: String?

    @Option(help: "How many scheduled backups to keep, newest first. Default: 7.")
    var backupKeep: Int?

    @Option(help: "Folder for scheduled backups and for the copies taken before upgrades. Default: DATA/backups.")
    var backupDir: String?

    @OptionGroup var model: ModelOptions

    @OptionGroup var oidc: OIDCOptions

    /// The names a config file may set: every option above but `config` and `check-config`.
    static let settingNames = Set([
        "data", "database", "host", "port", "web", "log-level", "log-format", "metrics-token", "rate-limit", "public-url", "todoist-api", "trusted-proxies", "sendmail",
        "mail-from", "mail-retry-seconds", "push-contact", "push-allow-loopback", "backup-every", "backup-keep",
        "backup-dir",
    ]).union(ModelOptions.settingNames).union(OIDCOptions.settingNames)

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (settled, sources) = try settings(environment: environment)
        var configuration = settled
        if checkConfig {
            _ = try logFormat(from: sources)
            try Self.checkDataFolder(configuration.dataDirectory)
            print(report(configuration, sources: sources))
            return
        }
        let level = configuration.logLevel
        switch try logFormat(from: sources) {
        case .text:
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        case .json:
            LoggingSystem.bootstrap { label in
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
        }
        let metrics = ServerMetrics()
        metrics.bootstrapMetricsSystem()
        configuration.metrics = metrics
        if configuration.webDirectory == nil {
            Logger(label: "kairos").notice("No web app folder found (./web); serving the API only. Pass --web DIR.")
        }
        if let database = sources.string("database", flag: database) {
            try await Self.serve(configuration, database: database)
        } else {
            let app = try await buildApplication(configuration)
            try await app.runService()
        }
    }

    /// The server's configuration from every source, checked; a setting that cannot work is a usage
    /// error naming where it was set and what to set instead.
    private func settings(environment: [String: String]) throws -> (ServerConfiguration, SettingSources) {
        do {
            let path = config ?? environment["KAIROS_SERVER_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
            let sources = try SettingSources(
                environment: environment, file: try path.map(ConfigFile.load), known: Self.settingNames)
            return (try configuration(from: sources), sources)
        } catch let error as ConfigFileError {
            throw CLIError(error.description)
        }
    }

    private func configuration(from sources: SettingSources) throws -> ServerConfiguration {
        let levelSetting = sources.value("log-level", flag: logLevel)
        guard let level = Logger.Level(rawValue: levelSetting?.text ?? "notice") else {
            throw ConfigFileError(
                "\(levelSetting?.origin ?? "--log-level") must be one of trace, debug, info, notice, warning, error, critical.")
        }
        let webSetting = sources.value("web", flag: web)
        if let webSetting, !WebAppFolder.holdsApp(webSetting.text) {
            throw ConfigFileError(
                "\(webSetting.origin): \(webSetting.text) has no index.html. Point it at the web folder of the Kairos repository.")
        }
        var configuration = ServerConfiguration(
            host: sources.string("host", flag: host) ?? "127.0.0.1",
            port: try sources.integer("port", flag: port, in: 0...65535) ?? 8080,
            dataDirectory: sources.string("data", flag: data) ?? "kairos-data", logLevel: level,
            webDirectory: WebAppFolder.locate(explicit: webSetting?.text),
            publicURL: try Self.address(sources.value("public-url", flag: publicURL)),
            sendmailCommand: sources.string("sendmail", flag: sendmail))
        if let sender = sources.string("mail-from", flag: mailFrom) { configuration.mailSender = sender }
        if let retry = sources.value("mail-retry-seconds", flag: mailRetrySeconds.map { String($0) }) {
            guard let seconds = Double(retry.text), seconds > 0, seconds <= 86_400 else {
                throw ConfigFileError("\(retry.origin) must be a number of seconds above 0, not \"\(retry.text)\".")
            }
            configuration.mailRetryBase = .milliseconds(Int(seconds * 1000))
        }
        configuration.pushEndpoints = PushEndpointRule(
            allowsLoopback: try sources.flag("push-allow-loopback", flag: pushAllowLoopback))
        configuration.pushContact = sources.string("push-contact", flag: pushContact)
        if let api = try Self.address(sources.value("todoist-api", flag: todoistAPI)) {
            configuration.todoistAPI = URL(string: api)!
        }
        if let proxies = sources.value("trusted-proxies", flag: trustedProxies) {
            do {
                configuration.trustedProxies = try TrustedProxies(parsing: proxies.text)
            } catch {
                throw ConfigFileError("\(proxies.origin): \(error.message)")
            }
        }
        if let every = sources.value("backup-every", flag: backupEvery) {
            guard let interval = BackupInterval(every.text) else {
                throw ConfigFileError("\(every.origin) must be a number and a unit, such as 30s, 15m, 24h or 7d.")
            }
            configuration.backupInterval = interval
        }
        if let every = sources.value("backup-every", flag: backupEvery), sources.value("database", flag: database) != nil {
            throw ConfigFileError(
                "\(every.origin): scheduled backups copy the data folder's own database. With --database, back "
                    + "PostgreSQL up with its own tools (pg_dump), and the data folder with yours.")
        }
        if let keep = try sources.integer("backup-keep", flag: backupKeep, in: 1...10_000) {
            configuration.backupKeep = keep
        }
        configuration.backupDirectory = sources.string("backup-dir", flag: backupDir)
        if let limit = sources.value("rate-limit", flag: rateLimit) {
            switch limit.text {
            case "off": configuration.rateLimits = [:]
            case "standard": configuration.rateLimits = RateLimit.standardBudgets
            default: throw ConfigFileError("\(limit.origin) must be off or standard, not \"\(limit.text)\".")
            }
        }
        configuration.metricsToken = sources.string("metrics-token", flag: metricsToken)
        configuration.model = try model.configuration(sources: sources)
        configuration.oidc = try oidc.configuration(sources: sources)
        return configuration
    }

    private enum LogFormat {
        case text, json
    }

    private func logFormat(from sources: SettingSources) throws -> LogFormat {
        guard let format = sources.value("log-format", flag: logFormat) else { return .text }
        switch format.text {
        case "text": return .text
        case "json": return .json
        default: throw CLIError("\(format.origin) must be text or json, not \"\(format.text)\".")
        }
    }

    /// The data folder must be a writable folder, or one that can be made.
    private static func checkDataFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        let files = FileManager.default
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue, files.isWritableFile(atPath: path) else {
                throw CLIError("The data folder \(path) is not a folder this user can write to.")
            }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard files.isWritableFile(atPath: parent.isEmpty ? "." : parent) else {
            throw CLIError("The data folder \(path) does not exist and \(parent) is not writable to make it.")
        }
    }

    /// An `http` or `https` address, or nil when the setting is not given.
    private static func address(_ setting: Setting?) throws(ConfigFileError) -> String? {
        guard let setting else { return nil }
        guard let url = URL(string: setting.text), url.scheme == "https" || url.scheme == "http", url.host != nil
        else {
            throw ConfigFileError("\(setting.origin) must be an http:// or https:// address, not \"\(setting.text)\".")
        }
        return setting.text
    }

    /// What `--check-config` prints: each setting that is set, where from, with secrets hidden.
    private func report(_ configuration: ServerConfiguration, sources: SettingSources) -> String {
        var lines = ["The settings are usable. Kairos would serve:"]
        let flags: [String: String?] = [
            "data": data, "database": database, "host": host, "port": port.map(String.init), "web": web, "log-level": logLevel,
            "log-format": logFormat, "metrics-token": metricsToken, "rate-limit": rateLimit,
            "public-url": publicURL, "todoist-api": todoistAPI, "trusted-proxies": trustedProxies,
            "sendmail": sendmail, "mail-from": mailFrom, "mail-retry-seconds": mailRetrySeconds.map { String($0) },
            "push-contact": pushContact, "push-allow-loopback": pushAllowLoopback ? "true" : nil,
            "backup-every": backupEvery, "backup-keep": backupKeep.map(String.init), "backup-dir": backupDir,
        ].merging(model.flags) { first, _ in first }.merging(oidc.flags) { first, _ in first }
        for name in Self.settingNames.sorted() {
            guard let setting = sources.value(name, flag: flags[name] ?? nil) else { continue }
            let secret = name == "metrics-token" || name == "database" || ModelOptions.secretNames.union(OIDCOptions.secretNames).contains(name)
            let shown = secret ? "(hidden)" : setting.text
            lines.append("  \(name) = \(shown)    from \(setting.origin)")
        }
        lines.append("  address: http://\(configuration.host):\(configuration.port), data: \(configuration.databasePath)")
        lines.append("  web app: \(configuration.webDirectory ?? "none found; the API only")")
        return lines.joined(separator: "\n")
    }
}
