import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input from the person at the terminal.
enum Prompt {
    /// Reads a secret without echoing it when standard input is a terminal; from a pipe, reads one line.
    static func secret(_ prompt: String) throws -> String {
        if isatty(STDIN_FILENO) != 0, let typed = getpass(prompt) {
            return String(cString: typed)
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CLIError("No password given. Pass --password or type it when asked.")
        }
        return line
    }

    /// Asks a yes/no question; anything but y/yes is no.
    static func confirm(_ question: String) -> Bool {
        print(question, terminator: " [y/N] ")
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }
}
