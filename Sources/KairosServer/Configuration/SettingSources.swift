import Foundation

/// Where `kairos serve` finds each setting: its flag first, then its `KAIROS_*` variable, then the config
/// file, then the default. A setting named `public-url` has the flag `--public-url`, the variable
/// `KAIROS_PUBLIC_URL` and the key `public-url` (or `public_url`) in the file.
public struct SettingSources: Sendable {
    public let environment: [String: String]
    public let file: ConfigFile?

    /// Fails when the file sets a name that is not one of `known`, naming it, so a typo is never ignored.
    public init(environment: [String: String], file: ConfigFile?, known: Set<String>) throws(ConfigFileError) {
        self.environment = environment
        self.file = file
        if let file {
            for name in file.values.keys.sorted() where !known.contains(name) {
                throw ConfigFileError(
                    "\(file.path) sets \(name), which is not a setting of kairos serve. The README's table lists them.")
            }
        }
    }

    public static func variable(for name: String) -> String {
        "KAIROS_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The setting's text and where it came from (`--port`, `KAIROS_PORT`, `kairos.toml: port`), or nil
    /// when nothing sets it. An empty variable counts as unset, as the shell's `VAR= kairos serve` means.
    public func value(_ name: String, flag: String?) -> Setting? {
        if let flag { return Setting(text: flag, origin: "--\(name)") }
        let variable = Self.variable(for: name)
        if let text = environment[variable], !text.isEmpty { return Setting(text: text, origin: variable) }
        if let file, let text = file.values[name] { return Setting(text: text, origin: "\(file.path): \(name)") }
        return nil
    }

    public func string(_ name: String, flag: String?) -> String? {
        value(name, flag: flag)?.text
    }

    public func integer(_ name: String, flag: Int?, in range: ClosedRange<Int>) throws(ConfigFileError) -> Int? {
        if let flag { return try Self.checked(flag, origin: "--\(name)", in: range) }
        guard let setting = value(name, flag: nil) else { return nil }
        guard let number = Int(setting.text) else {
            throw ConfigFileError("\(setting.origin) must be a whole number, not \"\(setting.text)\".")
        }
        return try Self.checked(number, origin: setting.origin, in: range)
    }

    public func flag(_ name: String, flag: Bool) throws(ConfigFileError) -> Bool {
        if flag { return true }
        guard let setting = value(name, flag: nil) else { return false }
        switch setting.text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigFileError("\(setting.origin) must be true or false, not \"\(setting.text)\".")
        }
    }

    private static func checked(_ number: Int, origin: String, in range: ClosedRange<Int>) throws(ConfigFileError)
        -> Int
    {
        guard range.contains(number) else {
            throw ConfigFileError("\(origin) must be from \(range.lowerBound) to \(range.upperBound), not \(number).")
        }
        return number
    }
}

/// A setting's text and the place that set it.
public struct Setting: Sendable, Equatable {
    public let text: String
    public let origin: String

    public init(text: String, origin: String) {
        self.text = text
        self.origin = origin
    }
}
