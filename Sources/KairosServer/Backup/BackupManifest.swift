import Foundation

/// The table of contents a backup archive ends with, as `manifest.json`: what made it, when, and each
/// file's size and SHA-256, so a restore can tell a whole archive from a damaged one before writing anything.
struct BackupManifest: Codable, Equatable {
    /// The archive layout this version writes; a restore refuses other values.
    static let currentFormat = 1
    /// The entry's name in the archive.
    static let entryName = "manifest.json"

    /// One file in the archive, by its path inside the data folder.
    struct File: Codable, Equatable {
        var path: String
        var size: Int64
        var sha256: String
    }

    var format: Int
    var createdAt: Date
    /// The schema migrations applied to the archived database, oldest first.
    var kairosMigrations: [String]
    var files: [File]

    enum CodingKeys: String, CodingKey {
        case format
        case createdAt = "created_at"
        case kairosMigrations = "kairos_migrations"
        case files
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    static func decode(_ data: Data) throws -> BackupManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(BackupManifest.self, from: data)
    }
}
