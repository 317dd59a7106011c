import Foundation
import KairosCapture
import KairosCore

/// Where the server reads Todoist accounts: the API root its operator set (`kairos serve --todoist-api`), never one
/// a request names, and the HTTP client that reaches it.
public struct TodoistSource: Sendable {
    public var api: URL
    public var transport: any TodoistTransport

    public init(api: URL = TodoistReader.defaultAPI, transport: any TodoistTransport) {
        self.api = api
        self.transport = transport
    }
}

/// Imports from Todoist for people without a terminal: a whole account read on the server with their token, or a
/// project's CSV export; each is converted as `kairos import` converts it and added through `UserDataService`, all or
/// nothing. The token serves this one reading and is kept and logged nowhere.
public struct TodoistImportService: Sendable {
    /// The largest CSV taken, as large as an export document.
    public static let csvBytes = UserDataService.importBytes

    let userData: UserDataService
    /// Nil where the server reads no Todoist account (tests that do not need one).
    let source: TodoistSource?
    let clock: Clock

    public init(userData: UserDataService, source: TodoistSource?, clock: Clock) {
        self.userData = userData
        self.source = source
        self.clock = clock
    }

    /// Reads the Todoist account `token` opens and adds it to `user`'s account.
    public func importAccount(token: String, into user: User) async throws -> TodoistImportReport {
        let token = try Self.check(token: token)
        guard let source else {
            throw KairosError.badGateway(
                "This server does not read Todoist accounts. Export each Todoist project as CSV and import the files.")
        }
        let account: TodoistAccount
        do {
            account = try await TodoistReader(api: source.api, token: token, transport: source.transport).read()
        } catch let error as TodoistReadError {
            throw Self.explain(error)
        }
        let conversion = TodoistImport(account, now: clock.now())
        let imported = try await userData.importData(conversion.document, into: user)
        return TodoistImportReport(
            source: .account, imported: imported,
            unreadRecurrences: conversion.unreadRecurrences.map { .init(task: $0.task, dueString: $0.string) },
            skippedReminders: conversion.skippedReminders, remindersRead: account.reminders != nil)
    }

    /// Adds the project of a Todoist CSV export to `user`'s account, named `fileName` without its `.csv`.
    public func importCSV(_ data: Data, fileName: String?, into user: User) async throws -> TodoistImportReport {
        guard !data.isEmpty else {
            throw KairosError.badRequest("Send the CSV file Todoist exported (a project's … menu › Export as CSV).")
        }
        guard let csv = String(data: data, encoding: .utf8) else {
            throw KairosError.invalidField(
                field: "csv", message: "The file is not UTF-8 text: choose the CSV file Todoist exported.")
        }
        let name = try Self.projectName(fileName)
        let zone = TimeZone(identifier: user.timezone) ?? .gmt
        let document = try TodoistCSVImport(csv: csv, projectName: name, timeZone: zone, now: clock.now()).document
        let imported = try await userData.importData(document, into: user)
        return TodoistImportReport(source: .csv, imported: imported, remindersRead: false)
    }

    /// The token as sent to Todoist: trimmed, and only visible ASCII, so it cannot add a header of its own.
    static func check(token: String) throws(KairosError) -> String {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw .invalidField(
                field: "token",
                message: "token is empty: copy your API token from Todoist's Settings › Integrations › Developer.")
        }
        guard trimmed.count <= 500, trimmed.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw .invalidField(
                field: "token",
                message: "token is not a Todoist API token: copy it again from Todoist's Settings › Integrations › "
                    + "Developer.")
        }
        return trimmed
    }

    /// The new project's name: the file's name without `.csv`, or "Todoist" when there is none.
    static func projectName(_ fileName: String?) throws(KairosError) -> String {
        var name = (fileName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.lowercased().hasSuffix(".csv") { name = String(name.dropLast(4)) }
        if name.trimmingCharacters(in: .whitespaces).isEmpty { name = "Todoist" }
        return try Limits.requireText(name, Limits.projectName, field: "name")
    }

    /// A reading failure in words for the person importing; the address is the operator's to fix.
    static func explain(_ error: TodoistReadError) -> KairosError {
        switch error {
        case .tokenRefused:
            .invalidField(field: "token", message: error.description)
        case .rateLimited:
            .tooManyRequests(error.description, retryAfter: 300)
        case .unreachable(let address, _):
            .badGateway(
                "Kairos could not reach Todoist at \(address): try again in a few minutes. If it keeps failing, "
                    + "tell whoever runs this server. Nothing was imported.")
        case .notTodoistAPI, .unexpectedAnswer:
            .badGateway(
                "\(error.description) Try again later; if it keeps failing, tell whoever runs this server that its "
                    + "Todoist address (kairos serve --todoist-api) may be wrong.")
        }
    }
}
