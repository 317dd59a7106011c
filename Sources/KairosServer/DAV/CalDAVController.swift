import Foundation
import HTTPTypes
import Hummingbird
import KairosCore

/// CalDAV for tasks under `/dav/` (RFC 4791 on WebDAV, RFC 4918), and the well-known address clients start
/// from (RFC 6764).
struct CalDAVController {
    let service: CalDAVService
    let writer: CalDAVWriter

    /// What the space supports, said in every answer's `DAV` header.
    static let compliance = "1, 3, calendar-access"
    static let allowed = "OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, REPORT, PUT, DELETE, MKCALENDAR"

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
                try await Self.answering {
                    try await propfind(request, at: try Self.location(of: request), context: context)
                }
            }
            signedIn.on(RouterPath(path), method: .report) { request, context in
                try await Self.answering {
                    try await report(request, at: try Self.location(of: request), context: context)
                }
            }
            for method in [HTTPRequest.Method.get, .head] {
                signedIn.on(RouterPath(path), method: method) { request, context in
                    try await Self.answering {
                        let object = try await service.object(at: try Self.location(of: request), user: context.user)
                        return Response(
                            status: .ok,
                            headers: [
                                .contentType: "text/calendar; charset=utf-8", .eTag: object.etag, .dav: Self.compliance,
                            ],
                            body: request.method == .head ? .init() : .init(byteBuffer: .init(string: object.text)))
                    }
                }
            }
            signedIn.on(RouterPath(path), method: .put) { request, context in
                try await Self.answering { try await put(request, context: context) }
            }
            signedIn.on(RouterPath(path), method: .delete) { request, context in
                try await Self.answering {
                    try await writer.delete(
                        at: try Self.location(of: request), conditions: DAVConditions(headers: request.headers),
                        user: context.user)
                    return Response(status: .noContent, headers: [.dav: Self.compliance])
                }
            }
            signedIn.on(RouterPath(path), method: .proppatch) { request, context in
                try await Self.answering {
                    let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
                    let response = try await writer.patch(
                        at: try Self.location(of: request), try PropertyUpdate(body: Data(buffer: body)),
                        user: context.user)
                    return Self.multistatus(MultistatusWriter([response]).xml)
                }
            }
            signedIn.on(RouterPath(path), method: .mkcalendar) { request, context in
                try await Self.answering {
                    let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
                    try await writer.makeCalendar(
                        at: try Self.location(of: request), try MakeCalendarRequest(body: Data(buffer: body)),
                        user: context.user)
                    return Response(status: .created, headers: [.dav: Self.compliance, .contentLength: "0"])
                }
            }
        }
    }

    /// Runs a handler, answering a CalDAV failure as WebDAV does.
    private static func answering(_ handler: () async throws -> Response) async throws -> Response {
        do {
            return try await handler()
        } catch let failure as DAVFailure {
            return Response(
                status: failure.status, headers: [.contentType: "application/xml; charset=utf-8", .dav: compliance],
                body: .init(byteBuffer: .init(string: failure.xml)))
        }
    }

    private func put(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
        let stored = try await writer.put(
            Array(buffer: body), at: try Self.location(of: request), conditions: DAVConditions(headers: request.headers),
            user: context.user)
        var headers: HTTPFields = [.dav: Self.compliance, .contentLength: "0"]
        if let etag = stored.etag { headers[.eTag] = etag }
        return Response(status: stored.created ? .created : .noContent, headers: headers)
    }

    private static func location(of request: Request) throws -> DAVPath {
        guard let path = DAVPath(path: request.uri.path) else { throw KairosError.notFound("Nothing is at this address.") }
        return path
    }

    private func report(_ request: Request, at path: DAVPath, context: AuthenticatedContext) async throws -> Response {
        let body = try await request.body.collect(upTo: Limits.maxBodyBytes)
        let report = try DAVReport(body: Data(buffer: body))
        if case .freeBusy(let query) = report {
            let text = try await service.freeBusy(query, at: path, user: context.user, now: writer.clock.now())
            return Response(
                status: .ok, headers: [.contentType: "text/calendar; charset=utf-8", .dav: Self.compliance],
                body: .init(byteBuffer: .init(string: text)))
        }
        let answer = try await service.report(report, at: path, user: context.user)
        return Self.multistatus(MultistatusWriter(answer.responses, syncToken: answer.syncToken).xml)
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
    static let mkcalendar = HTTPRequest.Method("MKCALENDAR")!
    static let proppatch = HTTPRequest.Method("PROPPATCH")!
}

extension HTTPField.Name {
    static let dav = HTTPField.Name("DAV")!
    static let depth = HTTPField.Name("Depth")!
}
