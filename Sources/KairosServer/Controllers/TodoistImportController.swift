import Foundation
import Hummingbird
import KairosCore
import NIOCore

/// `/user/import/todoist` and `/user/import/todoist-csv`: importing from Todoist where there is no terminal.
struct TodoistImportController {
    let imports: TodoistImportService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("user/import/todoist") { request, context -> Response in
            let body = try await request.decodeJSON(as: TodoistTokenRequest.self)
            return try await imports.importAccount(token: body.token, into: context.user)
                .jsonResponse(status: .created)
        }
        group.post("user/import/todoist-csv") { request, context -> Response in
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: TodoistImportService.csvBytes)
            } catch is NIOTooManyBytesError {
                throw KairosError.payloadTooLarge(
                    "The file is over \(TodoistImportService.csvBytes >> 20) MiB. Export a smaller project.")
            }
            return try await imports.importCSV(
                Data(buffer.readableBytesView), fileName: request.query("name"), into: context.user
            ).jsonResponse(status: .created)
        }
    }
}
