import Hummingbird
import KairosCapture
import KairosCore

/// `/capture`: speech and typed text to reviewed task proposals, and those to tasks; plus Todoist's `/tasks/quick`.
struct CaptureController {
    let capture: CaptureService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post("capture") { request, context -> CaptureResult in
            try await capture.capture(try await request.decodeJSON(as: CaptureRequest.self), for: context.user)
        }
        group.post("capture/span") { request, context -> CaptureSpanResult in
            let body = try await request.decodeJSON(as: CaptureSpanRequest.self)
            return CaptureSpanResult(task: try await capture.captureSpan(body, for: context.user))
        }
        group.post("capture/commit") { request, context -> CaptureCommitResponse in
            let body = try await request.decodeJSON(as: CaptureCommitRequest.self)
            return CaptureCommitResponse(tasks: try await capture.commit(body, for: context.user))
        }
        group.post("tasks/quick") { request, context -> TaskItem in
            try await capture.quickAdd(try await request.decodeJSON(as: QuickAddRequest.self), for: context.user)
        }
        group.post("tasks/quick/preview") { request, context -> QuickAddPreview in
            try await capture.previewQuickAdd(
                try await request.decodeJSON(as: QuickAddRequest.self), for: context.user)
        }
    }
}
