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
    static let allowed = "OPTIONS, PROPFIND"

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
                guard let path = DAVPath(path: request.uri.path) else {
                    throw KairosError.notFound("Nothing is at this address.")
                }
                return try await propfind(request, at: path, context: context)
            }
        }
    }

    private func propfind(_ request: Request, at path: DAVPath, context: AuthenticatedContext) async throws -> Response {
        let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
        let propfind = try PropfindRequest(body: Data(buffer: body))
        let responses = try await service.propfind(
            path, depth: DAVDepth(header: request.headers[.depth]), request: propfind, user: context.user)
        let xml = MultistatusWriter(responses, namesOnly: propfind == .propertyNames).xml
        return Response(
            status: .init(code: 207, reasonPhrase: "Multi-Status"),
            headers: [.contentType: "application/xml; charset=utf-8", .dav: Self.compliance],
            body: .init(byteBuffer: .init(string: xml)))
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
