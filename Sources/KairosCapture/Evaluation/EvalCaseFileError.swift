/// Why a case file cannot be read: the line (from 1, nil for the whole file) and what to fix.
public struct EvalCaseFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
