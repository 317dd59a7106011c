import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KairosServer
import KairosStore
import NIOCore
import Testing

@Suite("Web app: the server serves the static app at / and leaves the API alone")
struct WebAppTests {
    /// A router with the real API and a web folder holding an index page, a script and a manifest.
    private func withWebApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kairos-web-tests-\(UUID().uuidString)", isDirectory: true)
        let web = folder.appendingPathComponent("web", isDirectory: true)
        try FileManager.default.createDirectory(
            at: web.appendingPathComponent("js"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<!doctype html><title>Kairos</title>".write(
            to: web.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "export const ok = true;".write(
            to: web.appendingPathComponent("js/app.js"), atomically: true, encoding: .utf8)
        try #"{"name": "Kairos"}"#.write(
            to: web.appendingPathComponent("manifest.webmanifest"), atomically: true, encoding: .utf8)
        try "self.skipWaiting();".write(to: web.appendingPathComponent("sw.js"), atomically: true, encoding: .utf8)
        let store = try SQLiteStore(path: folder.appendingPathComponent("kairos.sqlite").path)
        let services = AppServices(
            store: store,
            attachmentFiles: try AttachmentFiles(folder: folder.appendingPathComponent("attachments").path),
            bcryptCost: 4)
        let app = Application(router: buildRouter(services, webDirectory: web.path))
        try await app.test(.router) { client in try await body(client) }
    }

    @Test("/ answers index.html as UTF-8 HTML that the browser must revalidate")
    func index() async throws {
        try await withWebApp { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.eTag] != nil)
                #expect(String(buffer: response.body).contains("<title>Kairos</title>"))
            }
        }
    }

    @Test("Scripts and the manifest come with their content types; an unchanged file is a 304")
    func assets() async throws {
        try await withWebApp { client in
            let etag = try await client.execute(uri: "/js/app.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/js/app.js", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: "/manifest.webmanifest", method: .get) { response in
                #expect(response.headers[.contentType] == "application/manifest+json")
            }
        }
    }

    @Test("The service worker starts with the app's version, which changes when any file of the app changes")
    func serviceWorkerVersion() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-sw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "self.addEventListener(\"fetch\", () => {});".write(
            to: folder.appendingPathComponent("sw.js"), atomically: true, encoding: .utf8)
        let first = WebAppFolder.fingerprint(folder.path)
        #expect(WebAppFolder.fingerprint(folder.path) == first)
        try "export const ok = true;".write(
            to: folder.appendingPathComponent("app.js"), atomically: true, encoding: .utf8)
        #expect(WebAppFolder.fingerprint(folder.path) != first)

        try await withWebApp { client in
            try await client.execute(uri: "/sw.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
                let script = String(buffer: response.body)
                #expect(script.hasPrefix("const VERSION = \""))
                #expect(script.hasSuffix("self.skipWaiting();"))
            }
        }
    }

    @Test("Text files are gzipped for browsers that take it, revalidate with a 304, and never leave the folder")
    func gzipped() async throws {
        try await withWebApp { client in
            let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]
            let tag = try await client.execute(uri: "/js/app.js", method: .get, headers: gzip) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.vary] == "Accept-Encoding")
                var body = response.body
                let script = String(buffer: try body.decompress(with: .gzip()))
                #expect(script == "export const ok = true;")
                return try #require(response.headers[.eTag])
            }
            var revalidate = gzip
            revalidate[.ifNoneMatch] = tag
            try await client.execute(uri: "/js/app.js", method: .get, headers: revalidate) { response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: "/", method: .get, headers: gzip) { response in
                var body = response.body
                let page = String(buffer: try body.decompress(with: .gzip()))
                #expect(page.contains("<title>Kairos</title>"))
                #expect(response.headers[.contentSecurityPolicy] != nil)
            }
            for refused in ["gzip;q=0", "identity", ""] {
                try await client.execute(uri: "/js/app.js", method: .get, headers: [.acceptEncoding: refused]) {
                    response in
                    #expect(response.headers[.contentEncoding] == nil)
                    #expect(String(buffer: response.body) == "export const ok = true;")
                }
            }
            for outside in ["/../kairos.sqlite", "/js/../../kairos.sqlite", "/.hidden.js"] {
                try await client.execute(uri: outside, method: .get, headers: gzip) { response in
                    #expect(response.headers[.contentEncoding] == nil)
                    #expect(response.status != .ok)
                }
            }
        }
    }

    @Test("/health and unknown API paths keep their JSON answers; a missing file is the JSON 404")
    func apiUnaffected() async throws {
        try await withWebApp { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(String(buffer: response.body).contains("\"ok\""))
            }
            for path in ["/api/v1/nothing-here", "/api/v1/index.html", "/missing.js"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(String(buffer: response.body).contains("\"not_found\""))
                }
            }
            try await client.execute(uri: "/api/v1/tasks", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test("The web folder is found in the current directory or next to the executable")
    func locate() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kairos-web-locate-\(UUID().uuidString)", isDirectory: true)
        let web = folder.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            WebAppFolder.locate(explicit: nil, currentDirectory: folder.path, executablePath: "/nowhere/kairos") == nil)
        try "<!doctype html>".write(to: web.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        #expect(
            WebAppFolder.locate(explicit: nil, currentDirectory: folder.path, executablePath: "/nowhere/kairos")
                == web.path)
        #expect(
            WebAppFolder.locate(explicit: nil, currentDirectory: "/nowhere", executablePath: folder.path + "/kairos")
                == web.path)
        #expect(WebAppFolder.locate(explicit: "/given", currentDirectory: folder.path) == "/given")
    }
}

@Suite("Security headers: pages and answers cannot be framed, sniffed or run inline scripts")
struct SecurityHeaderTests {
    @Test("Every answer, API and errors alike, carries the security headers")
    func everyResponse() async throws {
        try await withAda { ada in
            for reply in [try await ada.get("/"), try await ada.get("user"), try await ada.get("tasks/999999")] {
                let policy = try #require(reply.headers[.contentSecurityPolicy], "\(reply)")
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
                #expect(!policy.contains("unsafe-eval"))
                #expect(reply.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                #expect(reply.headers[.xContentTypeOptions] == "nosniff")
                #expect(reply.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
        }
    }

    @Test("The shipped index.html runs no inline script, so the policy lets it start")
    func noInlineScript() throws {
        let index = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("web/index.html")
        let html = try String(contentsOf: index, encoding: .utf8)
        let scripts = html.components(separatedBy: "<script").dropFirst()
        #expect(!scripts.isEmpty)
        for script in scripts {
            let tag = script.prefix { $0 != ">" }
            #expect(tag.contains("src="), "an inline <script\(tag)> would be blocked by the policy")
        }
        #expect(!html.contains(" onclick=") && !html.contains(" onload="))
    }
}
