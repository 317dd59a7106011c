import Foundation
import HTTPTypes
import Hummingbird
import KairosCore

/// CalDAV for tasks under `/dav/` (RFC 4791 on WebDAV, RFC 4918), and the well-known address clients start
/// from (RFC 6764).
struct CalDAVController {
    let service: CalDAVService

    /// What the space supports, said in every answer's `DAV` header.
    static let compliance = "1, 3, calendar-access"
    static let allowed = "OPTIONS, GET, HEAD, PROPFIND, REPORT"

    func addWellKnownRoute(to router: Router<AppRequestContext>) {
        for method in [HTTPRequest.Method.get, .head, .propfind] {
            router.on("/.well-known/caldav", method: method) { _, _ in
                Response(status: .movedPermanently, headers: [.location: DAVPath.root.href])
            }
        }
    }

    /// `dav` is `/dav/` and `root` the server's root, which clients given only the server's address ask too.
    func addRoutes(
        to dav: RouterGroup<AppRequestContext>, signedIn: RouterGroup<AuthenticatedContext>,
        root: RouterGroup<AuthenticatedContext>
    ) {
        root.on("/", method: .propfind) { request, context in
            try await propfind(request, at: .root, context: context)
        }
        for path in ["", "**"] {
            dav.on(RouterPath(path), method: .options) { _, _ in
                Response(status: .ok, headers: [.dav: Self.compliance, .allow: Self.allowed, .contentLength: "0"])
            }
            signedIn.on(RouterPath(path), method: .propfind) { request, context in
                try await propfind(request, at: try Self.location(of: request), context: context)
            }
            signedIn.on(RouterPath(path), method: .report) { request, context in
                try await report(request, at: try Self.location(of: request), context: context)
            }
            for method in [HTTPRequest.Method.get, .head] {
                signedIn.on(RouterPath(path), method: method) { request, context in
                    let object = try await service.object(at: try Self.location(of: request), user: context.user)
                    return Response(
                        status: .ok,
                        headers: [.contentType: "text/calendar; charset=utf-8", .eTag: object.etag, .dav: Self.compliance],
                        body: request.method == .head ? .init() : .init(byteBuffer: .init(string: object.text)))
                }
            }
        }
    }

    private static func location(of request: Request) throws -> DAVPath {
        guard let path = DAVPath(path: request.uri.path) else { throw KairosError.notFound("Nothing is at this address.") }
        return path
    }

    private func report(_ request: Request, at path: DAVPath, context: AuthenticatedContext) async throws -> Response {
        let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
        let report = try DAVReport(body: Data(buffer: body))
        do {
            let answer = try await service.report(report, at: path, user: context.user)
            return Self.multistatus(MultistatusWriter(answer.responses, syncToken: answer.syncToken).xml)
        } catch DAVPrecondition.validSyncToken {
            return Response(
                status: .forbidden, headers: [.contentType: "application/xml; charset=utf-8"],
                body: .init(
                    byteBuffer: .init(
                        string: #"<?xml version="1.0" encoding="utf-8"?><d:error xmlns:d="DAV:"><d:valid-sync-token/></d:error>"#
                    )))
        }
    }

    static func multistatus(_ xml: String) -> Response {
        Response(
            status: .init(code: 207, reasonPhrase: "Multi-Status"),
            headers: [.contentType: "application/xml; charset=utf-8", .dav: compliance],
            body: .init(byteBuffer: .init(string: xml)))
    }

    private func propfind(_ request: Request, at path: DAVPath, context: AuthenticatedContext) async throws -> Response {
        let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
        let propfind = try PropfindRequest(body: Data(buffer: body))
        let responses = try await service.propfind(
            path, depth: DAVDepth(header: request.headers[.depth]), request: propfind, user: context.user)
        return Self.multistatus(MultistatusWriter(responses, namesOnly: propfind == .propertyNames).xml)
    }
}

extension HTTPRequest.Method {
    static let propfind = HTTPRequest.Method("PROPFIND")!
    static let report = HTTPRequest.Method("REPORT")!
}

extension HTTPField.Name {
    static let dav = HTTPField.Name("DAV")!
    static let depth = HTTPField.Name("Depth")!
}
