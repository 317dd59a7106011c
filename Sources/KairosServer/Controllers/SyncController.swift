import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import NIOCore

/// `POST /sync`: the Todoist Sync API v1. Reads the form or JSON body, hands it to `SyncService`, and answers in
/// Todoist's shape, its errors included (`{error, error_code, error_extra, error_tag, http_code}`).
struct SyncController {
    let sync: SyncService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("sync") { request, context -> Response in
            do {
                let buffer: ByteBuffer
                do {
                    buffer = try await request.body.collect(upTo: Limits.maxBodyBytes)
                } catch is NIOTooManyBytesError {
                    throw KairosError.payloadTooLarge("The request body is over 1 MiB. Send fewer commands at once.")
                }
                let body = Data(buffer.readableBytesView)
                let isJSON = request.headers[.contentType]?.lowercased().contains("json") ?? false
                let parsed =
                    isJSON ? try SyncRequest(json: body) : try SyncRequest(form: String(decoding: body, as: UTF8.self))
                return try await sync.sync(parsed, for: context.user).jsonResponse()
            } catch let error as SyncError {
                return error.jsonResponse(status: HTTPResponse.Status(code: error.httpCode))
            } catch let error as KairosError {
                return SyncError(error).jsonResponse(status: error.status)
            }
        }
    }
}
