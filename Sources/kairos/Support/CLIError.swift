/// A message for the person at the terminal; ArgumentParser prints it and exits non-zero.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
