import Foundation
import Hummingbird
import Logging

/// Serves the web app's static files (`web/` in the repository) for paths no route answers.
///
/// Every file is sent with `Cache-Control: no-cache` and a validator (ETag, Last-Modified), the text files
/// gzipped when the browser takes it (`WebAppTextFiles`). The service
/// worker answers the shell from its cache, so an installed app starts without the network; it is
/// served with the folder's fingerprint as its first line, so any change to the app's files makes it a
/// new worker, which fetches the new shell for the next start. Paths under `/api/` never reach the files:
/// an unknown API path keeps its JSON 404.
struct WebAppMiddleware<Context: RequestContext>: RouterMiddleware {
    private let folder: String
    private let files: FileMiddleware<Context, LocalFileSystem>
    private let textFiles: WebAppTextFiles

    init(folder: String, logger: Logger) {
        self.folder = folder
        textFiles = WebAppTextFiles(folder: folder)
        let utf8 = ("charset", "utf-8")
        files = FileMiddleware(
            folder, cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true,
            logger: logger
        )
        .withAdditionalMediaTypes(forFileExtensions: [
            "html": MediaType(type: .text, subType: "html", parameter: utf8),
            "css": MediaType(type: .text, subType: "css", parameter: utf8),
            "js": MediaType(type: .text, subType: "javascript", parameter: utf8),
        ])
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.uri.path.hasPrefix("/api/") {
            return try await next(request, context)
        }
        let path = request.uri.path
        let gzip = WebAppTextFiles.acceptsGzip(request)
        if request.method == .get,
            let file = path == "/sw.js" ? serviceWorker() : gzip ? textFiles.file(at: path) : nil,
            let answer = textFiles.response(for: file, key: path, to: request, gzip: gzip)
        {
            return answer
        }
        return try await files.handle(request, context: context, next: next)
    }

    /// `sw.js` after a line naming the app's version, as `const VERSION = "…";`.
    private func serviceWorker() -> WebAppTextFiles.File? {
        let path = (folder as NSString).appendingPathComponent("sw.js")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let version = WebAppFolder.fingerprint(folder)
        return WebAppTextFiles.File(version: version, contentType: "text/javascript; charset=utf-8") {
            guard let script = FileManager.default.contents(atPath: path) else { return nil }
            var body = ByteBuffer(string: "const VERSION = \"\(version)\";\n")
            body.writeBytes(script)
            return body
        }
    }
}

/// Where the web app's files are: the folder given, or else `web` in the current directory or next to the
/// executable, whichever holds an `index.html`.
public enum WebAppFolder {
    /// The folder to serve, or nil when none of the candidates holds the app.
    public static func locate(
        explicit: String?, currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String = CommandLine.arguments.first ?? ""
    ) -> String? {
        if let explicit { return explicit }
        let executableFolder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().path
        let candidates = [
            (currentDirectory as NSString).appendingPathComponent("web"),
            (executableFolder as NSString).appendingPathComponent("web"),
        ]
        return candidates.first { holdsApp($0) }
    }

    /// A short text that changes whenever a file in `folder` is added, removed or rewritten: a hash of
    /// each file's path, size and modification time, so no file is read.
    public static func fingerprint(_ folder: String) -> String {
        let manager = FileManager.default
        let paths = (manager.subpaths(atPath: folder) ?? []).sorted()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for path in paths {
            let attributes = try? manager.attributesOfItem(atPath: (folder as NSString).appendingPathComponent(path))
            guard attributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            for byte in "\(path):\(size):\(modified)\n".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 36)
    }

    /// Whether `folder` has the app's `index.html`.
    public static func holdsApp(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("index.html"))
    }
}
