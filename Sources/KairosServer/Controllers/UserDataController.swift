import Foundation
import Hummingbird
import KairosCore
import NIOCore

/// The signed-in user's data as a whole: export (JSON or iCalendar), import, and deleting the account.
struct UserDataController {
    let userData: UserDataService
    let deletion: AccountDeletionService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("user/export") { request, context -> Response in
            switch request.query("format") ?? "json" {
            case "json":
                var response = try await userData.export(for: context.user).jsonResponse()
                response.headers[.contentDisposition] = "attachment; filename=\"kairos-export.json\""
                return response
            case "ics":
                let calendar = try await userData.calendar(for: context.user)
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/calendar; charset=utf-8",
                        .contentDisposition: "attachment; filename=\"kairos-tasks.ics\"",
                    ],
                    body: .init(byteBuffer: ByteBuffer(string: calendar)))
            default:
                throw KairosError.invalidField(
                    field: "format", message: "format must be json (everything) or ics (your tasks as iCalendar).")
            }
        }
        group.post("user/import") { request, context -> Response in
            let document = try await Self.decodeExport(request)
            return try await userData.importData(document, into: context.user).jsonResponse(status: .created)
        }
        group.delete("user") { request, context -> Response in
            let body = try await request.decodeJSON(as: AccountDeletionRequest.self)
            try await deletion.delete(context.user, request: body)
            return Response(status: .noContent)
        }
    }

    /// Reads an export document, which may be larger than other requests' bodies.
    private static func decodeExport(_ request: Request) async throws -> UserDataExport {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: UserDataService.importBytes)
        } catch is NIOTooManyBytesError {
            throw KairosError.payloadTooLarge(
                "The export is over \(UserDataService.importBytes >> 20) MiB. Import it on a server that takes more.")
        }
        guard buffer.readableBytes > 0 else {
            throw KairosError.badRequest("Send the JSON document that GET /api/v1/user/export gave.")
        }
        do {
            return try APICoding.makeDecoder().decode(UserDataExport.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw KairosError(decoding: error)
        }
    }
}
