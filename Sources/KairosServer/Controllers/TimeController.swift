import Hummingbird
import KairosCore
import NIOCore

/// `/time`: the stopwatch, recorded sessions and reports.
struct TimeController {
    let time: TimeService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("time/timer") { _, context -> StopwatchReading in
            try await time.stopwatch(of: context.user)
        }
        group.post("time/timer/start") { request, context -> StopwatchReading in
            try await time.start(try await request.decodeJSON(as: TimerStartRequest.self), for: context.user)
        }
        group.post("time/timer/pause") { _, context -> StopwatchReading in
            try await time.pause(for: context.user)
        }
        group.post("time/timer/resume") { _, context -> StopwatchReading in
            try await time.resume(for: context.user)
        }
        group.post("time/timer/stop") { _, context -> StopwatchReading in
            try await time.stop(for: context.user)
        }

        group.get("time/sessions") { request, context -> Page<TimeSession> in
            try await time.sessions(
                of: context.user, from: request.query("from"), to: request.query("to"),
                taskID: request.query("task_id"), page: try request.pageRequest(cursorKeys: 2))
        }
        group.post("time/sessions") { request, context -> Response in
            let session = try await time.addSession(
                try await request.decodeJSON(as: TimeSessionRequest.self), for: context.user)
            return session.jsonResponse(status: .created)
        }
        group.get("time/sessions/export") { request, context -> Response in
            let csv = try await time.csv(of: context.user, from: request.query("from"), to: request.query("to"))
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/csv; charset=utf-8",
                    .contentDisposition: "attachment; filename=\"sessions.csv\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: csv)))
        }
        group.get("time/sessions/:id") { _, context -> TimeSession in
            try await time.session(try context.parameters.require("id"), of: context.user)
        }
        group.post("time/sessions/:id") { request, context -> TimeSession in
            let body = try await request.decodeJSON(as: TimeSessionRequest.self)
            return try await time.updateSession(try context.parameters.require("id"), body, for: context.user)
        }
        group.delete("time/sessions/:id") { _, context -> Response in
            try await time.deleteSession(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }

        group.get("time/report") { request, context -> TimeReport in
            try await time.report(
                of: context.user, from: request.query("from"), to: request.query("to"),
                groupBy: request.query("group_by"))
        }
        group.get("time/tasks/:id") { _, context -> TaskTime in
            try await time.taskTime(try context.parameters.require("id"), of: context.user)
        }
        group.get("time/projects/:id") { _, context -> ProjectTime in
            try await time.projectTime(try context.parameters.require("id"), of: context.user)
        }
    }
}
