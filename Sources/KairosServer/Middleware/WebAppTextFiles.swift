import CompressNIO
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The web app's text files (pages, scripts, styles, icons, manifest) sent gzipped to browsers that
/// accept it, which makes them about a quarter of their size on a slow phone line.
///
/// A file is compressed once per version (its size and modification time) and kept; its ETag names the
/// version and the encoding, so a browser revalidates with a 304 as with the plain files.
final class WebAppTextFiles: Sendable {
    /// A text file's version, type and bytes.
    struct File {
        var version: String
        var contentType: String
        var bytes: () -> ByteBuffer?
    }

    static let contentTypes = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "webmanifest": "application/manifest+json",
    ]

    private let folder: String
    private let compressed = Mutex<[String: (version: String, body: ByteBuffer)]>([:])

    init(folder: String) {
        self.folder = folder
    }

    /// The text file at URL `path` ("/" is the index page), or nil for any other path, a missing file
    /// or a path that could leave the folder.
    func file(at path: String) -> File? {
        let relative = path == "/" ? "index.html" : String(path.dropFirst())
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-")
        guard path.hasPrefix("/"), !relative.isEmpty, relative.unicodeScalars.allSatisfy(allowed.contains),
            !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
            let type = Self.contentTypes[(relative as NSString).pathExtension]
        else { return nil }
        let full = (folder as NSString).appendingPathComponent(relative)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return File(
            version: "\(size)-\(Int64(modified * 1000))", contentType: type,
            bytes: { FileManager.default.contents(atPath: full).map { ByteBuffer(bytes: $0) } })
    }

    /// The answer to `request` for `file` under `key`: a 304 when the browser has this version, else its
    /// bytes, gzipped when `gzip`.
    func response(for file: File, key: String, to request: Request, gzip: Bool) -> Response? {
        let tag = "\"\(file.version)\(gzip ? "-gz" : "")\""
        var headers: HTTPFields = [.cacheControl: "no-cache", .eTag: tag, .vary: "Accept-Encoding"]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == tag
        }) == true {
            return Response(status: .notModified, headers: headers)
        }
        guard let body = gzip ? gzipped(file, key: key) : file.bytes() else { return nil }
        headers[.contentType] = file.contentType
        if gzip { headers[.contentEncoding] = "gzip" }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Whether the browser takes gzip, by its `Accept-Encoding`.
    static func acceptsGzip(_ request: Request) -> Bool {
        (request.headers[.acceptEncoding] ?? "").split(separator: ",").contains { part in
            let coding = part.split(separator: ";")
            return coding.first?.trimmingCharacters(in: .whitespaces).lowercased() == "gzip"
                && !coding.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
    }

    private func gzipped(_ file: File, key: String) -> ByteBuffer? {
        if let kept = compressed.withLock({ $0[key] }), kept.version == file.version { return kept.body }
        guard var plain = file.bytes(), let body = try? plain.compress(with: .gzip()) else { return nil }
        compressed.withLock { $0[key] = (file.version, body) }
        return body
    }
}
