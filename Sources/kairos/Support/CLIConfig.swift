import Foundation
import KairosClient

/// Where the CLI finds the server and its token: `KAIROS_SERVER`/`KAIROS_TOKEN`, else the file `kairos login` wrote.
struct CLIConfig: Codable {
    var server: String
    var token: String

    /// `$KAIROS_CONFIG`, else `$XDG_CONFIG_HOME/kairos/config.json`, else `~/.config/kairos/config.json`.
    static var fileURL: URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["KAIROS_CONFIG"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return base.appendingPathComponent("kairos").appendingPathComponent("config.json")
    }

    static func load() throws -> CLIConfig {
        let environment = ProcessInfo.processInfo.environment
        if let server = environment["KAIROS_SERVER"], let token = environment["KAIROS_TOKEN"] {
            return CLIConfig(server: server, token: token)
        }
        guard let data = try? Data(contentsOf: fileURL) else {
            throw CLIError("Not logged in. Run: kairos login --server http://127.0.0.1:8080 --email you@example.com")
        }
        do {
            return try JSONDecoder().decode(CLIConfig.self, from: data)
        } catch {
            throw CLIError("\(fileURL.path) is damaged. Run kairos login again.")
        }
    }

    /// Writes the file readable by its owner only, since it holds a secret.
    func save() throws {
        let url = Self.fileURL
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let written = FileManager.default.createFile(
            atPath: url.path, contents: try encoder.encode(self), attributes: [.posixPermissions: 0o600])
        guard written else {
            throw CLIError("Could not write \(url.path). Check that its folder is writable, or set KAIROS_CONFIG.")
        }
    }

    func client() throws -> KairosClient {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
            throw CLIError("The server address \"\(server)\" is not an http(s) URL. Run kairos login again.")
        }
        return KairosClient(baseURL: url, token: token)
    }
}
