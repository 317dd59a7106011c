import Foundation
import Hummingbird
import Logging

/// Serves the web app's static files (`web/` in the repository) for paths no route answers.
///
/// Every file is sent with `Cache-Control: no-cache` and a validator (ETag, Last-Modified), so a browser
/// always revalidates and a new deploy is seen at once, at the cost of a 304 per file; the service worker
/// keeps the shell for offline use. Paths under `/api/` never reach the files: an unknown API path keeps
/// its JSON 404.
struct WebAppMiddleware<Context: RequestContext>: RouterMiddleware {
    private let files: FileMiddleware<Context, LocalFileSystem>

    init(folder: String, logger: Logger) {
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
        return try await files.handle(request, context: context, next: next)
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

    /// Whether `folder` has the app's `index.html`.
    public static func holdsApp(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("index.html"))
    }
}
