import ArgumentParser
import AsyncHTTPClient
import Foundation
import KairosCapture
import KairosServer
import Logging

/// `kairos eval CASES.jsonl`: scores the offline engines on a case file, as the shared scorers score
/// `kairos parse --jsonl`, and, with a model configured, the model as the server uses it, side by side.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the offline engines, and a configured model, on a case file.",
        discussion: """
            Reads a case file, one JSON object a line: {"id", "category", "now", "tz", "lists", "input", \
            "expected"}, where expected holds {"tasks": [...]} for capture or {"type", ...} for the assistant, \
            and prints case_exact, the task count, each field and each category, with the comparison rules of \
            the shared scorers (capture-score.py, score-assistant.py). With a model configured (the --ai-* \
            options or the KAIROS_AI_* variables, as for kairos serve), the model is scored in a second column as \
            the server uses it, with how often it fell back on the offline engine and why, and how long it took.
            """)

    @Argument(help: "The case file (JSONL).")
    var cases: String

    @Option(help: "What the cases score (default: read from the first case).")
    var kind: EvalKind?

    @Option(help: "Print up to this many failed cases, with input, expected and got.")
    var failures = 0

    @Option(help: "How many cases a slow subject (a model) answers at once.")
    var parallel = 4

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    @OptionGroup var model: ModelOptions

    func validate() throws {
        if failures < 0 { throw ValidationError("--failures must be 0 or more.") }
        if parallel < 1 { throw ValidationError("--parallel must be 1 or more.") }
    }

    func run() async throws {
        let evalCases = try readCases()
        let runner = EvalRunner(parallel: parallel)
        var subjects: [any EvalSubject] = [OfflineSubject()]
        var client: HTTPClient?
        if let configuration = try model.configuration() {
            let http = HTTPClient.forModels()
            client = http
            var logger = Logger(label: "kairos")
            logger.logLevel = .error
            let languageModel = configuration.makeModel(client: http, logger: logger)
            subjects.append(ModelSubject(capture: ModelCapture(model: languageModel, logger: logger)))
        }
        var columns: [EvalColumn] = []
        for subject in subjects {
            let outcomes = await runner.run(subject, on: evalCases)
            columns.append(EvalColumn(name: subject.name, cases: evalCases, outcomes: outcomes))
        }
        try await client?.shutdown()
        let report = EvalReport(file: cases, cases: evalCases, columns: columns)
        if json {
            var bytes = report.json()
            bytes.append(UInt8(ascii: "\n"))
            StandardOutput.write(bytes)
        } else {
            StandardOutput.write(report.table(failures: failures) + "\n")
        }
    }

    private func readCases() throws -> [EvalCase] {
        let text: String
        do {
            text = try String(contentsOfFile: cases, encoding: .utf8)
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: cases) ? "it is not readable UTF-8 text" : "no such file"
            throw CLIError("Cannot read the case file \(cases): \(reason).")
        }
        do {
            return try EvalCaseFile.read(text, kind: kind)
        } catch {
            throw CLIError(error.line.map { "\(cases), line \($0): \(error.message)" } ?? "\(cases): \(error.message)")
        }
    }
}

extension EvalKind: ExpressibleByArgument {}
